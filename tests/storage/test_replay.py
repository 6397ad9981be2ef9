"""The replay viewer: every hand visible, stepping by action and by hand, and reading files."""

from __future__ import annotations

import json

import pytest

from rummy_tui.app import ReplayApp
from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.engine.cards import card_text
from rummy_tui.screens.replay import ReplayScreen
from rummy_tui.storage.record_file import ReplayFileError, record_from_file
from rummy_tui.storage.saves import SaveStore

SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Béla", "kind": "human"}]


def finished_record(seed: int = 8) -> dict:
    game = Game("toy", 2, seed=seed, seats=SEATS)
    while not game.is_over:
        game.apply(choose_action(game, game.current_seat))
    return game.record


def shown_text(screen: ReplayScreen, widget_id: str) -> str:
    return str(screen.query_one(widget_id).render())


async def test_the_viewer_shows_every_hand_and_steps_action_by_action():
    record = finished_record()
    app = ReplayApp(record, ascii_only=True)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.shown == 0
        await pilot.press("right", "right", "right")
        assert screen.shown == 3
        expected = Game.replay(record, upto=3)
        hands = shown_text(screen, "#replay-hands")
        for hand in expected.state.hands:  # both players' cards, face up
            for card in hand:
                assert card_text(card) in hands
        assert "Anna" in hands and "Béla" in hands
        step = shown_text(screen, "#replay-step")
        mover = ["Anna", "Béla"][Game.replay(record, upto=2).current_seat]
        assert f"Action 3: {mover}: " in step and f"({record['actions'][2]})" in step
        await pilot.press("left")
        assert screen.shown == 2 and screen.game.state.hands == Game.replay(record, upto=2).state.hands


async def test_the_viewer_jumps_by_hand_and_to_the_end():
    record = finished_record()
    app = ReplayApp(record)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = app.screen
        await pilot.press("n")
        assert screen.game.state.hand_no == 2
        assert screen.shown == screen.hand_starts[2]
        assert "Hand 1 scored" in shown_text(screen, "#replay-step")  # the action that ended it
        await pilot.press("right")
        assert "Hand 1 scored" not in shown_text(screen, "#replay-step")
        await pilot.press("left")
        await pilot.press("p")
        assert screen.shown == 0
        await pilot.press("end")
        assert screen.shown == len(record["actions"]) and screen.game.is_over
        assert "Game over" in shown_text(screen, "#replay-step")
        await pilot.press("home")
        assert screen.shown == 0
        await pilot.press("q")
    assert app.return_code == 0


@pytest.mark.parametrize("wrap", ["save", "record", "game json"])
def test_a_replay_file_may_be_a_save_an_exported_record_or_game_json(tmp_path, wrap):
    record = finished_record()
    if wrap == "save":
        path = SaveStore().save("g", Game.replay(record))
    else:
        path = tmp_path / "game.json"
        data = record if wrap == "record" else Game.replay(record).to_json()
        path.write_text(json.dumps(data))
    assert record_from_file(path) == record


def test_a_file_that_is_not_a_replayable_record_is_named_in_the_error(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    with pytest.raises(ReplayFileError, match="broken.json"):
        record_from_file(broken)
    illegal = tmp_path / "illegal.json"
    record = finished_record()
    record["actions"][0] = "discard:JK"
    illegal.write_text(json.dumps(record))
    with pytest.raises(ReplayFileError, match="illegal.json.*not legal"):
        record_from_file(illegal)
    with pytest.raises(ReplayFileError, match="missing.json"):
        record_from_file(tmp_path / "missing.json")
