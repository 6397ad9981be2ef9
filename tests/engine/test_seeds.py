"""Seeds: unpredictable unless chosen, and a chosen seed marked as such (issue #21)."""

from __future__ import annotations

import random

import pytest

import variants  # noqa: F401  (the registry)
from rummy_tui.engine import Game, RecordError
from rummy_tui.engine.ai import ai_rng, play_ai_game

AT_LEAST = 2**128  # a seed below this could be searched for; 256-bit draws fall below it once in 2**128


def test_a_game_without_a_seed_draws_a_large_unpredictable_one():
    first, second = Game("gin", 2, seed=None), Game("gin", 2, seed=None)
    assert first.state.seed >= AT_LEAST and second.state.seed >= AT_LEAST
    assert first.state.seed != second.state.seed
    assert first.record["chosen_seed"] is False and not first.chosen_seed


def test_a_chosen_seed_is_marked_and_repeats_the_game():
    game = Game("gin", 2, seed=42)
    assert game.record["chosen_seed"] is True and game.chosen_seed
    again = Game.replay(game.record)
    assert again.state.hands == game.state.hands and again.chosen_seed


def test_a_record_with_a_drawn_seed_replays_and_loads_and_keeps_its_mark():
    game = play_ai_game("basic", 3, ["easy"] * 3, seed=1)
    record = {**game.record, "seed": 2**256 - 1, "chosen_seed": False}
    replayed = Game.replay({**record, "actions": []})
    assert replayed.state.seed == 2**256 - 1 and replayed.chosen_seed is False
    loaded = Game.from_json(replayed.to_json())
    assert loaded.state.seed == 2**256 - 1 and loaded.record["chosen_seed"] is False


@pytest.mark.parametrize("seed", [2**512, -(2**512)])
def test_a_seed_past_the_limit_is_refused(seed):
    record = Game("gin", 2, seed=1).record
    with pytest.raises(RecordError, match="seed"):
        Game.replay({**record, "seed": seed})


def test_a_chosen_seed_flag_must_be_true_or_false():
    record = Game("gin", 2, seed=1).record
    with pytest.raises(RecordError, match="chosen_seed"):
        Game.replay({**record, "chosen_seed": "yes"})


def test_an_ai_seat_at_a_drawn_seed_uses_fresh_randomness_not_the_seed():
    game = Game("gin", 2, seed=None)
    draws = {ai_rng(game, 1).random() for _ in range(5)}
    assert len(draws) == 5  # not a function of the seed (nor of anything else in the game)
    chosen = Game("gin", 2, seed=7)
    assert ai_rng(chosen, 1).random() == ai_rng(chosen, 1).random()  # a chosen seed stays reproducible


def test_rummy_play_without_a_seed_asks_for_an_unpredictable_one(monkeypatch):
    from click.testing import CliRunner

    import rummy_tui.app
    from rummy_tui.cli import main

    asked = {}
    monkeypatch.setattr(rummy_tui.app, "run_app", lambda **options: asked.update(options) or 0)
    CliRunner().invoke(main, ["play", "--variant", "gin"])
    assert "seed" in asked and asked["seed"] is None
    game = Game(asked["variant"], asked["players"], asked["settings"], asked["seed"], seats=asked["seats"])
    assert game.state.seed >= AT_LEAST and not game.chosen_seed
    CliRunner().invoke(main, ["play", "--variant", "gin", "--seed", "5"])
    assert asked["seed"] == 5


async def test_a_shared_tables_seed_is_drawn_unpredictably(tmp_path):
    from rummy_tui.tableserver.client import TableClient
    from rummy_tui.tableserver.server import TableServer

    server = TableServer(tmp_path / "run" / "tables.sock", tmp_path / "tables", ai_delay=0)
    await server.start()
    try:
        client = await TableClient().connect(server.socket_path)
        await client.hello("Anna")
        await client.create("gin", ["human", "easy"])
        (table,) = server.tables.values()
        assert table.game.state.seed >= AT_LEAST and not table.game.chosen_seed
        client.writer.close()
    finally:
        await server.close()


def test_random_is_not_what_draws_seeds(monkeypatch):
    """The module-level random generator is predictable; seeds must not come from it."""
    monkeypatch.setattr(random, "randrange", lambda *a, **k: pytest.fail("random.randrange drew a seed"))
    monkeypatch.setattr(random, "getrandbits", lambda *a, **k: pytest.fail("random.getrandbits drew a seed"))
    Game("ten-card", 3, seed=None)
