"""Activities: which English words say what kind of thing someone is doing, as data.

The planner and the location walk tag every step with one of the world's activities (sleep,
eat, work, study, …: `world.place.ACTIVITIES`) to find a place meant for it. Which words say
which activity is English, so it lives here; a game can pass its own table. First keyword by
position in a phrase wins; a stem matches the start of a word ("bak" matches "baking"), and
one written "=tea" matches that whole word only. No occupation or scenario of any town is
listed: a persona's own occupation says what its work is (`phrasing.activity_of`).
"""
from __future__ import annotations

__all__ = ["ACTIVITY_WORDS", "GENERIC_JOB_WORDS"]

ACTIVITY_WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("sleep", ("sleep", "nap")),
    ("cook", ("cook", "bak", "pasta", "prepar")),
    ("eat", ("eat", "breakfast", "lunch", "dinner", "meal", "snack", "supper", "picnic")),
    ("drink", ("coffee", "latte", "=tea", "=teas", "pint", "drink", "beer", "wine")),
    ("study", ("stud", "attend", "lecture", "class", "course", "homework", "research", "thesis",
               "exam", "learn", "revis", "cram", "=test", "=tests", "coursework", "=notes", "concentrat")),
    ("read", ("read", "newspaper", "novel", "journal", "book")),
    ("work", ("work", "open", "clos", "serv", "greet", "account", "manag", "shift", "unload",
              "deliver", "pour", "bartend", "catalogu", "teach", "grad", "tutor", "interview",
              "office", "tend", "job", "write", "writing", "repair", "fix", "build", "clean")),
    ("exercise", ("walk", "run", "jog", "lap", "train", "exercis", "gym", "swim", "hik", "=fit", "fitness",
                  "workout", "=active", "sport", "energ")),
    ("play", ("play", "dart", "chess", "game", "guitar", "piano", "football", "basketball", "stream", "sing")),
    ("socialize", ("chat", "friend", "hang", "call", "talk", "visit", "meet", "social", "gather",
                   "celebrat", "invit")),
    ("shop", ("shop", "buy", "ingredient", "grocer", "pantr", "suppli", "=stock", "errand")),
    ("wash", ("shower", "wash", "bath", "ready", "dress")),
    ("relax", ("relax", "watch", "rest", "sketch", "draw", "paint", "garden", "photo", "compos",
               "practi", "music", "feed", "tv", "unwind")),
)
"""Activity → the stems of words that say it."""

GENERIC_JOB_WORDS = frozenset({"student", "owner", "part-time", "retired", "college", "school", "high",
                               "graduate", "assistant", "former", "senior", "and", "for", "the"})
"""Words of an occupation that say nothing about what its work is ("retired", "student")."""
