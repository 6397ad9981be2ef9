"""Pictures of the start screen and of every variant's table at 80x24 and 120x40.

Stable by construction: a fixed seed, instant AI (the table waits for the human's turn) and
no blinking cursor. Update with `pytest tests/ui/test_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

import pytest
from textual.widgets import Input

from rummy_tui.app import RummyApp

from .driver import make_app, settle

SIZES = [(80, 24), (120, 40)]
TABLES = [("gin", 2, 3), ("ten-card", 3, 4), ("hungarian", 3, 2), ("traditional", 4, 1), ("basic", 3, 1)]


async def _still(pilot) -> None:
    await settle(pilot)
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_start_screen(snap_compare, size):
    assert snap_compare(RummyApp(ai_delay=0.0), terminal_size=size, run_before=_still)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize(("variant", "players", "seed"), TABLES, ids=[t[0] for t in TABLES])
def test_table(snap_compare, variant, players, seed, size):
    assert snap_compare(make_app(variant, players, ["Ann"], seed), terminal_size=size, run_before=_still)


async def _crowded(pilot) -> None:
    from .driver import play_until

    table = pilot.app.table()
    await play_until(pilot, lambda: len(table.game.state.table) >= 9)
    await _still(pilot)


# The crowded Römi table opens this many moves before it holds nine melds (the engine plays up to
# there, as the keys would have): at the player's turn that opens and lays off onto meld 1, which makes
# meld 1 the target the pictures show; the keys play from there.
CROWDED_MOVES_BY_KEYS = 21


def crowded_roemi_app():
    from .driver import played_until, resumed_app

    nine_melds = lambda game: len(game.state.table) >= 9  # noqa: E731
    return resumed_app(played_until("hungarian", 4, ["You"], 1, {}, nine_melds, CROWDED_MOVES_BY_KEYS))


def test_crowded_roemi_table(snap_compare):
    """Four Römi players, nine melds: the panel packs them and says how many lines are below."""
    assert snap_compare(crowded_roemi_app(), terminal_size=(80, 24), run_before=_crowded)


def test_full_table_view(snap_compare):
    async def run_before(pilot) -> None:
        await _crowded(pilot)
        await pilot.press("T")
        await pilot.pause()

    assert snap_compare(crowded_roemi_app(), terminal_size=(80, 24), run_before=run_before)
