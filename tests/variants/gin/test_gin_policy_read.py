"""The policy read's history of the opponent's turns, rebuilt from the public records."""

from __future__ import annotations

import math
import random

import variants  # noqa: F401  (the registry)
from rummy_tui.engine.ai import choose_action
from rummy_tui.engine.game import Game
from variants.gin import policy_read as policy


def _decisions(history: policy.History) -> int:
    return sum(1 + (turn.face >= 0) for turn in history.turns) + (history.passed_upcard >= 0)


def test_the_history_matches_the_records_and_his_true_hand_agrees_with_normal():
    rng = random.Random(3)
    checked = 0
    for seed in range(1000, 1006):
        game = Game("gin", 2, {"single_hand": True}, seed)
        while game.current_seat is not None:
            seat = game.current_seat
            if seat == 0 and game.state.phase == "discard":
                observation = game.observation(seat)
                history = policy.opponent_history(observation)
                extra = observation["extra"]
                assert [turn.discard for turn in history.turns] == extra["discarded"][1]
                assert sum(turn.took for turn in history.turns) == len(extra["picked"][1])
                if len(history.turns) <= 2:  # few stock draws: random choices find the true ones
                    theirs = sum(1 << c for c in game.state.hands[1])
                    picked = sum(1 << c for c in extra["picked"][1])
                    best = max(
                        policy.replay_log_weight(theirs, picked, history, [rng.random(), rng.random()])
                        for _ in range(200)
                    )
                    assert math.isclose(best, _decisions(history) * math.log(1 - policy.EPS))
                    checked += 1
            game.apply(choose_action(game, seat, "normal"))
    assert checked >= 10
