"""A game still in play leaves this computer only as far as its hands are over: `rummy export`
writes, and `rummy replay` shows, nothing of a hand in play that the asking seat did not see
(issue #21)."""

from __future__ import annotations

import json

from click.testing import CliRunner

import rummy_tui.app
from rummy_tui.cli import main
from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.engine.cards import card_text
from rummy_tui.screens.replay import hands_text
from rummy_tui.storage.saves import SaveStore
from rummy_tui.widgets.cards import CardLook

SEATS = [{"name": "Ann", "kind": "human", "level": None}, {"name": "North", "kind": "ai", "level": "easy"}]


def in_hand_three() -> Game:
    """Gin against the AI, from a drawn seed, some moves into its third hand."""
    game = Game("gin", 2, seed=None, seats=SEATS)
    while game.state.hand_no < 3 and not game.is_over:
        game.apply(choose_action(game, game.current_seat, "easy"))
    for _ in range(3):
        game.apply(choose_action(game, game.current_seat, "easy"))
    assert not game.is_over and game.state.hand_no == 3
    return game


def run(*arguments: str):
    return CliRunner().invoke(main, list(arguments))


def test_export_of_a_game_in_play_writes_only_the_hands_that_are_over(tmp_path):
    game = in_hand_three()
    SaveStore().save("live", game)
    out = tmp_path / "live.json"
    assert run("export", "live", "--out", str(out)).exit_code == 0
    text = out.read_text()
    exported = json.loads(text)
    assert str(game.state.seed) not in text and exported["seed"] == 0 and exported["seed_hidden"]
    assert [entry["hand"] for entry in exported["deals"]] == [1, 2, 3]
    in_play = exported["deals"][-1]
    assert set(in_play) == {"hand", "deal_commitment", "contributions"}  # no secret, no cards
    assert len(exported["actions"]) == game.deal_entry(2)["ended_at"] < len(game.record["actions"])
    for card in game.state.hands[1] + game.state.stock:  # North's hand and the stock of the hand in play
        assert f'"{card_text(card)}"' not in json.dumps(exported["deals"][-1])
    replayed = Game.replay(exported)  # dealt from the revealed secrets, without the seed
    assert replayed.state.hand_no == 3 and replayed.state.sheet == game.state.sheet
    verified = run("verify", str(out))
    assert verified.exit_code == 0, verified.output
    assert "Hand 1: deal verified" in verified.output and "Hand 3: still sealed" in verified.output
    assert run("verify", "--game", "live").exit_code == 0


def test_replay_of_a_game_in_play_shows_only_the_asking_seats_cards(monkeypatch):
    game = in_hand_three()
    SaveStore().save("live", game)
    asked = {}
    monkeypatch.setattr(rummy_tui.app, "run_replay", lambda record, **options: asked.update(options) or 0)
    assert run("replay", "--game", "live").exit_code == 0
    assert asked["viewer"] == 0, "the human seat's view"
    shown = str(hands_text(game, ["Ann", "North"], CardLook(ascii_only=True), viewer=0))
    assert "(face down)" in shown
    assert all(card_text(card) in shown for card in game.state.hands[0])
    north = {card_text(card) for card in game.state.hands[1]} - {card_text(card) for card in game.state.hands[0]}
    assert not any(card in shown.split() for card in north), shown
    assert run("replay", "--game", "live", "--seat", "3").exit_code == 2


def test_a_finished_game_is_replayed_and_exported_whole(monkeypatch):
    from rummy_tui.storage.history import History

    game = Game("gin", 2, seed=None, seats=SEATS)
    while not game.is_over:
        game.apply(choose_action(game, game.current_seat, "easy"))
    History().record_game("done", game)
    assert json.loads(run("export", "done").output) == game.record
    asked = {}
    monkeypatch.setattr(rummy_tui.app, "run_replay", lambda record, **options: asked.update(options) or 0)
    assert run("replay", "--game", "done").exit_code == 0 and asked["viewer"] is None


def test_verify_of_a_game_in_its_first_hand_has_nothing_to_check_yet():
    game = Game("gin", 2, seed=None, seats=SEATS)
    game.apply(choose_action(game, game.current_seat, "easy"))
    SaveStore().save("fresh", game)
    result = run("verify", "--game", "fresh")
    assert result.exit_code == 0 and "Hand 1: still sealed" in result.output
    assert "Nothing to verify yet" in result.output and "Every revealed deal verified" not in result.output
