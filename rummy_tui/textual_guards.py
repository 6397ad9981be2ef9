"""Guards around textual 8.2.8 (pinned) bugs that the monkey tests hit, one function each.

Imported by :mod:`rummy_tui.crash`, the base of every app of this package.
"""

from __future__ import annotations

from textual.widgets import OptionList

_move_page = OptionList._move_page


def _move_page_once_laid_out(self: OptionList, direction: int) -> None:
    """PageUp/PageDown on an option list filled a moment ago, before its first layout (the
    variant list at launch, a Select just opened, the command palette): Textual looks the
    highlighted option up in a line index that is still empty and raises KeyError. With
    nothing laid out yet there is no page to move by, so the key does nothing."""
    try:
        _move_page(self, direction)
    except KeyError:
        pass


OptionList._move_page = _move_page_once_laid_out
