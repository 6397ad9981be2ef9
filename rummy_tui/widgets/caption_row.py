"""A form's row that draws its own caption: one widget fewer than a row holding a Label.

The start screen's first screen shows rows of a caption and fields (Players, a row a seat); a
crowd of visitors arriving at once waits for every widget of every game's first screen, each a
few milliseconds of CPU to make, mount, style, lay out and draw. The row draws its caption in
its first CAPTION_CELLS columns, as a caption Label there showed it (``#start-form .caption``:
18 cells with one of padding on the right, on one line, an ellipsis if it is longer); its first
field has the class ``after-caption``, which the style sheet places past them.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import RenderResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widget import Widget

CAPTION_CELLS = 18  # the width of `#start-form .caption`, its padding included
CAPTION_TEXT_CELLS = CAPTION_CELLS - 1  # its right padding


class CaptionRow(Horizontal):
    """A row of fields with ``caption`` drawn to their left; the first field (of the class
    ``after-caption``) is placed past it."""

    def __init__(self, caption: str, *fields: Widget, **options) -> None:
        super().__init__(*fields, **options)
        self.caption = caption
        # Given by its maker, not added here: a class added to a widget not yet mounted restyles it as it mounts.
        if fields and not fields[0].has_class("after-caption"):
            raise ValueError("a CaptionRow's first field has the class after-caption")

    def render(self) -> RenderResult:
        caption = Content(self.caption)
        if cell_len(self.caption) > CAPTION_TEXT_CELLS:
            caption = caption.truncate(CAPTION_TEXT_CELLS, ellipsis=True)
        return caption
