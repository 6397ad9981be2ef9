"""A list of every move offered now, for verbs without a key of their own (and the mouse)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from rummy_tui.i18n import _


class MovesMenu(ModalScreen[str | None]):
    BINDINGS = [Binding("escape,q", "dismiss_menu", _("Close"), id="close")]

    def __init__(self, moves: Sequence[tuple[str, RenderableType]], title: str | None = None) -> None:
        super().__init__()
        self.moves = moves
        self.title_text = title or _("Choose a move")

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            yield Label(self.title_text, id="menu-title")
            yield OptionList(*(Option(words, id=code) for code, words in self.moves), id="moves")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_dismiss_menu(self) -> None:
        self.dismiss(None)
