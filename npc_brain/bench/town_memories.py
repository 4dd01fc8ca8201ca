"""Retrieval cases for the embedder benchmark: memories of a small town, and queries.

Written for this project (not taken from the paper's data). Each memory has a short id; each
case lists the memory ids a good retriever must rank in its top 5 for the query. Queries
mix the two kinds an agent issues: a question about someone ("What is Klaus's relationship
with Maria?") and an observation used as the retrieval query ("Isabella is decorating the
cafe"); about a third are paraphrases sharing few words with the memories they need.
"""

from __future__ import annotations

MEMORIES: tuple[tuple[str, str], ...] = (
    # Isabella Rodriguez — owns Hobbs Cafe, plans a Valentine's Day party
    (
        "isa_party_plan",
        "Isabella Rodriguez is planning a Valentine's Day party at Hobbs Cafe on February 14th from 5pm to 7pm",
    ),
    (
        "isa_invite_maria",
        "Isabella Rodriguez invited Maria Lopez to the Valentine's Day party at Hobbs Cafe",
    ),
    (
        "isa_invite_klaus",
        "Isabella Rodriguez told Klaus Mueller about the party and asked him to come",
    ),
    (
        "isa_decor_buy",
        "Isabella Rodriguez bought red paper hearts, candles and streamers for the cafe",
    ),
    (
        "isa_decor_hang",
        "Isabella Rodriguez is hanging paper hearts and streamers on the walls of Hobbs Cafe",
    ),
    ("isa_open", "Isabella Rodriguez opens Hobbs Cafe every morning at 8am"),
    (
        "isa_coffee",
        "Isabella Rodriguez is brewing coffee and baking croissants for the morning customers",
    ),
    ("isa_close", "Isabella Rodriguez closes the cafe at 8pm and counts the till"),
    ("isa_menu", "Isabella Rodriguez is thinking about adding a vegan pastry to the cafe menu"),
    ("isa_supplier", "The milk delivery for Hobbs Cafe arrived late this morning"),
    (
        "isa_reflect_host",
        "Isabella Rodriguez loves bringing people together and making them feel welcome",
    ),
    ("isa_tom_chat", "Isabella Rodriguez chatted with Tom Moreno about the price of coffee beans"),
    # Klaus Mueller — sociology student writing about gentrification
    (
        "klaus_paper",
        "Klaus Mueller is writing a research paper on the effects of gentrification in low-income communities",
    ),
    (
        "klaus_library",
        "Klaus Mueller is reading books about urban housing at the Oak Hill College library",
    ),
    (
        "klaus_interview",
        "Klaus Mueller interviewed two long-time residents about rising rents in the neighborhood",
    ),
    (
        "klaus_deadline",
        "Klaus Mueller has to submit the draft of his paper to Professor Mei Lin by Friday",
    ),
    (
        "klaus_maria_study",
        "Klaus Mueller and Maria Lopez studied together at the library for three hours",
    ),
    (
        "klaus_maria_coffee",
        "Klaus Mueller had coffee with Maria Lopez and they talked about her physics exam",
    ),
    (
        "klaus_maria_feel",
        "Klaus Mueller enjoys Maria Lopez's company and admires how curious she is",
    ),
    (
        "klaus_wolfgang",
        "Klaus Mueller and Wolfgang Schulz argued about whether new apartments help the town",
    ),
    ("klaus_run", "Klaus Mueller went for a run along the river before breakfast"),
    ("klaus_tired", "Klaus Mueller feels tired after staying up late to finish his notes"),
    # Maria Lopez — physics student, streams games, has a crush on Klaus
    ("maria_physics", "Maria Lopez is studying for her quantum physics exam at Oak Hill College"),
    ("maria_stream", "Maria Lopez streams video games online in the evening from her dorm room"),
    ("maria_crush", "Maria Lopez has a secret crush on Klaus Mueller"),
    (
        "maria_party_plan",
        "Maria Lopez is thinking about asking Klaus Mueller to go to the Valentine's Day party with her",
    ),
    ("maria_ayesha", "Maria Lopez and Ayesha Khan share a dorm room at the college"),
    ("maria_cafe_work", "Maria Lopez works part time at Hobbs Cafe on weekend mornings"),
    ("maria_telescope", "Maria Lopez looked at Jupiter through the college telescope last night"),
    ("maria_exam_worry", "Maria Lopez is nervous that she will fail the exam on Thursday"),
    # John Lin — pharmacist; Mei Lin — professor; Eddy Lin — music student
    (
        "john_pharmacy",
        "John Lin opens the Willow Market and Pharmacy at 9am and helps customers with medication",
    ),
    ("john_family", "John Lin lives with his wife Mei Lin and his son Eddy Lin"),
    ("john_eddy_proud", "John Lin is proud of his son Eddy and his music"),
    ("john_tom", "John Lin and Tom Moreno talked about the upcoming mayoral election"),
    ("john_garden", "John Lin watered the tomato plants in the backyard"),
    ("john_prescription", "John Lin filled a prescription for Carmen Ortiz's cough"),
    ("mei_lecture", "Mei Lin gave a lecture on social theory at Oak Hill College"),
    ("mei_grading", "Mei Lin is grading student essays at the kitchen table"),
    (
        "mei_klaus_advice",
        "Mei Lin advised Klaus Mueller to narrow the topic of his gentrification paper",
    ),
    ("mei_dinner", "Mei Lin is cooking dumplings for the family dinner"),
    ("eddy_compose", "Eddy Lin is composing a new piece of music for his class"),
    ("eddy_piano", "Eddy Lin practiced the piano for two hours in his room"),
    ("eddy_recital", "Eddy Lin will perform at the college music recital next Saturday"),
    ("eddy_nervous", "Eddy Lin worries that his composition is not good enough for the recital"),
    # Tom Moreno and Jane Moreno — shopkeepers
    ("tom_shop", "Tom Moreno runs the Willow Market grocery section and restocks the shelves"),
    ("tom_sam_dislike", "Tom Moreno does not like Sam Moore and thinks he is out of touch"),
    ("tom_election_vote", "Tom Moreno has not decided who to vote for in the mayoral election"),
    ("tom_jane", "Tom Moreno and his wife Jane Moreno have been married for twenty years"),
    ("jane_garden", "Jane Moreno is planting flowers in the front garden"),
    ("jane_bakes", "Jane Moreno baked an apple pie for the neighbors"),
    # Sam Moore — running for mayor; Jennifer Moore — painter
    ("sam_mayor", "Sam Moore is running for mayor in the local election"),
    ("sam_speech", "Sam Moore is writing a campaign speech about affordable housing"),
    ("sam_posters", "Sam Moore put up campaign posters near the town square"),
    (
        "sam_debate",
        "Sam Moore will debate the other candidate at the town hall on Wednesday evening",
    ),
    ("sam_jennifer", "Sam Moore is married to Jennifer Moore, who paints landscapes"),
    ("jennifer_paint", "Jennifer Moore is painting a landscape of the river at sunset"),
    ("jennifer_gallery", "Jennifer Moore hopes to show her paintings at the gallery in town"),
    (
        "jennifer_latoya",
        "Jennifer Moore and Latoya Williams talked about light and color in pictures",
    ),
    # Carmen Ortiz — runs a supply store; Adam Smith — philosopher; Yuriko Yamamoto — tax lawyer
    ("carmen_store", "Carmen Ortiz runs the Harvey Oak Supply Store and sells tools and paint"),
    ("carmen_cough", "Carmen Ortiz has had a bad cough for a week"),
    (
        "carmen_tamara",
        "Carmen Ortiz and Tamara Taylor are good friends who walk together every Sunday",
    ),
    ("adam_book", "Adam Smith is writing a book on the philosophy of free will"),
    ("adam_walk", "Adam Smith takes a long walk in Johnson Park every afternoon to think"),
    ("adam_yuriko", "Adam Smith and his neighbor Yuriko Yamamoto discussed ethics over tea"),
    ("yuriko_tax", "Yuriko Yamamoto is preparing tax returns for her clients"),
    ("yuriko_garden", "Yuriko Yamamoto grows bonsai trees on her balcony"),
    ("yuriko_busy", "Yuriko Yamamoto works late because it is tax season"),
    # Abigail Chen — animator; Francisco Lopez — comedian; Hailey Johnson — writer
    ("abigail_animation", "Abigail Chen is animating a short film about a lost robot"),
    ("abigail_deadline", "Abigail Chen has to deliver the animation to her client next week"),
    ("abigail_coffee", "Abigail Chen orders a latte at Hobbs Cafe every morning"),
    (
        "francisco_show",
        "Francisco Lopez is practicing a stand-up comedy routine for open mic night",
    ),
    ("francisco_openmic", "Open mic night at the Rose and Crown Pub is on Friday at 9pm"),
    ("francisco_jokes", "Francisco Lopez wrote new jokes about living in a small town"),
    ("hailey_novel", "Hailey Johnson is writing a mystery novel set in a lighthouse"),
    (
        "hailey_writers_group",
        "Hailey Johnson started a writers' group that meets at the library on Tuesdays",
    ),
    ("hailey_giorgio", "Hailey Johnson asked Giorgio Rossi to read the first chapter of her novel"),
    # Arthur Burton — bartender; Ryan Park — software engineer; Latoya Williams — photographer
    ("arthur_pub", "Arthur Burton is the bartender at the Rose and Crown Pub"),
    ("arthur_cocktail", "Arthur Burton invented a new cocktail with ginger and honey"),
    ("arthur_pub_quiz", "Arthur Burton hosts a trivia quiz at the pub every Thursday night"),
    ("ryan_code", "Ryan Park is debugging a mobile app for a client"),
    ("ryan_remote", "Ryan Park works from home and often codes late into the night"),
    ("ryan_climb", "Ryan Park goes rock climbing at the gym on weekends"),
    (
        "latoya_photo",
        "Latoya Williams is photographing old buildings for a book about the town's history",
    ),
    ("latoya_darkroom", "Latoya Williams developed film in her darkroom last night"),
    ("latoya_exhibit", "Latoya Williams is preparing a photography exhibition at the gallery"),
    # Rajiv Patel — artist; Giorgio Rossi — mathematician; Ayesha Khan — literature student
    ("rajiv_mural", "Rajiv Patel is painting a mural on the wall of the community center"),
    ("rajiv_kids", "Rajiv Patel teaches an art class for children on Saturday mornings"),
    ("giorgio_math", "Giorgio Rossi is working on a proof about prime numbers"),
    ("giorgio_chess", "Giorgio Rossi plays chess in Johnson Park with Adam Smith"),
    ("giorgio_lonely", "Giorgio Rossi moved to town recently and does not know many people yet"),
    ("ayesha_thesis", "Ayesha Khan is writing her senior thesis on Shakespeare's comedies"),
    ("ayesha_library", "Ayesha Khan spends most afternoons in the library reading old plays"),
    ("ayesha_hailey", "Ayesha Khan joined Hailey Johnson's writers' group"),
    # Wolfgang Schulz — student; Tamara Taylor — children's author; Carlos Gomez — poet
    (
        "wolfgang_econ",
        "Wolfgang Schulz is an economics student who believes development helps the town",
    ),
    ("wolfgang_gym", "Wolfgang Schulz lifts weights at the gym every evening"),
    ("tamara_book", "Tamara Taylor is writing a children's book about a brave little fox"),
    ("tamara_kids", "Tamara Taylor read her story aloud to children at the library"),
    ("carlos_poem", "Carlos Gomez wrote a poem about the rain on the roof"),
    ("carlos_reading", "Carlos Gomez will read his poems at open mic night"),
    ("carlos_isabella", "Carlos Gomez has known Isabella Rodriguez since they were children"),
    # Town places and events
    ("town_market_day", "The farmers market sets up in the town square every Saturday morning"),
    ("town_rain", "It rained heavily all afternoon and the streets flooded near the river"),
    ("town_power", "The power went out on Elm Street for an hour in the evening"),
    ("town_park_bench", "A new bench was installed by the pond in Johnson Park"),
    ("town_library_hours", "The Oak Hill College library is open until 10pm on weekdays"),
    ("town_bus", "The morning bus to the college was twenty minutes late"),
    ("town_rent", "Rents in the old neighborhood went up by fifteen percent this year"),
    ("town_new_apartments", "A developer is building new luxury apartments by the river"),
    ("town_festival", "The spring festival will take place in Johnson Park in April"),
    ("town_pub_busy", "The Rose and Crown Pub was crowded on Friday night"),
    # Objects and small observations (distractors)
    ("obj_stove", "The stove in the cafe kitchen is on"),
    ("obj_fridge", "The fridge in the Lin family kitchen is almost empty"),
    ("obj_bed", "The bed in Klaus Mueller's room is unmade"),
    ("obj_desk", "The desk in Maria Lopez's dorm room is covered with physics notes"),
    ("obj_piano", "The piano in the Lin house is slightly out of tune"),
    ("obj_tv", "The television in the common room is showing the news"),
    ("obj_cafe_tables", "Three tables at Hobbs Cafe are occupied"),
    ("obj_pub_tap", "The beer tap at the pub is broken"),
    ("obj_shelf", "The shelf of cereal at the Willow Market is empty"),
    ("obj_easel", "An easel with an unfinished painting stands in Jennifer Moore's studio"),
    ("obj_bike", "A red bicycle is parked outside the library"),
    ("obj_lamp", "The lamp on Adam Smith's desk is on"),
    # Reflections (higher-level statements)
    (
        "ref_klaus_dedicated",
        "Klaus Mueller is dedicated to his research on how neighborhoods change",
    ),
    ("ref_maria_klaus", "Maria Lopez seems to like Klaus Mueller more than a friend"),
    ("ref_isabella_social", "Isabella Rodriguez is the social center of the town"),
    ("ref_sam_ambitious", "Sam Moore is ambitious and wants to change how the town is run"),
    ("ref_eddy_music", "Eddy Lin cares deeply about music and wants to become a composer"),
    ("ref_tom_skeptic", "Tom Moreno is skeptical of politicians"),
    ("ref_giorgio_friends", "Giorgio Rossi wants to make friends in his new town"),
    ("ref_town_housing", "Housing costs are a growing worry for many people in town"),
    # Conversations
    (
        "conv_klaus_isabella",
        "Klaus Mueller said to Isabella Rodriguez that he would try to come to the party after his library session",
    ),
    (
        "conv_maria_ayesha_klaus",
        "Maria Lopez told Ayesha Khan that she wants to spend more time with Klaus Mueller",
    ),
    ("conv_sam_john", "Sam Moore asked John Lin for his vote and talked about lowering rents"),
    (
        "conv_tom_isabella_sam",
        "Tom Moreno told Isabella Rodriguez that Sam Moore makes promises he cannot keep",
    ),
    ("conv_eddy_mei", "Eddy Lin told his mother Mei Lin that the recital is making him anxious"),
    (
        "conv_giorgio_hailey",
        "Giorgio Rossi said to Hailey Johnson that he enjoyed the mystery in her first chapter",
    ),
    (
        "conv_arthur_francisco",
        "Arthur Burton told Francisco Lopez that the pub will reserve a table for the comedians",
    ),
    ("conv_jennifer_sam", "Jennifer Moore told Sam Moore that he should rest before the debate"),
    ("conv_carmen_john", "Carmen Ortiz thanked John Lin for the cough medicine"),
    (
        "conv_rajiv_latoya",
        "Rajiv Patel and Latoya Williams planned a joint art show at the gallery",
    ),
    (
        "conv_ryan_wolfgang",
        "Ryan Park and Wolfgang Schulz met at the gym and talked about fitness apps",
    ),
    ("conv_adam_giorgio", "Adam Smith invited Giorgio Rossi to a chess game on Sunday"),
    # Daily plan fragments
    (
        "plan_isabella_day",
        "Isabella Rodriguez plans to prepare snacks and music for the party in the afternoon",
    ),
    ("plan_klaus_day", "Klaus Mueller plans to write three pages of his paper this morning"),
    (
        "plan_maria_day",
        "Maria Lopez plans to review her lecture notes and then stream in the evening",
    ),
    ("plan_sam_day", "Sam Moore plans to knock on doors in the old neighborhood to meet voters"),
    ("plan_eddy_day", "Eddy Lin plans to rehearse his composition with the college orchestra"),
    ("plan_john_day", "John Lin plans to close the pharmacy early to attend Eddy's recital"),
    ("plan_abigail_day", "Abigail Chen plans to finish the robot's walking animation today"),
    ("plan_hailey_day", "Hailey Johnson plans to edit the second chapter at Hobbs Cafe"),
)

CASES: tuple[tuple[str, tuple[str, ...]], ...] = (
    # Questions about relationships and people
    (
        "What is Klaus Mueller's relationship with Maria Lopez?",
        (
            "klaus_maria_study",
            "klaus_maria_coffee",
            "klaus_maria_feel",
            "maria_crush",
            "ref_maria_klaus",
        ),
    ),
    ("How does Tom Moreno feel about Sam Moore?", ("tom_sam_dislike", "conv_tom_isabella_sam")),
    ("Who is Eddy Lin's family?", ("john_family", "john_eddy_proud", "conv_eddy_mei")),
    ("Who is Jennifer Moore married to?", ("sam_jennifer",)),
    ("Does Giorgio Rossi have friends in town?", ("giorgio_lonely", "ref_giorgio_friends")),
    ("Who shares a dorm room with Maria Lopez?", ("maria_ayesha",)),
    ("How long has Carlos Gomez known Isabella Rodriguez?", ("carlos_isabella",)),
    ("Who does Carmen Ortiz walk with on Sundays?", ("carmen_tamara",)),
    # Observations used as queries (what the agent just perceived)
    (
        "Isabella Rodriguez is decorating the cafe",
        ("isa_decor_buy", "isa_decor_hang", "isa_party_plan"),
    ),
    ("Maria Lopez is studying for her exam", ("maria_physics", "maria_exam_worry")),
    ("Sam Moore is giving a speech in the town square", ("sam_speech", "sam_posters", "sam_mayor")),
    ("Eddy Lin is playing the piano", ("eddy_piano", "obj_piano")),
    ("Klaus Mueller is at the library", ("klaus_library", "klaus_maria_study")),
    ("The stove in the cafe kitchen is on", ("obj_stove",)),
    ("Francisco Lopez is on stage at the pub", ("francisco_show", "francisco_openmic")),
    (
        "Abigail Chen is working on her robot film",
        ("abigail_animation", "plan_abigail_day", "abigail_deadline"),
    ),
    ("Latoya Williams is taking pictures of buildings", ("latoya_photo",)),
    ("Rajiv Patel is painting the community center wall", ("rajiv_mural",)),
    # Plans and events
    ("When is the Valentine's Day party?", ("isa_party_plan",)),
    (
        "Who was invited to the party at Hobbs Cafe?",
        ("isa_invite_maria", "isa_invite_klaus", "conv_klaus_isabella"),
    ),
    ("When is the mayoral debate?", ("sam_debate",)),
    ("When is open mic night?", ("francisco_openmic",)),
    ("When is Eddy Lin's recital?", ("eddy_recital", "plan_john_day")),
    ("When does the farmers market take place?", ("town_market_day",)),
    # Paraphrases: few shared words with the memories they need
    ("Is anyone worried about an upcoming performance?", ("eddy_nervous", "conv_eddy_mei")),
    ("Which resident is sick?", ("carmen_cough", "john_prescription", "conv_carmen_john")),
    (
        "Who is looking into how rising housing prices push people out?",
        ("klaus_paper", "klaus_interview", "ref_klaus_dedicated"),
    ),
    ("Who is in love with someone but has not told them?", ("maria_crush", "ref_maria_klaus")),
    ("Who makes drinks at the bar?", ("arthur_pub", "arthur_cocktail")),
    ("Who is trying to become the leader of the town?", ("sam_mayor", "ref_sam_ambitious")),
    ("What happened during the storm?", ("town_rain",)),
    ("Who writes stories for kids?", ("tamara_book", "tamara_kids")),
    ("Who helps people with their taxes?", ("yuriko_tax", "yuriko_busy")),
    (
        "Is housing getting more expensive?",
        ("town_rent", "ref_town_housing", "town_new_apartments"),
    ),
    ("Who does mathematics research?", ("giorgio_math",)),
    ("Where can I get my morning coffee and a pastry?", ("isa_coffee", "isa_open")),
    ("What does Maria do at night?", ("maria_stream", "maria_telescope")),
    ("Who disagrees with Klaus about new construction?", ("klaus_wolfgang", "wolfgang_econ")),
)
