"""The model's flavour is optional and checked: a detail that names someone else, a place the map lacks,
a day, or is not a whole sentence about the person is left out, and the persona stays as the rules made it."""
from __future__ import annotations

import pytest

from npc_brain.llm.errors import LLMUnavailable
from npc_brain.llm.testing import ScriptedModel
from npc_brain.personas import generate
from npc_brain.personas.flavour import Detail, accepted, flavour
from npc_brain.types.persona import Persona
from npc_brain.world.world import World


@pytest.fixture(scope="module")
def people(town: World) -> list[Persona]:
    return generate(town, 9, seed=5)


def _first(p: Persona) -> str:
    return p.name.split()[0]


def test_only_details_that_pass_the_check_are_kept(people: list[Persona], town: World) -> None:
    a, b, c, _d, _e, f, g, h, i = people
    other = _first(b)
    model = ScriptedModel().enqueue(
        {"detail": f"{_first(a)} loves feeding the ducks at Johnson Park"},       # kept
        {"detail": f"{_first(b)} meets {_first(a)} for cards every week"},        # someone else
        {"detail": f"{_first(c)} is planning a picnic on Saturday"},              # a day
        {"detail": "Someone in town likes strong tea very much"},                 # not about the person
        LLMUnavailable("the model is down"),                                      # a failed call
        {"detail": f"{_first(f)} walks to Moonbase Alpha every evening"},         # a place the map lacks
        {"detail": f"{_first(g)} reads the paper at 6pm sharp"},                  # a clock time
        {"detail": f"{_first(h)} (aged 23, of this town)"},                       # not a sentence
        {"detail": f"{_first(i)} says I always forget my keys and"},              # first person, cut off
    )
    out = flavour(people, model, town)
    assert (out.kept, out.dropped) == (1, 8)
    assert out.personas[0].memories == (*a.memories, f"{a.name} loves feeding the ducks at Johnson Park")
    assert out.personas[1:] == people[1:]
    assert other  # the names used above are the town's own
    calls = model.history
    assert len(calls) == 9 and all(c.purpose == "persona_flavour" and c.schema is Detail for c in calls)
    assert a.summary() in calls[0].messages[1]["content"] and "Johnson Park" in calls[0].messages[1]["content"]


def test_generate_with_a_model_adds_at_most_one_memory_each(town: World) -> None:
    def reply(messages, schema):  # a ScriptedModel responder
        name = messages[1]["content"].split("habit, taste or wish of ")[1].rstrip(".")
        return {"detail": f"{name} keeps a jar of sweets by the door for visitors"}

    plain = generate(town, 6, seed=2)
    flavoured = generate(town, 6, seed=2, model=ScriptedModel().respond_with(reply))
    for p, q in zip(plain, flavoured):
        assert q.model_copy(update={"memories": q.memories[:-1]}) == p
        assert q.memories[-1] == f"{p.name} keeps a jar of sweets by the door for visitors"


def test_the_check_reads_names_by_structure(people: list[Persona], town: World) -> None:
    p = people[0]
    places = [c.name for c in town.root.children]
    names = [q.name for q in people]
    first = _first(p)
    assert accepted(f"{first} has a soft spot for The Rose and Crown Pub", p, places, names)
    assert accepted(f"{p.name} collects old postcards of the town", p, places, names) == \
        f"{p.name} collects old postcards of the town"
    assert accepted(f"{first} collects postcards.\nAlso stamps", p, places, names) is None
    assert accepted(f"{first} collects postcards. Also stamps", p, places, names) is None
    assert accepted(f"{first} wants to visit Paris", p, places, names) is None
    assert accepted(f"{first} " + "likes tea " * 12, p, places, names) is None  # cut by the length cap


@pytest.mark.real_model
def test_the_embedded_model_flavours_a_few_residents(town: World) -> None:
    """On SmolLM2-135M most details fail the check (seen: third-person slips into "I", stories that
    run past the cap, "Arjun Sharma (23)"); whatever is kept passes it, and nothing else changes."""
    from npc_brain.llm.factory import load_model
    from npc_brain.llm.settings import LLMSettings

    people = generate(town, 4, seed=11)
    model = load_model(LLMSettings(backend="embedded"))
    try:
        out = flavour(people, model, town)
    finally:
        model.close()
    assert out.kept + out.dropped == len(people)
    places = [c.name for c in town.root.children]
    for before, after in zip(people, out.personas):
        extra = after.memories[len(before.memories):]
        assert after.model_copy(update={"memories": before.memories}) == before
        assert len(extra) <= 1
        for memory in extra:
            assert accepted(memory, before, places, [p.name for p in people]) == memory
