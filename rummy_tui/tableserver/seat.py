"""What a table screen needs from a seat, wherever the game lives.

A :class:`SeatView` is one seat at one game: what this seat sees (its observation), what it
may do now, who sits where, why a move is refused, and playing a move. :class:`LocalSeat` is a
seat at a game in this process (solo and hot-seat play, where the screen may change the seat it
shows, or show none); :class:`RemoteSeat` is a seat at a shared table, holding only what the
server sent to it, so a screen built on it cannot show another seat's cards.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from typing import Any, Protocol

from rummy_tui.engine import Game, IllegalAction
from rummy_tui.engine.verify import HandCheck, verify_record
from rummy_tui.i18n import _

from .client import NOT_SENT, REPLY_TIMEOUT, ConnectionLost, TableClient, TableError
from .protocol import RATING_TEMPLATES, reason_shown


class SeatView(Protocol):
    @property
    def seat(self) -> int | None: ...  # whose cards the view shows; None: every hand face down

    @property
    def observation(self) -> dict[str, Any]: ...  # Game.observation(seat) for this seat

    @property
    def legal(self) -> list[str]: ...  # the actions offered; empty unless this seat is to move

    @property
    def seats(self) -> list[dict[str, Any]]: ...  # per seat: name, kind ("human", "ai", "open"), level...

    @property
    def seq(self) -> int: ...  # the state version: how many actions have been applied

    @property
    def log(self) -> list[dict[str, Any]]: ...  # the table's own lines (chat, away, back); local: none

    @property
    def events(self) -> list[dict[str, Any]]: ...  # the game's public log, as far as this seat has it

    async def why_not(self, action: str) -> str | None: ...  # None if legal now, else the reason

    async def allowed(self, actions: list[str]) -> list[str]: ...  # those of actions legal now (one question)

    async def apply(self, action: str) -> None: ...  # TableError with the reason if refused

    async def choices(self, action: str) -> list[str]: ...  # the forms of a legal move (Gin's knock melds)

    async def deal_check(self, hand: int) -> HandCheck | None: ...  # hand's sealed deal checked (None: cannot be)


class LocalSeat:
    """A seat at a :class:`Game` in this process. ``seat`` may change (hot-seat hands the
    screen to the next player) and may be None: the public table, every hand face down."""

    def __init__(self, game: Game, seat: int | None, seats: list[dict[str, Any]] | None = None):
        self.game, self.seat = game, seat
        self._seats = seats
        self.add_own_randomness()

    def add_own_randomness(self) -> None:
        """The humans here mix their own randomness into the next deal (once it is sealed; not
        in a game with a chosen seed, which is meant to repeat)."""
        if self.game.chosen_seed or self.game.is_over:
            return
        for seat, entry in enumerate(self.seats):
            if entry.get("kind") == "human":
                self.game.contribute(seat, secrets.token_bytes(16))

    @property
    def observation(self) -> dict[str, Any]:
        if self.seat is None:
            return self.game.observation_public()
        return self.game.observation(self.seat)

    @property
    def legal(self) -> list[str]:
        return self.game.legal_actions() if self.seat is not None and self.game.current_seat == self.seat else []

    @property
    def seats(self) -> list[dict[str, Any]]:
        if self._seats is None:
            from rummy_tui.storage.saves import seat_entries

            self._seats = seat_entries(self.game.record)
        return self._seats

    @property
    def seq(self) -> int:
        return len(self.game.record["actions"])

    @property
    def log(self) -> list[dict[str, Any]]:
        return []

    @property
    def events(self) -> list[dict[str, Any]]:
        return self.game.state.events  # the whole public log (an observation holds the latest)

    async def why_not(self, action: str) -> str | None:
        if self.seat is None or self.game.current_seat != self.seat:
            return _("It is not your turn.")
        return self.game.why_not(action)

    async def allowed(self, actions: list[str]) -> list[str]:
        return [action for action in actions if await self.why_not(action) is None]

    async def apply(self, action: str) -> None:
        reason = await self.why_not(action)
        if reason is not None:
            raise TableError(reason)
        try:
            self.game.apply(action)
        except IllegalAction as refused:
            raise TableError(str(refused)) from None
        self.add_own_randomness()

    async def choices(self, action: str) -> list[str]:
        if self.seat is None or self.game.current_seat != self.seat:
            return [action]
        return self.game.variant.choices(self.game, action)

    async def deal_check(self, hand: int) -> HandCheck | None:
        """The hand's deal checked from the record's revealed secret, in a worker thread."""
        if not self.game.sealed_deals:
            return None
        record = json.loads(json.dumps(self.game.record))  # a copy: the game goes on meanwhile
        checks = await asyncio.to_thread(lambda: verify_record(record).hands)
        return next((check for check in checks if check.hand == hand), None)


RATING_WAIT = 10.0  # seconds the end of a shared game waits for the new ratings


class RemoteSeat:
    """A seat at a shared table, over a :class:`TableClient`: the seat the server gave us."""

    def __init__(self, client: TableClient):
        self.client = client

    async def rating_lines(self, timeout: float = RATING_WAIT) -> list[dict[str, Any]]:
        """Once the game is over: the table log's lines with the players' new ratings, as soon
        as the server has rated it ([] for a game it does not rate, after ``timeout``)."""

        def rated(view: dict[str, Any]) -> bool:
            return any(line.get("template") in RATING_TEMPLATES for line in view["log"])

        try:
            view = await self.client.wait_view(rated, timeout)
        except TableError:
            return []
        return [line for line in view["log"] if line.get("template") in RATING_TEMPLATES]

    @property
    def view(self) -> dict[str, Any] | None:
        return self.client.view

    @property
    def seat(self) -> int | None:
        return self.client.view["seat"] if self.client.view else self.client.seat

    @property
    def observation(self) -> dict[str, Any]:
        return self.client.view["observation"] if self.client.view else {}

    @property
    def legal(self) -> list[str]:
        return list(self.client.view["legal"]) if self.client.view else []

    @property
    def seats(self) -> list[dict[str, Any]]:
        return self.client.view["seats"] if self.client.view else []

    @property
    def seq(self) -> int:
        return self.client.view["seq"] if self.client.view else -1

    @property
    def log(self) -> list[dict[str, Any]]:
        return self.client.view["log"] if self.client.view else []

    @property
    def started(self) -> bool:
        return bool(self.client.view and self.client.view["started"])

    @property
    def events(self) -> list[dict[str, Any]]:
        return self.observation.get("events", [])  # the latest the server sends

    async def next_view(self, shown: dict[str, Any] | None, timeout: float | None = None) -> dict[str, Any] | None:
        """The latest view once it is not ``shown`` (each view the server sends is a new one);
        None once the connection is gone (or, with a ``timeout``, nothing came)."""
        try:
            return await self.client.wait_view(lambda view: view is not shown, timeout=timeout)
        except TableError:
            return None

    async def why_not(self, action: str) -> str | None:
        """None if legal now; while the connection is lost (or the server does not answer),
        the sentence saying so."""
        try:
            return await self.client.why_not(action)
        except ConnectionLost:
            return _(NOT_SENT)
        except TableError as problem:
            return str(problem)

    async def allowed(self, actions: list[str]) -> list[str]:
        try:
            return await self.client.allowed(actions)
        except TableError:  # lost, or no answer: nothing is offered, and playing says why
            return []

    async def apply(self, action: str) -> None:
        """Play ``action`` and wait until the table has moved on; TableError if refused."""
        view = self.client.view
        if view is None:
            raise TableError("no view to answer yet")
        await self.apply_at(view["seq"], action)

    async def apply_at(self, seq: int, action: str) -> None:
        """Play ``action`` as the answer to view ``seq`` (the server refuses a stale one)."""
        while not self.client.messages.empty():  # what arrived before this move says nothing about it
            self.client.messages.get_nowait()
        try:
            await self.client.act(action, seq)
        except ConnectionLost:
            raise ConnectionLost(_(NOT_SENT)) from None
        while True:
            message = await asyncio.wait_for(self.client.messages.get(), REPLY_TIMEOUT)
            if message["type"] == "lost":
                raise ConnectionLost()  # sent, perhaps played: the view after reconnecting tells
            if message["type"] == "refused" and message.get("re") == "act" and message.get("action") == action:
                raise TableError(reason_shown(message))
            if message["type"] == "view" and message["seq"] > seq:
                return

    async def choices(self, action: str) -> list[str]:
        try:
            return await self.client.choices(action)
        except TableError:
            return [action]  # playing it is refused with the sentence saying why

    async def chat(self, text: str) -> None:
        await self.client.chat(text)

    async def deal_check(self, hand: int) -> HandCheck | None:
        """This client's own check of the hand's revealed deal (see :mod:`.witness`)."""
        return await self.client.witness.check(hand)

    async def close(self) -> None:
        await self.client.close()


def seat_name(entry: dict[str, Any], index: int) -> str:
    """A seat's name; the ones a table server gives the seats nobody named ("Seat 2",
    "Computer 3") in this player's language (two players at a table may read two)."""
    if not entry.get("default_name"):
        return entry["name"]
    if entry["kind"] == "ai":
        return _("Computer {number}", number=index + 1)
    return _("Seat {number}", number=index + 1)
