"""Names: the generator's pool of people's names, as data.

Names come in families of origin so that a household reads as one: a surname and, most of
the time, first names from the same family of names (a town is mixed, so not always).
Each family lists surnames, then first names by gender ("f", "m"); `NEUTRAL_FIRST` holds
first names for anyone. No surname changes with gender (no -ova/-ska pairs), so a family
shares one spelling. The generator drops any name that reads as something else to the
mechanisms — a month, or the start of an activity word ("Walker" reads as walking) — so a
game may pass its own pool without checking that itself.
"""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["NAME_FAMILIES", "NEUTRAL_FIRST", "NameFamily"]


@dataclass(frozen=True, slots=True)
class NameFamily:
    """Surnames and first names that go together."""

    key: str
    surnames: tuple[str, ...]
    female: tuple[str, ...]
    male: tuple[str, ...]


NAME_FAMILIES: tuple[NameFamily, ...] = (
    NameFamily("english",
               ("Ashworth", "Bennett", "Clarke", "Dawson", "Ellis", "Hale", "Kemp", "Lambert", "Marsh", "Norris",
                "Pearce", "Rowe", "Shaw", "Whitaker", "Yates", "Holloway", "Pritchard", "Sutton"),
               ("Alice", "Beth", "Chloe", "Daisy", "Emily", "Fiona", "Harriet", "Imogen", "Molly", "Nell", "Poppy",
                "Ruth", "Sophie", "Tessa", "Edith", "Florence"),
               ("Alfie", "Charlie", "Edward", "Frank", "George", "Harry", "Jack", "Leo", "Max", "Oscar", "Toby",
                "Hugh", "Stanley", "Rupert")),
    NameFamily("gaelic",
               ("Byrne", "Doyle", "Fraser", "Gallagher", "Keane", "MacLeod", "Murray", "O'Brien", "Reilly",
                "Sullivan", "Kennedy", "Brennan"),
               ("Aoife", "Ciara", "Eilidh", "Niamh", "Orla", "Roisin", "Sinead", "Isla", "Maeve", "Bridget",
                "Mairead"),
               ("Cian", "Declan", "Eoin", "Fergus", "Lachlan", "Niall", "Ronan", "Seamus", "Angus", "Padraig",
                "Ewan")),
    NameFamily("spanish",
               ("Castro", "Delgado", "Flores", "Guerrero", "Herrera", "Morales", "Ortega", "Rios", "Sandoval",
                "Vargas", "Medina", "Serrano"),
               ("Alba", "Camila", "Lucia", "Marisol", "Paloma", "Rocio", "Ximena", "Carla", "Pilar", "Nerea",
                "Abril"),
               ("Alejandro", "Diego", "Emilio", "Javier", "Mateo", "Pablo", "Rafael", "Santiago", "Tomas", "Joaquin",
                "Ignacio")),
    NameFamily("portuguese",
               ("Almeida", "Barros", "Carvalho", "Costa", "Ferreira", "Moreira", "Ribeiro", "Teixeira", "Souza",
                "Lima"),
               ("Beatriz", "Fernanda", "Gabriela", "Joana", "Leticia", "Mariana", "Rita", "Yara", "Bruna", "Ines"),
               ("Andre", "Bruno", "Caio", "Davi", "Felipe", "Gustavo", "Joao", "Rodrigo", "Tiago", "Vinicius")),
    NameFamily("italian",
               ("Bianchi", "Conti", "De Luca", "Esposito", "Ferrari", "Greco", "Lombardi", "Marino", "Ricci",
                "Rossi", "Romano", "Gallo"),
               ("Chiara", "Francesca", "Giulia", "Ilaria", "Martina", "Serena", "Silvia", "Vittoria", "Alessia",
                "Noemi"),
               ("Alessandro", "Davide", "Enzo", "Fabio", "Giovanni", "Lorenzo", "Marco", "Matteo", "Paolo",
                "Stefano")),
    NameFamily("french",
               ("Bernard", "Bonnet", "Dubois", "Fontaine", "Girard", "Lefebvre", "Mercier", "Moreau", "Rousseau",
                "Vidal", "Lemaire"),
               ("Amelie", "Claire", "Elodie", "Juliette", "Manon", "Margaux", "Nathalie", "Sylvie", "Zoe",
                "Odile"),
               ("Antoine", "Baptiste", "Etienne", "Guillaume", "Hugo", "Julien", "Louis", "Mathis", "Remi",
                "Theo")),
    NameFamily("german",
               ("Becker", "de Vries", "Fischer", "Hartmann", "Jansen", "Keller", "Wagner", "Zimmermann", "Visser",
                "Krause", "Lindemann"),
               ("Anke", "Birgit", "Frieda", "Ilse", "Jana", "Katrin", "Lotte", "Marlies", "Sanne", "Heike"),
               ("Dirk", "Florian", "Jonas", "Lukas", "Niels", "Pieter", "Rolf", "Stefan", "Wouter", "Jurgen")),
    NameFamily("nordic",
               ("Andersen", "Dahl", "Eriksson", "Holm", "Lind", "Lundqvist", "Nilsson", "Strand", "Sorensen",
                "Aalto"),
               ("Astrid", "Freya", "Ingrid", "Linnea", "Maja", "Sigrid", "Solveig", "Tove", "Elsa", "Karin"),
               ("Anders", "Bjorn", "Erik", "Gunnar", "Lars", "Magnus", "Nils", "Olav", "Sven", "Torsten")),
    NameFamily("slavic",
               ("Dvorak", "Horvat", "Kowalczyk", "Kral", "Mazur", "Nowak", "Novak", "Wojcik", "Sokol", "Kovac"),
               ("Agnieszka", "Ewa", "Hana", "Jitka", "Kasia", "Magda", "Marta", "Zofia", "Vesna", "Milena"),
               ("Bartek", "Jakub", "Karel", "Marek", "Milan", "Ondrej", "Pavel", "Piotr", "Tomasz", "Zoran")),
    NameFamily("turkish",
               ("Arslan", "Celik", "Kaya", "Ozturk", "Sahin", "Yildiz", "Aydin", "Koc", "Polat", "Dogan"),
               ("Ayse", "Defne", "Elif", "Ebru", "Selin", "Zeynep", "Merve", "Nazli", "Derya", "Gul"),
               ("Burak", "Cem", "Kerem", "Murat", "Ozan", "Serkan", "Tarik", "Volkan", "Baris", "Onur")),
    NameFamily("arabic",
               ("Haddad", "Hassan", "Khalil", "Mansour", "Nasser", "Saleh", "Farouk", "Aziz", "Benali", "Rahman"),
               ("Amira", "Dalia", "Farah", "Layla", "Mariam", "Nour", "Rania", "Salma", "Yasmin", "Huda"),
               ("Adel", "Amir", "Bilal", "Karim", "Khaled", "Nabil", "Omar", "Rami", "Samir", "Tariq", "Youssef")),
    NameFamily("persian",
               ("Ahmadi", "Farahani", "Hosseini", "Karimi", "Rostami", "Sadeghi", "Tehrani", "Moradi", "Jafari",
                "Rezaei"),
               ("Azadeh", "Darya", "Laleh", "Maryam", "Nasrin", "Parisa", "Roya", "Shirin", "Soraya", "Yasaman"),
               ("Arash", "Babak", "Cyrus", "Dariush", "Farhad", "Kian", "Navid", "Omid", "Reza", "Shahin")),
    NameFamily("south_asian",
               ("Banerjee", "Gupta", "Iyer", "Joshi", "Kapoor", "Mehta", "Nair", "Reddy", "Verma", "Malik",
                "Chowdhury", "Bose"),
               ("Aditi", "Ananya", "Deepa", "Kavya", "Lakshmi", "Meera", "Nisha", "Pooja", "Sunita", "Divya",
                "Zara"),
               ("Aarav", "Anil", "Dev", "Harish", "Kabir", "Nikhil", "Rohit", "Sanjay", "Imran", "Vivek")),
    NameFamily("chinese",
               ("Huang", "Liu", "Wang", "Wu", "Xu", "Zhang", "Zhou", "Zhao", "Guo", "Tang"),
               ("Jia", "Lan", "Ling", "Xiu", "Yan", "Ying", "Hui", "Qing", "Fang", "Xin"),
               ("Bo", "Hao", "Jun", "Lei", "Ming", "Tao", "Wei", "Yong", "Zhi", "Feng")),
    NameFamily("japanese",
               ("Fujita", "Hayashi", "Ito", "Kato", "Kobayashi", "Mori", "Nakamura", "Sato", "Tanaka", "Yamamoto"),
               ("Aiko", "Emi", "Haruka", "Keiko", "Mai", "Naomi", "Sakura", "Yui", "Rin", "Akane"),
               ("Daichi", "Haruto", "Hiro", "Kenji", "Ren", "Sota", "Takumi", "Yuto", "Kaito", "Riku")),
    NameFamily("korean",
               ("Cho", "Han", "Jang", "Jung", "Kang", "Kim", "Lee", "Yoon", "Shin", "Choi"),
               ("Eun-ji", "Hye-jin", "Ji-woo", "Min-ji", "Seo-yeon", "Soo-ah", "Yuna", "Da-eun", "Ha-eun", "Jisoo"),
               ("Dong-hyun", "Hyun-woo", "Jae-won", "Jin", "Joon", "Min-ho", "Sung-min", "Tae-yang", "Woo-jin",
                "Seung-ho")),
    NameFamily("southeast_asian",
               ("Nguyen", "Tran", "Pham", "Vo", "Dang", "Bui", "Reyes", "Santos", "Cruz", "Bautista", "Mendoza"),
               ("Linh", "Thao", "Hoa", "Ngoc", "Maricel", "Liza", "Tala", "Analyn", "Trang", "Hanh"),
               ("Minh", "Duc", "Quang", "Tuan", "Bao", "Jomar", "Rey", "Nestor", "Hieu", "Dante")),
    NameFamily("west_african",
               ("Adeyemi", "Okafor", "Mensah", "Owusu", "Boateng", "Eze", "Nwosu", "Adebayo", "Okonkwo", "Asante"),
               ("Abena", "Adaeze", "Amara", "Chiamaka", "Efua", "Folake", "Ngozi", "Yewande", "Adwoa", "Kemi"),
               ("Chidi", "Emeka", "Femi", "Kofi", "Kwame", "Obinna", "Tunde", "Yaw", "Kwesi", "Segun")),
    NameFamily("east_african",
               ("Kamau", "Mwangi", "Otieno", "Tesfaye", "Haile", "Bekele", "Njoroge", "Mutua"),
               ("Aisha", "Amani", "Halima", "Makena", "Wanjiku", "Saba", "Liya", "Hiwot", "Nia", "Zawadi"),
               ("Baraka", "Jabari", "Juma", "Omondi", "Tewodros", "Dawit", "Abebe", "Kiptoo", "Musa", "Salim")),
    NameFamily("caribbean",
               ("Campbell", "Robinson", "Thompson", "Henry", "Spencer", "Francis", "Edwards", "Clarkson",
                "Samuels", "Whyte"),
               ("Aaliyah", "Keisha", "Monique", "Shanice", "Tanisha", "Jasmine", "Danielle", "Tiana", "Simone",
                "Kiara"),
               ("DeShawn", "Jamal", "Malik", "Terrence", "Tyrone", "Darius", "Curtis", "Desmond", "Winston",
                "Jerome")),
)
"""Families of names; about two hundred surnames and four hundred first names."""

NEUTRAL_FIRST: tuple[str, ...] = ("Robin", "Jordan", "Morgan", "Rowan", "Sasha", "Noa", "Kai", "Remy", "Jules",
                                  "Quinn", "Ellis", "Avery")
"""First names for anyone (used most for people the generator gives no gender)."""
