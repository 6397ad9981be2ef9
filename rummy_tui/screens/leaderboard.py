"""The ratings board of this table service: the top players of a variant (their name, rating,
games, a ? while the rating is provisional) and your own place; against people, or against the
computer (those are kept apart). You may hide from the public board: then only you see
yourself on it.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from rummy_tui.i18n import _
from rummy_tui.tableserver.client import TableClient, TableError


def board_table(board: dict[str, Any]) -> Table:
    """The board's rows as a table; your own row in bold, marked with >."""
    table = Table(box=None, pad_edge=False, show_edge=False)
    table.add_column("", justify="right")  # the place
    table.add_column(_("Player"))
    table.add_column(_("Rating"), justify="right")
    table.add_column(_("Games"), justify="right")
    for row in board["rows"]:
        mark = "?" if row["provisional"] else ""
        table.add_row(
            f"{'>' if row['me'] else ''}{row['place']}.",
            Text(row["name"]),  # as typed: a name like [b]x shows as written
            f"{row['rating']}{mark}",
            str(row["games"]),
            style="bold" if row["me"] else "",
        )
    return table


def own_place_text(board: dict[str, Any], variant_name: str) -> str:
    if not board["rated"]:
        return _("Only players who come with an SSH key are rated.")
    mine = board["mine"]
    if mine is None:
        return _("You have no rating in {variant} here yet.", variant=variant_name)
    text = _("Your place: {place}, rating {rating}.", place=mine["place"], rating=mine["rating"])
    if mine["provisional"]:
        text += " " + _("Provisional (?) until you have played more games.")
    if board["hidden"]:
        text += " " + _("You are hidden from the public board: only you see yourself on it.")
    return text


class LeaderboardScreen(Screen):
    DEFAULT_CSS = """
    LeaderboardScreen #board-box { padding: 0 1; }
    LeaderboardScreen #board-title { text-style: bold; color: $text-accent; }
    LeaderboardScreen #board-mine { margin: 1 0 0 0; height: auto; }
    LeaderboardScreen #board-error { color: $text-error; height: auto; }
    """
    BINDINGS = [
        Binding("right", "next_variant(1)", _("Next variant"), id="next-variant", priority=True),
        Binding("left", "next_variant(-1)", _("Previous"), id="previous-variant", priority=True),
        Binding("c", "switch_pool", _("People / computer"), id="pool"),
        Binding("h", "hide", _("Hide / show me"), id="hide"),
        Binding("escape", "back", _("Back"), id="back"),
    ]

    def __init__(self, variant: str | None = None) -> None:
        super().__init__()
        from variants import registry

        self.variants = registry()
        self.keys = list(self.variants)
        self.variant_key = variant if variant in self.variants else self.keys[0]
        self.computer = False
        self.board: dict[str, Any] | None = None
        self.client: TableClient | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="board-box"):
            yield Static(id="board-title")
            yield Static(id="board-table")
            yield Static(id="board-mine")
            yield Static(id="board-error")
        yield Footer()

    def on_mount(self) -> None:
        self.show_title()
        self.load()

    def show_title(self) -> None:
        name = self.variants[self.variant_key].shown_name()
        title = (
            _("Ratings: {variant}, against the computer", variant=name)
            if self.computer
            else _("Ratings: {variant}, against people", variant=name)
        )
        self.query_one("#board-title", Static).update(Text(title))

    async def _client(self) -> TableClient:
        from rummy_tui.tableserver.connect import address, default_name, identity, open_client

        if self.client is None or not self.client.connected:
            client = await open_client()
            await client.hello(default_name() or _("Player"), identity=identity(), address=address())
            self.client = client
        return self.client

    @work(exclusive=True, group="board")
    async def load(self, hide: bool | None = None) -> None:
        from rummy_tui.tableserver.connect import NoTableServer

        error = self.query_one("#board-error", Static)
        try:
            client = await self._client()
            if hide is not None:
                await client.hide_rating(hide)
            board = await client.ratings(self.variant_key, computer=self.computer)
        except (NoTableServer, TableError) as problem:
            error.update(Text(str(problem)))
            return
        except OSError as problem:
            error.update(Text(_("The table server could not be reached: {reason}", reason=problem.strerror or problem)))
            return
        error.update("")
        self.board = board
        name = self.variants[self.variant_key].shown_name()
        shown = board_table(board) if board["rows"] else Text(_("Nobody is rated in {variant} here yet.", variant=name))
        self.query_one("#board-table", Static).update(shown)
        self.query_one("#board-mine", Static).update(Text(own_place_text(board, name)))

    def action_next_variant(self, step: int) -> None:
        self.variant_key = self.keys[(self.keys.index(self.variant_key) + step) % len(self.keys)]
        self.show_title()
        self.load()

    def action_switch_pool(self) -> None:
        self.computer = not self.computer
        self.show_title()
        self.load()

    def action_hide(self) -> None:
        if self.board is not None and self.board["rated"]:
            self.load(hide=not self.board["hidden"])

    def action_back(self) -> None:
        self.dismiss()

    async def on_unmount(self) -> None:
        if self.client is not None:
            await self.client.close()
