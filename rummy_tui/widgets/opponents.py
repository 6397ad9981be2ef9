"""The other seats: who they are, how many cards they hold, their totals and standing."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from rummy_tui.i18n import N_, _

from .base import CardWidget, TableView

# Per-seat flags a variant may keep in ``state.extra`` and the words that show them.
SEAT_FLAGS = {"opened": (N_("opened"), N_("not opened")), "eliminated": (N_("eliminated"), None),
              "active": (None, N_("eliminated"))}


class OpponentsView(CardWidget):
    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = _("Players")

    def show(self, view: TableView) -> None:
        obs = view.observation
        table = Table(box=None, pad_edge=False, show_edge=False, expand=True, padding=(0, 1, 0, 0))
        table.add_column("", no_wrap=True, width=1)
        table.add_column(_("player"), no_wrap=True, overflow="ellipsis", ratio=1)
        table.add_column("", no_wrap=True)
        table.add_column(_("cards"), justify="right", no_wrap=True)
        table.add_column("", no_wrap=True)
        for seat in range(obs["players"]):
            name = Text(view.names[seat], style="bold" if seat == obs["to_move"] else "")
            if seat == obs["dealer"]:
                name.append(" " + _("(dealer)"), style="dim")
            kind = view.kinds[seat]
            who = (_("you") if seat == view.viewer else _("human") if kind == "human"
                   else _("AI {level}", level=_(kind)))
            table.add_row(">" if seat == obs["to_move"] else "", name, Text(who, style="dim"),
                          str(obs["hand_sizes"][seat]) if obs["hand_sizes"] else "-",
                          ", ".join(self._flags(obs["extra"], seat)))
        self.update(table)

    @staticmethod
    def _flags(extra: dict, seat: int) -> list[str]:
        words = []
        for key, (yes, no) in SEAT_FLAGS.items():
            values = extra.get(key)
            if isinstance(values, list) and seat < len(values):
                word = yes if values[seat] else no
                if word:
                    words.append(_(word))
        return words
