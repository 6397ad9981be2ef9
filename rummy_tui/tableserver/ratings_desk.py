"""The table service's ratings: each finished shared game is rated (storage/ratings.py), its
players read their new ratings in the table log, and any client may ask for a variant's board
or hide from it. The ratings file sits beside the tables; every use of it runs in a worker
thread, never on the event loop.
"""

from __future__ import annotations

import asyncio
import hashlib
import sqlite3
import sys
import time
import traceback
from pathlib import Path
from typing import Any, Protocol

from rummy_tui.i18n import N_, msg
from rummy_tui.storage.ratings import (
    COMPUTER,
    PLAYERS,
    Board,
    Change,
    Entrant,
    RatingStore,
    Standing,
    finishing_ranks,
    rated_identity,
    ratings_path,
    shown,
)

from .lifecycle import creator_key
from .limits import TableLimits, Throttle
from .protocol import (
    FIRST_RATING,
    FIRST_RATING_COMPUTER,
    NEW_RATING,
    NEW_RATING_COMPUTER,
    BadMessage,
    refusal,
)
from .table import Table

KINDS = ("ratings", "hide_rating")
PROVISIONAL_MARK = "?"  # after a provisional rating, in every language


class Client(Protocol):
    name: str
    identity: str | None
    address: str

    def send(self, message: dict[str, Any]) -> None: ...


def rating_text(mu: float, provisional: bool) -> str:
    return f"{shown(mu)}{PROVISIONAL_MARK if provisional else ''}"


def left_the_game(table: Table, seat: int, now: float) -> bool:
    """A player who was not at the table at the end, away past the grace period (or gone for
    good: a leave, or the computer already playing for them)."""
    place = table.seats[seat]
    if seat in table.members or place.away_since is None:
        return False
    return seat in table.covered or (table.grace is not None and now - place.away_since >= table.grace)


def entrants_of(table: Table) -> list[Entrant]:
    now = time.monotonic()
    return [
        Entrant(seat.name, level=seat.level)
        if seat.kind == "ai"
        else Entrant(seat.name, identity=rated_identity(seat.identity), left=left_the_game(table, index, now))
        for index, seat in enumerate(table.seats)
    ]


def game_id(table: Table) -> str:
    """One id per game played at a table (a table code may come again once its table is gone)."""
    seed = str(table.game.record.get("seed"))
    return f"{table.code}-{hashlib.sha256(seed.encode('utf-8')).hexdigest()[:16]}"


def standing_row(standing: Standing, viewer: str | None) -> dict[str, Any]:
    return {
        "place": standing.place,
        "name": standing.name,
        "rating": standing.rating,
        "games": standing.games,
        "provisional": standing.provisional,
        "me": standing.identity == viewer,
    }


class RatingsDesk:
    def __init__(self, tables_dir: Path, limits: TableLimits) -> None:
        self.path = ratings_path(tables_dir)
        self.throttle = Throttle(limits.board_requests_per_minute / 60, limits.board_burst)
        self._store: RatingStore | None = None
        self._rating: set[asyncio.Task] = set()

    def store(self) -> RatingStore:
        """The ratings file, opened (and brought up to date) at first use, in a worker thread."""
        if self._store is None:
            self._store = RatingStore(self.path)
        return self._store

    async def mu_of(self, identity: str | None, variant: str) -> float:
        """The rating a player is paired by: their rating against people, else the newcomer's."""
        from rummy_tui.storage.ratings import MODEL

        rated = rated_identity(identity)
        if rated is None:
            return MODEL.mu
        try:
            found = await asyncio.to_thread(lambda: self.store().rating(rated, variant, PLAYERS))
        except (sqlite3.Error, OSError):
            return MODEL.mu
        return found[0] if found else MODEL.mu

    # --- a finished game ------------------------------------------------------------------

    def finished(self, table: Table) -> None:
        """Called by a table as its game ends: rate it in the background."""
        result = table.game.state.result or {}
        entrants = entrants_of(table)
        ranks = finishing_ranks(result, len(entrants))
        task = asyncio.get_running_loop().create_task(self._rate(table, entrants, ranks))
        self._rating.add(task)
        task.add_done_callback(self._rating.discard)

    async def _rate(self, table: Table, entrants: list[Entrant], ranks: list[int]) -> None:
        variant = table.game.variant.key
        try:
            changes = await asyncio.to_thread(
                lambda: self.store().record_game(game_id(table), variant, entrants, ranks)
            )
        except (sqlite3.Error, OSError):
            print(f"table {table.code}: the game could not be rated", file=sys.stderr)
            traceback.print_exc()
            return
        for change in changes:
            self._tell(table, change)
        if changes:
            table.post("save_log")

    @staticmethod
    def _tell(table: Table, change: Change) -> None:
        seat = next((i for i, e in enumerate(table.seats) if rated_identity(e.identity) == change.identity), None)
        after = rating_text(change.after, change.provisional)
        if change.before is None:
            template = FIRST_RATING_COMPUTER if change.pool == COMPUTER else FIRST_RATING
            line = table.log.add(template, seat, name=change.name, after=after)
        else:
            template = NEW_RATING_COMPUTER if change.pool == COMPUTER else NEW_RATING
            line = table.log.add(template, seat, name=change.name, before=str(shown(change.before)), after=after)
        table.send_to_all({"type": "line", "table": table.code, "line": line})

    async def stop(self) -> None:
        if self._rating:
            await asyncio.wait(self._rating, timeout=5)

    # --- the board ------------------------------------------------------------------------

    async def handle(self, client: Client, kind: str, message: dict[str, Any], variants: set[str]) -> None:
        viewer = rated_identity(client.identity)
        if not self.throttle.bucket(creator_key(client.identity, client.address)).take():
            client.send(refusal(kind, msg(N_("You are asking for the ratings too often: wait a moment."))))
            return
        if kind == "hide_rating":
            if viewer is None:
                client.send(
                    refusal(kind, msg(N_("Only players who come with an SSH key are rated: there is nothing to hide.")))
                )
                return
            await asyncio.to_thread(lambda: self.store().set_hidden(viewer, message["hidden"], client.name))
            client.send({"type": "hidden", "re": kind, "hidden": message["hidden"]})
            return
        if message["variant"] not in variants:
            raise BadMessage(f"ratings.variant is one of {', '.join(sorted(variants))}")
        pool = COMPUTER if message.get("computer") else PLAYERS
        board = await asyncio.to_thread(lambda: self.store().board(message["variant"], pool, viewer))
        client.send({"type": "ratings", "re": kind, **board_message(board, viewer)})


def board_message(board: Board, viewer: str | None) -> dict[str, Any]:
    """A board as the ``ratings`` answer carries it (and `rummy ratings` prints it)."""
    return {
        "variant": board.variant,
        "pool": board.pool,
        "rows": [standing_row(row, viewer) for row in board.rows],
        "mine": standing_row(board.mine, viewer) if board.mine else None,
        "hidden": board.hidden,
        "rated": viewer is not None,
    }
