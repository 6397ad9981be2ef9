"""Issue 13, must-fix 6: the Tízlapos hand screen at 80x24 shows its elimination and money lines,
or the footer's scroll key brings them on screen."""

from __future__ import annotations

from textual.containers import VerticalScroll

from rummy_tui.i18n import render
from rummy_tui.screens.results import EndOfHandScreen
from rummy_tui.widgets.cards import CardLook, log_line

from .driver import play_until, played_until, resumed_app
from .screen_text import screen_text


async def seen_while_scrolling(pilot) -> str:
    """Every row the page shows from its top to its end, pressing the footer's scroll key."""
    app = pilot.app
    page = app.screen.query_one(VerticalScroll)
    seen = [screen_text(app)]
    for _ in range(10):
        if page.scroll_y >= page.max_scroll_y:
            break
        await pilot.press("m")
        await pilot.pause()
        seen.append(screen_text(app))
    assert page.scroll_y == page.max_scroll_y
    return "\n".join(seen)


async def test_the_ten_card_hand_screen_brings_elimination_and_money_on_screen_at_80x24():
    # The table opens a few moves before the hand ends; the keys play those.
    game = played_until("ten-card", 3, ["Ann"], 11, {"limit": 5}, lambda game: game.state.last_hand, moves_before=4)
    app = resumed_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table()
        await play_until(pilot, lambda: isinstance(app.screen, EndOfHandScreen))
        last = table.game.state.last_hand
        assert last["eliminated"], "the seed and limit are chosen so that the hand eliminates someone"
        footer_keys = {a.binding.key for a in app.active_bindings.values() if a.enabled and a.binding.show}
        assert "m" in footer_keys
        seen = await seen_while_scrolling(pilot)
        names = table.game.seat_names()
        for seat in last["eliminated"]:
            assert any(names[seat] in row and "eliminated" in row for row in seen.splitlines())
        for seat, amount in enumerate(last["money"]):
            assert any(
                row.strip().startswith(f"{names[seat]}:") and f"money {amount:+d}" in row for row in seen.splitlines()
            )
        assert "knock limit" not in seen  # Gin's two-seat knock story does not belong here
        flowing = " ".join(seen.split())  # a long score line may wrap
        for line in last["lines"]:  # the money and elimination lines come last
            assert log_line(render(line, names[table.viewer]), CardLook()).plain in flowing
