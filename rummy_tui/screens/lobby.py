"""Shared tables, before the game: host one (the host's form), and the lobby that every player
at the table sees until the host starts (the seats, who has joined, the table chat).

Players at their own terminals sit at one table on the table service (rummy_tui/tableserver):
each `rummy` is a seat client, and the table screen then shows only that seat's view.
"""

from __future__ import annotations

import contextlib
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, OptionList, Static

from rummy_tui.i18n import N_, _
from rummy_tui.tableserver.client import ConnectionLost, TableClient, TableError
from rummy_tui.tableserver.protocol import (
    AI_LEVELS,
    MAX_NAME_CHARS,
    BadMessage,
    clean_name,
    log_line_markup,
    shown_code,
)
from rummy_tui.widgets.select import Select

from .lobby_chat import ChatLine
from .start import StartScreen, setting_value
from .table_clock import chosen_clock, clock_row, clock_words

GRACE_CHOICES = (
    (N_("30 seconds"), 30),
    (N_("1 minute"), 60),
    (N_("2 minutes"), 120),
    (N_("5 minutes"), 300),
    (N_("never: wait for them"), -1),
)
ANSWER_CHOICES = ((N_("10 seconds"), 10), (N_("20 seconds"), 20), (N_("1 minute"), 60), (N_("5 minutes"), 300))
LOG_SHOWN = 6  # table log lines in the lobby


def level_words(level: str) -> str:
    return _("Computer ({level})", level=_(level))


class HostScreen(StartScreen, inherit_bindings=False):
    """The start screen's form for a shared table: the variant, its settings, the seats (the
    host's, open ones and computer ones), the AI level for seats nobody takes, how long an
    away player's turn waits for them, who finds the table (listed, or by its code only) and
    whether anyone may watch."""

    BINDINGS = [
        *Screen.BINDINGS,  # Tab and shift+Tab: the start screen's own keys are not inherited
        Binding("ctrl+s", "start", _("Host"), id="host"),
        Binding("f1", "rules", _("Rules"), id="rules"),
        Binding("escape", "back", _("Back"), id="back"),
    ]

    def __init__(self, public: bool | None = None, watchable: bool = True) -> None:
        super().__init__()
        from rummy_tui.tableserver.connect import default_name, may_start_a_server

        self.host_name = default_name()
        self._hosting = False
        # Private by default on a server others reach (`rummy serve`); on this machine's own
        # service every client is this user, so the table is listed.
        self.public = may_start_a_server() if public is None else public
        self.watchable = watchable

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="start-form"):
            yield Static(_("Host a table: players at their own terminals join it with its code"), id="start-title")
            yield OptionList(id="variant")
            yield Vertical(id="details")
        yield Footer()

    async def _build_details(self) -> None:
        details = self.query_one("#details", Vertical)
        await details.mount_all(
            [
                Horizontal(
                    Label(_("Seats"), classes="caption"),
                    Select(self._player_choices(), value=self.players, allow_blank=False, id="players"),
                    classes="row",
                ),
                Vertical(*self._seat_rows(), id="seats"),
                Horizontal(
                    Label(_("Open seats"), classes="caption"),
                    Select(
                        [(level_words(level), level) for level in AI_LEVELS],
                        value="normal",
                        allow_blank=False,
                        id="open-level",
                    ),
                    Label(_("play as the computer if nobody sits there"), classes="help"),
                    classes="row",
                ),
                clock_row(),
                Horizontal(
                    Label(_("Away players"), classes="caption"),
                    Select(
                        [(_(words), seconds) for words, seconds in GRACE_CHOICES],
                        value=60,
                        allow_blank=False,
                        id="grace",
                    ),
                    Label(_("the computer plays their turns after this wait"), classes="help"),
                    classes="row",
                ),
                Horizontal(
                    Label(_("Not answering"), classes="caption"),
                    Select(
                        [(_(words), seconds) for words, seconds in ANSWER_CHOICES],
                        value=20,
                        allow_blank=False,
                        id="answer-limit",
                    ),
                    Label(_("a player's game silent this long counts as away"), classes="help"),
                    classes="row",
                ),
                Horizontal(
                    Label(_("Who may join"), classes="caption"),
                    Select(
                        [(_("anyone: listed on this server"), True), (_("only players given the code"), False)],
                        value=self.public,
                        allow_blank=False,
                        id="public",
                    ),
                    classes="row",
                ),
                Horizontal(
                    Label(_("Watching"), classes="caption"),
                    Select(
                        [(_("allowed"), True), (_("off: only players see the table"), False)],
                        value=self.watchable,
                        allow_blank=False,
                        id="watchable",
                    ),
                    classes="row",
                ),
                Static(id="start-error"),
                Horizontal(
                    Button(_("Host the table"), id="host-go", variant="primary"),
                    Button(_("Back"), id="host-back"),
                    id="start-buttons",
                ),
                Static(_("Settings"), classes="section"),
                Vertical(*self._setting_rows(), id="settings"),
            ]
        )
        if not self.host_name:  # the one thing the host must type
            self.query_one("#host-name", Input).focus()

    def _seat_rows(self) -> list[Horizontal]:
        rows = [
            Horizontal(
                Label(_("Seat {number}", number=1), classes="caption"),
                Input(
                    value=self.host_name,
                    placeholder=_("your name"),
                    max_length=MAX_NAME_CHARS,
                    id="host-name",
                    classes="seat-name",
                ),
                Label(_("you, the host"), classes="help"),
                classes="row",
            )
        ]
        kinds = [(_("Open: a player may sit here"), "human")] + [(level_words(level), level) for level in AI_LEVELS]
        for seat in range(1, self.players):
            rows.append(
                Horizontal(
                    Label(_("Seat {number}", number=seat + 1), classes="caption"),
                    Select(kinds, value="human", allow_blank=False, id=f"seat-kind-{seat}", classes="seat-kind"),
                    classes="row",
                )
            )
        return rows

    @on(Input.Changed, "#host-name")
    def name_typed(self, event: Input.Changed) -> None:
        self.host_name = event.value  # kept when the seat rows are rebuilt

    def action_back(self) -> None:
        self.dismiss()

    @on(Button.Pressed, "#host-back")
    def back_pressed(self) -> None:
        self.action_back()

    @on(Button.Pressed, "#host-go")
    def action_start(self) -> None:
        if self._hosting:
            return
        if not self.form_ready:
            self._start_requested = True
            return
        try:
            request = self.table_request()
        except BadMessage as problem:  # the name
            self.show_error(str(problem))
            self.query_one("#host-name", Input).focus()
            return
        except ValueError as problem:
            self.show_error(str(problem))
            return
        self._hosting = True
        self.host(request)

    def show_error(self, text: str) -> None:
        error = self.query_one("#start-error", Static)
        error.update(Text(text))
        error.scroll_visible()

    def table_request(self) -> dict[str, Any]:
        """What the table service needs to create this table; BadMessage or ValueError (with
        a reason to show) if the form is not complete."""
        from rummy_tui.engine.variant import SettingError

        name = clean_name(self.query_one("#host-name", Input).value)
        seats = ["human"]
        for seat in range(1, self.players):
            kind = self.query_one(f"#seat-kind-{seat}", Select).value
            if kind not in ("human", *AI_LEVELS):
                raise ValueError(_("Choose who plays seat {number}.", number=seat + 1))
            seats.append(kind)
        variant = self.chosen
        settings = {name_: setting_value(self, name_) for name_ in variant.settings}
        try:
            settings = variant.resolve_settings(settings)
        except SettingError as problem:
            raise ValueError(str(problem)) from None
        grace = self.query_one("#grace", Select).value
        return {
            "name": name,
            "variant": variant.key,
            "seats": seats,
            "settings": settings,
            "grace": None if grace == -1 else grace,
            "ai_level": self.query_one("#open-level", Select).value,
            "answer_limit": self.query_one("#answer-limit", Select).value,
            "public": self.query_one("#public", Select).value is True,
            "watchable": self.query_one("#watchable", Select).value is True,
            "clock": chosen_clock(self),
        }

    @work(exclusive=True, group="host")
    async def host(self, request: dict[str, Any]) -> None:
        from rummy_tui.tableserver.connect import NoTableServer, address, identity, open_client

        client = None
        try:
            client = await open_client()
            await client.hello(request.pop("name"), identity=identity(), address=address())
            await client.create(**request)
            await client.next_view()
        except (NoTableServer, TableError) as problem:
            self.show_error(str(problem))
        except OSError as problem:
            self.show_error(_("The table server could not be reached: {reason}", reason=problem.strerror or problem))
        else:
            self.app.switch_screen(LobbyScreen(client))
            return
        finally:
            self._hosting = False
        if client is not None:
            await client.close()


def seat_status(seat: dict[str, Any]) -> str:
    if seat["kind"] == "open":
        return _("open (the computer, {level}, plays it if nobody sits here)", level=_(seat.get("level", "normal")))
    if seat["kind"] == "ai":
        return level_words(seat.get("level", "normal"))
    if seat["ai_playing"]:
        return _("away: the computer plays for them")
    if seat["away"] or not seat["connected"]:
        return _("away")
    return _("here")


def seats_text(seats: list[dict[str, Any]], mine: int | None) -> Text:
    """One line a seat; names are plain text, so a name like ``[b]x`` shows as typed."""
    text = Text()
    for index, seat in enumerate(seats):
        text.append(_("Seat {number}", number=index + 1) + "  ", style="bold")
        if seat["kind"] == "human":  # an AI seat's name says no more than its level
            text.append(seat["name"], style="bold" if index == mine else "")
            text.append("  ")
        text.append(seat_status(seat), style="dim")
        if index == mine:
            text.append("  " + _("(you)"))
        elif index == 0:
            text.append("  " + _("(host)"))
        text.append("\n")
    return text


def log_text(lines: list[dict[str, Any]]) -> Text:
    """The table log's last lines (the server escapes names and chat, so they are markup-safe)."""
    text = Text()
    for line in lines[-LOG_SHOWN:]:
        text.append_text(Text.from_markup(log_line_markup(line)))
        text.append("\n")
    return text


class LobbyScreen(Screen):
    """A shared table before its game: its code, its seats and who sits there, the table chat,
    and for the host a Start button. Every player and spectator at the table sees it until the
    host starts; then each goes to the table, seeing their own seat."""

    DEFAULT_CSS = """
    LobbyScreen #lobby { padding: 0 1; }
    LobbyScreen #lobby-title { text-style: bold; color: $text-accent; }
    LobbyScreen #lobby-code { padding: 1 0; }
    LobbyScreen #lobby-seats { height: auto; padding: 0 0 1 0; }
    LobbyScreen #lobby-log { height: auto; max-height: 6; color: $text-muted; }
    LobbyScreen #lobby-error { color: $text-error; }
    LobbyScreen #lobby-buttons { height: auto; padding: 1 0; }
    LobbyScreen #lobby-buttons Button { height: 1; border: none; min-width: 12; margin: 0 2 0 0; }
    """
    BINDINGS = [
        Binding("ctrl+s", "start_game", _("Start"), id="start"),
        Binding("escape", "leave", _("Leave"), id="leave"),
    ]

    def __init__(self, client: TableClient) -> None:
        super().__init__()
        self.client = client
        self.shown: dict[str, Any] | None = None
        self.hosting = client.seat == 0
        self.watching = client.seat is None
        self.owns_client = True  # until the table screen takes the connection over

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="lobby"):
            yield Static(id="lobby-title")
            yield Static(id="lobby-code")
            yield Static(id="lobby-seats")
            yield Static(id="lobby-log")
            if not self.watching:
                yield ChatLine(self.client, id="chat")
            yield Static(id="lobby-error")
            with Horizontal(id="lobby-buttons"):
                if self.hosting:
                    yield Button(_("Start the game"), id="lobby-start", variant="primary")
                yield Button(_("Leave"), id="lobby-leave")
        yield Footer()

    def on_mount(self) -> None:
        from rummy_tui.tableserver.connect import may_start_a_server
        from variants import get_variant

        shown = shown_code(self.client.table or "")
        title = _("Table {code}: {variant}", code=shown, variant=get_variant(self.variant_key()).shown_name())
        self.query_one("#lobby-title", Static).update(Text(title))
        if self.hosting and may_start_a_server():  # on this machine: the command works too
            code = _(
                "Players join with the code {code} (Join a table on the start screen, or `rummy join {code}`).",
                code=shown,
            )
        elif self.hosting:
            code = _("Players join with the code {code} (Join a table on the start screen).", code=shown)
        elif self.watching:
            code = _("You are watching: you see the table, not anyone's hand.")
        else:
            code = _("Waiting for the host to start the game.")
        if self.hosting:
            code += "\n" + self.who_finds_it()
        code += clock_words(self.view.get("clock"))
        self.query_one("#lobby-code", Static).update(Text(code))
        chat = self.query(ChatLine)
        if chat:  # what a player types on arriving goes to the table chat
            chat.first().focus()
        else:  # a spectator: the page scrolls, and Enter leaves nothing by accident
            self.query_one("#lobby", VerticalScroll).focus()
        self.follow()

    def who_finds_it(self) -> str:
        """For the host: who finds the table, and whether anyone may watch."""
        view = self.view
        if view.get("public", True):
            found = _("The table is in the Join list of everyone on this server.")
        else:
            found = _("The table is private: only players given its code find it.")
        if view.get("watchable", True):
            return found
        return found + " " + _("Watching is off.")

    def variant_key(self) -> str:
        return self.view["observation"]["variant"]

    @property
    def view(self) -> dict[str, Any]:
        """The table's latest view: the screen opens once the client has one."""
        view = self.client.view
        if view is None:
            raise LookupError("the lobby opened before the table sent a view")
        return view

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "start_game":
            return self.hosting
        return True

    def show(self, view: dict[str, Any]) -> None:
        self.shown = view
        self.query_one("#lobby-seats", Static).update(seats_text(view["seats"], self.client.seat))
        self.query_one("#lobby-log", Static).update(log_text(view["log"]))

    @work(exclusive=True, group="lobby-views")
    async def follow(self) -> None:
        """Show each view as it arrives; go to the table once the game has started (perhaps
        already, while this screen was opening)."""
        view = self.view
        while True:
            self.show(view)
            if view["started"]:
                self.owns_client = False
                open_table(self.app, self.client)
                return
            try:
                view = await self.client.wait_view(lambda v: v is not self.shown, timeout=None)
            except ConnectionLost:
                if self.client.closed:  # the screen is closing
                    return
                again = await self.reconnect()
                if again is None:
                    return
                view = again
            except TableError as problem:
                self.query_one("#lobby-error", Static).update(Text(str(problem)))
                return

    async def reconnect(self) -> dict[str, Any] | None:
        """Connect again with backoff and take the seat back: the table's view, or None (and
        the way out said) once the attempts are used up."""
        from rummy_tui.tableserver.connect import reconnect_with_backoff

        error, before = self.query_one("#lobby-error", Static), self.client.view

        def trying(attempt: int, attempts: int) -> None:
            error.update(
                Text(
                    _(
                        "The connection to the table server was lost: reconnecting (try {attempt} of {attempts})…",
                        attempt=attempt,
                        attempts=attempts,
                    )
                )
            )

        reason = await reconnect_with_backoff(self.client, trying)
        if reason is None:
            try:
                view = await self.client.wait_view(lambda v: v is not before)
            except TableError as problem:
                reason = str(problem)
        if reason is not None:
            error.update(
                Text(
                    _(
                        "{reason} Leave with Escape; `rummy join {code}` takes your seat back later.",
                        reason=reason,
                        code=shown_code(self.client.table or ""),
                    )
                )
            )
            return None
        error.update("")
        self.notify(_("Reconnected."))
        return view

    @on(Button.Pressed, "#lobby-start")
    async def action_start_game(self) -> None:
        if not self.hosting:
            return
        try:
            await self.client.start()
        except TableError as problem:  # the connection is lost: the lobby reconnects
            self.query_one("#lobby-error", Static).update(Text(str(problem)))

    @on(Button.Pressed, "#lobby-leave")
    async def action_leave(self) -> None:
        with contextlib.suppress(TableError):  # not connected: the seat is left away, its token takes it back
            await self.client.leave()
        self.dismiss()

    async def on_unmount(self) -> None:
        """Leaving, or quitting the app from the lobby, closes the connection (the table screen
        closes it once it has taken it over)."""
        if self.owns_client:
            await self.client.close()


def open_table(app, client: TableClient) -> None:
    """The table screen for this client's seat (or the public table, for a spectator); it owns
    the client from now on."""
    app.open_remote_table(client)


def sit_down(app, client: TableClient) -> None:
    """After joining or watching: the lobby while the host has not started, else the table."""
    if client.view is not None and client.view["started"]:
        open_table(app, client)
    else:
        app.switch_screen(LobbyScreen(client))
