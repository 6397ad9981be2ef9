"""Play now: choose a variant and a player count, and be seated with the next players on this
table service who want the same (tableserver/pairing.py). Nobody within the wait you chose?
Fill the empty seats with the computer at a level you pick, or keep waiting. While waiting you
see how many others wait for that variant and how many play it.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Static

from rummy_tui.i18n import N_, _, ngettext
from rummy_tui.tableserver.client import NoAnswer, TableClient, TableError
from rummy_tui.tableserver.protocol import AI_LEVELS, MAX_NAME_CHARS, BadMessage, clean_name
from rummy_tui.widgets.select import Select

WAIT_CHOICES = (
    (N_("15 seconds"), 15.0),
    (N_("30 seconds"), 30.0),
    (N_("1 minute"), 60.0),
    (N_("2 minutes"), 120.0),
    (N_("5 minutes"), 300.0),
)
DEFAULT_WAIT = 30.0
FORM_FIELDS = (
    "#play-now-variant",
    "#play-now-players",
    "#play-now-wait",
    "#play-now-name",
    "#play-now-find",
)
STARTED_WAIT = 8.0  # seconds to wait for a paired table's game to start before showing its lobby


def counts_text(variant_name: str, waiting: int, playing: int) -> str:
    """How many others wait for this variant (the count the desk sends includes you) and how
    many play it now."""
    others = ngettext(
        "{n} other player is waiting for {variant}.",
        "{n} other players are waiting for {variant}.",
        max(waiting - 1, 0),
        variant=variant_name,
    )
    busy = ngettext("{n} player is playing it now.", "{n} players are playing it now.", playing)
    return f"{others} {busy}"


class PlayNowScreen(Screen):
    DEFAULT_CSS = """
    PlayNowScreen #play-now { padding: 0 1; }
    PlayNowScreen #play-now-title { text-style: bold; color: $text-accent; }
    PlayNowScreen .row { height: auto; }
    PlayNowScreen .caption { width: 16; padding: 0 1 0 0; }
    PlayNowScreen .help { width: 1fr; padding: 0 1; color: $text-muted; height: auto; }
    PlayNowScreen Input { border: none; height: 1; padding: 0 1; background: $boost; width: 24; }
    PlayNowScreen Input:focus { background: $accent-muted; }
    PlayNowScreen SelectCurrent { border: none; height: 1; padding: 0 1; background: $boost; }
    PlayNowScreen Select:focus > SelectCurrent { background: $accent-muted; }
    PlayNowScreen Select { height: auto; width: 32; }
    PlayNowScreen #play-now-status { margin: 1 0 0 0; height: auto; }
    PlayNowScreen #play-now-error { color: $text-error; height: auto; }
    PlayNowScreen .buttons { height: auto; padding: 1 0 0 0; }
    PlayNowScreen .buttons Button { height: 1; border: none; min-width: 10; margin: 0 2 0 0; }
    PlayNowScreen #play-now-offer { display: none; }
    PlayNowScreen.offered #play-now-offer { display: block; }
    """
    BINDINGS = [
        Binding("ctrl+s", "find", _("Find players"), id="find"),
        Binding("escape", "back", _("Back"), id="back"),
    ]

    def __init__(
        self,
        variant: str | None = None,
        players: int | None = None,
        wait: float = DEFAULT_WAIT,
        level: str = "normal",
        at_once: bool = False,
    ) -> None:
        super().__init__()
        from rummy_tui.tableserver.connect import default_name
        from variants import registry

        self.variants = registry()
        self.variant_key = variant if variant in self.variants else next(iter(self.variants))
        rules = self.variants[self.variant_key]
        self.players = players if players and rules.min_players <= players <= rules.max_players else rules.min_players
        self.wait, self.level, self.at_once = wait, level if level in AI_LEVELS else "normal", at_once
        self.player_name = default_name()
        self.client: TableClient | None = None  # while waiting; the table screen takes it over
        self.deadline = 0.0  # when the computer is offered (loop time)
        self.fill_level: str | None = None  # asked to fill the empty seats, at this level
        self._poked = asyncio.Event()  # a button pressed while waiting

    def compose(self) -> ComposeResult:
        from .lobby import level_words

        with VerticalScroll(id="play-now"):
            yield Static(_("Play now: sit down with the next players who want the same game"), id="play-now-title")
            yield Horizontal(
                Label(_("Variant"), classes="caption"),
                Select(
                    [(rules.shown_name(), key) for key, rules in self.variants.items()],
                    value=self.variant_key,
                    allow_blank=False,
                    id="play-now-variant",
                ),
                classes="row",
            )
            yield Horizontal(
                Label(_("Players"), classes="caption"),
                Select(self._player_choices(), value=self.players, allow_blank=False, id="play-now-players"),
                classes="row",
            )
            yield Horizontal(
                Label(_("Wait"), classes="caption"),
                Select(self._wait_choices(), value=self.wait, allow_blank=False, id="play-now-wait"),
                Label(_("then the computer may fill the empty seats"), classes="help"),
                classes="row",
            )
            yield Horizontal(
                Label(_("Computer"), classes="caption"),
                Select(
                    [(level_words(level), level) for level in AI_LEVELS],
                    value=self.level,
                    allow_blank=False,
                    id="play-now-level",
                ),
                classes="row",
            )
            yield Horizontal(
                Label(_("Your name"), classes="caption"),
                Input(self.player_name, max_length=MAX_NAME_CHARS, id="play-now-name"),
                classes="row",
            )
            yield Horizontal(Button(_("Find players"), id="play-now-find"), classes="buttons")
            yield Static(id="play-now-status")
            yield Static(id="play-now-error")
            yield Horizontal(
                Button(_("Fill with the computer"), id="play-now-fill"),
                Button(_("Keep waiting"), id="play-now-keep"),
                id="play-now-offer",
                classes="buttons",
            )
        yield Footer()

    def _wait_choices(self) -> list[tuple[str, float]]:
        """The usual waits, and the one asked for (`rummy play-now --wait`) if it is another."""
        choices = [(_(words), seconds) for words, seconds in WAIT_CHOICES]
        if self.wait not in [seconds for _words, seconds in choices]:
            choices.insert(0, (_("{seconds} seconds", seconds=format(self.wait, "g")), self.wait))
        return choices

    def on_mount(self) -> None:
        if self.at_once:
            self.action_find()

    def _player_choices(self) -> list[tuple[str, int]]:
        rules = self.variants[self.variant_key]
        return [(str(n), n) for n in range(rules.min_players, rules.max_players + 1)]

    @on(Select.Changed, "#play-now-variant")
    def variant_chosen(self, event: Select.Changed) -> None:
        if not isinstance(event.value, str) or event.value == self.variant_key:
            return
        self.variant_key = event.value
        rules = self.variants[self.variant_key]
        self.players = max(rules.min_players, min(self.players, rules.max_players))
        players = self.query_one("#play-now-players", Select)
        players.set_options(self._player_choices())
        players.value = self.players

    @on(Select.Changed, "#play-now-players")
    def players_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, int):
            self.players = event.value

    def show_status(self, text: str) -> None:
        self.query_one("#play-now-status", Static).update(Text(text))

    def show_error(self, text: str) -> None:
        self.query_one("#play-now-error", Static).update(Text(text))

    # --- waiting --------------------------------------------------------------------------

    @on(Button.Pressed, "#play-now-find")
    def action_find(self) -> None:
        if self.client is not None:
            return  # already waiting
        try:
            name = clean_name(self.query_one("#play-now-name", Input).value)
        except BadMessage as problem:
            self.show_error(str(problem))
            return
        self.player_name = name
        self.wait = float(self.query_one("#play-now-wait", Select).value)  # type: ignore[arg-type]
        self.level = str(self.query_one("#play-now-level", Select).value)
        self.show_error("")
        self.find(self.variant_key, self.players, name)

    @work(exclusive=True, group="play-now")
    async def find(self, variant: str, players: int, name: str) -> None:
        from rummy_tui.tableserver.connect import NoTableServer, address, identity, open_client

        try:
            self.client = client = await open_client()
            await client.hello(name, identity=identity(), address=address())
            seeking = await client.seek(variant, players)
        except (NoTableServer, TableError) as problem:
            await self._give_up(str(problem))
            return
        except OSError as problem:
            await self._give_up(
                _("The table server could not be reached: {reason}", reason=problem.strerror or problem)
            )
            return
        self._lock_form(True)
        loop = asyncio.get_running_loop()
        self.deadline = loop.time() + self.wait
        self._show_waiting(seeking)
        try:
            welcome = await self._wait_for_seat(client, seeking)
        except TableError as problem:
            await self._give_up(str(problem))
            return
        if welcome is not None:
            await self._sit_down(client)

    def _lock_form(self, waiting: bool) -> None:
        """While waiting, the choices stay as asked (Back, then Play now again, changes them)."""
        for field in FORM_FIELDS:
            self.query_one(field).disabled = waiting

    async def _wait_for_seat(self, client: TableClient, seeking: dict[str, Any]) -> dict[str, Any] | None:
        """Wait for the welcome at a table, telling the counts as they change and offering the
        computer once the wait is over; pressing Fill asks the desk to seat us now."""
        loop = asyncio.get_running_loop()
        news: asyncio.Task | None = None
        try:
            while True:
                if news is None:
                    news = asyncio.ensure_future(client.news(timeout=None))
                poked = asyncio.ensure_future(self._poked.wait())
                counting_down = self.fill_level is None and not self.has_class("offered")
                tick = min(1.0, max(self.deadline - loop.time(), 0.0)) if counting_down else 1.0
                await asyncio.wait({news, poked}, timeout=tick, return_when=asyncio.FIRST_COMPLETED)
                poked.cancel()
                if news.done():
                    reply, news = news.result(), None
                    if reply["type"] == "welcome":
                        return reply
                    seeking = reply
                if self._poked.is_set():
                    self._poked.clear()
                    if self.fill_level is not None:
                        await client.send(
                            {
                                "type": "seek",
                                "variant": seeking["variant"],
                                "players": seeking["players"],
                                "fill_ai": self.fill_level,
                            }
                        )
                if loop.time() >= self.deadline and self.fill_level is None and not self.has_class("offered"):
                    self.add_class("offered")
                    self.query_one("#play-now-fill", Button).focus()  # Enter takes the offer
                self._show_waiting(seeking)
        except NoAnswer:
            return None
        finally:
            if news is not None:
                news.cancel()
                with contextlib.suppress(BaseException):
                    news.exception()  # retrieved: the connection's end is told elsewhere

    def _show_waiting(self, seeking: dict[str, Any]) -> None:
        variant_name = self.variants[seeking["variant"]].shown_name()
        counts = counts_text(variant_name, seeking["waiting"], seeking["playing"])
        if self.fill_level is not None:
            text = _("Sitting down with the computer…")
        elif self.has_class("offered"):
            text = _("Nobody else has come yet. Fill the empty seats with the computer, or keep waiting.")
        else:
            left = max(0, round(self.deadline - asyncio.get_running_loop().time()))
            text = ngettext(
                "Looking for players… the computer is offered in {n} second.",
                "Looking for players… the computer is offered in {n} seconds.",
                left,
            )
        self.show_status(f"{text}\n{counts}")

    @on(Button.Pressed, "#play-now-fill")
    def fill_with_computer(self) -> None:
        self.level = str(self.query_one("#play-now-level", Select).value)  # still open to change while waiting
        self.fill_level = self.level
        self.remove_class("offered")
        self._poked.set()

    @on(Button.Pressed, "#play-now-keep")
    def keep_waiting(self) -> None:
        self.remove_class("offered")
        self.deadline = asyncio.get_running_loop().time() + self.wait
        self._poked.set()

    async def _sit_down(self, client: TableClient) -> None:
        """At the table: once its game has started (every seat taken), else its lobby."""
        from .lobby import open_table, sit_down

        with contextlib.suppress(TableError):
            await client.wait_view(lambda view: view["started"], timeout=STARTED_WAIT)
        self.client = None  # the table (or the lobby) owns it now
        if client.view is not None and client.view["started"]:
            open_table(self.app, client)
        else:
            sit_down(self.app, client)

    async def _give_up(self, reason: str) -> None:
        self.show_error(reason)
        self.show_status("")
        self.remove_class("offered")
        self._lock_form(False)
        client, self.client = self.client, None
        if client is not None:
            await client.close()

    def action_back(self) -> None:
        self.dismiss()

    async def on_unmount(self) -> None:
        """Going back stops the waiting (the desk forgets a client that goes)."""
        client, self.client = self.client, None
        if client is not None:
            await client.close()
