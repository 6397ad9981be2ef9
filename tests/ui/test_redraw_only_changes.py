"""A move redraws only the panels it changed (issue 23): a panel given the picture it shows
already, or a border title it has, is not drawn again; anything else still is."""

from __future__ import annotations

import collections

from rich.console import Group
from rich.panel import Panel as RichPanel
from rich.table import Table
from rich.text import Text
from textual.widget import Widget

from rummy_tui.widgets.base import Panel
from rummy_tui.widgets.pictures import picture_key

from .driver import at_the_table, settle


def scores(rows: list[tuple[str, str]], style: str = "bold") -> Table:
    table = Table(box=None, expand=True, padding=(0, 1, 0, 0))
    table.add_column("player", no_wrap=True, ratio=1)
    table.add_column("total", justify="right", style=style)
    for name, total in rows:
        table.add_row(Text(name, style="dim"), total)
    return table


def test_pictures_drawing_the_same_have_one_key_and_any_difference_shows():
    assert picture_key(Text("Stock 30", style="bold")) == picture_key(Text("Stock 30", style="bold"))
    assert picture_key(Text("Stock 30")) != picture_key(Text("Stock 29"))
    assert picture_key(Text("Stock 30", style="red")) != picture_key(Text("Stock 30"))
    assert picture_key(Text("Stock 30", justify="center")) != picture_key(Text("Stock 30"))
    coloured = Text("7") + Text("H", style="red")
    assert picture_key(coloured) != picture_key(Text("7H"))
    assert picture_key(Group(Text("a"), Text("b"))) == picture_key(Group(Text("a"), Text("b")))
    assert picture_key(Group(Text("a"), Text("b"))) != picture_key(Group(Text("a")))
    assert picture_key(scores([("Ann", "10")])) == picture_key(scores([("Ann", "10")]))
    assert picture_key(scores([("Ann", "10")])) != picture_key(scores([("Ann", "11")]))
    assert picture_key(scores([("Ann", "10")])) != picture_key(scores([("Ann", "10")], style="italic"))
    assert picture_key(RichPanel("a")) is None  # not known: always drawn


class CountedRefreshes:
    def __init__(self, monkeypatch) -> None:
        self.counts: collections.Counter[str] = collections.Counter()
        refresh = Widget.refresh

        def counted(widget, *regions, **options):
            if widget.id:
                self.counts[widget.id] += 1
            return refresh(widget, *regions, **options)

        monkeypatch.setattr(Widget, "refresh", counted)


async def test_a_panel_draws_a_new_picture_or_title_and_not_the_same_one_again(monkeypatch):
    async with at_the_table("gin", 2, ["Ann"], seed=3) as (app, pilot):
        counted = CountedRefreshes(monkeypatch)
        status = app.screen.query_one("#status", Panel)
        status.update(Text("one"))
        status.update(Text("one"))
        assert counted.counts["status"] == 1
        status.update(Text("two"))
        status.border_title = "title"
        status.border_title = "title"
        assert counted.counts["status"] == 3
        await pilot.pause()
        assert "two" in app.screen.query_one("#status", Panel).render().plain


async def test_a_move_leaves_the_panels_it_did_not_change_alone(monkeypatch):
    async with at_the_table("gin", 2, ["Ann"], seed=3) as (app, pilot):
        counted = CountedRefreshes(monkeypatch)
        await pilot.press("p")  # pass the upcard: the computer draws and discards in turn
        await settle(pilot)
        assert counted.counts["piles"] >= 1 and counted.counts["log"] >= 1
        assert counted.counts["scores"] == counted.counts["melds"] == 0  # no score, no melds changed
        assert counted.counts["hand"] == 0  # the human's hand is as it was
        hand_before = list(app.screen.hand.order)
        await pilot.press("d")  # the human's own draw changes the hand
        await settle(pilot)
        assert counted.counts["hand"] >= 1 and app.screen.hand.order != hand_before
        cursor_redraws = counted.counts["hand"]
        await pilot.press("left")
        assert counted.counts["hand"] > cursor_redraws


async def test_four_colour_cards_redraw_the_hand(monkeypatch):
    async with at_the_table("gin", 2, ["Ann"], seed=3) as (app, pilot):
        counted = CountedRefreshes(monkeypatch)
        app.toggle_option("four_colour")
        assert counted.counts["hand"] == 1
