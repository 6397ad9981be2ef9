"""A row that draws its own caption (rummy_tui/widgets/caption_row.py) shows what a row of a
caption Label and the same fields showed, cell for cell and style for style: a short caption,
and one too long for its 18 cells (cut with an ellipsis)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Input, Label

import rummy_tui
from rummy_tui.widgets.caption_row import CaptionRow
from rummy_tui.widgets.select import Select

CAPTIONS = ["Seat 2", "Játékosok száma a asztalnál"]


class Rows(App):
    CSS_PATH = Path(rummy_tui.__file__).parent / "rummy.tcss"
    AUTO_FOCUS = None

    def __init__(self, caption: str) -> None:
        super().__init__()
        self.caption = caption

    def compose(self) -> ComposeResult:
        kinds = [("Human", "human"), ("AI (normal)", "ai:normal")]
        with VerticalScroll(id="start-form"):
            yield Horizontal(
                Label(self.caption, classes="caption"),
                Input("North", classes="seat-name"),
                Select(kinds, value="ai:normal", allow_blank=False),
                classes="row",
                id="labelled",
            )
            yield CaptionRow(
                self.caption,
                Input("North", classes="seat-name after-caption"),
                Select(kinds, value="ai:normal", allow_blank=False),
                classes="row",
                id="captioned",
            )


@pytest.mark.parametrize("caption", CAPTIONS)
async def test_a_captioned_row_shows_what_a_labelled_one_did(caption):
    app = Rows(caption)
    async with app.run_test(size=(80, 6)) as pilot:
        await pilot.pause()
        labelled, captioned = app.query_one("#labelled"), app.query_one("#captioned")
        assert (labelled.region.height, captioned.region.height) == (1, 1)
        strips = app.screen._compositor.render_strips()
        assert cells(strips[labelled.region.y]) == cells(strips[captioned.region.y])
        shown = strips[captioned.region.y].text
    assert shown.lstrip().startswith(caption if len(caption) <= 17 else caption[:16] + "…")
    assert "North" in shown and "AI (normal)" in shown


async def test_the_first_field_must_be_placed_past_the_caption():
    async with Rows("Seat 1").run_test():
        with pytest.raises(ValueError):
            CaptionRow("Seat 1", Input("North", classes="seat-name"))


def cells(strip) -> list[tuple[str, object]]:
    """Each cell's character and style (how a line is cut into segments does not show)."""
    return [(character, segment.style) for segment in strip for character in segment.text]
