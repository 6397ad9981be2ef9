"""List rows that fit 80 columns: long cells wrap onto more lines instead of pushing the last
columns off the screen (a DataTable sizes each column to its widest cell)."""

from __future__ import annotations

import textwrap

from textual.widgets import DataTable


def wrapped(text: str, width: int) -> str:
    """``text`` on lines of at most ``width`` characters, broken between words where it can."""
    if len(text) <= width:
        return text
    return "\n".join(textwrap.wrap(text, width, break_on_hyphens=False, break_long_words=True)) or text


def add_narrow_row(table: DataTable, cells: tuple[str, ...], widths: dict[int, int], key: str | None = None) -> None:
    """Add ``cells`` with the cell in column ``i`` wrapped to ``widths[i]``; the row grows as tall
    as its tallest cell."""
    narrow = [wrapped(cell, widths[i]) if i in widths else cell for i, cell in enumerate(cells)]
    table.add_row(*narrow, height=None, key=key)
