"""Full-screen views of the score sheet and the discard pile."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from rummy_tui.i18n import _
from rummy_tui.widgets.base import CardWidget, TableView
from rummy_tui.widgets.cards import cards_piece
from rummy_tui.widgets.scores import score_table, sheet_notes


class ClosableScreen(Screen):
    BINDINGS = [Binding("escape,q,enter", "app.pop_screen", _("Back"), id="back")]


class ScoreSheetScreen(ClosableScreen):
    def __init__(self, view: TableView) -> None:
        super().__init__()
        self.view = view

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="page"):
            yield Static(Text(_("Score sheet: {variant}", variant=self.view.variant.name), style="bold"))
            yield Static(score_table(self.view))
            yield Static("\n".join(sheet_notes(self.view)))
        yield Footer()


class DiscardPile(CardWidget):
    def __init__(self, view: TableView) -> None:
        super().__init__()
        self.view = view

    def on_mount(self) -> None:
        pile = self.view.observation["discard"]
        self.update(Text(_("Discard pile, bottom to top:\n")) + cards_piece(pile, self.card_look())
                    if pile else Text(_("The discard pile is empty.")))


class DiscardHistoryScreen(ClosableScreen):
    def __init__(self, view: TableView) -> None:
        super().__init__()
        self.view = view

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="page"):
            yield DiscardPile(self.view)
        yield Footer()
