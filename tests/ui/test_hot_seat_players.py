"""Issue 13, should-fix "Hot-seat": `rummy play --humans Ann,Bob` seats Ann and Bob only, no
quiet third AI seat; one human still gets one AI opponent, and --players still adds AI seats."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import rummy_tui.app as app_module
from rummy_tui.app import RummyApp
from rummy_tui.cli import main
from rummy_tui.screens.handoff import HandOffScreen

from .screen_text import screen_text


def table_options_of(arguments: list[str], monkeypatch) -> dict:
    """What `rummy play ...` would open the table with (the app itself is not run here)."""
    seen = {}

    def fake_run_app(**options):
        seen.update(options)
        return 0

    monkeypatch.setattr(app_module, "run_app", fake_run_app)
    result = CliRunner().invoke(main, ["play", *arguments])
    assert result.exit_code == 0, result.output
    return seen


@pytest.mark.parametrize(
    ("arguments", "kinds"),
    [
        (["--variant", "hungarian", "--humans", "Ann,Bob"], ["human", "human"]),
        (["--variant", "ten-card", "--humans", "Ann,Bob,Cid"], ["human", "human", "human"]),
        (["--variant", "hungarian"], ["human", "ai"]),
        (["--variant", "hungarian", "--humans", "Ann,Bob", "--players", "3"], ["human", "human", "ai"]),
    ],
)
def test_the_seats_rummy_play_asks_for(arguments, kinds, monkeypatch):
    options = table_options_of(arguments, monkeypatch)
    assert [seat["kind"] for seat in options["seats"]] == kinds
    assert options["players"] == len(kinds)


async def test_ann_and_bob_sit_at_a_table_of_two(monkeypatch):
    options = table_options_of(["--variant", "hungarian", "--humans", "Ann,Bob", "--seed", "3"], monkeypatch)
    options.pop("ascii_only"), options.pop("mouse")
    app = RummyApp(ai_delay=0.0, table_options=options)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandOffScreen):
            await pilot.press("enter")
            await pilot.pause()
        players = screen_text(app).split("Players", 1)[1].split("╰", 1)[0]
        assert "Ann" in players and "Bob" in players
        assert "AI" not in players and "North" not in players


def test_rummy_play_names_the_seats_in_the_players_language(monkeypatch):
    from rummy_tui.i18n import set_language

    try:
        hungarian = table_options_of(["--variant", "hungarian", "--players", "3", "--lang", "hu"], monkeypatch)
    finally:
        set_language("en")
    english = table_options_of(["--variant", "hungarian", "--players", "3"], monkeypatch)
    assert [seat["name"] for seat in hungarian["seats"]] == ["Játékos", "Észak", "Kelet"]  # a name, not «Te»
    assert [seat["name"] for seat in english["seats"]] == ["You", "North", "East"]
