"""Issue 12: what is on screen in Hungarian (the refusals, the table at 80x24) is Hungarian, with
no English leaking. The whole hand of every variant played by keys in Hungarian, checking every
screen on the way for English, is in tests/ui/test_variants_play.py."""

from __future__ import annotations

import re

import pytest

from .driver import at_the_table, make_app, settle
from .test_table_rules import _visible_text

HANDS = [("gin", 2, 3), ("ten-card", 2, 2), ("hungarian", 2, 1), ("traditional", 2, 7), ("basic", 2, 2)]
ENGLISH = re.compile(
    r"\b(drew|discarded|took|stock|melded|laid|knocked|knocks|wins|won|points|deadwood|upcard|"
    r"from|with|your|the|and|pile|player|players|hand|draw|discard|meld|score|sorted|log|"
    r"you|turn|cards|total|void|went|out|palette|hard|easy|host)\b",
    re.IGNORECASE,
)
HUNGARIAN = ("talon", "dobott", "játszma", "húz")


def english_words(text: str) -> list[str]:
    return sorted({match.group(0) for match in ENGLISH.finditer(text)})


@pytest.mark.parametrize(("variant", "players", "seed"), HANDS, ids=[h[0] for h in HANDS])
async def test_a_refused_key_says_why_in_hungarian(hungarian, variant, players, seed):
    async with at_the_table(variant, players, ["Anna"], seed=seed) as (app, pilot):
        game = app.table().game
        key = "x" if game.why_not("discard:" + "AS") else "m"
        await pilot.press(key)
        await pilot.pause()
        message = str(app.table().query_one("#message").render())
        assert message.strip(), f"{variant}: no reason shown for {key}"
        assert not english_words(message), message


TABLES = [("gin", 2, 3), ("ten-card", 3, 4), ("hungarian", 3, 2), ("traditional", 4, 1), ("basic", 3, 1)]


@pytest.mark.parametrize(("variant", "players", "seed"), TABLES, ids=[t[0] for t in TABLES])
def test_the_table_in_hungarian_at_80x24(snap_compare, hungarian, variant, players, seed):
    async def still(pilot):
        await settle(pilot)

    assert snap_compare(make_app(variant, players, ["Anna"], seed), terminal_size=(80, 24), run_before=still)


async def test_hungarian_gin_at_80x24_shows_the_upcard_and_the_gin_bonus(hungarian):
    from rummy_tui.widgets.cards import card_label
    from rummy_tui.widgets.piles import PilesView

    app = make_app("gin", 2, ["Anna"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table()
        upcard = table.game.state.extra["upcard"]
        piles = table.query_one(PilesView)
        shown = _visible_text(app)
        assert "+25" in shown, shown
        piles_lines = [line[piles.region.x : piles.region.right] for line in shown.splitlines()]
        assert any(card_label(upcard) in line and "felső lap" in line for line in piles_lines), shown
