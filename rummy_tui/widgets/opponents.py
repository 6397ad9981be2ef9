"""The other seats: who they are, how many cards they hold, their totals and standing."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from rummy_tui.i18n import N_, _

from .base import CardWidget, TableView

# Per-seat flags a variant may keep in ``state.extra`` and the words that show them.
SEAT_FLAGS = {"opened": (N_("opened"), N_("not opened")), "eliminated": (N_("out"), None), "active": (None, N_("out"))}
# Cells a name keeps before the optional columns are left off.
NAME_ROOM = 12
TOTAL_NAME_ROOM = 7


def dealer_kept(name: Text, dealer: bool, room: int) -> Text:
    """A dealer's name cut short before its "(D)" mark, so the mark shows however narrow the panel."""
    mark = " " + _("(D)")
    if not dealer or name.cell_len <= room or room <= len(mark) + 1:
        return name
    kept = name[: len(name.plain) - len(mark)]
    kept.truncate(room - len(mark), overflow="ellipsis")
    return kept + name[len(name.plain) - len(mark) :]


class OpponentsView(CardWidget):
    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = _("Players")
        self.border_subtitle = _("(D) deals this hand")

    def show(self, view: TableView) -> None:
        obs = view.observation
        rows = [self._row(view, seat) for seat in range(obs["players"])]
        width = self.content_size.width
        optional, used = self._optional_columns(rows, width)
        short = [dict(row, who=row["who_short"]) for row in rows]
        _same, short_used = self._optional_columns(short, width, optional)
        if self._names_cut(short, width - short_used - 1) < self._names_cut(rows, width - used - 1):
            rows, used = short, short_used  # the AI seats' levels give way to the names
        name_room = width - used - 1  # the name column and its padding take the rest
        table = Table(box=None, pad_edge=False, show_edge=False, expand=True, padding=(0, 1, 0, 0))
        table.add_column("", no_wrap=True, width=1)
        table.add_column(_("player"), no_wrap=True, overflow="ellipsis", ratio=1)
        table.add_column("", no_wrap=True)
        table.add_column(_("cards"), justify="right", no_wrap=True)
        for column in optional:
            table.add_column(_(column), justify="right", no_wrap=True, style="bold" if column == "total" else "")
        table.add_column("", no_wrap=True)
        for row in rows:
            table.add_row(
                row["marker"],
                dealer_kept(row["name"], row["dealer"], name_room),
                row["who"],
                row["cards"],
                *(row[column] for column in optional),
                row["flags"],
            )
        self.update(table)

    def _row(self, view: TableView, seat: int) -> dict:
        obs = view.observation
        flags = self._flags(obs["extra"], seat)
        out = _("out") in flags
        name = Text(view.names[seat], style="bold" if seat == obs["to_move"] else "dim" if out else "")
        dealer = seat == obs["dealer"]
        if dealer:
            name.append(" " + _("(D)"), style="dim")
        kind = view.kinds[seat]
        who = _("you") if seat == view.viewer else _("human") if kind == "human" else _("AI {level}", level=_(kind))
        short = who if seat == view.viewer or kind == "human" else _("AI")
        money = obs["extra"].get("money")
        return {
            "marker": ">" if seat == obs["to_move"] else "",
            "name": name,
            "dealer": dealer,
            "who": Text(who, style="dim"),
            "who_short": Text(short, style="dim"),
            "cards": str(obs["hand_sizes"][seat]) if obs["hand_sizes"] else "-",
            "total": str(obs["totals"][seat]) if obs["totals"] else "-",
            "money": str(money[seat]) if isinstance(money, list) and seat < len(money) else None,
            "flags": ", ".join(flags),
        }

    @staticmethod
    def _names_cut(rows: list[dict], room: int) -> int:
        return sum(row["name"].cell_len > room for row in rows)

    @staticmethod
    def _optional_columns(
        rows: list[dict], width: int, among: tuple[str, ...] | list[str] = ("total", "money")
    ) -> tuple[list[str], int]:
        """The total, then the money (of those ``among``), as far as they fit beside readable
        names (the score panel shows both too, so a narrow panel leaves them off rather than
        squeeze the names), and the cells every column but the name's then takes."""

        def cells(column: str, header: str = "") -> int:
            return max([Text(header).cell_len] + [Text(str(row[column])).cell_len for row in rows]) + 1

        # The marker column and its padding, the fixed columns, then the flags (no edge padding).
        used = 2 + cells("who") + cells("cards", _("cards")) + cells("flags") - 1
        longest = max(row["name"].cell_len for row in rows) + 1
        # The total is worth a shortened name ("Centr…"); the money is not.
        name_rooms = {"total": min(TOTAL_NAME_ROOM, longest), "money": min(NAME_ROOM, longest)}
        chosen = []
        for column in ("total", "money"):
            if column not in among or any(row[column] is None for row in rows):
                continue
            need = cells(column, _(column))
            if width - used - need >= name_rooms[column]:
                chosen.append(column)
                used += need
        return chosen, used

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
