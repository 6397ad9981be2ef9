"""The seats of a shared table (:mod:`.table`): who sits where, a seat taken by a token or an
identity, and the bookkeeping of players who leave, drop, stop answering and come back.

:class:`SeatKeeping` is mixed into :class:`~.table.Table`; its ``_on_*`` methods are commands
run by the table's one task, like the table's own.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Protocol

from rummy_tui.engine import Game
from rummy_tui.i18n import N_, msg

from .protocol import refusal

if TYPE_CHECKING:
    from .table import TableLog


class Member(Protocol):
    """A client at the table (a seat holder or a spectator), as the table sees it."""

    name: str

    def send(self, message: dict[str, Any]) -> None: ...


@dataclass
class Seat:
    kind: str  # "human" (a player's seat, taken or open) or "ai"
    name: str
    level: str = "normal"  # the AI that plays it, or covers for it while its player is away
    token_hash: str | None = None  # set once a player has taken the seat
    identity: str | None = None  # e.g. an SSH key fingerprint that may reclaim it
    away_since: float | None = None  # a taken human seat whose player is not connected

    @property
    def is_open(self) -> bool:
        return self.kind == "human" and self.token_hash is None

    def saved(self) -> dict[str, Any]:
        return {key: value for key, value in asdict(self).items() if key != "away_since"}


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class SeatKeeping:
    """Mixed into :class:`~.table.Table`, whose attributes and methods it uses."""

    code: str
    game: Game
    seats: list[Seat]
    members: dict[int, Member]  # seat -> the connected player
    spectators: set[Member]
    covered: set[int]  # away seats the AI is playing for
    silent: dict[int, Member]  # seat -> its player, connected but not answering (away)
    clock_away: set[int]
    started: bool
    autostart: bool
    empty_since: float | None
    log: TableLog

    if TYPE_CHECKING:  # the table's own

        def view(self, seat: int | None) -> dict[str, Any]: ...
        def broadcast(self) -> None: ...
        def _send_record(self, member: Member) -> None: ...
        async def _save_table(self, durable: bool = True) -> None: ...
        async def _begin(self) -> None: ...

    def seat_list(self) -> list[dict[str, Any]]:
        return [
            {
                "name": seat.name,
                "kind": "open" if seat.is_open else seat.kind,
                "level": seat.level,
                "default_name": seat.is_open or seat.kind == "ai",  # "Seat 2", "Computer 3": each client words it
                "connected": index in self.members,
                "away": seat.away_since is not None,
                "ai_playing": index in self.covered,
            }
            for index, seat in enumerate(self.seats)
        ]

    def seats_identity(self, identity: str | None) -> bool:
        """Whether ``identity`` (an SSH key's) holds a seat here."""
        return identity is not None and any(seat.identity == identity for seat in self.seats)

    async def _on_join(
        self, member: Member, wanted: int | None, token: str | None, identity: str | None, seated: asyncio.Future
    ) -> None:
        """Seat a player: the seat its token or identity reclaims, else the wanted or first
        free one. ``seated`` gets the seat number, or None if the player was refused."""
        seat = self._seat_of(member)
        if seat is not None:  # already sitting here
            member.send({"type": "welcome", "table": self.code, "seat": seat, "token": token or ""})
            seated.set_result(seat)
            return
        seat = self._reclaimable_seat(token, identity)
        if seat is None:
            reason, seat = self._free_seat(wanted)
            if reason:
                member.send(refusal("join", reason))
                seated.set_result(None)
                return
            token = secrets.token_urlsafe(18)
            self.seats[seat].token_hash, self.seats[seat].identity = token_hash(token), identity
            self.seats[seat].name = member.name
            self.log.add(N_("{name} sits down."), seat, name=member.name)
        else:
            token = token or ""
            self._come_back(seat, member)
        self.empty_since = None
        old = self.members.get(seat) or self.silent.pop(seat, None)
        if old is not None and old is not member:
            old.send(refusal("join", msg(N_("You sat down at this table from somewhere else."))))
        self.members[seat] = member
        await self._save_table()
        member.send({"type": "welcome", "table": self.code, "seat": seat, "token": token})
        if self.game.is_over:  # back after the end: the record they missed
            self._send_record(member)
        seated.set_result(seat)
        self.broadcast()
        if self.autostart and not self.started and not any(place.is_open for place in self.seats):
            await self._begin()  # each player has had a view asking for their randomness for the deal
            self.broadcast()

    async def _on_watch(self, member: Member) -> None:
        self.spectators.add(member)
        member.send({"type": "welcome", "table": self.code, "seat": None, "token": ""})
        member.send(self.view(None))

    async def _on_leave(self, member: Member) -> None:
        seat = self._seat_of(member)
        self.spectators.discard(member)
        if seat is not None:  # no grace period: the computer takes over at once
            self._go_away(seat, N_("{name} left the table."))
            self.seats[seat].away_since = float("-inf")
            self.broadcast()

    async def _on_dropped(self, member: Member) -> None:
        self.spectators.discard(member)
        self._forget_silent(member)
        seat = self._seat_of(member)
        if seat is not None:
            self._go_away(seat, N_("{name} is away."))
            self.broadcast()

    async def _on_silent(self, member: Member) -> None:
        """A connected player has not answered for :attr:`answer_limit` seconds (a frozen or
        stopped process): away, as if dropped, until it answers."""
        seat = self._seat_of(member)
        if seat is not None:
            self._go_away(seat, N_("{name} is not answering: away."))
            self.silent[seat] = member
            self.broadcast()

    async def _on_answered(self, member: Member) -> None:
        """A silent player answers again: the seat is theirs at once, unless taken back from
        somewhere else meanwhile."""
        seat = self._forget_silent(member)
        if seat is not None and seat not in self.members:
            self._come_back(seat, member)
            self.members[seat] = member
            self.broadcast()

    def _forget_silent(self, member: Member) -> int | None:
        seat = next((seat for seat, held in self.silent.items() if held is member), None)
        if seat is not None:
            del self.silent[seat]
        return seat

    def _seat_of(self, member: Member) -> int | None:
        return next((seat for seat, held in self.members.items() if held is member), None)

    def _reclaimable_seat(self, token: str | None, identity: str | None) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.token_hash and token and secrets.compare_digest(seat.token_hash, token_hash(token)):
                return index
            if seat.token_hash and identity and seat.identity == identity:
                return index
        return None

    def _free_seat(self, wanted: int | None) -> tuple[dict[str, Any] | None, int]:
        """(None, the seat to take), or (why not, as a message for the player's language, -1)."""
        if self.started:
            return msg(N_("The game has started; only its players can come back to it.")), -1
        if wanted is not None:
            if not 0 <= wanted < len(self.seats):
                return msg(N_("There is no seat {number} at this table."), number=wanted + 1), -1
            if not self.seats[wanted].is_open:
                return msg(N_("Seat {number} is not free."), number=wanted + 1), -1
            return None, wanted
        free = [index for index, seat in enumerate(self.seats) if seat.is_open]
        return (None, free[0]) if free else (msg(N_("The table is full.")), -1)

    def _come_back(self, seat: int, member: Member) -> None:
        place = self.seats[seat]
        if place.away_since is not None:
            self.log.add(N_("{name} is back."), seat, name=place.name)
        place.away_since = None
        self.covered.discard(seat)
        self.clock_away.discard(seat)

    def _go_away(self, seat: int, template: str) -> None:
        del self.members[seat]
        if not self.members:
            self.empty_since = time.monotonic()
        self.seats[seat].away_since = time.monotonic()
        self.log.add(template, seat, name=self.seats[seat].name)

    def write_seats_into_record(self) -> None:
        self.game.record["seats"] = self.seats_for_record()

    def seats_for_record(self) -> list[dict]:
        return [{"name": seat.name, "kind": seat.kind, "level": seat.level} for seat in self.seats]
