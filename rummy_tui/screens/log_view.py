"""The whole log, full screen: every line the table's log panel keeps, none of them cut."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from rummy_tui.i18n import _
from rummy_tui.widgets.base import CardWidget
from rummy_tui.widgets.log import event_line

from .table_remote import table_line


class LogLines(CardWidget):
    """The log's lines, wrapped to the screen's width, each hand under its own heading."""

    DEFAULT_CSS = "LogLines { height: auto; }"

    def __init__(self, events: list, names: list[str], viewer: int | None) -> None:
        """``events``: the game's events, or at a shared table ``("event"|"table", entry)`` pairs."""
        super().__init__()
        self.events, self.names, self.viewer = events, names, viewer

    def on_mount(self) -> None:
        look = self.card_look()
        lines: list[Text] = []
        hand = None
        for entry in self.events:
            kind, event = entry if isinstance(entry, tuple) else ("event", entry)
            if kind == "table":  # a shared table's own line (a join, chat, away), in the table's order
                line = table_line(event)
            else:
                if event.get("hand") != hand:
                    hand = event.get("hand")
                    if hand is not None:
                        lines.append(Text(_("Hand {number}", number=hand), style="bold"))
                line = event_line(event, self.names, look, self.viewer)
            line.no_wrap, line.overflow = False, "fold"
            lines.append(line)
        self.update(Text("\n").join(lines) if lines else Text(_("Nothing has happened yet.")))


class LogScreen(Screen):
    """Opened with H at the table (or a click on the log); the newest lines are shown first."""

    BINDINGS = [Binding("escape,q,H", "app.pop_screen", _("Back"), id="back")]

    def __init__(self, events: list, names: list[str], viewer: int | None, notes: Sequence[str] = ()) -> None:
        super().__init__()
        self.events, self.names, self.viewer = events, names, viewer
        self.notes = list(notes)  # why saving failed, in full: what the table's one-line warnings point to

    def compose(self) -> ComposeResult:
        yield Static(Text(_("The log: every line kept, newest at the bottom"), style="bold"), id="log-title")
        with VerticalScroll(classes="page", id="log-page"):
            yield LogLines(self.events, self.names, self.viewer)
            if self.notes:
                yield Static(Text("\n").join([Text(_("Saving"), style="bold"), *map(Text, self.notes)]), id="log-notes")
        yield Footer()

    def on_mount(self) -> None:
        page = self.query_one("#log-page", VerticalScroll)
        self.call_after_refresh(page.scroll_end, animate=False)
        page.focus()
