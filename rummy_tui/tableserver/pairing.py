"""Play now: players who ask for a variant and a player count wait at the pairing desk and are
seated together at a new table as soon as enough of them are there.

Pairing prefers similar ratings: a player is paired with others whose rating (openskill mu,
against people) is within a window around theirs, a window that widens the longer they wait,
so two far-apart players still meet when nobody closer comes. A waiting player hears how many
others are waiting for that variant and how many are playing it. One who has waited long
enough may ask to be seated now (``fill_ai``): with whoever waits for the same game, the
computer in the other seats. A play-now table is private and starts once every seat is taken.

Bounds (TableLimits settings): at most ``max_seekers`` waiting on the server, and
``seeks_per_minute`` (after ``seek_burst``) per identity, else per address; a client waits for
one game at a time (a new seek replaces the old one).
"""

from __future__ import annotations

import asyncio
import functools
import secrets
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rummy_tui.engine import Game
from rummy_tui.i18n import N_, msg

from .lifecycle import creator_key, refusal_to_create
from .limits import Throttle
from .protocol import AI_LEVELS, BadMessage, refusal
from .table import DEFAULT_ANSWER_SECONDS, DEFAULT_GRACE_SECONDS
from .table_seats import Seat

if TYPE_CHECKING:
    from .connection import Connection
    from .server import TableServer

KINDS = ("seek", "unseek")
TICK_SECONDS = 1.0  # how often waiting players are paired again (their windows widen) and told the counts


@functools.cache
def variant_rules() -> dict[str, Any]:
    """The variants this service plays, by key (looked up once)."""
    from variants import registry

    return registry()


@dataclass
class Seeker:
    connection: Connection
    variant: str
    players: int
    mu: float
    since: float = field(default_factory=time.monotonic)

    def window(self, now: float, base: float, widening: float) -> float:
        return base + widening * (now - self.since)


def closest_group(
    first: Seeker, others: list[Seeker], window: Callable[[Seeker], float], size: int
) -> list[Seeker] | None:
    """``first`` and the ``size - 1`` others closest to its rating, if each is within the other's
    window; None if not enough are."""
    near = sorted(others, key=lambda other: (abs(other.mu - first.mu), other.since))
    chosen = [other for other in near if abs(other.mu - first.mu) <= min(window(first), window(other))]
    return [first, *chosen[: size - 1]] if len(chosen) >= size - 1 else None


class PairingDesk:
    def __init__(self, server: TableServer) -> None:
        self.server = server
        self.seekers: dict[Connection, Seeker] = {}
        limits = server.limits
        self.throttle = Throttle(limits.seeks_per_minute / 60, limits.seek_burst)
        self._told: dict[Connection, tuple[int, int]] = {}
        self._ticking: asyncio.Task | None = None
        self._seating = asyncio.Lock()  # one group seated at a time: nobody is seated twice

    def start(self) -> None:
        self._ticking = asyncio.get_running_loop().create_task(self._tick_forever())

    def stop(self) -> None:
        if self._ticking is not None:
            self._ticking.cancel()

    def forget(self, connection: Connection) -> None:
        """A client gone (or seated, or no longer waiting)."""
        seeker = self.seekers.pop(connection, None)
        self._told.pop(connection, None)
        if seeker is not None:
            self.tell_counts(seeker.variant)

    # --- requests -------------------------------------------------------------------------

    async def handle(self, connection: Connection, kind: str, message: dict[str, Any]) -> None:
        if kind == "unseek":
            self.forget(connection)
            connection.send({"type": "unseeking", "re": "unseek"})
            return
        variant, players, fill_ai = message["variant"], message["players"], message.get("fill_ai")
        known = variant_rules()
        if variant not in known:
            raise BadMessage(f"seek.variant is one of {', '.join(sorted(known))}")
        low, high = known[variant].min_players, known[variant].max_players
        if not low <= players <= high:
            raise BadMessage(f"{variant} is played by {low} to {high} players")
        if fill_ai is not None and fill_ai not in AI_LEVELS:
            raise BadMessage(f"seek.fill_ai is one of {', '.join(AI_LEVELS)}")
        if not self.throttle.bucket(creator_key(connection.identity, connection.address)).take():
            connection.send(refusal("seek", msg(N_("You are asking to play too often: wait a moment and try again."))))
            self.server.refusals.write("seek-rate", connection.address, f"identity={connection.identity or '-'}")
            return
        waiting = self.seekers.get(connection)
        if waiting is None and len(self.seekers) >= self.server.limits.max_seekers:
            connection.send(
                refusal("seek", msg(N_("Too many players are waiting on this server; try again in a minute.")))
            )
            return
        mu = await self.server.ratings.mu_of(connection.identity, variant)
        if connection.closed:
            return
        keep_since = waiting.since if waiting and (waiting.variant, waiting.players) == (variant, players) else None
        seeker = Seeker(connection, variant, players, mu)
        if keep_since is not None:
            seeker.since = keep_since  # asking again for the same game keeps one's place
        self.seekers[connection] = seeker
        self._told.pop(connection, None)
        self.tell_counts(variant)
        if fill_ai is not None:
            await self._seat_now(seeker, fill_ai)
        else:
            await self.pair()

    # --- pairing --------------------------------------------------------------------------

    async def pair(self) -> None:
        """Seat every group that can be made now, longest-waiting players first."""
        now, limits = time.monotonic(), self.server.limits

        def window(seeker: Seeker) -> float:
            return seeker.window(now, limits.pairing_window, limits.pairing_widening)

        for first in sorted(self.seekers.values(), key=lambda seeker: seeker.since):
            if self.seekers.get(first.connection) is not first:
                continue  # seated meanwhile
            others = [s for s in self.seekers.values() if s is not first and self._same_game(s, first)]
            group = closest_group(first, others, window, first.players)
            if group is not None:
                await self._seat(group, first.variant, first.players, "normal")

    async def _seat_now(self, seeker: Seeker, level: str) -> None:
        """Seated now: with the closest of those waiting for the same game, the computer at
        ``level`` in the seats still empty."""
        others = sorted(
            (s for s in self.seekers.values() if s is not seeker and self._same_game(s, seeker)),
            key=lambda other: abs(other.mu - seeker.mu),
        )
        await self._seat([seeker, *others[: seeker.players - 1]], seeker.variant, seeker.players, level)

    @staticmethod
    def _same_game(one: Seeker, other: Seeker) -> bool:
        return (one.variant, one.players) == (other.variant, other.players)

    async def _seat(self, group: list[Seeker], variant: str, players: int, level: str) -> None:
        async with self._seating:
            group = [s for s in group if self.seekers.get(s.connection) is s and not s.connection.closed]
            if not group:
                return
            server = self.server
            creator = creator_key(group[0].connection.identity, group[0].connection.address)
            too_many = refusal_to_create(server.tables, creator, server.limits)
            if too_many is not None:
                for seeker in group:
                    self.forget(seeker.connection)
                    seeker.connection.send(refusal("seek", too_many))
                return
            for seeker in group:
                self.forget(seeker.connection)
            secrets.SystemRandom().shuffle(group)  # who sits first (and deals first) is chance
            seats = [Seat("human", f"Seat {i + 1}", level=level) for i in range(len(group))]
            seats += [Seat("ai", f"Computer {i + 1}", level=level) for i in range(len(group), players)]
            table = server.add_table(
                Game(variant, players, {}, seed=None),
                seats,
                grace=DEFAULT_GRACE_SECONDS,
                answer_limit=DEFAULT_ANSWER_SECONDS,
                creator=creator,
                autostart=True,
            )
            for number, seeker in enumerate(group):
                await server.seat(seeker.connection, table, number)

    # --- what waiting players hear --------------------------------------------------------

    def counts(self, variant: str) -> tuple[int, int]:
        """(players waiting for this variant, players at its tables in play)."""
        waiting = sum(seeker.variant == variant for seeker in self.seekers.values())
        playing = sum(
            len(table.members)
            for table in self.server.tables.values()
            if table.game.variant.key == variant and table.started and not table.game.is_over
        )
        return waiting, playing

    def tell_counts(self, variant: str | None = None) -> None:
        """Tell the players waiting (for ``variant``, or all) the counts, if they changed."""
        for connection, seeker in list(self.seekers.items()):
            if variant is not None and seeker.variant != variant:
                continue
            counts = self.counts(seeker.variant)
            if self._told.get(connection) != counts:
                self._told[connection] = counts
                connection.send(
                    {
                        "type": "seeking",
                        "re": "seek",
                        "variant": seeker.variant,
                        "players": seeker.players,
                        "waiting": counts[0],
                        "playing": counts[1],
                    }
                )

    async def _tick_forever(self) -> None:
        while True:
            await asyncio.sleep(TICK_SECONDS)
            try:
                await self.pair()
                self.tell_counts()
            except Exception:  # a failed round is tried again at the next tick
                traceback.print_exc()
