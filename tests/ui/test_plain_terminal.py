"""Issue 13: with --ascii, a non-UTF-8 locale or TERM=vt100 every frame is ASCII only."""

from __future__ import annotations

import pytest

import rummy_tui.app as app_module
from rummy_tui.app import RummyApp
from rummy_tui.plain import ascii_words, plain_terminal
from rummy_tui.screens.results import EndOfHandScreen

from .driver import at_the_table, play_until, played_until, resumed_app, settle


def frame_bytes(app) -> bytes:
    """The whole screen as the terminal gets it, one line per row."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(segment.text for segment in strip) for strip in strips).encode("utf-8")


def assert_ascii(app) -> None:
    frame = frame_bytes(app)
    non_ascii = sorted({chr(byte) for byte in frame if byte > 127})
    assert not non_ascii, frame.decode("utf-8")
    frame.decode("ascii")


@pytest.mark.parametrize(
    ("variant", "players"), [("hungarian", 4), ("gin", 2), ("ten-card", 3), ("traditional", 3), ("basic", 2)]
)
async def test_every_table_frame_is_ascii_with_ascii_only(variant, players):
    async with at_the_table(variant, players, ["You"], seed=1, ascii_only=True) as (app, pilot):
        assert_ascii(app)

    def played(game) -> bool:
        return len(game.record["actions"]) > 12 or game.state.last_hand is not None

    # Later in the hand: the table opens a few moves before (as the keys would have played up to
    # there) and the keys play those.
    app = resumed_app(played_until(variant, players, ["You"], 1, {}, played, moves_before=4), ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert_ascii(app)
        table = app.table()
        await play_until(pilot, lambda: played(table.game))
        assert_ascii(app)


async def test_the_start_screen_end_of_hand_and_table_view_are_ascii():
    app = RummyApp(ascii_only=True, ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert_ascii(app)
    game = played_until("gin", 2, ["You"], 3, {}, lambda game: game.state.last_hand, moves_before=4)
    app = resumed_app(game, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda: isinstance(app.screen, EndOfHandScreen))
        assert isinstance(app.screen, EndOfHandScreen)
        assert_ascii(app)
    async with at_the_table("hungarian", 2, ["You"], seed=1, ascii_only=True) as (app, pilot):
        await pilot.press("T")
        assert_ascii(app)
        await pilot.press("question_mark")


async def test_switching_ascii_on_from_the_palette_redraws_every_border():
    async with at_the_table("gin", 2, ["You"], seed=3) as (app, pilot):
        assert b"\xe2\x95\xad" in frame_bytes(app)  # a round corner
        app.toggle_option("ascii_only")
        await pilot.pause()
        assert_ascii(app)


@pytest.mark.parametrize(
    ("environ", "plain"),
    [
        ({"LC_ALL": "C"}, True),
        ({"TERM": "vt100", "LANG": "en_US.UTF-8"}, True),
        ({"LANG": "C", "LC_CTYPE": "C.UTF-8"}, True),  # Python coerced LANG=C (PEP 538)
        ({"LANG": "hu_HU.ISO-8859-2"}, True),
        ({"LC_ALL": "POSIX", "LANG": "en_US.UTF-8"}, True),
        ({"LANG": "en_US.UTF-8", "TERM": "xterm-256color"}, False),
        ({"LC_ALL": "hu_HU.utf8"}, False),
        ({}, False),
    ],
)
def test_a_plain_terminal_is_detected_from_the_locale_and_the_terminal_type(environ, plain):
    assert plain_terminal(environ) is plain


def test_run_app_draws_ascii_under_a_c_locale(monkeypatch):
    started = []
    monkeypatch.setenv("LC_ALL", "C")
    monkeypatch.setattr(app_module, "run_reporting_crashes", lambda app, **options: started.append(app) or 0)
    app_module.run_app()
    assert started and started[0].ascii_only


def test_signs_become_ascii_words():
    assert ascii_words("deadwood ≤ 3 · 5 × 25 − 2 …") == "deadwood <= 3 - 5 x 25 - 2 ..."
