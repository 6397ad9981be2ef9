"""Guards around textual 8.2.8 (pinned) bugs that the monkey tests hit, one function each.

Imported by :mod:`rummy_tui.crash`, the base of every app of this package.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any, Literal

from textual.await_complete import AwaitComplete
from textual.css.query import NoMatches
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widgets import OptionList
from textual.worker import Worker

_move_page = OptionList._move_page


def _move_page_once_laid_out(self: OptionList, direction: Literal[-1, 1]) -> None:
    """PageUp/PageDown on an option list filled a moment ago, before its first layout (the
    variant list at launch, a Select just opened, the command palette): Textual looks the
    highlighted option up in a line index that is still empty and raises KeyError. With
    nothing laid out yet there is no page to move by, so the key does nothing."""
    with contextlib.suppress(KeyError):
        _move_page(self, direction)


# Replacing methods on Textual's classes is the point of this module (undone by the pin's next bump).
OptionList._move_page = _move_page_once_laid_out  # type: ignore[method-assign]


_dismiss = Screen.dismiss


def _dismiss_only_in_front(self: Screen, result=None) -> AwaitComplete:
    """Textual's dismiss pops whatever screen is in front, not the one dismissed. A screen that
    has already left, or has another in front of it, gets a late dismiss from keys that piled up
    (two Enters on a menu, a second click on a command, a network answer under the too-small
    screen): it would pop the table, then the start screen, until New game finds an empty stack.
    Such a dismiss does nothing, and its result is not delivered."""
    if not self.is_attached or not self.app.screen_stack or self.app.screen is not self:
        return AwaitComplete.nothing()
    return _dismiss(self, result)


Screen.dismiss = _dismiss_only_in_front  # type: ignore[method-assign]


def is_leaving(node: DOMNode) -> bool:
    """The node is being taken down, or is gone: its widgets may already be."""
    return not node.is_attached or getattr(node, "_pruning", False) or getattr(node, "_closing", False)


_run_worker = Worker.run


async def _run_until_its_widgets_go(self: Worker) -> Any:
    """Textual takes a leaving screen's widgets down before it cancels the screen's workers. A
    worker that comes back from the network in between (the join form's table list as the app
    quits) finds its widgets gone, and its NoMatches ended the app. For a leaving node that is
    the node leaving, not a mistake: the worker ends as cancelled, as it would a moment later."""
    try:
        return await _run_worker(self)
    except NoMatches:
        if isinstance(self._node, DOMNode) and is_leaving(self._node):
            raise asyncio.CancelledError from None
        raise


Worker.run = _run_until_its_widgets_go  # type: ignore[method-assign]
