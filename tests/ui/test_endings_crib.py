"""Knock games never meld on the table: that panel tells how a hand ends instead."""

from __future__ import annotations

import pytest

from rummy_tui.widgets.melds import MeldTableView

from .driver import at_the_table, make_app, settle
from .test_table_rules import _visible_text


@pytest.mark.parametrize(
    ("variant", "players", "settings", "wanted"),
    [
        ("gin", 2, {"gin_bonus": 30}, ["Knock (k): deadwood ≤ limit", "Gin (g): all 10 melded, +30"]),
        ("ten-card", 3, {}, ["Knock: 9 melded + natural 2/3", "Römi: all 10 melded  −10"]),
    ],
)
async def test_knock_games_show_how_a_hand_ends_where_melds_would_be(variant, players, settings, wanted):
    async with at_the_table(variant, players, ["Ann"], seed=5, settings=settings) as (app, pilot):
        assert app.table().query_one(MeldTableView).border_title == "How a hand ends"
        text = _visible_text(app)
        for line in wanted:
            assert line in text


async def test_basic_rummy_keeps_the_meld_table():
    async with at_the_table("basic", 2, ["Ann"], seed=5) as (app, pilot):
        assert app.table().query_one(MeldTableView).border_title == "Table"
        assert "No melds on the table." in _visible_text(app)


@pytest.mark.parametrize(("settings", "shown"), [({}, True), ({"single_hand": True}, False)])
async def test_a_tall_gin_panel_adds_how_the_game_is_won_unless_one_hand_is_played(settings, shown):
    app = make_app("gin", 2, ["Ann"], seed=5, settings=settings)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert ("Game: first to 150 points," in _visible_text(app)) is shown
