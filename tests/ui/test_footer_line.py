"""The table's footer is one line of text (issue 23: Textual's footer, a widget per key, laid
the whole screen out again whenever the keys changed, at every turn). The player sees what
Textual's footer showed, the keys change in place, a click on a key plays it, and the mouse
resting on a key shows its tooltip."""

from __future__ import annotations

from rummy_tui.widgets.key_line import KeyLine

from .driver import at_the_table, make_app, settle
from .screen_text import screen_lines
from .test_lobby import until

# The bottom row Textual's own footer showed after each of these keys (Gin, seed 3, 80 columns).
TEXTUAL_FOOTER_ROWS = {
    "p": " d Draw  t Take  u Undo  a Moves  i Hint  s Sort  ? Keys            ▏^p palette ",
    "d": " x Discard  a Moves  i Hint  s Sort  ? Keys                         ▏^p palette ",
    "x": " d Draw  t Take  u Undo  a Moves  i Hint  s Sort  ? Keys            ▏^p palette ",
}


async def test_new_keys_are_drawn_in_place_as_textuals_footer_drew_them():
    async with at_the_table("gin", 2, ["Ann"], seed=3) as (app, pilot):
        line = app.screen.query_one(KeyLine)
        redraws: list[bool] = []  # for each redraw of the line: did it ask for a layout?
        redraw = line.refresh

        def watched_refresh(*regions, layout: bool = False, **options):
            redraws.append(layout)
            return redraw(*regions, layout=layout, **options)

        line.refresh = watched_refresh  # type: ignore[method-assign]
        for key in "pdxdx":  # pass, draw, discard, draw, discard: the keys change at each turn
            await pilot.press(key)
            await settle(pilot)
            assert app.screen.query_one(KeyLine) is line
            assert screen_lines(app)[-1] == TEXTUAL_FOOTER_ROWS[key], key
        assert len(redraws) >= 4 and not any(redraws), redraws


async def test_a_click_on_a_key_plays_it_and_the_mouse_on_a_key_shows_its_tooltip():
    app = make_app("gin", 2, ["Ann"], 3)
    async with app.run_test(size=(80, 24), tooltips=True) as pilot:
        await settle(pilot)
        bottom = screen_lines(app)[-1]
        assert "p Pass" in bottom, bottom
        column = bottom.index("p Pass")
        await pilot.hover(offset=(column, 23))
        await pilot.hover(offset=(column + 2, 23))  # the mouse moves on the key, then rests
        await until(pilot, lambda: "Pass the upcard" in "\n".join(screen_lines(app)), "the key's tooltip")

        palette = bottom.index("^p")
        await pilot.hover(offset=(palette, 23))
        await pilot.hover(offset=(palette + 1, 23))
        await until(pilot, lambda: "Open the command palette" in "\n".join(screen_lines(app)), "the palette's tooltip")

        await pilot.click(offset=(column + 1, 23))
        await settle(pilot)
        assert "draw (d)" in screen_lines(app)[0], screen_lines(app)[0]


async def test_a_narrower_terminal_leaves_the_palette_key_off_first(hungarian):
    async with at_the_table("gin", 2, ["Ann"], seed=3, size=(100, 24)) as (app, pilot):
        await pilot.press("p")
        await settle(pilot)
        wide = screen_lines(app)[-1]
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        narrow = screen_lines(app)[-1]
        assert wide.rstrip().endswith("▏^p parancsok") and "^p" not in narrow, (wide, narrow)
        assert narrow.rstrip() == " d Húzás  t Felvétel  u Vissza  a Lépések  i Tipp  s Rendez  ? Súgó", narrow
