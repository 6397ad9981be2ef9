"""Taking moves back against the computer (issue 13): the engine decides what may be rewound."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import variants
from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action

VARIANTS = [(key, 2) for key in variants.registry()] + [("hungarian", 4)]


def state_of(game: Game) -> str:
    return json.dumps(game.to_json()["state"], sort_keys=True)


def play(game: Game, moves: int) -> None:
    for _ in range(moves):
        if game.is_over:
            return
        game.apply(choose_action(game, game.current_seat))


def undoable_position(key: str, players: int, seed: int, max_moves: int = 300) -> tuple[Game, int]:
    """Play on until seat 0 may take its last move back."""
    game = Game(key, players, seed=seed)
    for _ in range(max_moves):
        if game.is_over:
            break
        if game.undo_point(0) is not None and game.current_seat == 0:
            return game, game.undo_point(0)
        game.apply(choose_action(game, game.current_seat))
    raise AssertionError(f"{key}: seat 0 never had a move to take back")


@pytest.mark.parametrize(("key", "players"), VARIANTS)
def test_rewinding_restores_the_position_exactly_and_the_record_replays(key, players):
    game, point = undoable_position(key, players, seed=5)
    taken_back = game.record["actions"][point]
    before = Game.replay({**game.record, "actions": game.record["actions"][:point]})
    game.rewind(point)
    assert state_of(game) == state_of(before)
    assert game.record["actions"] == before.record["actions"]
    assert game.record["undos"] == 1
    assert state_of(Game.replay(game.record)) == state_of(game)
    assert game.why_not(taken_back) is None  # the move taken back may be made again
    assert state_of(Game.from_json(json.loads(game.dumps()))) == state_of(game)


@pytest.mark.parametrize(("key", "players"), VARIANTS)
def test_a_draw_from_the_stock_cannot_be_taken_back_nor_anything_before_it(key, players):
    game = Game(key, players, seed=11)
    for _ in range(400):
        if game.is_over:
            pytest.fail("seat 0 never drew from the stock")
        seat = game.current_seat
        action = "draw:stock" if seat == 0 and "draw:stock" in game.legal_actions() else choose_action(game, seat)
        game.apply(action)
        if seat == 0 and action == "draw:stock":
            break
    assert game.undo_point(0) is None
    assert "draw" in game.why_no_undo(0)
    drawn_at = len(game.record["actions"])
    if game.current_seat == 0:  # the move after the draw (a discard...) may be taken back, back to the draw
        game.apply(choose_action(game, 0))
        if not game._step_log()[-1].ended_hand:
            assert game.undo_point(0) == drawn_at


@pytest.mark.parametrize(("key", "players"), VARIANTS)
def test_the_end_of_a_hand_cannot_be_taken_back(key, players):
    game = Game(key, players, seed=2)
    while not game.is_over and game.state.last_hand is None:
        game.apply(choose_action(game, game.current_seat))
    for seat in range(players):
        assert game.undo_point(seat) is None
        assert "over" in game.why_no_undo(seat)


def test_a_loaded_game_knows_its_undo_points_by_replaying_its_record():
    game, point = undoable_position("gin", 2, seed=3)
    loaded = Game.from_json(json.loads(game.dumps()))
    assert loaded.undo_point(0) == point


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(1, 60), key=st.sampled_from(sorted(variants.registry())))
def test_any_undo_point_rewinds_to_what_a_replay_gives(seed, moves, key):
    game = Game(key, 2, seed=seed)
    play(game, moves)
    for seat in range(2):
        point = game.undo_point(seat)
        if point is None:
            continue
        assert game.record["actions"][point] and game._step_log()[point].seat == seat
        steps_after = game._step_log()[point:]
        assert not any(step.ended_hand or seat in step.showed for step in steps_after)
        copy = Game.from_json(json.loads(game.dumps()))
        copy.rewind(point)
        assert state_of(copy) == state_of(Game.replay({**game.record, "actions": game.record["actions"][:point]}))


def test_the_history_keeps_the_number_of_undos_with_the_finished_game(tmp_path):
    from rummy_tui.storage.history import History

    game, point = undoable_position("gin", 2, seed=4)
    game.rewind(point)
    play(game, 2000)
    assert game.is_over
    history = History(tmp_path / "history.sqlite")
    history.record_game("g1", game)
    kept = history.record("g1")
    assert kept["undos"] == 1
    assert state_of(Game.replay(kept)) == state_of(game)
