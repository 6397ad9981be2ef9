"""The stock and the discard pile (and, in Gin, the knock limit the upcard set)."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message

from rummy_tui.i18n import _

from .base import CardWidget, TableView
from .cards import card_piece


class PilesView(CardWidget):
    """Stock count, top discard, and the facts the variant keeps on view all hand."""

    class PileClicked(Message):
        def __init__(self, pile: str) -> None:
            super().__init__()
            self.pile = pile  # "stock" or "discard"

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = _("Piles")

    def show(self, view: TableView) -> None:
        obs = view.observation
        look = self.card_look()
        discard = obs["discard"]
        line = Text(_("Stock {count}", count=obs["stock_count"]))
        self._discard_from = line.cell_len + 3
        line.append("   " + _("Discard "))
        line.append_text(card_piece(discard[-1], look) if discard else Text(_("empty")))
        if discard:
            line.append(" " + _("({count})", count=len(discard)), style="dim")
        lines = [line]
        extra = obs["extra"]
        if "knock_limit" in extra:  # Gin: the upcard's limit stays in view all hand
            limit = extra["knock_limit"]
            limit_line = Text(_("Knock limit {limit}", limit=limit) if limit else _("No knocking (ace)"), style="bold")
            if "upcard" in extra:
                limit_line += Text(" · " + _("upcard ")) + card_piece(extra["upcard"], look)
            if extra.get("doubled"):  # short: the line must fit the panel at 80 columns
                limit_line += Text(" " + ("x2" if look.ascii_only else "×2"), style="bold")
            lines.append(limit_line)
        self.update(Text("\n").join(lines))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and offset.y == 0:
            self.post_message(self.PileClicked("discard" if offset.x >= getattr(self, "_discard_from", 12) else "stock"))
