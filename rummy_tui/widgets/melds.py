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
        self._line_to_meld: dict[int, int] = {}
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
        if not table:
            self.update(Text(_("No melds on the table."), style="dim"))
            return
        lines, self._line_to_meld = [], {}
        for owner in range(len(view.names)):
            mine = [(index, entry) for index, entry in enumerate(table) if entry["owner"] == owner]
            if not mine:
                continue
            lines.append(Text(view.names[owner], style="bold"))
            for index, entry in mine:
                pointer = ">" if index == self.target else " "
                line = Text(f"{pointer}{index:>2} ") + meld_piece(Meld.from_json(entry["meld"]), look)
                if index == self.target:
                    line.stylize(self.get_component_rich_style("melds--target", partial=True))
                self._line_to_meld[len(lines)] = index
                lines.append(line)
        self.update(Text("\n").join(lines))

    COMPONENT_CLASSES = CardWidget.COMPONENT_CLASSES | {"melds--target"}

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and offset.y in self._line_to_meld:
            self.post_message(self.MeldClicked(self._line_to_meld[offset.y]))
