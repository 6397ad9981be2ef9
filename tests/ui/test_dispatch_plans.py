"""rummy_tui/dispatch_plans.py works out a message's handlers once for each kind of widget and
message: every message delivered at the start screen and a Gin table finds the handlers Textual
itself finds, in the same order; a handler that prevents the default action still stops those of
the classes below it, and `@on` selectors still choose by the message's sender."""

from __future__ import annotations

from textual import on
from textual.app import App, ComposeResult
from textual.message_pump import MessagePump
from textual.widgets import Button

from rummy_tui import dispatch_plans
from rummy_tui.app import RummyApp
from rummy_tui.screens.start import StartScreen
from rummy_tui.screens.table import TableScreen

from .test_lobby import until

SEATS = [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "ai", "level": "normal"}]


async def test_every_message_finds_the_handlers_textual_finds(monkeypatch):
    delivered: list[str] = []
    differences: list = []

    def checked(pump: MessagePump, method_name: str, message):
        planned = list(dispatch_plans._planned_dispatch_methods(pump, method_name, message))
        textuals = list(dispatch_plans._textual_dispatch_methods(pump, method_name, message))
        delivered.append(method_name)
        if planned != textuals:
            differences.append((type(pump).__name__, method_name, planned, textuals))
        return dispatch_plans._planned_dispatch_methods(pump, method_name, message)

    monkeypatch.setattr(MessagePump, "_get_dispatch_methods", checked)
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen) and app.screen.form_ready, "the start form")
        await pilot.press("down", "tab", "tab", "question_mark")
        await pilot.pause()
        await pilot.press("escape")
        app.start_game("gin", 2, None, 3, SEATS)
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.is_mounted, "the table")
        await pilot.press("s", "right")
        await pilot.pause()
    assert len(delivered) > 500 and len(set(delivered)) > 20  # many messages of many kinds
    assert differences == []


class Base(Button):
    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.app.heard.append("base")


class Preventing(Base):
    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.app.heard.append("preventing")
        event.prevent_default()


class Buttons(App):
    def __init__(self) -> None:
        super().__init__()
        self.heard: list[str] = []

    def compose(self) -> ComposeResult:
        yield Preventing("stop", id="stop")
        yield Base("go", id="go")

    @on(Button.Pressed, "#go")
    def go_pressed(self) -> None:
        self.heard.append("go pressed")

    @on(Button.Pressed, "#stop")
    def stop_pressed(self) -> None:
        self.heard.append("stop pressed")


async def test_a_prevented_default_and_on_selectors_as_textual_has_them():
    app = Buttons()
    async with app.run_test() as pilot:
        app.query_one("#stop", Button).press()
        await pilot.pause()
        assert app.heard == ["preventing", "stop pressed"]  # not the base class's handler
        app.heard.clear()
        app.query_one("#go", Button).press()
        await pilot.pause()
        assert app.heard == ["base", "go pressed"]
