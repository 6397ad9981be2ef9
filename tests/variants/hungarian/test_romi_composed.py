"""The Römi composed-games bench (bench/research/romi_composed.py): games summed from recorded deals."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

_PATH = Path(__file__).resolve().parents[3] / "bench" / "research" / "romi_composed.py"
_SPEC = importlib.util.spec_from_file_location("romi_composed", _PATH)
composed = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(composed)


def test_the_lowest_total_wins_and_ties_share():
    assert composed.game_share([[0, 30, 20], [25, 0, 10]]) == 1.0  # 25 against 30 and 30
    assert composed.game_share([[0, 30, 20], [40, 0, 10]]) == 0.0
    assert composed.game_share([[10, 0, 10], [0, 10, 0]]) == 1 / 3  # 10, 10 and 10: three share


def test_a_policy_chooses_each_deal_from_a_record_by_the_standing_at_its_start():
    """Both policies take the first deal from the second record (nobody leads yet); hard then
    leads by 15, so the second deal comes from the first record only when 15 counts as leading."""
    first = {"1": [0, 20, 20], "2": [30, 0, 0]}
    second = {"1": [0, 15, 15], "2": [0, 40, 40]}
    picks = [[("1", False), ("2", False)]]
    named = composed.policies(2)
    assert composed.composed_share([first, second], named["second unless leading by 20"], picks) == 1.0  # 0, 55, 55
    assert composed.composed_share([first, second], named["second unless leading by 1"], picks) == 0.0  # 30, 15, 15
    assert composed.composed_share([first, second], named["first record"], picks) == 0.0  # 30, 20, 20


def test_picks_are_deterministic_for_a_seed():
    seeds = [str(s) for s in range(10)]
    assert composed.random_picks(seeds, 3, random.Random(7)) == composed.random_picks(seeds, 3, random.Random(7))
