"""What each player did, in words: the engine's log with the seat's name in front."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.message import Message

from rummy_tui.i18n import _, render_event, render_event_body

from .base import CardWidget, TableView
from .cards import log_line


def event_line(event: dict, names: list[str], look, viewer: int | None = None) -> Text:
    """An engine log line with the seat's name in front; the viewer's own seat is "You". A move
    the computer made for the viewer while they were away says so, not "You drew"."""
    if event.get("for_away") and viewer is not None and event.get("seat") == viewer:
        words = _("The computer played for you: {move}", move=render_event_body(event))
    else:
        words = render_event(event, names, viewer)
    line = log_line(words, look)
    line.no_wrap, line.overflow = True, "ellipsis"
    return line


class GameLog(CardWidget):
    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = _("Log")
        self.border_subtitle = _("H all")

    def show(self, view: TableView) -> None:
        look = self.card_look()
        room = max(self.content_size.height, 3)
        events = view.observation["events"][-room:]
        self.update(Group(*(event_line(event, view.names, look, view.viewer) for event in events)))

    class Clicked(Message):
        """The log panel was clicked: the table opens the whole log."""

    def on_click(self) -> None:
        self.post_message(self.Clicked())
