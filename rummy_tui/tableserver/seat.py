"""What a table screen needs from a seat, wherever the game lives.

A :class:`SeatView` is one seat at one game: what this seat sees (its observation), what it
may do now, why a move is refused, and playing a move. :class:`LocalSeat` is a seat at a game
in this process (solo and hot-seat play, where the screen may change the seat it shows);
:class:`RemoteSeat` is a seat at a shared table, holding only what the server sent to it, so
a screen built on it cannot show another seat's cards.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from rummy_tui.engine import Game, IllegalAction

from .client import REPLY_TIMEOUT, TableClient, TableError


class SeatView(Protocol):
    @property
    def observation(self) -> dict[str, Any]: ...  # Game.observation(seat) for this seat

    @property
    def legal(self) -> list[str]: ...  # the actions offered; empty unless this seat is to move

    async def why_not(self, action: str) -> str | None: ...  # None if legal now, else the reason

    async def apply(self, action: str) -> None: ...  # TableError with the reason if refused


class LocalSeat:
    """A seat at a :class:`Game` in this process."""

    def __init__(self, game: Game, seat: int):
        self.game, self.seat = game, seat

    @property
    def observation(self) -> dict[str, Any]:
        return self.game.observation(self.seat)

    @property
    def legal(self) -> list[str]:
        return self.game.legal_actions() if self.game.current_seat == self.seat else []

    async def why_not(self, action: str) -> str | None:
        if self.game.current_seat != self.seat:
            return "It is not your turn."
        return self.game.why_not(action)

    async def apply(self, action: str) -> None:
        reason = await self.why_not(action)
        if reason is not None:
            raise TableError(reason)
        try:
            self.game.apply(action)
        except IllegalAction as refused:
            raise TableError(str(refused)) from None


class RemoteSeat:
    """A seat at a shared table, over a :class:`TableClient`: the seat the server gave us."""

    def __init__(self, client: TableClient):
        self.client = client

    @property
    def observation(self) -> dict[str, Any]:
        return self.client.view["observation"] if self.client.view else {}

    @property
    def legal(self) -> list[str]:
        return list(self.client.view["legal"]) if self.client.view else []

    @property
    def seats(self) -> list[dict[str, Any]]:
        return self.client.view["seats"] if self.client.view else []

    async def why_not(self, action: str) -> str | None:
        return await self.client.why_not(action)

    async def apply(self, action: str) -> None:
        """Play ``action`` and wait until the table has moved on; TableError if refused."""
        await self.apply_at(self.client.view["seq"], action)

    async def apply_at(self, seq: int, action: str) -> None:
        """Play ``action`` as the answer to view ``seq`` (the server refuses a stale one)."""
        while not self.client.messages.empty():  # what arrived before this move says nothing about it
            self.client.messages.get_nowait()
        await self.client.act(action, seq)
        while True:
            message = await asyncio.wait_for(self.client.messages.get(), REPLY_TIMEOUT)
            if message["type"] == "refused" and message.get("re") == "act" and message.get("action") == action:
                raise TableError(message["reason"])
            if message["type"] == "view" and message["seq"] > seq:
                return


