"""Hot-seat: every card is hidden until the next human is at the keyboard."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from rummy_tui.i18n import _


class HandOffScreen(Screen):
    BINDINGS = [Binding("enter", "ready", _("Continue"), id="ready")]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player_name = name

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(_("Pass the terminal to {name}, then press Enter.", name=self.player_name), id="handoff-text")

    def action_ready(self) -> None:
        self.dismiss(True)

    def on_click(self) -> None:
        self.dismiss(True)
