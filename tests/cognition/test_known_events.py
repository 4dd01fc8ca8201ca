"""Plans that use what an agent knows; labels that say what it does now.

The host's Feb 14 plan had no party (retrieval did not surface the seed that morning), a
whisper was stored in the second person and never planned by, and labels showed the planned
activity while the NPC was still in bed.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from npc_brain.cognition.choices import day_slots
from npc_brain.language.phrasing import inner_voice, intentions
from npc_brain.llm.testing import HashEmbedder
from npc_brain.memory.record import MemoryKind
from npc_brain.memory.stream import MemoryStream
from npc_brain.types.action import Action, caption
from npc_brain.types.persona import Persona

FEB14 = datetime(2023, 2, 14, 7, 0)
HOST = Persona(name="Isabella Rodriguez", age=34, occupation="owner of Hobbs Cafe",
               lifestyle="goes to bed around 11pm, wakes up around 6am",
               daily_habits=("takes a short walk in Johnson Park in the evening",))
SEED = "Isabella Rodriguez wants to host a Valentine's Day party at Hobbs Cafe on February 14 from 5pm to 7pm"
HEARD = ("Isabella Rodriguez told Klaus Mueller that Isabella wants to host a Valentine's Day party at Hobbs "
         "Cafe on February 14 from 5pm to 7pm.")


def test_a_whisper_is_thought_in_the_first_person_and_becomes_an_intention():
    thought = inner_voice("You want to visit the library this afternoon")
    assert thought == "I want to visit the library this afternoon"
    assert intentions([thought], "Klaus Mueller", inner_voice=True) == ["visiting the library this afternoon"]
    assert inner_voice("Your friend needs you. Maybe you could call her") == (
        "My friend needs me. Maybe I could call her")


def test_occasions_are_found_by_their_fields_however_old_and_buried():
    from npc_brain.cognition import invitation
    from tests.cognition.memories import READER

    emb = HashEmbedder()
    stream = MemoryStream(emb.dim)
    stream.add(MemoryKind.OBSERVATION, SEED, FEB14 - timedelta(days=1), 5, emb.embed([SEED])[0],
               subject=HOST.name, occasion=READER.occasion(SEED, FEB14 - timedelta(days=1)))
    for i in range(200):  # a day of routine perceptions on top
        text = f"the coffee machine is idle {i}"
        stream.add(MemoryKind.OBSERVATION, text, FEB14 - timedelta(minutes=200 - i), 1, emb.embed([text])[0])
    [(party, mine)] = invitation.known(stream.records, HOST.name, FEB14)
    assert party.what == "Valentine's Day party" and mine  # her own: she holds it
    assert invitation.known(stream.records, "Klaus Mueller", FEB14)[0][1] is False  # heard of only
    assert invitation.known(stream.records, HOST.name, FEB14 + timedelta(days=30)) == []  # long past


def test_the_host_is_committed_to_her_party_and_a_guest_weighs_it_first():
    from tests.cognition.memories import READER

    party = READER.occasion(SEED, FEB14 - timedelta(days=1))
    day = FEB14.date()
    slots = day_slots(HOST, wake=6, bed=23, today="February 14", memories=[SEED], day=day,
                      occasions=[(party, True)])
    evening = next(s for s in slots if s.key == "evening")
    assert [o.what for o in evening.options] == ["hosting a Valentine's Day party at Hobbs Cafe"]
    assert (evening.options[0].start, evening.options[0].end) == (17, 19)
    guest = Persona(name="Klaus Mueller", age=20, occupation="student",
                    lifestyle="goes to bed around 11pm, wakes up around 7am")
    evening = next(s for s in day_slots(guest, wake=7, bed=23, today="February 14", day=day,
                                        occasions=[(party, False)]) if s.key == "evening")
    assert evening.options[0].what == "going to the Valentine's Day party at Hobbs Cafe"
    assert len(evening.options) > 1  # a guest chooses; only the host is committed


def test_a_whispered_wish_for_a_part_of_the_day_is_kept_in_that_part():
    # "You want to visit the library this afternoon" was in no plan: a wish with a part of the
    # day fell between the timed options and the untimed ones.
    klaus = Persona(name="Klaus Mueller", age=20, occupation="student", daily_habits=("writes his paper",),
                    lifestyle="goes to bed around 11pm, wakes up around 7am")
    thought = inner_voice("You want to visit the library this afternoon")
    slots = {s.key: s for s in day_slots(klaus, wake=7, bed=23, today="February 14", thoughts=[thought])}
    assert [o.what for o in slots["afternoon"].options] == ["visiting the library"]
    assert "visiting the library" not in [o.what for o in slots["morning"].options]


def test_labels_say_what_the_npc_does_now():
    t = datetime(2023, 2, 13, 9)
    work = Action("working at Hobbs Cafe", "work", "town:hobbs_cafe", t, t + timedelta(hours=1), "💼")
    assert caption(work, moving=True, place="Hobbs Cafe") == "walking to Hobbs Cafe"
    assert caption(work) == "working at Hobbs Cafe"
    assert caption(work, partner="Alex") == "talking with Alex"
    sleep = Action("sleeping", "sleep", "town:home:bed", t, t + timedelta(hours=1), "💤")
    assert caption(sleep) == "asleep"
