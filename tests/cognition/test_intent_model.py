"""The word model that reads a question no intent pattern knows."""
from npc_brain.language.intent import Intent, intent_of
from npc_brain.language.intent_examples import EXAMPLES
from npc_brain.language.intent_model import IntentModel, words


def test_words_are_lower_case_with_pairs_and_one_word_for_a_clock_time():
    assert words("Where will you be at 5:30 pm?") == [
        "where", "will", "you", "be", "at", "t", "?",
        "where_will", "will_you", "you_be", "be_at", "at_t", "t_?"]
    assert "x" not in words("What do you know about X?")  # the examples' stand-in for a topic


def test_the_label_whose_examples_share_the_words_wins():
    model = IntentModel.trained({"past": ["What did you do?", "Where did you go?"],
                                 "future": ["What will you do?", "Where will you go?"]})
    assert model.best("Who did you see?") == "past"
    assert model.best("Who will you see?") == "future"
    assert model.best("Who will you see?", labels=["past"]) == "past"


def test_words_no_example_used_count_for_nothing():
    model = IntentModel.trained({"a": ["red"], "b": ["blue"]})
    s = model.scores("green")
    assert s["a"] == s["b"] == 0.0


def test_the_shipped_examples_are_learnt():
    model = IntentModel.trained({str(k): v for k, v in EXAMPLES.items()})
    assert all(model.best(line) == str(intent) for intent, lines in EXAMPLES.items() for line in lines)


def test_a_question_no_pattern_knows_is_read_by_its_words():
    # From the burned held-out sets (grounding_cases), none of them an example line.
    assert intent_of("What brings you to this town?") is Intent.IDENTITY
    assert intent_of("What's coming up for you today?") is Intent.FUTURE
    assert intent_of("How did your morning go?") is Intent.PAST
    assert intent_of("Tell me a bit about who you are.") is Intent.IDENTITY
    assert intent_of("Caught you at a bad time?") is Intent.NOW
