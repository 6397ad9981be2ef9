"""Ratings per player and variant, computed with openskill's Plackett-Luce model and kept in the
table server's SQLite file.

A player is an identity (an SSH key's, or this machine's local player), never a typed name.
Two pools are kept apart: games between at least two rated humans (``players``) and games of
one human against the computer (``computer``). Computer seats carry a fixed rating per level
and are never updated. A player who left a game (away past the grace period at its end) is
ranked below everyone who stayed; the others are ranked by the game as it was played.

The schema carries a version (``PRAGMA user_version``) brought up to date by the migrations
below, as the history file's is.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

from .paths import usable_folder
from .sqlite_files import opened, write_transaction

BUSY_TIMEOUT_SECONDS = 15.0
PLAYERS, COMPUTER = "players", "computer"  # the pools: against people, against the computer
POOLS = (PLAYERS, COMPUTER)
LOCAL_PLAYER = "local"  # the identity of this machine's own player (a table service nobody else reaches)
RATED_PREFIXES = ("key-", LOCAL_PLAYER)  # SSH keys and the local player; a guest's name proves nothing
AI_RATINGS = {"easy": 18.0, "normal": 25.0, "hard": 32.0}  # openskill mu per computer level, fixed
AI_SIGMA = 1.0
SHOWN_SCALE = 40  # a rating is shown as mu x 40: a newcomer is 1000
PROVISIONAL_SIGMA = 6.0  # a rating is provisional while its uncertainty is above this (about 12 games)
BOARD_SIZE = 20

# Each migration brings the schema from version N to N + 1; never edit one that has shipped.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE players (
        identity TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        hidden INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE ratings (
        identity TEXT NOT NULL REFERENCES players(identity),
        variant TEXT NOT NULL,
        pool TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL,
        updated TEXT NOT NULL,
        PRIMARY KEY (identity, variant, pool)
    );
    CREATE TABLE rated_games (
        game_id TEXT PRIMARY KEY,
        variant TEXT NOT NULL,
        pool TEXT NOT NULL,
        finished TEXT NOT NULL
    );
    CREATE INDEX ratings_by_variant ON ratings (variant, pool, mu);
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)

MODEL = PlackettLuce()


def shown(mu: float) -> int:
    """A rating as players read it."""
    return round(mu * SHOWN_SCALE)


def rated_identity(identity: str | None) -> str | None:
    """The identity a seat is rated under: an SSH key's, or the local player's (a seat taken
    with no identity, on a table service only this machine's user reaches); None for a guest."""
    if identity is None:
        return LOCAL_PLAYER
    return identity if identity.startswith(RATED_PREFIXES) else None


@dataclass(frozen=True)
class Entrant:
    """One seat of a finished game, as the ratings see it: a rated human (``identity``), an
    unrated one (no identity, no level), or the computer at ``level``."""

    name: str
    identity: str | None = None
    level: str | None = None
    left: bool = False  # left the game: ranked below everyone who stayed


@dataclass(frozen=True)
class Change:
    identity: str
    name: str
    pool: str
    before: float | None  # mu before the game (None: a first game)
    after: float
    sigma: float
    games: int

    @property
    def provisional(self) -> bool:
        return self.sigma > PROVISIONAL_SIGMA


@dataclass(frozen=True)
class Standing:
    place: int
    identity: str
    name: str
    mu: float
    sigma: float
    games: int
    hidden: bool

    @property
    def rating(self) -> int:
        return shown(self.mu)

    @property
    def provisional(self) -> bool:
        return self.sigma > PROVISIONAL_SIGMA


@dataclass(frozen=True)
class Board:
    variant: str
    pool: str
    rows: list[Standing]  # the top of the public board (and the viewer, if hidden)
    mine: Standing | None  # the viewer's own place, wherever it is
    hidden: bool  # whether the viewer is hidden from the public board


def finishing_ranks(result: dict[str, Any], players: int) -> list[int]:
    """Each seat's rank at the end (1 is best, ties share a rank): by the final totals, the
    winners' side being the better one; winners first and the rest tied if the totals say
    nothing of the order."""
    winners, final = list(result.get("winners") or []), list(result.get("final") or [])
    if len(final) != players or not winners:
        return [1 if seat in winners else 2 for seat in range(players)]
    best = [final[seat] for seat in winners]
    if max(best) >= max(final):
        key = [-value for value in final]
    elif min(best) <= min(final):
        key = list(final)
    else:
        return [1 if seat in winners else 2 for seat in range(players)]
    key = [value - 1e9 if seat in winners else value for seat, value in enumerate(key)]
    return [1 + sum(other < mine for other in key) for mine in key]


def rated_pool(entrants: Sequence[Entrant]) -> str | None:
    """Which pool a game counts in: two rated humans or more (``players``), one against the
    computer (``computer``), or none (nobody rated stayed, or one identity sat twice)."""
    people = [entrant.identity for entrant in entrants if entrant.identity is not None]
    if len(set(people)) != len(people) or not any(e.identity and not e.left for e in entrants):
        return None
    if len(people) >= 2:
        return PLAYERS
    if len(people) == 1 and any(entrant.level in AI_RATINGS for entrant in entrants):
        return COMPUTER
    return None


def match(entrants: Sequence[Entrant], ranks: Sequence[int]) -> tuple[list[Entrant], list[int]]:
    """The seats that take part in the rating (rated humans, computers; not unrated humans)
    with their ranks, leavers ranked below all who stayed."""
    taking_part = [(e, r) for e, r in zip(entrants, ranks, strict=True) if e.identity is not None or e.level]
    worst = max((rank for entrant, rank in taking_part if not entrant.left), default=0)
    return [e for e, _ in taking_part], [worst + 1 if e.left else r for e, r in taking_part]


def new_ratings(
    entrants: Sequence[Entrant], ranks: Sequence[int], current: dict[str, tuple[float, float]]
) -> dict[str, tuple[float, float]]:
    """openskill's new (mu, sigma) for each rated human, from their ``current`` ratings (a
    newcomer starts at the model's default) and the computer's fixed ones."""
    teams = []
    for entrant in entrants:
        if entrant.identity is not None:
            mu, sigma = current.get(entrant.identity, (MODEL.mu, MODEL.sigma))
        else:
            mu, sigma = AI_RATINGS[entrant.level or "normal"], AI_SIGMA
        teams.append([MODEL.rating(mu=mu, sigma=sigma)])
    rated = MODEL.rate(teams, ranks=list(ranks))
    return {
        entrant.identity: (team[0].mu, team[0].sigma)
        for entrant, team in zip(entrants, rated, strict=True)
        if entrant.identity is not None
    }


class RatingStore:
    """The ratings file: safe for the table server and a `rummy ratings` to use at once (WAL,
    short immediate transactions)."""

    def __init__(self, path: str | os.PathLike, busy_timeout: float = BUSY_TIMEOUT_SECONDS):
        self.path = Path(path)
        self.busy_timeout = busy_timeout
        usable_folder(self.path.parent)
        self._migrate()

    def _connection(self) -> contextlib.AbstractContextManager[sqlite3.Connection]:
        return opened(self.path, self.busy_timeout)

    @contextlib.contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        with self._connection() as connection, write_transaction(connection):
            yield connection

    def _migrate(self) -> None:
        with self._connection() as connection:
            connection.execute("PRAGMA journal_mode = WAL")
            if connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION:
                return
        with self._writing() as connection:
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise sqlite3.DatabaseError(
                    f"The ratings file {self.path} has schema version {version}; "
                    f"this version of rummy-tui reads up to {SCHEMA_VERSION}"
                )
            for number in range(version, SCHEMA_VERSION):
                for statement in filter(str.strip, MIGRATIONS[number].split(";")):
                    connection.execute(statement)
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def schema_version(self) -> int:
        with self._connection() as connection:
            return connection.execute("PRAGMA user_version").fetchone()[0]

    # --- games ----------------------------------------------------------------------------

    def record_game(
        self, game_id: str, variant: str, entrants: Sequence[Entrant], ranks: Sequence[int]
    ) -> list[Change]:
        """Rate one finished game (once: the same ``game_id`` again changes nothing); the
        changes, or [] if it is not rated."""
        pool = rated_pool(entrants)
        if pool is None:
            return []
        taking_part, their_ranks = match(entrants, ranks)
        now = datetime.now(UTC).isoformat(timespec="seconds")
        with self._writing() as connection:
            if connection.execute("SELECT 1 FROM rated_games WHERE game_id = ?", (game_id,)).fetchone():
                return []
            known = {e.identity: self._rating(connection, e.identity, variant, pool) for e in taking_part if e.identity}
            current = {identity: (row[0], row[1]) for identity, row in known.items() if row[0] is not None}
            after = new_ratings(taking_part, their_ranks, current)
            changes = []
            for entrant in taking_part:
                if entrant.identity is None:
                    continue
                mu, sigma = after[entrant.identity]
                played = (known[entrant.identity][2] or 0) + 1
                connection.execute(
                    "INSERT INTO players (identity, name) VALUES (?, ?) "
                    "ON CONFLICT (identity) DO UPDATE SET name = excluded.name",
                    (entrant.identity, entrant.name),
                )
                connection.execute(
                    "INSERT OR REPLACE INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (entrant.identity, variant, pool, mu, sigma, played, now),
                )
                before = current.get(entrant.identity)
                changes.append(
                    Change(entrant.identity, entrant.name, pool, before[0] if before else None, mu, sigma, played)
                )
            connection.execute("INSERT INTO rated_games VALUES (?, ?, ?, ?)", (game_id, variant, pool, now))
        return changes

    @staticmethod
    def _rating(connection: sqlite3.Connection, identity: str, variant: str, pool: str) -> tuple:
        row = connection.execute(
            "SELECT mu, sigma, games FROM ratings WHERE identity = ? AND variant = ? AND pool = ?",
            (identity, variant, pool),
        ).fetchone()
        return tuple(row) if row else (None, None, None)

    def rating(self, identity: str, variant: str, pool: str = PLAYERS) -> tuple[float, float, int] | None:
        """(mu, sigma, games), or None for a player not yet rated there."""
        with self._connection() as connection:
            row = self._rating(connection, identity, variant, pool)
        return None if row[0] is None else row

    # --- the board ------------------------------------------------------------------------

    def set_hidden(self, identity: str, hidden: bool, name: str = "") -> None:
        with self._writing() as connection:
            connection.execute(
                "INSERT INTO players (identity, name, hidden) VALUES (?, ?, ?) "
                "ON CONFLICT (identity) DO UPDATE SET hidden = excluded.hidden",
                (identity, name, int(hidden)),
            )

    def is_hidden(self, identity: str) -> bool:
        with self._connection() as connection:
            row = connection.execute("SELECT hidden FROM players WHERE identity = ?", (identity,)).fetchone()
        return bool(row and row[0])

    def board(self, variant: str, pool: str = PLAYERS, viewer: str | None = None, size: int = BOARD_SIZE) -> Board:
        """The top ``size`` of the public board (settled ratings first, then provisional ones,
        each by rating), the viewer among them even if hidden, and the viewer's own place."""
        with self._connection() as connection:
            rows = connection.execute(
                "SELECT r.identity, p.name, r.mu, r.sigma, r.games, p.hidden FROM ratings r "
                "JOIN players p ON p.identity = r.identity WHERE r.variant = ? AND r.pool = ? "
                "ORDER BY (r.sigma > ?), r.mu DESC, r.games DESC, r.identity",
                (variant, pool, PROVISIONAL_SIGMA),
            ).fetchall()
            hidden_row = connection.execute("SELECT hidden FROM players WHERE identity = ?", (viewer,)).fetchone()
        listed = [row for row in rows if not row[5] or row[0] == viewer]
        standings = [
            Standing(place, identity, name, mu, sigma, games, bool(hidden))
            for place, (identity, name, mu, sigma, games, hidden) in enumerate(listed, 1)
        ]
        mine = next((standing for standing in standings if standing.identity == viewer), None)
        return Board(variant, pool, standings[:size], mine, bool(hidden_row and hidden_row[0]))

    def variants(self) -> list[str]:
        """The variants with at least one rating, alphabetically."""
        with self._connection() as connection:
            return [row[0] for row in connection.execute("SELECT DISTINCT variant FROM ratings ORDER BY variant")]


def ratings_path(tables_dir: Path) -> Path:
    """Where a table service keeps its ratings: beside its tables."""
    return tables_dir / "ratings.sqlite3"
