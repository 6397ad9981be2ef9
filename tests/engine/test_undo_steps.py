"""The undo bookkeeping is judged lazily (engine/undo.py: StepLog); its answers must be the ones
the eager bookkeeping gave: sets of every hand and the stock before each action, compared with
the state right after it."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import variants
from rummy_tui.engine import Game
from rummy_tui.engine.undo import Step, StepLog, undo_search

GAMES = [(key, 2) for key in sorted(variants.registry())] + [("hungarian", 4), ("ten-card", 6), ("basic", 5)]


def eager_snapshot(game: Game) -> tuple:
    s = game.state
    return s.to_move, s.hand_no, s.last_hand, s.shuffles, [frozenset(h) for h in s.hands], frozenset(s.stock)


def eager_step(before: tuple, game: Game) -> Step:
    """The Step as it was judged before the lazy log: right after the action, from sets."""
    seat, hand_no, last_hand, shuffles, hands, stock = before
    after = game.state
    shuffled = after.shuffles != shuffles
    showed = set()
    for index, hand in enumerate(after.hands):
        new = set(hand) - (hands[index] if index < len(hands) else frozenset())
        if new and (shuffled or new & stock):
            showed.add(index)
    ended = after.hand_no != hand_no or after.last_hand is not last_hand or after.result is not None
    return Step(seat, frozenset(showed), ended)


@settings(max_examples=12, deadline=None)
@given(
    game_kind=st.sampled_from(GAMES),
    seed=st.integers(0, 10_000),
    moves=st.integers(1, 400),
    asking=st.floats(0, 1),
)
def test_the_lazy_step_log_answers_as_the_eager_one_did(game_kind, seed, moves, asking):
    key, players = game_kind
    game = Game(key, players, seed=seed)
    rng = random.Random(seed)
    expected: list[Step] = []
    for _ in range(moves):
        if game.is_over:
            break
        before = eager_snapshot(game)
        game.apply(rng.choice(game.legal_actions()))
        expected.append(eager_step(before, game))
        if rng.random() < asking:  # asking in between must not change later answers
            assert game._step_log() == expected
    assert game._step_log() == expected
    for seat in range(players):
        assert (game.undo_point(seat), game.why_no_undo(seat)) == undo_search(expected, seat)


def test_a_long_game_keeps_steps_not_snapshots():
    game = Game("hungarian", 4, seed=8)
    rng = random.Random(8)
    for _ in range(3 * StepLog.SETTLE_AFTER):
        game.apply(rng.choice(game.legal_actions()))
    log = game._steps
    assert log is not None and len(log) == 3 * StepLog.SETTLE_AFTER
    assert len(log._waiting) <= StepLog.SETTLE_AFTER
    assert len(log.steps) >= 2 * StepLog.SETTLE_AFTER
