"""A complete hand of every variant, played through key presses: one human against the AI.

The hands are played in Hungarian, which checks two things at once: the keys play the hand through
to its end-of-hand screen, which lists the viewer's own lines, and no English word shows on any
screen on the way (issue 12). The one English hand by keys, for what only English does (the
viewer's lines in the second person, issue 13; the English-word check sees English), is the short
game of test_gin_play.py."""

from __future__ import annotations

import pytest

from rummy_tui.i18n import render
from rummy_tui.screens.results import EndOfHandScreen
from rummy_tui.widgets.cards import CardLook, log_line

from .driver import make_app, play_until
from .test_hungarian import HUNGARIAN, english_words
from .test_table_rules import _visible_text

HANDS = [("gin", 2, 3), ("ten-card", 2, 2), ("hungarian", 2, 1), ("traditional", 2, 7), ("basic", 2, 2)]
TABLE_VARIANTS = ("hungarian", "traditional", "basic")


async def play_the_hand(variant, players, seed) -> tuple[object, list[str]]:
    """Ann plays a whole hand by keys; the app at its end and every screen seen on the way, as text."""
    app = make_app(variant, players, ["Ann"], seed=seed)
    seen: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        verbs: set[str] = set()
        watch = lambda: seen.append(_visible_text(app))  # noqa: E731
        moves = await play_until(pilot, lambda: isinstance(app.screen, EndOfHandScreen), 300, verbs, watch)
        assert isinstance(app.screen, EndOfHandScreen), f"{variant}: no end of hand after {moves} moves"
        game = app.table().game
        last = game.state.last_hand
        assert last is not None
        shown = str(app.screen.query_one("HandSummary").render())
        for line in last.get("lines", []):  # the viewer's own lines (in English, the second person)
            assert log_line(render(line, "Ann"), CardLook()).plain in shown
        if variant in TABLE_VARIANTS:
            assert "meld" in verbs, f"the human never melded: {verbs}"
    return app, seen


@pytest.mark.parametrize(("variant", "players", "seed"), HANDS, ids=[h[0] for h in HANDS])
async def test_a_whole_hand_by_keys_in_hungarian_shows_no_english(hungarian, variant, players, seed):
    _app, seen = await play_the_hand(variant, players, seed)
    for text in seen:
        assert not english_words(text), f"{variant}: English on screen {english_words(text)}:\n{text}"
    everything = "\n".join(seen)
    assert any(word in everything for word in HUNGARIAN), everything[-2000:]
