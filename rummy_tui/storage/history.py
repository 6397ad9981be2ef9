"""The history of finished hands and games, in one SQLite file in the data directory.

Two programs may write it at once (two SSH sessions on one account): the database runs in WAL
mode with a busy timeout, and every write is one short ``BEGIN IMMEDIATE`` transaction, so a
writer waits for the other instead of failing or corrupting the file. The schema carries a
version (``PRAGMA user_version``) and is brought up to date by the migrations below.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rummy_tui.engine import Game
from rummy_tui.i18n import english

from .paths import DATA_DIR_VARIABLE, history_path, usable_folder
from .saves import seat_kinds, seat_names
from .sqlite_files import opened, write_transaction

BUSY_TIMEOUT_SECONDS = 15.0

# Each migration brings the schema from version N to N + 1; never edit one that has shipped,
# add the next one instead.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE games (
        game_id TEXT PRIMARY KEY,
        variant TEXT NOT NULL,
        players INTEGER NOT NULL,
        settings TEXT NOT NULL,
        started TEXT,
        finished TEXT NOT NULL,
        duration_seconds REAL,
        hands INTEGER NOT NULL,
        winners TEXT NOT NULL,
        final TEXT NOT NULL,
        high_wins INTEGER NOT NULL,
        record TEXT NOT NULL
    );
    CREATE TABLE seats (
        game_id TEXT NOT NULL REFERENCES games(game_id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        kind TEXT NOT NULL,
        score REAL NOT NULL,
        won INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE TABLE hands (
        game_id TEXT NOT NULL,
        hand INTEGER NOT NULL,
        variant TEXT NOT NULL,
        points TEXT NOT NULL,
        note TEXT NOT NULL,
        winner INTEGER,
        recorded TEXT NOT NULL,
        PRIMARY KEY (game_id, hand)
    );
    CREATE INDEX seats_by_player ON seats (name, kind);
    CREATE INDEX games_by_finish ON games (finished);
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)


class HistoryError(Exception):
    """The history file cannot be used; the message names it."""


@dataclass(frozen=True)
class StatsRow:
    player: str
    kind: str  # "human" or "ai"
    variant: str
    games: int
    wins: int
    average_score: float
    best_score: float
    best_game: str

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class FinishedGame:
    game_id: str
    variant: str
    seats: list[str]
    final: list[float]
    winners: list[int]
    hands: int
    started: str | None
    finished: str
    duration_seconds: float | None

    @property
    def winner_names(self) -> list[str]:
        return [self.seats[w] for w in self.winners if 0 <= w < len(self.seats)]


@dataclass(frozen=True)
class RecentResult:
    game_id: str
    finished: str
    score: float
    won: bool


class History:
    """Finished hands and games; statistics per player and variant."""

    def __init__(self, path: str | os.PathLike | None = None, busy_timeout: float = BUSY_TIMEOUT_SECONDS):
        self.path = Path(path) if path is not None else history_path()
        self.busy_timeout = busy_timeout  # how long to wait for another program's write (seconds)
        usable_folder(self.path.parent)
        self.problem: str | None = None  # set when a damaged file had to be moved aside
        try:
            self._migrate()
        except sqlite3.DatabaseError as error:
            if not _is_corrupt(error):  # unreadable is not damaged: the player's games stay where they are
                raise HistoryError(self._cannot_open(error)) from None
            try:
                moved = self._set_aside()
            except OSError as move_error:
                raise HistoryError(
                    f"The history file {self.path} is damaged ({error}) and cannot be moved "
                    f"aside: {move_error.strerror or move_error}."
                ) from None
            self.problem = f"The history file {self.path} was damaged ({error}); it was moved to {moved}."
            self._migrate()

    def _cannot_open(self, error: sqlite3.DatabaseError) -> str:
        """Why a sound history file cannot be used, in one line; the file is left alone."""
        code = _primary_code(error)
        if code in (SQLITE_BUSY, SQLITE_LOCKED):
            return f"The history file {self.path} is busy: {error}"
        if code in (SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH):
            return f"The history file {self.path} cannot be opened: {error} ({_access_words(self.path)})."
        return f"The history file {self.path} cannot be used ({error}); it was left as it is."

    # --- connections and schema ---------------------------------------------------------

    def _connection(self) -> contextlib.AbstractContextManager[sqlite3.Connection]:
        return opened(self.path, self.busy_timeout)

    @contextlib.contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        with self._connection() as connection, write_transaction(connection):
            yield connection

    def _migrate(self) -> None:
        with self._connection() as connection:
            if connection.execute("PRAGMA journal_mode = WAL").fetchone()[0].lower() != "wal":
                raise HistoryError(f"The history file {self.path} cannot use WAL mode")
            if connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION:
                return  # up to date: no write lock, so opening it never waits for another program's write
        with self._writing() as connection:
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise HistoryError(
                    f"The history file {self.path} has schema version {version}; "
                    f"this version of rummy-tui reads up to {SCHEMA_VERSION}"
                )
            for number in range(version, SCHEMA_VERSION):
                for statement in _statements(MIGRATIONS[number]):
                    connection.execute(statement)
            if version != SCHEMA_VERSION:
                connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def schema_version(self) -> int:
        with self._connection() as connection:
            return connection.execute("PRAGMA user_version").fetchone()[0]

    def _set_aside(self) -> Path:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        counter = 1
        while target.exists():
            target = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{counter}")
            counter += 1
        os.replace(self.path, target)
        for suffix in ("-wal", "-shm"):  # they belong to the damaged file
            sidecar = self.path.with_name(self.path.name + suffix)
            if sidecar.exists():
                os.replace(sidecar, target.with_name(target.name + suffix))
        return target

    # --- writing ------------------------------------------------------------------------

    def record_hand(self, game_id: str, game: Game) -> None:
        """Record the hand that just ended (``state.last_hand``); recording it twice is harmless."""
        last = game.state.last_hand
        if not last:
            return
        row = next((r for r in game.state.sheet if r.get("hand") == last.get("hand")), None)
        if row is None:
            return
        with self._writing() as connection:
            self._insert_hand(connection, game_id, game.record["variant"], row, last.get("winner"))

    def record_game(
        self, game_id: str, game: Game, started: str | None = None, duration_seconds: float | None = None
    ) -> None:
        """Record a finished game and every one of its hands; recording it twice is harmless."""
        if not game.is_over:
            raise ValueError("only a finished game goes into the history")
        result = game.state.result or {}
        final = list(result.get("final") or game.state.totals)
        winners = [int(w) for w in result.get("winners") or []]
        names, kinds = seat_names(game.record), seat_kinds(game.record)
        hand_winners = _hand_winners(game)
        with self._writing() as connection:
            connection.execute(
                "INSERT OR IGNORE INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    game_id,
                    game.record["variant"],
                    game.record["players"],
                    json.dumps(game.record["settings"]),
                    started,
                    _now_text(),
                    duration_seconds,
                    len(game.state.sheet),
                    json.dumps(winners),
                    json.dumps(final),
                    int(_higher_wins(final, winners)),
                    json.dumps(game.record),
                ),
            )
            for seat, name in enumerate(names):
                connection.execute(
                    "INSERT OR IGNORE INTO seats VALUES (?,?,?,?,?,?)",
                    (game_id, seat, name, kinds[seat], _number(final, seat), int(seat in winners)),
                )
            for row in game.state.sheet:
                self._insert_hand(
                    connection, game_id, game.record["variant"], row, hand_winners.get(row.get("hand", 0))
                )

    def record_hands(self, game_id: str, game: Game) -> None:
        """Record every hand of the game's score sheet so far: those a busy history could not take
        when they ended as well as the last one. Each hand is recorded once, however often this runs."""
        if not game.state.sheet:
            return
        hand_winners = _hand_winners(game)
        with self._writing() as connection:
            for row in game.state.sheet:
                self._insert_hand(
                    connection, game_id, game.record["variant"], row, hand_winners.get(row.get("hand", 0))
                )

    def record_progress(
        self, game_id: str, game: Game, started: str | None = None, duration_seconds: float | None = None
    ) -> None:
        """What the app calls after every action: a hand that just ended, or the whole game."""
        if game.is_over:
            self.record_game(game_id, game, started, duration_seconds)
        elif game.state.last_hand and game.state.sheet:
            self.record_hand(game_id, game)

    @staticmethod
    def _insert_hand(connection: sqlite3.Connection, game_id: str, variant: str, row: dict, winner: Any) -> None:
        connection.execute(
            "INSERT OR IGNORE INTO hands VALUES (?,?,?,?,?,?,?)",
            (
                game_id,
                int(row.get("hand", 0)),
                variant,
                json.dumps(row.get("points", [])),
                english(row.get("note") or ""),
                winner if isinstance(winner, int) else None,
                _now_text(),
            ),
        )

    # --- reading ------------------------------------------------------------------------

    def hands(self, game_id: str) -> list[dict[str, Any]]:
        with self._connection() as connection:
            rows = connection.execute(
                "SELECT hand, points, note, winner FROM hands WHERE game_id = ? ORDER BY hand", (game_id,)
            ).fetchall()
        return [
            {"hand": hand, "points": json.loads(points), "note": note, "winner": winner}
            for hand, points, note, winner in rows
        ]

    def finished_games(self, limit: int | None = None, variant: str | None = None) -> list[FinishedGame]:
        """Finished games, newest first."""
        query = (
            "SELECT game_id, variant, final, winners, hands, started, finished, duration_seconds "
            "FROM games {} ORDER BY finished DESC, rowid DESC LIMIT ?"
        )
        where, parameters = ("WHERE variant = ?", [variant]) if variant else ("", [])
        with self._connection() as connection:
            games = connection.execute(
                query.format(where), [*parameters, limit if limit is not None else -1]
            ).fetchall()
            seats: dict[str, list[str]] = {}
            for game_id, name in connection.execute("SELECT game_id, name FROM seats ORDER BY game_id, seat"):
                seats.setdefault(game_id, []).append(name)
        return [
            FinishedGame(
                game_id,
                variant_key,
                seats.get(game_id, []),
                json.loads(final),
                json.loads(winners),
                hands,
                started,
                finished,
                duration,
            )
            for game_id, variant_key, final, winners, hands, started, finished, duration in games
        ]

    def record(self, game_id: str) -> dict[str, Any]:
        """The full game record of a finished game, for replay and export."""
        with self._connection() as connection:
            row = connection.execute("SELECT record FROM games WHERE game_id = ?", (game_id,)).fetchone()
        if row is None:
            raise KeyError(f"there is no finished game '{game_id}' in the history")
        return json.loads(row[0])

    def stats(self, variant: str | None = None) -> list[StatsRow]:
        """One row per player and variant: games, wins, average score and best game."""
        query = (
            "SELECT s.name, s.kind, g.variant, s.score, s.won, g.high_wins, g.game_id "
            "FROM seats s JOIN games g USING (game_id) {} ORDER BY g.finished"
        )
        where, parameters = ("WHERE g.variant = ?", [variant]) if variant else ("", [])
        with self._connection() as connection:
            rows = connection.execute(query.format(where), parameters).fetchall()
        groups: dict[tuple[str, str, str], list[tuple[float, int, int, str]]] = {}
        for name, kind, variant_key, score, won, high_wins, game_id in rows:
            groups.setdefault((name, kind, variant_key), []).append((score, won, high_wins, game_id))
        return [_stats_row(key, results) for key, results in sorted(groups.items(), key=_player_order)]

    def assistance_counts(self, variant: str | None = None) -> tuple[int, int, int]:
        """Finished games with a human seat: (assisted, unassisted, chosen seed). A game with a
        chosen seed (its deal could be known in advance) is counted apart, in neither of the
        others; of the rest, a game is assisted when a hint was asked for or a move taken back
        (an undo shows the AI's reply first). The table counts both in the game's record."""
        query = (
            "SELECT g.record FROM games g WHERE EXISTS "
            "(SELECT 1 FROM seats s WHERE s.game_id = g.game_id AND s.kind = 'human') {}"
        )
        where, parameters = ("AND g.variant = ?", [variant]) if variant else ("", [])
        with self._connection() as connection:
            records = [_record_from(row[0]) for row in connection.execute(query.format(where), parameters)]
        chosen = sum(1 for record in records if record.get("chosen_seed") is True)
        assisted = sum(
            1
            for record in records
            if record.get("chosen_seed") is not True and (_count_in(record, "hints") or _count_in(record, "undos"))
        )
        return assisted, len(records) - chosen - assisted, chosen

    def recent_results(self, player: str, variant: str | None = None, limit: int = 20) -> list[RecentResult]:
        """A player's last games, oldest first (for a small chart)."""
        query = (
            "SELECT g.game_id, g.finished, s.score, s.won FROM seats s JOIN games g USING (game_id) "
            "WHERE s.name = ? {} ORDER BY g.finished DESC, g.rowid DESC LIMIT ?"
        )
        where, parameters = ("AND g.variant = ?", [variant]) if variant else ("", [])
        with self._connection() as connection:
            rows = connection.execute(query.format(where), [player, *parameters, limit]).fetchall()
        return [RecentResult(game_id, finished, score, bool(won)) for game_id, finished, score, won in reversed(rows)]


# --- helpers -------------------------------------------------------------------------------


def _record_from(record_text: str) -> dict[str, Any]:
    try:
        record = json.loads(record_text)
    except ValueError:
        return {}
    return record if isinstance(record, dict) else {}


def _count_in(record: dict[str, Any], name: str) -> int:
    """A count the table keeps in the record (hints, undos); 0 when it is missing or odd."""
    count = record.get(name, 0)
    return count if isinstance(count, int) and not isinstance(count, bool) else 0


# SQLite's primary result codes (https://sqlite.org/rescode.html).
SQLITE_PERM, SQLITE_BUSY, SQLITE_LOCKED, SQLITE_READONLY = 3, 5, 6, 8
SQLITE_CORRUPT, SQLITE_CANTOPEN, SQLITE_AUTH, SQLITE_NOTADB = 11, 14, 23, 26


def _primary_code(error: sqlite3.Error) -> int | None:
    code = getattr(error, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def _is_corrupt(error: sqlite3.Error) -> bool:
    """Only what SQLite itself calls damaged: a malformed file, or one that is not a database."""
    return _primary_code(error) in (SQLITE_CORRUPT, SQLITE_NOTADB)


def _access_words(path: Path) -> str:
    """Why this user may not use the file, and what to do; the file itself is left alone."""
    try:
        if not path.exists():
            return (
                f"there is no history yet, and its folder {path.parent} is read-only for you: make the folder "
                f"writable, or set {DATA_DIR_VARIABLE} to another folder"
            )
        if not os.access(path, os.R_OK | os.W_OK):
            info = path.stat()
            return (
                f"it belongs to uid {info.st_uid} with mode {stat.filemode(info.st_mode)} and you are uid "
                f"{os.getuid()}; it was left as it is: give it back to your user (chown) to see your statistics"
            )
        if not os.access(path.parent, os.W_OK):
            return (
                f"its folder {path.parent} is read-only for you; it was left as it is: make the folder "
                f"writable, or set {DATA_DIR_VARIABLE} to another folder"
            )
    except OSError as error:
        return f"{(error.strerror or str(error)).lower()}; it was left as it is"
    return "a permission problem; it was left as it is"


def _statements(script: str) -> list[str]:
    return [statement.strip() for statement in script.split(";") if statement.strip()]


def _hand_winners(game: Game) -> dict[int, int]:
    """Who won each hand: ``last_hand`` only describes the latest, so replay the record once."""
    winners: dict[int, int] = {}
    try:
        replay = Game.replay(game.record, upto=0)
        seen = None
        for action in game.record["actions"]:
            replay.apply(action)
            last = replay.state.last_hand
            if last is not None and last is not seen:
                seen = last
                if isinstance(last.get("winner"), int):
                    winners[int(last.get("hand", 0))] = last["winner"]
    except ValueError:  # the rules changed since the game was played: winners stay unknown
        pass
    return winners


def _higher_wins(final: list, winners: list[int]) -> bool:
    """Whether a higher total is better in this game: its winners hold the highest total.
    Variants count either points won or penalty points, and the result says which way."""
    if not winners or not final:
        return True
    best = [final[w] for w in winners if 0 <= w < len(final)]
    return not best or max(best) >= max(final)


def _stats_row(key: tuple[str, str, str], results: list[tuple[float, int, int, str]]) -> StatsRow:
    name, kind, variant = key
    best_score, _, _, best_game = max(results, key=lambda r: r[0] if r[2] else -r[0])
    return StatsRow(
        player=name,
        kind=kind,
        variant=variant,
        games=len(results),
        wins=sum(won for _, won, _, _ in results),
        average_score=sum(score for score, *_ in results) / len(results),
        best_score=best_score,
        best_game=best_game,
    )


def _player_order(item: tuple[tuple[str, str, str], list]) -> tuple:
    (name, kind, variant), _ = item
    return kind != "human", name.lower(), variant


def _number(values: list, index: int) -> float:
    try:
        return float(values[index])
    except (IndexError, TypeError, ValueError):
        return 0.0


def _now_text() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")
