"""Plain terminals: ASCII only, for old SSH clients, a non-UTF-8 locale, ``TERM=vt100`` or ``--ascii``.

Two layers. Texts the app writes itself are made ASCII in words (``≤`` becomes ``<=``, ``…``
becomes ``...``); then a line filter on the whole app draws every remaining character, such as
Textual's borders, ellipses and checkboxes, as one ASCII character of the same width.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.segment import Segment
from textual.filter import LineFilter

if TYPE_CHECKING:
    from textual.app import App

    _App = App  # what PlainDisplay is mixed into
else:
    _App = object

PLAIN_TERMS = {"dumb", "vt52", "vt100", "vt102", "vt220", "ansi"}
UTF8 = re.compile(r"utf-?8", re.IGNORECASE)

# Whole words first, where the text can grow: what a sign means matters more than its width.
WORDS = {
    "≤": "<=",
    "≥": ">=",
    "…": "...",
    "→": "->",
    "←": "<-",
    "−": "-",
    "–": "-",
    "—": "--",
    "×": "x",
    "·": "-",
    "•": "*",
    "▶": ">",
    "⌊": "floor(",
    "⌋": ")",
}
# One character for one, so a frame keeps its layout.
CELLS = {
    "…": ".",
    "·": ".",
    "×": "x",
    "−": "-",
    "–": "-",
    "—": "-",
    "≤": "<",
    "≥": ">",
    "→": ">",
    "←": "<",
    "▶": ">",
    "◀": "<",
    "▲": "^",
    "▼": "v",
    "•": "*",
    "⌊": "[",
    "⌋": "]",
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "▐": "[",
    "▌": "]",
    "█": "#",
    "▔": "-",
    "▁": "_",
    "━": "=",
    "✓": "v",
    "✔": "v",
    "✕": "x",
    "✗": "x",
    "⏎": "<",
    "⭘": "o",
    "’": "'",
    "‘": "'",
    "“": '"',
    "”": '"',
    "\u00a0": " ",
}


def plain_terminal(environ: Mapping[str, str] | None = None) -> bool:
    """Whether the terminal should get ASCII only: a terminal type without line drawing, or a
    locale that names a character set other than UTF-8. No locale at all says nothing (most
    terminals today are UTF-8), but a C locale that Python itself coerced to C.UTF-8 is still C."""
    env = os.environ if environ is None else environ
    if env.get("TERM", "").lower() in PLAIN_TERMS:
        return True
    if env.get("LC_ALL"):
        return not UTF8.search(env["LC_ALL"])
    lang, ctype = env.get("LANG", ""), env.get("LC_CTYPE", "")
    if ctype == "C.UTF-8" and lang in ("C", "POSIX"):  # PEP 538 coercion leaves LANG as it was
        return True
    name = ctype or lang
    return bool(name) and not UTF8.search(name)


def ascii_words(text: str) -> str:
    """A text the app writes, in ASCII words (the width may change)."""
    if text.isascii():
        return text
    for sign, words in WORDS.items():
        text = text.replace(sign, words)
    return "".join(plain_cell(char) for char in text)


@lru_cache(maxsize=4096)
def plain_cell(char: str) -> str:
    """One character as ASCII of the same width: box drawing as + - |, accents dropped, the rest ?."""
    if char.isascii():
        return char
    if char in CELLS:
        return CELLS[char]
    name = unicodedata.name(char, "")
    if name.startswith("BOX DRAWINGS"):
        horizontal, vertical = "HORIZONTAL" in name, "VERTICAL" in name
        if horizontal and not vertical and "AND" not in name:
            return "-"
        if vertical and not horizontal and "AND" not in name:
            return "|"
        return "+"
    if "BLOCK" in name or "SHADE" in name:
        return "|" if "LEFT" in name or "RIGHT" in name else " "
    stripped = "".join(c for c in unicodedata.normalize("NFKD", char) if c.isascii())
    return stripped if len(stripped) == cell_len(char) else "?" * cell_len(char)


def plain_line(text: str) -> str:
    return text if text.isascii() else "".join(plain_cell(char) for char in text)


class AsciiFilter(LineFilter):
    """Draws every character of every widget as ASCII, keeping the colours."""

    def apply(self, segments: list[Segment], background) -> list[Segment]:
        return [
            segment
            if segment.control or segment.text.isascii()
            else Segment(plain_line(segment.text), segment.style, segment.control)
            for segment in segments
        ]


class PlainDisplay(_App):
    """An App mixin: with ``ascii_only`` set, every widget is drawn through :class:`AsciiFilter`."""

    ascii_only: bool = False
    _ascii_filter = AsciiFilter()

    def get_line_filters(self):
        filters = list(super().get_line_filters())
        return [*filters, self._ascii_filter] if self.ascii_only else filters

    def repaint_everything(self) -> None:
        """After switching ASCII on or off: every widget's cached lines are stale."""
        for screen in self.screen_stack:
            for widget in screen.walk_children(with_self=True):
                widget.refresh()
