"""Shown while the terminal is smaller than the table needs; the game resumes when it grows."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from rummy_tui.i18n import _

from .navigation import navigation

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(Screen):
    def compose(self) -> ComposeResult:
        yield Static(id="too-small-text")

    def on_mount(self) -> None:
        self.show_size()

    def on_resize(self) -> None:
        self.show_size()
        navigation(self).check_size()

    def show_size(self) -> None:
        width, height = self.app.size
        self.query_one(Static).update(
            _(
                "Please enlarge the terminal to at least {min_width}x{min_height} (it is {width}x{height}). "
                "The game continues when it grows.",
                min_width=MIN_WIDTH,
                min_height=MIN_HEIGHT,
                width=width,
                height=height,
            )
        )
