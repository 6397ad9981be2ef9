"""What a seat at a shared table adds to the screen: the server's views, its table log and chat.

The table lives in the table server, which plays the AI seats and saves; the screen only shows
the latest view it was sent. A worker awaits the next view and posts it as a message; the
handler renders it. There is no AI worker, no hand-off and no undo here (Römi's own takeback
is a move like any other).
"""

from __future__ import annotations

import contextlib
from typing import Any

from rich.console import Group
from rich.errors import MarkupError
from rich.text import Text
from textual import work
from textual.message import Message

from rummy_tui.i18n import _
from rummy_tui.tableserver.client import LOST, REPLY_TIMEOUT, TableError
from rummy_tui.tableserver.log_order import in_table_order
from rummy_tui.tableserver.protocol import log_line_markup
from rummy_tui.textual_guards import is_leaving
from rummy_tui.widgets.base import Panel, TableView
from rummy_tui.widgets.log import GameLog, event_line
from rummy_tui.widgets.opponents import OpponentsView

from .navigation import navigation
from .table_parts import TableParts

LOG_ENTRIES = 100  # the game's events and the table's lines kept for the log panel


class ViewArrived(Message):
    """The server sent a new view (None: the connection is gone)."""

    def __init__(self, view: dict[str, Any] | None) -> None:
        super().__init__()
        self.view = view


def fresh(seen: list, now: list) -> list:
    """The entries at the end of ``now`` that ``seen`` did not have: both are the latest lines
    of one growing log, so ``now`` begins where some end of ``seen`` is."""
    for overlap in range(min(len(seen), len(now)), 0, -1):
        if seen[-overlap:] == now[:overlap]:
            return now[overlap:]
    return list(now)


def table_line(entry: dict[str, Any]) -> Text:
    """A line of the table's own log, in the player's language (names and chat are
    markup-escaped by the server)."""
    try:
        line = Text.from_markup(log_line_markup(entry), style="italic")
    except MarkupError:
        line = Text(entry.get("text", ""), style="italic")
    line.no_wrap, line.overflow = True, "ellipsis"
    return line


class SharedTableLog(GameLog):
    """The game's log, and at a shared table the table's lines (chat, away, back) among them."""

    entries: list[tuple[str, dict]] | None = None  # set by a remote table screen

    def show(self, view: TableView) -> None:
        if self.entries is None:
            super().show(view)
            return
        look = self.card_look()
        room = max(self.content_size.height, 3)
        lines = [
            event_line(entry, view.names, look, view.viewer) if kind == "event" else table_line(entry)
            for kind, entry in self.entries[-room:]
        ]
        self.update(Group(*lines))


class SeatsView(OpponentsView):
    """The players panel, with a shared table's marks: away, the computer playing for someone."""

    marks: list[str] = []

    def _row(self, view: TableView, seat: int) -> dict:
        row = super()._row(view, seat)
        mark = self.marks[seat] if seat < len(self.marks) else ""
        if mark:  # in place of "human": a column of its own would squeeze every name to "…"
            row["who"] = row["who_short"] = Text(mark, style="italic")
        return row


def seat_mark(entry: dict[str, Any]) -> str:
    if entry.get("ai_playing"):
        return _("AI plays")
    if entry.get("away"):
        return _("away")
    if entry.get("kind") == "open":
        return _("free seat")
    return ""


class RemoteTurns(TableParts):
    """A mixin of :class:`TableScreen` for a :class:`RemoteSeat` (it uses the screen's seat,
    say, refresh_table and advance)."""

    _lost = False  # the connection is gone: reconnecting, or given up (_gave_up says why)
    _trying: tuple[int, int] | None = None  # reconnecting: (attempt, attempts)
    _gave_up: str | None = None
    _rendered: dict[str, Any] | None = None  # the view on screen
    _answered: dict[str, Any] | None = None  # the latest view handled here (our own move's is shown at once)
    _events_seen: list = []
    _lines_seen: list = []

    async def wait_for_first_view(self) -> None:
        if self.remote_seat.view is not None:
            return
        self.query_one("#status", Panel).update(_("Waiting for the table…"))
        await self.remote_seat.next_view(None, timeout=REPLY_TIMEOUT)
        if self.remote_seat.view is None:
            self.app.notify(_("The table sent nothing; try joining again."), severity="error")
            self.dismiss()

    @work(exclusive=True, group="views")
    async def watch_views(self) -> None:
        """Post every view the server sends (the latest, if several came at once) until the
        connection ends."""
        shown = self.remote_seat.view
        while True:
            view = await self.remote_seat.next_view(shown)
            self.post_message(ViewArrived(view))
            if view is None:
                return
            shown = view

    async def on_view_arrived(self, message: ViewArrived) -> None:  # by name: @on is not seen in a mixin
        if message.view is None:
            if self.remote_seat.client.closed:  # the screen is closing
                return
            self._lost = True
            self.say(_(LOST), error=True)
            self.refresh_table()
            self.reconnect()
            return
        view, before = self.remote_seat.view, self._rendered
        if view is None or view is self._answered:
            return  # several messages for one view
        self._answered = view
        if before is not None and before is not view and view["seq"] > before["seq"]:
            mover = before["observation"]["to_move"]
            if mover is not None and mover != self.viewer:
                self.say(self._latest_public_words(mover))
        self._takeback_refusal = ""
        if "takeback" in self.verbs and view["legal"]:
            with contextlib.suppress(TimeoutError, TableError, ConnectionError):
                self._takeback_refusal = await self.seat.why_not("takeback")
        self.refresh_table()
        self.advance()

    def waiting_text(self) -> str:
        """What the table waits for, if not a move (local tables never wait)."""
        if self.local:
            return ""
        if self._trying is not None:
            return _(
                "connection lost: reconnecting (try {attempt} of {attempts})…",
                attempt=self._trying[0],
                attempts=self._trying[1],
            )
        if self._lost:
            return _("not connected to the table server (a: try again or leave)")
        if not self.remote_seat.started:
            return _("waiting for the host to start")
        return ""

    def mark_seats(self, view: TableView) -> None:
        """Before rendering a remote seat's view: the table log merged with the game's, and the
        away marks of the seats."""
        if self.local:
            return
        current = self.remote_seat.view
        if current is not None and current is not self._rendered:
            self._rendered = current
            events, lines = current["observation"]["events"], current["log"]
            entries = in_table_order(fresh(self._events_seen, events), fresh(self._lines_seen, lines))
            self.table_lines = (self.table_lines + entries)[-LOG_ENTRIES:]
            self._events_seen, self._lines_seen = events, lines
        self.query_one(SharedTableLog).entries = self.table_lines
        self.query_one(SeatsView).marks = [seat_mark(entry) for entry in self.seats]

    # --- a lost connection ----------------------------------------------------------------

    @work(exclusive=True, group="reconnect")
    async def reconnect(self) -> None:
        """Connect again with backoff and take the seat back; then carry on from the table's
        view, or offer a way out once the attempts are used up."""
        from rummy_tui.tableserver.connect import reconnect_with_backoff

        self._gave_up = None
        client, before = self.remote_seat.client, self.remote_seat.view

        def trying(attempt: int, attempts: int) -> None:
            self._trying = (attempt, attempts)
            if self._still_shown():
                self.refresh_table()

        reason = await reconnect_with_backoff(client, trying)
        if reason is None:
            try:
                view = await client.wait_view(lambda view: view is not before)
            except TableError as problem:
                reason = str(problem)
        self._trying = None
        if not self._still_shown():  # the table was closed meanwhile
            return
        if reason is not None:
            self._gave_up = reason
            self.refresh_table()
            self.offer_a_way_out()
            return
        self._lost = False
        await self.on_view_arrived(ViewArrived(view))
        self.say(_("Reconnected."))
        self.watch_views()

    def _still_shown(self) -> bool:
        """The screen has its widgets: it is in the app and not closing. A closing screen loses
        its widgets before it unmounts (and cancels this worker), so between the two a refresh
        would find no log to fill and the failed worker would end the app."""
        return not is_leaving(self)

    def connection_trouble(self) -> None:
        """A move found the connection gone: reconnect, or offer the way out again."""
        if self._gave_up is not None:
            self.offer_a_way_out()
        elif self._trying is None:
            self._lost = True
            self.reconnect()

    def offer_a_way_out(self) -> None:
        from .menus import MovesMenu

        if any(isinstance(screen, MovesMenu) for screen in self.app.screen_stack):
            return
        from rummy_tui.tableserver.protocol import shown_code

        code = shown_code(self.remote_seat.client.table or "")
        title = _("{reason} Your seat is kept: `rummy join {code}` takes it back.", reason=self._gave_up, code=code)
        choices = [("retry", _("Try again to reach the table server")), ("leave", _("Leave the table"))]
        self.app.push_screen(MovesMenu(choices, title=title), self._way_out_chosen)

    def _way_out_chosen(self, choice: str | None) -> None:
        if choice == "retry":
            self.reconnect()
        elif choice == "leave":
            navigation(self).action_new_game()

    def action_chat(self) -> None:
        """Open the chat line (the lobby's ChatLine: Enter sends, Escape closes)."""
        from .lobby_chat import ChatLine

        if not self.local and not self._lost:
            self.query_one(ChatLine).open()

    async def on_unmount(self) -> None:
        """The screen owns its connection: closing the table leaves the seat (away, then the
        computer covers for it after the table's grace period; a kept token takes it back)."""
        if not self.local:
            await self.remote_seat.close()
