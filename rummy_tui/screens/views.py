"""Full-screen views of the score sheet, the discard pile and the melds on the table."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from rummy_tui.i18n import _, ngettext
from rummy_tui.widgets.base import CardWidget, TableView
from rummy_tui.widgets.cards import CardLook, cards_piece
from rummy_tui.widgets.melds import meld_piece, melds_by_owner
from rummy_tui.widgets.scores import score_table, sheet_notes


class ClosableScreen(Screen):
    BINDINGS = [Binding("escape,q,enter", "app.pop_screen", _("Back"), id="back")]


class ScoreSheetScreen(ClosableScreen):
    def __init__(self, view: TableView) -> None:
        super().__init__()
        self.view = view

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="page"):
            yield Static(Text(_("Score sheet: {variant}", variant=self.view.variant.shown_name()), style="bold"))
            yield Static(score_table(self.view))
            yield Static("\n".join(sheet_notes(self.view)))
        yield Footer()


class DiscardPile(CardWidget):
    def __init__(self, view: TableView) -> None:
        super().__init__()
        self.view = view

    def on_mount(self) -> None:
        pile = self.view.observation["discard"]
        look = self.card_look()
        shown = (
            Text(_("Discard pile, bottom to top:\n")) + cards_piece(pile, look)
            if pile
            else Text(_("The discard pile is empty."))
        )
        if self.view.variant.pile_history(self.view.observation["extra"], 0) is not None:
            self.update(Group(shown, Text(""), self._pile_history(look)))
        else:
            self.update(shown)

    def _pile_history(self, look: CardLook) -> Table:
        """Gin: each seat's cards taken from the pile, passed and discarded this hand (public)."""
        extra = self.view.observation["extra"]
        table = Table(title=_("This hand at the discard pile"), title_justify="left", box=None, padding=(0, 2, 0, 0))
        for heading in (_("Player"), _("took"), _("passed"), _("discarded")):
            table.add_column(heading, overflow="fold")
        for seat, name in enumerate(self.view.names):
            took, passed = self.view.variant.pile_history(extra, seat)
            discarded = (extra.get("discarded") or [[]] * len(self.view.names))[seat]
            table.add_row(
                name,
                *(cards_piece(cards, look) if cards else Text("-", style="dim") for cards in (took, passed, discarded)),
            )
        return table


class DiscardHistoryScreen(ClosableScreen):
    def __init__(self, view: TableView) -> None:
        super().__init__()
        self.view = view

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="page"):
            yield DiscardPile(self.view)
        yield Footer()


class TableMeldsScreen(Screen[int | None]):
    """Every meld on the table, one to a line, grouped by owner: the whole table at any size.
    Enter makes the highlighted meld the target of a lay-off."""

    BINDINGS = [
        Binding("escape,q,T", "close", _("Back"), id="back"),
        Binding("enter", "choose", _("Target this meld"), id="choose-target"),
    ]

    def __init__(self, view: TableView, look: CardLook, target: int | None) -> None:
        super().__init__()
        self.view, self.look, self.target = view, look, target

    def compose(self) -> ComposeResult:
        table = self.view.observation["table"]
        title = Text(_("The table: {count}", count=ngettext("{n} meld", "{n} melds", len(table))), style="bold")
        title.append("  " + _("(Enter: lay off onto the highlighted meld next)"), style="dim")
        yield Static(title)
        options: list[Option] = []
        for owner, melds in melds_by_owner(table, len(self.view.names)):
            options.append(Option(Text(self.view.names[owner], style="bold"), disabled=True))
            options += [
                Option(Text(f"  {index}) ") + meld_piece(meld, self.look), id=str(index)) for index, meld in melds
            ]
        if not options:
            options.append(Option(_("No melds on the table."), disabled=True))
        yield OptionList(*options, id="table-melds")
        yield Footer()

    def on_mount(self) -> None:
        melds = self.query_one(OptionList)
        if self.target is not None:
            melds.highlighted = melds.get_option_index(str(self.target))
        melds.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:  # every option is a meld's index
            self.dismiss(int(event.option.id))

    def action_choose(self) -> None:
        melds = self.query_one(OptionList)
        option = melds.highlighted_option
        self.dismiss(int(option.id) if option is not None and option.id is not None else None)

    def action_close(self) -> None:
        self.dismiss(None)
