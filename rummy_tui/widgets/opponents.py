"""The other seats: who they are, how many cards they hold, their totals and standing."""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
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


@dataclass
class Column:
    """A column of :func:`text_table`: its heading and cells, all on one line each."""

    heading: str
    cells: list[Text | str]
    width: int | None = None  # fixed; else as wide as its widest cell (or heading)
    rest: bool = False  # takes the width the others leave (cutting its cells with "…")
    right: bool = False
    bold: bool = False


def text_table(columns: list[Column], width: int) -> Text | Table:
    """The columns as lines of text, as Rich's Table draws them (no box, no edge, a cell after
    every column but the last, the headings bold, as wide as ``width``) at a fraction of its
    cost: the players' panel is drawn anew at every turn. When even one cell of the ``rest``
    column does not fit, Rich's own Table (which then narrows every column) draws them."""
    widths = [
        column.width if column.width is not None else max(cell_len(cell) for cell in [column.heading, *column.cells])
        for column in columns
    ]
    gaps = len(columns) - 1
    for index, column in enumerate(columns):
        if column.rest:
            longest = widths[index]
            widths[index] = width - gaps - sum(widths) + widths[index]
            if widths[index] < 1:
                return rich_table(columns)
            if widths[-1] == 0:  # Rich counts an empty last column 1 wide, narrows it back and
                widths[index] = min(widths[index], longest)  # leaves the rest column as wide as its cells
    lines = []
    for row in range(-1, len(columns[0].cells)):
        line = Text(end="")
        for index, column in enumerate(columns):
            line.append_text(table_cell(column, row, widths[index], last=index == gaps))
        lines.append(line)
    return Text("\n", end="").join(lines)


def table_cell(column: Column, row: int, width: int, last: bool) -> Text:
    """One cell as Rich draws it: the text cut or filled out to ``width`` (the fill in the
    text's own style), then the gap to the next column in the column's style (bold for a
    heading or a bold column), which is also under the whole cell."""
    text = column.heading if row < 0 else column.cells[row]
    text = text.copy() if isinstance(text, Text) else Text(text)
    text.truncate(width, overflow="ellipsis")
    if column.right:
        text.pad_left(width - text.cell_len)
    else:
        text.pad_right(width - text.cell_len)
    style = Style(bold=True) if row < 0 or column.bold else Style()
    cell = Text(end="")
    cell.append_text(text)
    if not last:
        cell.append(" ", style)
    cell.stylize_before(style)
    return cell


def rich_table(columns: list[Column]) -> Table:
    table = Table(box=None, pad_edge=False, show_edge=False, expand=True, padding=(0, 1, 0, 0))
    for column in columns:
        table.add_column(
            column.heading,
            no_wrap=True,
            width=column.width,
            ratio=1 if column.rest else None,
            justify="right" if column.right else "left",
            style="bold" if column.bold else "",
        )
    for row in range(len(columns[0].cells)):
        table.add_row(*(column.cells[row] for column in columns))
    return table


def cell_len(cell: Text | str) -> int:
    return cell.cell_len if isinstance(cell, Text) else Text(cell).cell_len


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
        columns = [
            Column("", [row["marker"] for row in rows], width=1),
            Column(_("player"), [dealer_kept(row["name"], row["dealer"], name_room) for row in rows], rest=True),
            Column("", [row["who"] for row in rows]),
            Column(_("cards"), [row["cards"] for row in rows], right=True),
            *(
                Column(_(column), [row[column] for row in rows], right=True, bold=column == "total")
                for column in optional
            ),
            Column("", [row["flags"] for row in rows]),
        ]
        self.update(text_table(columns, width))

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
