"""The table's footer: Textual's, except that it never loses the help key for lack of room.

Textual's footer cuts whatever runs past the right edge, and the help key comes last, so a
selection that offers many moves (a joker: meld, lay off, joker, joker as) pushed "? Keys" off
screen. Here, when the keys do not fit, the command palette key goes first (ctrl+p still works,
and the keys screen names it), then the keys just before the help key, so that it always shows.
Every key left off still works; the keys screen lists them all.
"""

from __future__ import annotations

from textual.widgets import Footer
from textual.widgets._footer import FooterKey

HELP_ACTION = "help"


def key_cells(key: FooterKey) -> int:
    """The columns a footer key takes: its key with a cell either side, then its words and a cell."""
    if not key.description:
        return len(key.key_display)
    return len(key.key_display) + 2 + len(key.description) + 1


class KeepHelpFooter(Footer):
    def compose(self):
        widgets = list(super().compose())
        width = self.app.size.width
        if sum(key_cells(w) if isinstance(w, FooterKey) else 0 for w in widgets) <= width - 1:
            yield from widgets
            return
        widgets = [w for w in widgets if "-command-palette" not in w.classes]
        help_keys = [w for w in widgets if isinstance(w, FooterKey) and w.action == HELP_ACTION]
        others = [w for w in widgets if w not in help_keys]
        room = width - 1 - sum(key_cells(w) for w in help_keys)
        kept = []
        for widget in others:
            cells = key_cells(widget) if isinstance(widget, FooterKey) else 0
            if cells > room:
                break
            kept.append(widget)
            room -= cells
        yield from kept + help_keys

    def on_resize(self) -> None:
        if self.is_attached:
            self.call_after_refresh(self.recompose)
