"""What a game lays out on its way to the start screen, and nothing more: the blank screen at
the bottom of the stack is not laid out under the start screen, and the terminal's size told
again (every driver tells it once more as it starts) lays nothing out."""

from __future__ import annotations

import asyncio
from collections import Counter

import pytest
from textual import events
from textual.app import App
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, Static

from rummy_tui.app import RummyApp
from rummy_tui.screens.blank import BlankScreen
from rummy_tui.screens.start import StartScreen

from .test_lobby import until


@pytest.fixture
def layouts(monkeypatch) -> Counter:
    """How many times each kind of screen is laid out (Textual's one place for it)."""
    counted: Counter = Counter()
    lay_out = Screen._refresh_layout

    def counting(screen: Screen, *arguments, **options) -> None:
        counted[type(screen).__name__] += 1
        lay_out(screen, *arguments, **options)

    monkeypatch.setattr(Screen, "_refresh_layout", counting)
    return counted


def laid_out_at(screen: Screen) -> Size:
    """The size the screen was last laid out at (Screen.size is the app's)."""
    return screen._compositor.size


async def handled(app: App) -> None:
    """Once the app has handled the messages posted before this (they are handled in turn)."""
    done = asyncio.Event()
    app.call_later(done.set)
    await done.wait()


async def settled_start(pilot) -> StartScreen:
    app = pilot.app
    start = await until(
        pilot, lambda: isinstance(app.screen, StartScreen) and app.screen.form_ready and app.screen, "the start form"
    )
    await until(pilot, lambda: not start._layout_required and not start._dirty_widgets, "the form drawn")
    return start


async def test_the_blank_screen_under_the_start_screen_is_never_laid_out(layouts):
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled_start(pilot)
        assert isinstance(app.screen_stack[0], BlankScreen)
        await pilot.resize_terminal(100, 30)
        await until(pilot, lambda: laid_out_at(app.screen) == (100, 30), "the start screen at the new size")
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: laid_out_at(app.screen) == (80, 24), "the start screen back at 80x24")
        assert layouts["StartScreen"] > 0
        assert layouts["BlankScreen"] == 0, layouts


async def test_the_size_told_again_lays_nothing_out(layouts):
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled_start(pilot)
        before = Counter(layouts)
        app.post_message(events.Resize(app.size, app.size))
        await handled(app)
        await pilot.pause()
        await pilot.pause()
        assert layouts == before


async def test_a_new_size_is_still_laid_out(layouts):
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        start = await settled_start(pilot)
        before = layouts["StartScreen"]
        app.post_message(events.Resize(Size(90, 24), Size(90, 24)))
        await until(pilot, lambda: laid_out_at(start) == (90, 24), "the start screen at 90 columns")
        assert layouts["StartScreen"] > before


class Uncovered(App):
    def get_default_screen(self) -> Screen:
        return BlankScreen(id="_default")


class Cover(Screen):
    def compose(self):
        yield Static("cover")


class SeeThrough(ModalScreen):
    DEFAULT_CSS = "SeeThrough { background: $background 50%; }"

    def compose(self):
        yield Static("see through")


async def test_the_blank_screen_is_laid_out_once_it_shows(layouts):
    """Uncovered (the screen above it gone, or one it shows through), it is laid out as Textual's."""
    app = Uncovered()
    async with app.run_test(size=(40, 10)) as pilot:
        blank = app.screen
        await app.push_screen(Cover())
        await pilot.pause()
        layouts.clear()  # laid out while it was the only screen
        await pilot.resize_terminal(50, 12)
        await until(pilot, lambda: laid_out_at(app.screen) == (50, 12), "the cover at the new size")
        assert layouts["BlankScreen"] == 0
        await app.pop_screen()
        await until(pilot, lambda: laid_out_at(blank) == (50, 12), "the blank screen laid out at the new size")
        await app.push_screen(SeeThrough())
        await pilot.resize_terminal(44, 11)
        await until(pilot, lambda: laid_out_at(blank) == (44, 11), "the blank screen under a see-through one, laid out")


# --- each layout once (rummy_tui/layout_once.py) -----------------------------------------------


class Box(App):
    def compose(self):
        with VerticalScroll(id="box"):
            yield Static("first line")
        yield OptionList(id="list")

    CSS = "#box { height: 10; } #list { height: auto; }"


async def drawn(pilot) -> None:
    """Until the screen in front has nothing left to lay out or draw."""
    screen = pilot.app.screen
    for _ in range(3):
        await pilot.pause()
    await until(pilot, lambda: not screen._layout_required and not screen._dirty_widgets, "the screen drawn")
    await pilot.pause()


async def test_new_widgets_are_laid_out_once(layouts):
    app = Box()
    async with app.run_test(size=(40, 30)) as pilot:
        await drawn(pilot)
        box = app.query_one("#box")
        layouts.clear()
        await box.mount_all([Static(f"line {n}") for n in range(3)])
        await drawn(pilot)
        assert layouts["Screen"] == 1


async def test_an_option_list_is_laid_out_once_with_its_options(layouts):
    app = Box()
    async with app.run_test(size=(40, 30)) as pilot:
        await drawn(pilot)
        layouts.clear()
        app.query_one("#list", OptionList).add_options([f"option {n}" for n in range(5)])
        await drawn(pilot)
        assert layouts["Screen"] == 1
        assert "option 4" in "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def test_a_scroll_bar_that_appears_is_still_laid_out(layouts):
    app = Box()
    async with app.run_test(size=(40, 30)) as pilot:
        await drawn(pilot)
        box = app.query_one("#box")
        sizes = []
        app.watch(box, "virtual_size", lambda size: sizes.append(size.height), init=False)
        await box.mount_all([Static(f"line {n}") for n in range(20)])
        await drawn(pilot)
        assert box.show_vertical_scrollbar
        assert sizes[-1] == box.virtual_size.height == 21  # the watchers of a virtual size are told as before
        assert all(line.size.width == box.scrollable_content_region.width < 40 for line in box.children)


async def test_an_option_list_is_drawn_once_with_its_options(monkeypatch):
    drawn_lines: list[int] = []
    render_lines = OptionList.render_lines

    def counting(option_list, crop):
        drawn_lines.append(crop.height)
        return render_lines(option_list, crop)

    monkeypatch.setattr(OptionList, "render_lines", counting)
    app = Box()
    async with app.run_test(size=(40, 30)) as pilot:
        await drawn(pilot)
        drawn_lines.clear()
        app.query_one("#list", OptionList).add_options([f"option {n}" for n in range(5)])
        await drawn(pilot)
        assert len(drawn_lines) == 1, drawn_lines  # its layout's Resize came after this draw, at the same width


async def test_an_option_list_wraps_its_options_again_at_a_new_width():
    app = Box()
    async with app.run_test(size=(40, 30)) as pilot:
        option_list = app.query_one("#list", OptionList)
        option_list.add_options([" ".join(["word"] * 12)])
        await drawn(pilot)
        assert option_list._line_cache.heights[0] == 2
        await pilot.resize_terminal(100, 30)
        await until(pilot, lambda: laid_out_at(app.screen) == (100, 30), "the screen at 100 columns")
        await drawn(pilot)
        assert option_list._line_cache.heights[0] == 1
        screen = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert " ".join(["word"] * 12) in screen
