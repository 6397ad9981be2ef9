"""rummy_tui/covered_lines.py leaves undrawn the lines hidden behind other widgets, and draws a
blank container's lines once: every frame must be the one Textual itself paints, cell for cell
and style for style, at the start screen and at the table, in colour and without; and the screen
behind the start form is never drawn."""

from __future__ import annotations

from textual._compositor import Compositor
from textual._styles_cache import StylesCache
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from rummy_tui import covered_lines
from rummy_tui.app import RummyApp
from rummy_tui.screens.start import StartScreen
from rummy_tui.screens.table import TableScreen

from .test_lobby import until

SEATS = [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "ai", "level": "normal"}]


def painted(chops) -> list[list[tuple[int, list]]]:
    return [[(cut, None if strip is None else list(strip)) for cut, strip in line.items()] for line in chops]


def checked_chops(frames: list, differences: list):
    def render_chops(self: Compositor, crop, is_rendered_line):
        chops = covered_lines._render_uncovered_chops(self, crop, is_rendered_line)
        textuals = covered_lines._render_chops(self, crop, is_rendered_line)  # every line of every widget
        frames.append(self)
        if painted(chops) != painted(textuals):
            differences.append((painted(chops), painted(textuals)))
        return chops

    return render_chops


async def test_every_frame_is_the_one_textual_paints(monkeypatch):
    frames: list = []
    differences: list = []
    monkeypatch.setattr(Compositor, "_render_chops", checked_chops(frames, differences))
    await start_and_play_in_colour_and_without(monkeypatch)
    assert len(frames) > 20  # the check saw the frames being painted
    assert differences == []


def checked_lines(alike: list, differences: list):
    def render_widget(self: StylesCache, widget: Widget, crop):
        strips = covered_lines._render_one_blank_line(self, widget, crop)
        textuals = covered_lines._render_widget(self, widget, crop)  # every line drawn
        if crop.height > 1 and covered_lines.all_lines_alike(widget):
            alike.append(widget)
        if [cells(strip) for strip in strips] != [cells(strip) for strip in textuals]:
            differences.append((widget, crop))
        return strips

    return render_widget


def cells(strip) -> list[tuple[str, object]]:
    return [(character, segment.style) for segment in strip for character in segment.text]


async def test_a_blank_containers_lines_drawn_once_are_the_lines_textual_draws(monkeypatch):
    alike: list = []
    differences: list = []
    monkeypatch.setattr(StylesCache, "render_widget", checked_lines(alike, differences))
    await start_and_play_in_colour_and_without(monkeypatch)
    assert any(widget.id == "start-form" for widget in alike)  # the start form's lines drawn once
    assert differences == []


class Boxes(App):
    """Containers and widgets whose lines are, or are not, all alike."""

    CSS = """
    Vertical { height: 4; background: $panel; }
    #bordered { border: round $accent; }
    #outlined { outline: heavy $accent; }
    #hatched { hatch: cross $accent; }
    #keylined { keyline: thin $accent; }
    #titled { border: round $accent; border-title-align: center; }
    Static, #bare { height: 3; }
    """

    def compose(self) -> ComposeResult:
        yield Vertical(id="plain")
        yield Vertical(id="bordered")
        yield Vertical(id="outlined")
        yield Vertical(id="hatched")
        yield Vertical(Static("a"), Static("b"), id="keylined")
        titled = Vertical(id="titled")
        titled.border_title = "Seats"
        yield titled
        yield Static("three\nlines\nof text")
        yield Widget(id="bare")  # not a container: Textual's render names it on its first line


async def test_only_containers_whose_lines_are_alike_are_drawn_once(monkeypatch):
    alike: list = []
    differences: list = []
    monkeypatch.setattr(StylesCache, "render_widget", checked_lines(alike, differences))
    app = Boxes()
    async with app.run_test(size=(40, 40)) as pilot:
        await pilot.pause()
        app.screen._compositor.render_strips()
    assert {widget.id for widget in alike} == {"plain"}
    assert differences == []


async def test_the_screen_behind_the_start_form_is_not_drawn(monkeypatch):
    asked: list[Widget] = []
    render_lines = Widget.render_lines

    def counting(widget: Widget, crop):
        asked.append(widget)
        return render_lines(widget, crop)

    monkeypatch.setattr(Widget, "render_lines", counting)
    app = RummyApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen) and app.screen.form_ready, "the start form")
        await until(pilot, lambda: not app.screen._layout_required and not app.screen._dirty_widgets, "drawn")
        assert "Seat 2" in "\n".join(strip.text for strip in app.screen._compositor.render_strips())
    assert not [widget for widget in asked if isinstance(widget, Screen)]
    assert any(widget.id == "start-form" for widget in asked)  # seen at its edges: drawn


async def start_and_play_in_colour_and_without(monkeypatch) -> None:
    """The start screen and a Gin table, in colour and with NO_COLOR (other styles, other lines)."""
    await start_and_play(RummyApp(ai_delay=0.0))
    monkeypatch.setenv("NO_COLOR", "1")
    await start_and_play(RummyApp(ai_delay=0.0))


async def start_and_play(app: RummyApp) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen) and app.screen.form_ready, "the start form")
        await pilot.press("down", "tab", "tab")
        app.start_game("gin", 2, None, 3, SEATS)
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.is_mounted, "the table")
        await pilot.press("s", "right", "question_mark")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
