"""Every meld on the table, grouped by owner; one of them is the target of a lay-off."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message

from rummy_tui.engine.melds import Meld
from rummy_tui.i18n import _

from .base import CardWidget, TableView
from .cards import card_piece


def meld_piece(meld: Meld, look) -> Text:
    """The meld's cards; a joker shows what it stands for (``JK=9♥``)."""
    parts = []
    for card, face in zip(meld.cards, meld.faces):
        piece = card_piece(card, look)
        if piece.plain == "JK":
            piece += Text("=") + card_piece(face, look)
        parts.append(piece)
    return Text(" ").join(parts)


def meld_short(meld: Meld, look) -> Text:
    """A run of five or more as its ends (``2♦..A♦``, jokers named after it); otherwise in full."""
    if meld.kind != "run" or len(meld.cards) < 5:
        return meld_piece(meld, look)
    short = card_piece(meld.faces[0], look) + Text("..") + card_piece(meld.faces[-1], look)
    jokers = [face for card, face in zip(meld.cards, meld.faces) if card_piece(card, look).plain == "JK"]
    for face in jokers:
        short += Text(" JK=") + card_piece(face, look)
    return short


class MeldTableView(CardWidget):
    class MeldClicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = _("Table")
        self.target: int | None = None
        self.count = 0
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

    def _redraw(self) -> None:
        view = self._view
        if view is None:
            return
        look = self.card_look()
        table = view.observation["table"]
        settings = view.observation["settings"]
        crib = view.variant.crib(settings)  # knock games: how a hand ends, instead of melds
        if crib:
            self.border_title = _("How a hand ends")
            self.update(Text("\n".join(_(line, **settings) for line in crib), style="dim", no_wrap=True,
                             overflow="ellipsis"))
            return
        if not table:
            self.update(Text(_("No melds on the table."), style="dim"))
            return
        width = max(self.content_size.width, 20)
        lines = self._layout(view, table, look, width, meld_piece)
        if len(lines) > max(self.content_size.height, 1):
            lines = self._layout(view, table, look, width, meld_short)
        self.update(Text("\n").join(lines))

    def _layout(self, view: TableView, table: list, look, width: int, draw) -> list[Text]:
        """Each owner's melds, packed into lines of ``width``; remembers where each meld is."""
        lines: list[Text] = []
        self._spots = []  # (line, first column, last column, meld index) for clicks
        for owner in range(len(view.names)):
            mine = [(index, entry) for index, entry in enumerate(table) if entry["owner"] == owner]
            if not mine:
                continue
            line = Text(f"{view.names[owner]}:", style="bold")
            for index, entry in mine:
                chunk = Text(f"{index}) ", style="dim") + draw(Meld.from_json(entry["meld"]), look)
                if index == self.target:
                    chunk = Text(">", style="bold") + chunk
                    chunk.stylize(self.get_component_rich_style("melds--target", partial=True))
                if line.cell_len + 2 + chunk.cell_len > width and line.plain.strip():
                    lines.append(line)
                    line = Text("  ")
                else:
                    line.append("  ")
                self._spots.append((len(lines), line.cell_len, line.cell_len + chunk.cell_len, index))
                line.append_text(chunk)
            lines.append(line)
        return lines

    COMPONENT_CLASSES = CardWidget.COMPONENT_CLASSES | {"melds--target"}

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for line, first, last, index in getattr(self, "_spots", []):
            if line == offset.y and first <= offset.x < last:
                self.post_message(self.MeldClicked(index))
