"""The viewer's hand: one row of cards with a cursor, a selection and the best melds marked."""

from __future__ import annotations

from functools import lru_cache

from rich.text import Text
from textual import events
from textual.message import Message

from rummy_tui.engine.cards import sort_key_by_rank, sort_key_by_suit
from rummy_tui.engine.solver import best_arrangement
from rummy_tui.i18n import N_, _, ngettext

from .base import CardWidget, TableView
from .cards import card_cell

CELL = 5  # the narrowest card cell: 15 cards x 5 columns fit in 80 columns with the border
# The line under each meld of the best arrangement, one kind per meld (in turn), so the cards of
# one meld can be told from the next one's even without colour, and wherever they sit in the hand.
MELD_LINES = ("━━━", "═══", "───", "┅┅┅", "╌╌╌")
ASCII_MELD_LINES = ("===", "---", "~~~", "***", "+++")

# Large cards: each card framed, three rows high, which makes the hand panel two rows taller;
# only where the middle of the table keeps MIDDLE_LEFT rows (the piles and a few melds).
HAND_HEIGHT, LARGE_HAND_HEIGHT, MIDDLE_LEFT = 5, 7, 8
FRAME = ("┌", "─", "┐", "│", "└", "┘")
ASCII_FRAME = ("+", "-", "+", "|", "+", "+")

SORT_ORDERS = (N_("suit"), N_("rank"))  # the words for ``sort_by``, translated where shown


@lru_cache(maxsize=256)
def best_melds(variant, settings_items: tuple, hand: tuple[int, ...]):
    settings = dict(settings_items)
    return best_arrangement(hand, variant.meld_rules(settings), variant.value_function(settings))


class HandView(CardWidget):
    """Cards in the viewer's chosen order; the cursor and selection are the player's tools."""

    class CardClicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.order: list[int] = []
        self.cursor = 0
        self.selected: set[int] = set()
        self.staged: list[list[int]] = []  # groups put aside for one multi-meld action
        self.sort_by = "suit"
        self.kept_sorted = True  # until the player moves a card himself: then his order stays
        self._view: TableView | None = None
        self._orders: dict[int, list[int]] = {}  # each hot-seat player's own order
        self._kept: dict[int, bool] = {}  # and whether he keeps it sorted
        self._drawn: tuple | None = None  # what the last render drew from

    # --- the player's tools -------------------------------------------------------------

    def cursor_card(self) -> int | None:
        return self.order[self.cursor] if 0 <= self.cursor < len(self.order) else None  # a hand may have shrunk

    def chosen_cards(self) -> list[int]:
        """The selected cards in hand order; if none is selected, the card under the cursor."""
        chosen = [card for card in self.order if card in self.selected]
        if chosen:
            return chosen
        card = self.cursor_card()
        return [] if card is None else [card]

    def selected_cards(self) -> list[int]:
        return [card for card in self.order if card in self.selected]

    def move_cursor(self, step: int) -> None:
        if self.order:
            self.cursor = (self.cursor + step) % len(self.order)
            self._redraw()

    def set_cursor(self, index: int) -> None:
        if self.order:
            self.cursor = max(0, min(index, len(self.order) - 1))
            self._redraw()

    def toggle_selected(self) -> None:
        card = self.cursor_card()
        if card is not None:
            self.selected ^= {card}
            self._redraw()

    def clear_selection(self) -> None:
        self.selected.clear()
        self.staged.clear()
        self._redraw()

    def stage_selection(self) -> bool:
        cards = self.selected_cards()
        if not cards:
            return False
        self.staged.append(cards)
        self.selected.clear()
        self._redraw()
        return True

    def move_card(self, step: int) -> None:
        """Manual reordering: carry the card under the cursor one place left or right."""
        if len(self.order) < 2:
            return
        target = (self.cursor + step) % len(self.order)
        self.order[self.cursor], self.order[target] = self.order[target], self.order[self.cursor]
        self.cursor = target
        self.kept_sorted = False
        if self._view is not None:
            self._set_titles(self._view, self.order)
        self._redraw()

    def toggle_sort(self) -> str:
        self.sort_by = "rank" if self.sort_by == "suit" else "suit"
        self.kept_sorted = True
        self.sort_cards()
        return self.sort_by

    def sort_cards(self) -> None:
        key = sort_key_by_suit if self.sort_by == "suit" else sort_key_by_rank
        under_cursor = self.cursor_card()
        self.order.sort(key=lambda card: (key(card), card))
        if under_cursor in self.order:
            self.cursor = self.order.index(under_cursor)
        self._redraw()

    # --- rendering ----------------------------------------------------------------------

    def framed(self, view: TableView) -> bool:
        """Large cards, if the player wants them and the table has the room (the status line,
        the players' panel, the message line, the larger hand and the footer leave the middle
        MIDDLE_LEFT rows)."""
        if not getattr(self.app, "large_cards", False):
            return False
        players_panel = len(view.names) + 3
        return self.app.size.height - 1 - players_panel - 1 - LARGE_HAND_HEIGHT - 1 >= MIDDLE_LEFT

    def show(self, view: TableView) -> None:
        framed = self.framed(view)
        if framed != getattr(self, "_framed", False):
            self._framed = framed
            self.styles.height = LARGE_HAND_HEIGHT if framed else HAND_HEIGHT
        if self._view is not None and view.viewer != self._view.viewer:
            self._switch_player(view.viewer)
        self._view = view
        hand = view.observation["hand"] if view.hand_visible else []
        kept = [card for card in self.order if card in hand]
        fresh = [card for card in hand if card not in kept]
        self.order = kept + fresh  # in the player's own order, a card just drawn comes on the right
        if len(fresh) > len(kept):  # a new deal (or a redeal keeping a few cards) starts sorted
            self.kept_sorted = True
        if fresh and self.kept_sorted:
            self.sort_cards()  # a drawn card (or one given back by an undo) goes in its place
        self.selected &= set(hand)
        self.staged = [group for group in self.staged if set(group) <= set(hand)]
        if fresh and kept:
            self.cursor = self.order.index(fresh[-1])  # on the card just drawn, wherever it went
        self.cursor = max(0, min(self.cursor, len(self.order) - 1))
        self._set_titles(view, hand)
        self._redraw()

    def _redraw(self) -> None:
        """Draw the hand again if what it shows changed (the other seats' moves leave it as it is)."""
        if self._drawing() != self._drawn:
            self.refresh()

    def _drawing(self) -> tuple:
        """What :meth:`render` draws from (a new size comes with a redraw of its own)."""
        view = self._view
        shown = None if view is None else (view.hand_visible, view.variant.key, repr(view.observation["settings"]))
        look = (getattr(self.app, "ascii_only", False), getattr(self.app, "four_colour", False))
        return (shown, look, tuple(self.order), self.cursor, frozenset(self.selected), repr(self.staged))

    def _switch_player(self, viewer: int | None) -> None:
        """Hot-seat: each player keeps his own card order; nothing else carries over."""
        if self._view is not None and self._view.viewer is not None:
            self._orders[self._view.viewer] = self.order
            self._kept[self._view.viewer] = self.kept_sorted
        self.order = self._orders.get(viewer, []) if viewer is not None else []
        self.kept_sorted = self._kept.get(viewer, True) if viewer is not None else True
        self.selected.clear()
        self.staged.clear()
        self.cursor = 0

    def _set_titles(self, view: TableView, hand: list[int]) -> None:
        if view.viewer is None:  # the hand is not shown
            self.border_title = _("Hand")
            self.border_subtitle = ""
            return
        arrangement = self._arrangement(view, hand)
        value = (
            arrangement.value
            if view.variant.scores_deadwood
            else sum(view.variant.card_value(card, view.observation["settings"]) for card in hand)
        )
        label = _("deadwood") if view.variant.scores_deadwood else _("in hand")
        self.border_title = ngettext(
            "{name} · {n} card · {label} {value}",
            "{name} · {n} cards · {label} {value}",
            len(hand),
            name=view.names[view.viewer],
            label=label,
            value=value,
        )
        if not hand:
            self.border_subtitle = ""
        elif self.kept_sorted:
            self.border_subtitle = _("sorted by {key}", key=_(self.sort_by))
        else:
            self.border_subtitle = _("your order · s sorts")

    def _arrangement(self, view: TableView, hand: list[int]):
        settings = view.observation["settings"]
        return best_melds(view.variant, tuple(sorted(settings.items())), tuple(sorted(hand)))

    def render(self) -> Text:
        self._drawn = self._drawing()
        view = self._view
        if view is None or not view.hand_visible:
            return Text(_("Cards hidden"), justify="center")
        if not self.order:
            return Text(_("No cards in hand"))
        look = self.card_look()
        meld_of = self._meld_of_cards(view)
        lines = ASCII_MELD_LINES if look.ascii_only else MELD_LINES
        widest = 9 if getattr(self, "_framed", False) else 8
        self._cell = cell_width = max(CELL, min(widest, self.content_size.width // len(self.order)))
        framed = getattr(self, "_framed", False)
        large = getattr(self.app, "large_cards", False)
        frame = ASCII_FRAME if look.ascii_only else FRAME
        tops, bottoms = Text(), Text()
        marks, row, under = Text(), Text(), Text()
        group_of = {card: number for number, group in enumerate(self.staged, start=1) for card in group}
        for index, card in enumerate(self.order):
            if framed:
                inner = card_cell(card, look, cell_width - 2)
                inner.stylize("bold")
                cell = Text(frame[3], style=look.style_for(card)) + inner + Text(frame[3], style=look.style_for(card))
                top = Text(frame[0] + frame[1] * (cell_width - 2) + frame[2], style=look.style_for(card))
                bottom = Text(frame[4] + frame[1] * (cell_width - 2) + frame[5], style=look.style_for(card))
                pieces = [top, cell, bottom]
            else:
                cell = card_cell(card, look, cell_width)
                if large:  # no room for frames: the rank text bold at least
                    cell.stylize("bold")
                pieces = [cell]
            for piece in pieces:
                if card in self.selected:
                    piece.stylize(self.get_component_rich_style("hand--selected", partial=True))
                if index == self.cursor:
                    piece.stylize(self.get_component_rich_style("hand--cursor", partial=True))
            if framed:
                tops.append_text(pieces[0])
                bottoms.append_text(pieces[2])
                row.append_text(pieces[1])
            else:
                row.append_text(cell)
            mark = " "
            if card in group_of:  # put aside for a multi-meld: the group's number
                mark = str(group_of[card])
            elif card in self.selected:
                mark = "v" if look.ascii_only else "▼"
            marks.append(mark.center(cell_width), style=self.get_component_rich_style("hand--mark", partial=True))
            meld = meld_of.get(card)
            line = lines[meld % len(lines)] if meld is not None else "   "
            style = "hand--meld" if meld is None or meld % 2 == 0 else "hand--meld-other"
            under.append(line.center(cell_width), style=self.get_component_rich_style(style, partial=True))
        if framed:
            return Text("\n").join([marks, tops, row, bottoms, under])
        return Text("\n").join([marks, row, under])

    def _meld_of_cards(self, view: TableView) -> dict[int, int]:
        """Each card of the best arrangement's melds, and which meld it is in: numbered by where
        the meld's first card sits in the hand, so the marks read left to right."""
        arrangement = self._arrangement(view, self.order)
        place = {card: index for index, card in enumerate(self.order)}
        melds = sorted(arrangement.melds, key=lambda meld: min(place.get(card, 0) for card in meld.cards))
        return {card: number for number, meld in enumerate(melds) for card in meld.cards}

    COMPONENT_CLASSES = CardWidget.COMPONENT_CLASSES | {
        "hand--cursor",
        "hand--selected",
        "hand--mark",
        "hand--meld",
        "hand--meld-other",
    }

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and self.order:
            index = offset.x // getattr(self, "_cell", CELL)
            if 0 <= index < len(self.order):
                self.post_message(self.CardClicked(index))
