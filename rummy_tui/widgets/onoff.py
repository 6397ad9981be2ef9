"""A checkbox that says "on" or "off" in words, and leaves its box empty when off: Textual's
shows an X either way and tells them apart by colour only, which NO_COLOR takes away."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox

from rummy_tui.i18n import _


class OnOffCheckbox(Checkbox):
    # Textual declares BUTTON_INNER a plain class attribute; it only ever reads it, so a property
    # that follows the value is a sound override mypy cannot tell from a write-breaking one.
    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 (Textual's name for the box's inside)
        return "X" if self.value else " "

    def render(self) -> Content:
        state = _("on") if self.value else _("off")
        return Content.assemble(super().render(), (state, "bold" if self.value else ""))
