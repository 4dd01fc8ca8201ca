"""RatingCheck: the reading stands in for the model's importance call only while a full window of
the model's ratings changed (almost) nothing the reading gives; a few memories still go to the model."""
from __future__ import annotations

import pytest

from npc_brain.memory.rating_check import RatingCheck


def test_the_reading_will_do_only_after_a_full_window_with_few_changes():
    check = RatingCheck(window=4, tolerance=1, probe=3)
    assert not check.reading_will_do  # nothing known yet: ask the model
    check.record([False, True, False])
    assert not check.reading_will_do  # the window is not full
    check.record([False])
    assert check.reading_will_do  # 1 of 4 changed
    check.record([True])
    assert not check.reading_will_do  # the last four: 2 changed
    check.record([False, False, False])
    assert check.reading_will_do  # the old changes slid out of the window


def test_probes_are_a_stable_share_of_keys():
    check = RatingCheck(probe=4)
    keys = [f"ana heard news {w}" for w in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"]
    picked = [check.probes(k) for k in keys]
    assert picked == [RatingCheck(probe=4).probes(k) for k in keys]  # the same key, the same answer
    assert 0 < sum(picked) < len(keys) / 2


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError):
        RatingCheck(window=0)
