"""Issue 12: a whole hand of every variant, played by keys in Hungarian: what is on screen (the
log, the refusals, the end-of-hand breakdown, the footer) is Hungarian, with no English leaking;
and a picture of every variant's table at 80x24 in Hungarian."""

from __future__ import annotations

import re

import pytest

from rummy_tui.engine.ai import choose_action
from rummy_tui.screens.results import EndOfHandScreen

from .driver import at_the_table, make_app, press_move, settle
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


async def play_hand_and_watch(pilot, app) -> list[str]:
    """Play the human seat by keys until the hand ends; every screen seen, as text."""
    seen = []
    for _move in range(300):
        await settle(pilot)
        seen.append(_visible_text(app))
        if isinstance(app.screen, EndOfHandScreen):
            break
        table = app.table()
        if app.screen is not table:
            await pilot.press("enter")
            continue
        game = table.game
        if game.current_seat != table.viewer:
            continue
        await press_move(pilot, choose_action(game, table.viewer, "normal"))
        await pilot.pause()
    return seen


@pytest.mark.parametrize(("variant", "players", "seed"), HANDS, ids=[h[0] for h in HANDS])
async def test_a_whole_hand_in_hungarian_shows_no_english(hungarian, variant, players, seed):
    app = make_app(variant, players, ["Anna"], seed=seed)
    async with app.run_test(size=(80, 24)) as pilot:
        seen = await play_hand_and_watch(pilot, app)
        assert isinstance(app.screen, EndOfHandScreen), f"{variant}: the hand did not end"
        for text in seen:
            assert not english_words(text), f"{variant}: English on screen {english_words(text)}:\n{text}"
        everything = "\n".join(seen)
        assert any(word in everything for word in HUNGARIAN), everything[-2000:]


async def test_the_check_sees_english_on_an_english_screen():
    app = make_app("gin", 2, ["Anna"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        seen = await play_hand_and_watch(pilot, app)
    assert "drew" in english_words("\n".join(seen)) or "discarded" in english_words("\n".join(seen))


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
