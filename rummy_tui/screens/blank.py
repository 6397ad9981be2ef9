"""The blank screen at the bottom of the app's screen stack, under the main screen."""

from __future__ import annotations

from textual.app import ScreenStackError
from textual.geometry import Size
from textual.screen import Screen


class BlankScreen(Screen):
    """Textual's default screen (App.get_default_screen), laid out only while some of it shows.

    Textual 8.2.8 lays out the screen just below the one in front at every resize, even under
    an opaque screen, and a layout of this one repaints the whole screen in front: at a game's
    start that was five layouts of this blank before the start screen was drawn, and two more
    frames of the whole start screen after it, one after the complete screen (docs/SPEED.md).
    Covered, it waits: once uncovered it is resumed, and Textual lays it out then (its size is
    still the empty one)."""

    def _refresh_layout(self, size: Size | None = None, scroll: bool = False) -> None:
        if self._shows():
            super()._refresh_layout(size, scroll)

    def _shows(self) -> bool:
        try:
            stack = self.app._screen_stack
        except ScreenStackError:
            return True
        if self not in stack:
            return True
        return all(screen.styles.background.a < 1 for screen in stack[stack.index(self) + 1 :])
