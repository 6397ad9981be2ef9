"""What a picture shows, as a value to compare: a panel whose new picture shows what it showed
already is not drawn again.

:func:`picture_key` knows the Rich renderables the table's panels are made of (text, groups of
them, tables of them, plain strings); anything else gives None, and is always drawn.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from rich.box import Box
from rich.console import Group
from rich.style import Style
from rich.table import Column, Row, Table
from rich.text import Text
from textual.content import Content


class Uncomparable(Exception):
    """A part of the picture this module cannot compare."""


def picture_key(picture: Any) -> Hashable | None:
    """A value equal for two pictures exactly when they draw the same; None when unknown."""
    try:
        return _key(picture)
    except Uncomparable:
        return None


def _key(value: Any) -> Hashable:
    if value is None or isinstance(value, (str, int, float, bool)):
        return (type(value).__name__, value)
    if isinstance(value, Style):
        return ("style", value)
    if isinstance(value, Text):
        return (
            "text",
            value.plain,
            tuple(_span_key(span) for span in value.spans),
            _key(value.style),
            value.justify,
            value.overflow,
            value.no_wrap,
            value.end,
            value.tab_size,
        )
    if isinstance(value, Content):
        return ("content", value.plain, tuple(_span_key(span) for span in value.spans))
    if isinstance(value, Box):
        return ("box", id(value))  # the box styles are module constants
    if isinstance(value, (tuple, list)):
        return (type(value).__name__, *(_key(item) for item in value))
    if isinstance(value, Group):
        return ("group", value.fit, tuple(_key(item) for item in value.renderables))
    if isinstance(value, Table):
        return ("table", _attributes(value, skip=("columns", "rows")), _columns(value.columns), _rows(value.rows))
    raise Uncomparable(type(value).__name__)


def _span_key(span: Any) -> Hashable:
    start, end, style = span
    return (start, end, _key(style))


def _attributes(value: Any, skip: tuple[str, ...] = ()) -> Hashable:
    return tuple((name, _key(item)) for name, item in sorted(vars(value).items()) if name not in skip)


def _columns(columns: list[Column]) -> Hashable:
    return tuple(
        (_attributes(column, skip=("_cells",)), tuple(_key(cell) for cell in column._cells)) for column in columns
    )


def _rows(rows: list[Row]) -> Hashable:
    return tuple(_attributes(row) for row in rows)
