"""Review a hand: the player's decisions where the ``hard`` computer would have chosen differently
(``rummy_tui.engine.coach``), each with hard's move, its reason and, where hard has one, its
measure of the difference; the table as the player saw it at that moment beside the list.

The review runs in a thread worker, so the screen answers keys while it thinks; leaving the
screen cancels it. Opened from the end of a hand against the computer and from `rummy replay`.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from rummy_tui.engine.cards import sort_key_by_suit
from rummy_tui.engine.coach import Remark, review
from rummy_tui.engine.melds import Meld
from rummy_tui.i18n import _, ngettext
from rummy_tui.widgets.actions import describe
from rummy_tui.widgets.base import CardWidget
from rummy_tui.widgets.cards import CardLook, cards_piece, log_line

from .table_keys import bracket_cards


class ReviewPanel(CardWidget):
    """The position of the decision highlighted, as the player saw it, and hard's verdict."""


def remark_line(number: int, remark: Remark, look: CardLook) -> Text:
    line = Text(f"{number}. ")
    line.append_text(describe(remark.made, look))
    line.append("  →  " + _("hard: "), style="bold")
    line.append_text(describe(remark.preferred, look))
    return line


def position_text(remark: Remark, names: list[str], look: CardLook) -> Text:
    """The seat's own view at the decision: its cards, the piles, the table, hard's verdict."""
    view = remark.view
    seat = view.get("seat", 0)
    text = Text(_("Your cards: "), style="bold")
    text.append_text(cards_piece(sorted(view.get("hand", []), key=sort_key_by_suit), look))
    sizes = view.get("hand_sizes") or []
    others = [f"{names[s]} {n}" for s, n in enumerate(sizes) if s != seat and s < len(names)]
    text.append("\n" + _("Cards held: {others}", others=", ".join(others)) if others else "")
    text.append("\n" + _("Stock: {count}   Discard pile: ", count=view.get("stock_count", 0)))
    discard = view.get("discard") or []
    text.append_text(cards_piece(discard[-8:], look) if discard else Text(_("empty")))
    melds = [cards_piece(Meld.from_json(entry["meld"]).cards, look) for entry in view.get("table") or []]
    if melds:
        text.append("\n" + _("Table: "))
        text.append_text(Text("  ·  ").join(melds))
    text.append("\n\n" + _("You: "), style="bold")
    text.append_text(describe(remark.made, look))
    text.append("\n" + _("Hard: "), style="bold")
    text.append_text(describe(remark.preferred, look))
    text.append("\n")
    text.append_text(log_line(bracket_cards(remark.reason), look))
    if remark.measure:
        text.append("\n")
        text.append_text(log_line(bracket_cards(remark.measure), look))
    return text


class ReviewScreen(Screen[None]):
    DEFAULT_CSS = """
    ReviewScreen #review-title { padding: 0 1; background: $boost; text-style: bold; }
    ReviewScreen #review-list { height: 7; border: round $primary-lighten-1; }
    ReviewScreen ReviewPanel { height: 1fr; padding: 0 1; border: round $primary-lighten-1; }
    """
    BINDINGS = [
        Binding("enter", "open_position", _("Table"), id="review.table"),
        Binding("escape,q", "close", _("Close"), id="review.close"),
    ]

    def __init__(self, record: dict[str, Any], seat: int, hand: int, names: list[str]) -> None:
        super().__init__()
        self.record, self.seat, self.hand, self.names = record, seat, hand, names
        self.remarks: list[Remark] = []
        self.done = False

    def compose(self) -> ComposeResult:
        yield Static(_("Review of hand {hand}: thinking…", hand=self.hand), id="review-title")
        with Vertical():
            yield OptionList(id="review-list")
            yield ReviewPanel(id="review-position")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#review-position", ReviewPanel).border_title = _("The table as you saw it")
        self.think()

    @work(thread=True, exclusive=True, group="review")
    def think(self) -> None:
        worker = get_current_worker()
        remarks = review(self.record, self.seat, self.hand, cancelled=lambda: worker.is_cancelled)
        if not worker.is_cancelled:
            self.app.call_from_thread(self.show_remarks, remarks)

    def show_remarks(self, remarks: list[Remark]) -> None:
        self.remarks, self.done = remarks, True
        title = self.query_one("#review-title", Static)
        panel = self.query_one("#review-position", ReviewPanel)
        picker = self.query_one("#review-list", OptionList)
        if not remarks:
            title.update(_("Review of hand {hand}", hand=self.hand))
            panel.update(Text(_("Nothing to remark: hard would have made the same decisions as you.")))
            return
        title.update(
            ngettext(
                "Review of hand {hand}: {count} decision where hard chose differently",
                "Review of hand {hand}: {count} decisions where hard chose differently",
                len(remarks),
                hand=self.hand,
                count=len(remarks),
            )
        )
        look = panel.card_look()
        picker.add_options([Option(remark_line(n, r, look), id=str(n)) for n, r in enumerate(remarks, start=1)])
        picker.highlighted = 0
        picker.focus()
        self.show_position(0)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index is not None:
            self.show_position(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_open_position()

    def action_open_position(self) -> None:
        """The real table at the decision highlighted, as the player saw it."""
        index = self.query_one("#review-list", OptionList).highlighted
        if index is not None and 0 <= index < len(self.remarks):
            self.open_position(self.remarks[index])

    @work(thread=True, exclusive=True, group="position")
    def open_position(self, remark: Remark) -> None:
        from rummy_tui.engine import Game

        game = Game.replay(self.record, upto=remark.position)  # a long game takes a moment: not on the UI thread
        self.app.call_from_thread(self._show_table, game, remark)

    def _show_table(self, game: Any, remark: Remark) -> None:
        from rummy_tui.storage.saves import seat_entries

        from .position import PositionScreen

        look = self.query_one("#review-position", ReviewPanel).card_look()
        caption = (
            Text(_("You: "))
            + describe(remark.made, look)
            + Text("  →  " + _("hard: "))
            + describe(remark.preferred, look)
        )
        caption += Text(". ") + log_line(bracket_cards(remark.reason), look)
        self.app.push_screen(PositionScreen(game, self.seat, seat_entries(self.record), caption))

    def show_position(self, index: int) -> None:
        if 0 <= index < len(self.remarks):
            panel = self.query_one("#review-position", ReviewPanel)
            panel.update(position_text(self.remarks[index], self.names, panel.card_look()))

    def action_close(self) -> None:
        self.workers.cancel_group(self, "review")
        self.dismiss(None)
