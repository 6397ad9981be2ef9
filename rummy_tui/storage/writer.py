"""Saves and history writes of one table, off the UI thread.

After every move the table hands the writer a snapshot of its game (:meth:`DiskWriter.submit`:
a pickle, a fraction of a millisecond) and goes on at once; one worker thread writes, in order.
Each save holds the whole game, so only the newest snapshot is written: snapshots that queue up
behind a slow disk are skipped, never written out of order. A save that fails is tried again a
few times, then waits for the next move. A save is atomic (see :mod:`.saves`), so a ``kill -9``
at any moment leaves the last good save.

The history (SQLite) is written after the save, with a short busy timeout: while another program
holds it locked, it is tried again with growing pauses (a bounded number of times, then again
after the next move) and the saves go on. Every hand not yet recorded is recorded once the lock
ends, and a game resumed later catches up on what it missed: hands are keyed by game and hand
number, so none is ever recorded twice.
"""

from __future__ import annotations

import pickle
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

from rummy_tui.engine import Game
from rummy_tui.i18n import _

from .history import History, HistoryError
from .paths import history_path
from .saves import SaveStore

SAVE_RETRY_DELAYS = (0.1, 0.4, 1.5)  # seconds before the 2nd, 3rd and 4th try of one save
HISTORY_RETRY_DELAYS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)  # before each new try of a busy history
HISTORY_BUSY_SECONDS = 0.5  # how long one try waits for another program's write


@dataclass(frozen=True)
class DiskStatus:
    """Where a game stands on the disk, for the table's warnings and for quitting."""

    unsaved_moves: int = 0  # moves played since the last good save
    last_save: Path | None = None  # the save file, once one write of it has succeeded
    last_saved_at: datetime | None = None  # when that was (UTC)
    save_problem: str | None = None  # why the newest save failed: the whole message, with the path
    history_problem: str | None = None  # why the history is behind, while it is

    @property
    def all_saved(self) -> bool:
        return self.unsaved_moves == 0 and self.save_problem is None


@dataclass(frozen=True)
class _Snapshot:
    number: int  # the how-manyth snapshot this is
    moves: int  # moves played by then (each snapshot that changed the record counts one)
    data: bytes  # the game's record and state, pickled

    def game(self) -> Game:
        record, state = pickle.loads(self.data)
        return Game.from_json({"record": record, "state": asdict(state)})


class DiskWriter:
    """Writes one game's save and history in a thread of its own. ``actions`` is how many
    actions the game's record holds as the writer starts (a resumed game's are saved already).
    ``on_change`` is called (from that thread) with the new :class:`DiskStatus` whenever a
    problem appears or goes away."""

    def __init__(
        self,
        game_id: str,
        actions: int = 0,
        store_directory: Path | None = None,
        history_path: Path | None = None,
        on_change: Callable[[DiskStatus], object] | None = None,  # what it returns is not used
        save_retry_delays: tuple[float, ...] | None = None,
        history_retry_delays: tuple[float, ...] | None = None,
        history_busy_seconds: float | None = None,
    ) -> None:
        self.game_id = game_id
        self._store_directory, self._history_path = store_directory, history_path
        self._on_change = on_change
        self._save_delays = SAVE_RETRY_DELAYS if save_retry_delays is None else save_retry_delays
        self._history_delays = HISTORY_RETRY_DELAYS if history_retry_delays is None else history_retry_delays
        self._history_busy = HISTORY_BUSY_SECONDS if history_busy_seconds is None else history_busy_seconds
        self._lock = threading.Condition()
        self._status = DiskStatus()
        self._latest: _Snapshot | None = None
        self._last_actions = actions  # the length of the record at the last snapshot
        self._moves = 0
        self._saved_number = 0  # the newest snapshot saved
        self._given_up_number = 0  # the newest snapshot whose save failed every try
        self._saved_moves = 0
        self._history_game: Game | None = None  # the newest saved game whose hands the history lacks
        self._history_done: tuple[int, bool] | None = None  # (hands, over) the history holds
        self._history_tries = 0
        self._history_at: float | None = None  # when to try the history next (monotonic)
        self._closing = False
        self._thread = threading.Thread(target=self._run, name=f"disk-writer-{game_id}", daemon=True)
        self._thread.start()

    # --- the UI thread's side --------------------------------------------------------------

    def submit(self, game: Game) -> None:
        """Hand over the game as it stands now; returns at once."""
        actions = len(game.record["actions"])
        data = pickle.dumps((game.record, game.state), protocol=pickle.HIGHEST_PROTOCOL)
        with self._lock:
            if actions != self._last_actions:  # a move or an undo; a hint asked changes the record too
                self._moves += 1
            self._last_actions = actions
            number = (self._latest.number if self._latest else 0) + 1
            self._latest = _Snapshot(number, self._moves, data)
            self._status = replace(self._status, unsaved_moves=self._moves - self._saved_moves)
            self._lock.notify_all()

    @property
    def status(self) -> DiskStatus:
        with self._lock:
            return self._status

    def flush(self, timeout: float) -> DiskStatus:
        """Wait (at most ``timeout`` seconds) until the newest snapshot is saved or has failed
        every try; the status then says which. A busy history is not waited for."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while self._save_pending() and self._thread.is_alive():
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._lock.wait(left)
            return self._status

    def wait_idle(self, timeout: float) -> DiskStatus:
        """Wait (at most ``timeout`` seconds) until nothing is left to try: the newest snapshot
        saved or given up, the history up to date or its tries used up until the next move."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while (self._save_pending() or self._history_at is not None) and self._thread.is_alive():
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._lock.wait(left)
            return self._status

    def wait_until(self, condition: Callable[[DiskStatus], object], timeout: float) -> DiskStatus:
        """Wait (at most ``timeout`` seconds) until the status meets ``condition``."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while not condition(self._status) and self._thread.is_alive():
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._lock.wait(left)
            return self._status

    def close(self, timeout: float = 0.0) -> None:
        """No more snapshots: the thread writes what it holds (the save, then one last try of
        the history) and ends. Waits for that up to ``timeout`` seconds."""
        with self._lock:
            self._closing = True
            self._lock.notify_all()
        if timeout > 0:
            self._thread.join(timeout)

    # --- the writer's thread ---------------------------------------------------------------

    def _save_pending(self) -> bool:
        latest = self._latest
        return latest is not None and latest.number > max(self._saved_number, self._given_up_number)

    def _history_due(self) -> bool:
        return self._history_game is not None and (
            self._closing or (self._history_at is not None and time.monotonic() >= self._history_at)
        )

    def _run(self) -> None:
        self._find_earlier_save()
        while True:
            with self._lock:
                while not (self._save_pending() or self._history_due() or self._closing):
                    wait = None if self._history_at is None else max(self._history_at - time.monotonic(), 0.0)
                    self._lock.wait(wait)
                if self._closing and not self._save_pending() and self._history_game is None:
                    return
                saving = self._save_pending()
                history_last_try = self._closing and not saving
            if saving:
                self._save_newest()
            elif self._history_due():
                self._record_history()
                if history_last_try:
                    return

    def _find_earlier_save(self) -> None:
        """A resumed game's save, written before this program started, is its last good save
        until a new one is written."""
        try:
            path = SaveStore(self._store_directory).path_of(self.game_id)
            written = datetime.fromtimestamp(path.stat().st_mtime, UTC)
        except (OSError, ValueError):
            return
        with self._lock:
            if self._status.last_save is None:
                self._status = replace(self._status, last_save=path, last_saved_at=written)

    def _save_newest(self) -> None:
        store: SaveStore | None = None
        for attempt in range(len(self._save_delays) + 1):
            with self._lock:
                snapshot = self._latest  # a newer move may have come meanwhile: that is the one to save
            if snapshot is None:  # nothing submitted yet
                return
            try:
                store = store or SaveStore(self._store_directory)
                game = snapshot.game()
                path = store.save(self.game_id, game)
            except Exception as error:  # OSError above all; anything else must not end the thread silently
                problem = _("The game could not be saved: {error}", error=error)
                if attempt < len(self._save_delays) and self._pause(self._save_delays[attempt]):
                    continue
                self._update(save_problem=problem, given_up=snapshot.number)
                return
            self._update(saved=snapshot, path=path, game=game)
            return

    def _pause(self, seconds: float) -> bool:
        """Wait before another try; False when the table is closing (no time for more tries)."""
        with self._lock:
            if not self._closing:
                self._lock.wait(seconds)
            return not self._closing

    def _record_history(self) -> None:
        with self._lock:
            game = self._history_game
        if game is None:
            return
        try:
            store = SaveStore(self._store_directory)
            history = History(self._history_path, busy_timeout=self._history_busy)
            if game.is_over:
                history.record_game(
                    self.game_id,
                    game,
                    started=store.created(self.game_id),
                    duration_seconds=store.played_seconds(self.game_id),
                )
            else:
                history.record_hands(self.game_id, game)
        except Exception as error:  # HistoryError, sqlite3.Error, OSError; the game itself is saved
            with self._lock:
                self._history_tries += 1
                delays = self._history_delays
                self._history_at = (
                    time.monotonic() + delays[self._history_tries - 1] if self._history_tries <= len(delays) else None
                )  # then after the next save
            self._update(history_problem=self._history_words(error))
            return
        with self._lock:
            if self._history_game is game:
                self._history_game = None
            self._history_done = _hands_of(game)
            self._history_tries, self._history_at = 0, None
        self._update(history_problem=None)

    def _history_words(self, error: Exception) -> str:
        if isinstance(error, HistoryError):  # it names the file already
            return str(error)
        path = self._history_path or history_path()
        return _("The game is saved, but the history {path} could not be updated: {error}", path=path, error=error)

    def _update(
        self,
        saved: _Snapshot | None = None,
        path: Path | None = None,
        game: Game | None = None,
        given_up: int | None = None,
        **problems: str | None,
    ) -> None:
        """Change the status under the lock; tell ``on_change`` when a problem came or went."""
        with self._lock:
            before = self._status
            status = replace(
                before,
                save_problem=problems.get("save_problem", before.save_problem),
                history_problem=problems.get("history_problem", before.history_problem),
            )
            if saved is not None and game is not None:
                self._saved_number = max(self._saved_number, saved.number)
                self._saved_moves = max(self._saved_moves, saved.moves)
                status = replace(status, last_save=path, last_saved_at=datetime.now(UTC), save_problem=None)
                if _hands_of(game) != self._history_done and (game.state.sheet or game.is_over):
                    retrying = self._history_game is not None and self._history_at is not None
                    self._history_game = game  # the newest game holds every hand the history lacks
                    if not retrying:  # a busy history keeps its pauses; one that gave up tries again now
                        self._history_tries, self._history_at = 0, time.monotonic()
            if given_up is not None:
                self._given_up_number = max(self._given_up_number, given_up)
            self._status = replace(status, unsaved_moves=self._moves - self._saved_moves)
            self._lock.notify_all()
            changed = (before.save_problem, before.history_problem) != (status.save_problem, status.history_problem)
        if changed and self._on_change is not None:
            self._on_change(self._status)


def _hands_of(game: Game) -> tuple[int, bool]:
    return len(game.state.sheet), game.is_over
