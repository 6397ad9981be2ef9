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
        lines = [Text(_("Stock: {count} cards", count=obs["stock_count"]))]
        discard = obs["discard"]
        top = card_piece(discard[-1], look) if discard else Text(_("empty"))
        lines.append(Text(_("Discard: ")) + top + Text(_("  ({count})", count=len(discard)) if discard else ""))
        extra = obs["extra"]
        if "knock_limit" in extra:
            limit = extra["knock_limit"]
            lines.append(Text(_("Knock limit: {limit}", limit=limit) if limit else _("No knocking (ace upcard)")))
            if "upcard" in extra:
                lines.append(Text(_("Upcard: ")) + card_piece(extra["upcard"], look)
                             + Text(_(" doubled") if extra.get("doubled") else ""))
        self.update(Text("\n").join(lines))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None:
            self.post_message(self.PileClicked("stock" if offset.y == 0 else "discard"))
