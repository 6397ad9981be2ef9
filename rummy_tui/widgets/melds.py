"""Every meld on the table, grouped by owner; one of them is the target of a lay-off.

The panel is small at 80x24 (four lines with four players), so the melds are packed several
to a line, long runs drawn by their ends, and the panel scrolls so the target is always in view.
The full list is one key away (``T``, the table view).
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message

from rummy_tui.engine.melds import Meld
from rummy_tui.i18n import _, ngettext
from rummy_tui.plain import ascii_words

from .base import CardWidget, TableView
from .cards import card_piece


def meld_piece(meld: Meld, look, sep: str = " ") -> Text:
    """The meld's cards; a joker shows what it stands for (``JK=9♥``)."""
    parts = []
    for card, face in zip(meld.cards, meld.faces, strict=False):
        piece = card_piece(card, look)
        if piece.plain == "JK":
            piece += Text("=") + card_piece(face, look)
        parts.append(piece)
    return Text(sep).join(parts)


def meld_short(meld: Meld, look) -> Text:
    """A run of five or more as its ends (``2♦..A♦``, jokers named after it); otherwise in full."""
    if meld.kind != "run" or len(meld.cards) < 5:
        return meld_piece(meld, look)
    short = card_piece(meld.faces[0], look) + Text("..") + card_piece(meld.faces[-1], look)
    jokers = [face for card, face in zip(meld.cards, meld.faces, strict=False) if card_piece(card, look).plain == "JK"]
    for face in jokers:
        short += Text(" JK=") + card_piece(face, look)
    return short


def melds_by_owner(table: list[dict], seats: int) -> list[tuple[int, list[tuple[int, Meld]]]]:
    """Each owner (in seat order) with the numbered melds he laid."""
    owners = []
    for owner in range(seats):
        mine = [(index, Meld.from_json(entry["meld"])) for index, entry in enumerate(table) if entry["owner"] == owner]
        if mine:
            owners.append((owner, mine))
    return owners


class MeldTableView(CardWidget):
    class MeldClicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = _("Table")
        self.target: int | None = None
        self.fresh: set[int] = set()  # melds the others laid or added to since the viewer's last move
        self.count = 0
        self.top = 0  # the first line shown: the panel scrolls to keep the target in view
        self._lines: list[Text] = []
        self._spots: list[tuple[int, int, int, int]] = []
        self._view: TableView | None = None

    def step_target(self, step: int) -> int | None:
        if self.count:
            self.target = 0 if self.target is None else (self.target + step) % self.count
            self._redraw()
        return self.target

    def set_target(self, index: int) -> None:
        self.target = index
        self._redraw()

    def show(self, view: TableView) -> None:
        self._view = view
        self.count = len(view.observation["table"])
        if self.target is not None and self.target >= self.count:
            self.target = None
        self._redraw()

    def visible_melds(self) -> set[int]:
        """The numbers of the melds whose cards are on screen now."""
        height = self._height()
        return {index for line, _first, _last, index in self._spots if self.top <= line < self.top + height}

    def scroll_lines(self, step: int) -> None:
        self.top += step
        self._redraw(follow_target=False)

    def _height(self) -> int:
        return max(self.content_size.height, 1)

    def _redraw(self, follow_target: bool = True) -> None:
        view = self._view
        if view is None:
            return
        look = self.card_look()
        table = view.observation["table"]
        settings = view.observation["settings"]
        crib = view.variant.crib(settings)  # knock games: how a hand ends, instead of melds
        self.border_subtitle = ""
        if crib:
            self.border_title = _("How a hand ends")
            words = "\n".join(_(line, **settings) for line in crib)
            self.update(
                Text(ascii_words(words) if look.ascii_only else words, style="dim", no_wrap=True, overflow="ellipsis")
            )
            return
        if not table:
            self._lines, self._spots, self.top = [], [], 0
            self.update(Text(_("No melds on the table."), style="dim"))
            return
        width, height = max(self.content_size.width, 20), self._height()
        self._lines = self._layout(view, table, look, width, meld_piece, compact=False)
        if len(self._lines) > height:  # compact: long runs by their ends, melds closer together
            self._lines = self._layout(view, table, look, width, meld_short, compact=True)
        self._scroll_into_view(follow_target, height)
        shown = self._lines[self.top : self.top + height]
        self._set_scroll_caption(height)
        self.update(Text("\n").join(shown))

    def _scroll_into_view(self, follow_target: bool, height: int) -> None:
        if follow_target and self.target is not None:
            lines = [line for line, _first, _last, index in self._spots if index == self.target]
            if lines and lines[0] < self.top:
                self.top = lines[0]
            elif lines and lines[-1] >= self.top + height:
                self.top = lines[-1] - height + 1
        self.top = max(0, min(self.top, len(self._lines) - height))

    def _set_scroll_caption(self, height: int) -> None:
        """Say that lines are hidden, and where the whole table is."""
        above, below = self.top, len(self._lines) - self.top - height
        if above <= 0 and below <= 0:
            self.border_subtitle = ""
            return
        ascii_only = getattr(self.app, "ascii_only", False)
        marks = ("^" if ascii_only else "▲") * (above > 0) + ("v" if ascii_only else "▼") * (below > 0)
        hidden = max(above, 0) + max(below, 0)
        self.border_subtitle = ngettext(
            "{marks} {n} line more · T all", "{marks} {n} lines more · T all", hidden, marks=marks
        )

    def _layout(self, view: TableView, table: list, look, width: int, draw, compact: bool) -> list[Text]:
        """Each owner's melds, packed into lines of ``width``; remembers where each meld is."""
        gap, label = (" ", "{index})") if compact else ("  ", "{index}) ")
        lines: list[Text] = []
        self._spots = []  # (line, first column, last column, meld index) for clicks and scrolling
        for owner, melds in melds_by_owner(table, len(view.names)):
            line = Text(f"{view.names[owner]}:", style="bold")
            for index, meld in melds:
                chunk = Text(label.format(index=index), style="dim") + draw(meld, look)
                if index in self.fresh:  # another seat's move since the viewer's: "*" reads without colour
                    chunk = Text("*", style="bold") + chunk
                    chunk.stylize(self.get_component_rich_style("melds--fresh", partial=True))
                if index == self.target:
                    chunk = Text(">", style="bold") + chunk
                    chunk.stylize(self.get_component_rich_style("melds--target", partial=True))
                if line.cell_len + len(gap) + chunk.cell_len > width and line.plain.strip():
                    lines.append(line)
                    line = Text(gap)
                else:
                    line.append(gap)
                self._spots.append((len(lines), line.cell_len, line.cell_len + chunk.cell_len, index))
                line.append_text(chunk)
            lines.append(line)
        return lines

    COMPONENT_CLASSES = CardWidget.COMPONENT_CLASSES | {"melds--target", "melds--fresh"}

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for line, first, last, index in self._spots:
            if line == offset.y + self.top and first <= offset.x < last:
                self.post_message(self.MeldClicked(index))

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self.scroll_lines(1)
        event.stop()

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self.scroll_lines(-1)
        event.stop()
