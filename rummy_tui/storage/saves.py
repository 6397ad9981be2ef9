"""Saved games: one JSON file per game, rewritten atomically after every action.

A save holds the game record (variant, settings, seed, actions: the truth, replayed on load)
and a small summary for the list of saved games and for a consistency check. A write goes to
a temporary file that is flushed, fsynced and renamed over the old save, so a crash, a
``kill -9`` or a dropped SSH connection leaves either the previous save or the new one, never
half a file. A save that cannot be trusted is moved to ``damaged/``, never deleted.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import secrets
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rummy_tui.engine import Game, RecordError
from rummy_tui.engine.ai import LEVELS
from rummy_tui.engine.records import shown
from rummy_tui.i18n import N_, msg, names_text, render

from .jsonfile import NotJson, parse_json
from .paths import saves_dir, usable_folder

SAVE_FORMAT = 1
SAVE_SUFFIX = ".json"
TEMP_PREFIX = ".writing-"
DAMAGED_FOLDER = "damaged"
IDLE_CAP_SECONDS = 300  # a pause longer than this between two moves is not counted as play
STALE_TEMP_SECONDS = 3600
# save path -> (created, played seconds, monotonic time of the last save in this process)
_PLAY_CLOCKS: dict[str, tuple[str, float, float]] = {}
_GAME_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,79}$")


class BadSave(Exception):
    """A save file that cannot be loaded; it has been moved aside to ``moved_to``."""

    def __init__(self, path: Path, problem: str, moved_to: Path | None = None):
        self.path, self.problem, self.moved_to = Path(path), problem, moved_to
        where = f"; it was moved to {moved_to}" if moved_to else "; it was skipped"
        super().__init__(f"The saved game {path} cannot be loaded: {problem.rstrip('.')}{where}.")


@dataclass(frozen=True)
class SaveInfo:
    id: str
    path: Path
    variant: str
    players: int
    seats: list[str]
    created: datetime
    updated: datetime
    actions: int
    progress: str  # "hand 3, North to move", in the language of the moment
    finished: bool
    played_seconds: float = 0.0


def new_game_id() -> str:
    """Sortable by start time and unique enough for one user's games."""
    return datetime.now().strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(6)  # 3 bytes collided within a second


def check_game_id(game_id: str) -> str:
    if not isinstance(game_id, str) or not _GAME_ID.match(game_id):
        raise ValueError(f"'{game_id}' is not a saved game id (letters, digits, '-', '_' and '.')")
    return game_id


# --- what a record says about its seats ----------------------------------------------------


def seat_names(record: dict[str, Any]) -> list[str]:
    """The seat names a record carries, or the variant's usual names, or Seat 1..N."""
    players = int(record.get("players") or 0)
    seats = record.get("seats") or []
    names = [_seat_field(seat, "name") for seat in seats[:players]]
    defaults = _default_names(record.get("variant"), players)
    return [name or defaults[index] for index, name in enumerate(names + [""] * (players - len(names)))]


def seat_kinds(record: dict[str, Any]) -> list[str]:
    """'human' or 'ai' per seat; seats a record does not describe count as human."""
    players = int(record.get("players") or 0)
    seats = record.get("seats") or []
    kinds = []
    for index in range(players):
        seat = seats[index] if index < len(seats) else None
        kinds.append("ai" if _is_ai(seat) else "human")
    return kinds


def seat_entries(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The record's seats as the table wants them, ``{"name", "kind", "level"}`` each, filled
    in for records that carry none (AI self-play, older saves): such seats are human."""
    seats = record.get("seats") or []
    entries = []
    for index, (name, kind) in enumerate(zip(seat_names(record), seat_kinds(record), strict=False)):
        given = seats[index] if index < len(seats) and isinstance(seats[index], dict) else {}
        level = (given.get("level") if given.get("level") in LEVELS else "normal") if kind == "ai" else None
        entries.append({"name": name, "kind": kind, "level": level})
    return entries


def _seat_field(seat: Any, key: str) -> str:
    if isinstance(seat, dict):
        return str(seat.get(key) or "")
    return str(seat) if isinstance(seat, str) and key == "name" else ""


def _is_ai(seat: Any) -> bool:
    if not isinstance(seat, dict):
        return False
    kind = str(seat.get("kind") or seat.get("type") or "").lower()
    return kind in ("ai", "computer", "bot") or bool(seat.get("ai")) or bool(seat.get("level") and kind != "human")


def _default_names(variant_key: Any, players: int) -> list[str]:
    hint: tuple[str, ...] = ()
    with contextlib.suppress(Exception):
        from variants import get_variant

        hint = tuple(get_variant(str(variant_key)).seat_names_hint)
    return [hint[i] if i < len(hint) else f"Seat {i + 1}" for i in range(players)]


def progress_message(game: Game, names: list[str]) -> dict[str, Any]:
    """Where the game stands, as a message (a save reads in any language): "hand 3, North to move"."""
    state = game.state
    if game.is_over:
        winners = [names[w] for w in (state.result or {}).get("winners") or [] if 0 <= w < len(names)]
        return msg(N_("finished, {names} won"), names=names_text(winners)) if winners else msg(N_("finished"))
    seat = game.current_seat
    mover = names[seat] if seat is not None and 0 <= seat < len(names) else "?"
    return msg(N_("hand {number}, {name} to move"), number=max(state.hand_no, 1), name=mover)


# --- the store -----------------------------------------------------------------------------


class SaveStore:
    """The saved games in one directory (by default ``<data dir>/saves``)."""

    def __init__(self, directory: str | os.PathLike | None = None):
        self.directory = usable_folder(Path(directory) if directory is not None else saves_dir())
        self.problems: list[BadSave] = []  # files moved aside by list(), for the app to show

    def path_of(self, game_id: str) -> Path:
        return self.directory / f"{check_game_id(game_id)}{SAVE_SUFFIX}"

    # writing

    def save(self, game_id: str, game: Game, durable: bool = True) -> Path:
        """Write the game's save atomically: the old save or the new one, never half of one.
        With ``durable=False`` the new file is in place (a killed program loses nothing) but
        not yet flushed to the disk (a power cut could) until :meth:`make_durable`; a shared
        table uses that to send a move to its players before the slow flush."""
        path = self.path_of(game_id)
        created, played = self._timing(game_id, path)
        document = self._document(game_id, game, created, played)
        write_atomically(path, json.dumps(document, separators=(",", ":")).encode("utf-8"), durable)
        return path

    def make_durable(self, game_id: str) -> None:
        """Flush a save written with ``durable=False`` (and its folder entry) to the disk."""
        path = self.path_of(game_id)
        with contextlib.suppress(FileNotFoundError):
            descriptor = os.open(path, os.O_RDONLY)
            try:
                os.fsync(descriptor)
            finally:
                os.close(descriptor)
        _fsync_directory(path.parent)

    def _timing(self, game_id: str, path: Path) -> tuple[str, float]:
        """When the game was first saved and how long it has been played, idle gaps capped.
        The clock lives in the process, not the store, so a new SaveStore per save is fine."""
        now = time.monotonic()
        key = str(path.resolve())
        if key in _PLAY_CLOCKS:
            created, played, last = _PLAY_CLOCKS[key]
            played += min(now - last, IDLE_CAP_SECONDS)
        else:  # the first save in this program run (a new or resumed game): continue the file's clock
            header = _read_header(path)
            created = str(header.get("created") or _now_text())
            played = float(header.get("played_seconds") or 0.0)
        _PLAY_CLOCKS[key] = (created, played, now)
        return created, played

    def _document(self, game_id: str, game: Game, created: str, played: float) -> dict[str, Any]:
        names = seat_names(game.record)
        return {
            "save_format": SAVE_FORMAT,
            "id": game_id,
            "created": created,
            "updated": _now_text(),
            "played_seconds": round(played, 1),
            "summary": {
                "variant": game.record["variant"],
                "players": game.record["players"],
                "seats": names,
                "progress": progress_message(game, names),
                "finished": game.is_over,
            },
            "check": _fingerprint(game),
            "record_sha256": _record_digest(game.record),
            "record": game.record,
        }

    # reading

    def list(self, verify: bool = False) -> list[SaveInfo]:
        """Every readable save, newest first. Unreadable ones are moved aside and kept in
        :attr:`problems`; the rest of the list is still returned. With ``verify``, each save's
        record is also replayed, so that every save listed is one that loads."""
        self._remove_stale_temporaries()
        found = []
        for path in sorted(self.directory.glob(f"*{SAVE_SUFFIX}")):
            try:
                document = self._read_document(path)
                if verify:
                    self._replay(path, document)
                found.append(self._info(path, document))
            except BadSave as problem:
                self.problems.append(problem)
        return sorted(found, key=_newest_first_key, reverse=True)

    def latest(self, verify: bool = False) -> SaveInfo | None:
        """The most recently played unfinished game, if any."""
        return next((info for info in self.list(verify) if not info.finished), None)

    def info(self, game_id: str) -> SaveInfo:
        path = self.path_of(game_id)
        return self._info(path, self._read_document(path))

    def load(self, game_id: str) -> Game:
        """Replay the save's record into the exact game it was; :class:`BadSave` otherwise."""
        path = self.path_of(game_id)
        document = self._read_document(path)
        return self._replay(path, document)

    def load_record(self, game_id: str) -> dict[str, Any]:
        """The verified record of a save (for export), replayed once to make sure it is sound."""
        return self.load(game_id).record

    def exists(self, game_id: str) -> bool:
        return self.path_of(game_id).exists()

    def delete(self, game_id: str) -> None:
        path = self.path_of(game_id)
        if not path.exists():
            raise FileNotFoundError(f"there is no saved game '{game_id}'")
        path.unlink()
        _PLAY_CLOCKS.pop(str(path.resolve()), None)

    def played_seconds(self, game_id: str) -> float:
        clock = _PLAY_CLOCKS.get(str(self.path_of(game_id).resolve()))
        if clock is not None:
            return clock[1]
        return float(_read_header(self.path_of(game_id)).get("played_seconds", 0.0))

    def created(self, game_id: str) -> str | None:
        return _read_header(self.path_of(game_id)).get("created")

    # checks

    def _read_document(self, path: Path) -> dict[str, Any]:
        """The save's document, checked; :class:`BadSave` (the file set aside) otherwise."""
        if not path.exists():
            raise FileNotFoundError(f"there is no saved game '{path.stem}' in {self.directory}")
        if path.is_dir():
            raise self._set_aside(path, "it is a folder, not a file")
        try:
            data = path.read_bytes()
        except PermissionError:  # not damaged: left where it is, for its owner to fix
            raise BadSave(path, "it cannot be read (permission denied)") from None
        except OSError as error:
            raise BadSave(path, f"it cannot be read ({error.strerror or error})") from None
        try:
            document = parse_json(data)
        except NotJson as error:
            raise self._set_aside(path, str(error)) from None
        try:
            problem = _document_problem(document)
        except (RecursionError, ValueError, TypeError):  # strange content deep inside the record
            problem = "its game record cannot be read"
        if problem:
            raise self._set_aside(path, problem)
        return document

    def _replay(self, path: Path, document: dict[str, Any]) -> Game:
        try:
            game = Game.replay(document["record"])
        except RecordError as error:
            raise self._set_aside(path, f"its record does not replay: {error}") from None
        if document.get("check") != _fingerprint(game):
            raise self._set_aside(path, "the saved position does not match its record")
        return game

    def _info(self, path: Path, document: dict[str, Any]) -> SaveInfo:
        summary = document["summary"]
        try:
            return SaveInfo(
                id=path.stem,
                path=path,
                variant=str(summary["variant"]),
                players=int(summary["players"]),
                seats=[str(name) for name in summary["seats"]],
                created=_parse_time(document.get("created")),
                updated=_parse_time(document.get("updated")),
                actions=len(document["record"]["actions"]),
                progress=render(summary["progress"]),  # an older save: its text
                finished=bool(summary["finished"]),
                played_seconds=float(document.get("played_seconds", 0.0)),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise self._set_aside(path, f"its summary is damaged ({error})") from None

    def _set_aside(self, path: Path, problem: str) -> BadSave:
        """Move a bad file into ``damaged/`` under a name that never overwrites another."""
        damaged = self.directory / DAMAGED_FOLDER
        try:
            damaged.mkdir(exist_ok=True)
        except OSError:  # a read-only folder: the bad file is only skipped
            return BadSave(path, problem)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        target = damaged / f"{path.stem}.{stamp}{path.suffix}"
        counter = 1
        while target.exists():
            target = damaged / f"{path.stem}.{stamp}-{counter}{path.suffix}"
            counter += 1
        try:
            os.replace(path, target)
        except OSError:
            return BadSave(path, problem)
        _PLAY_CLOCKS.pop(str(path.resolve()), None)
        return BadSave(path, problem, target)

    def _remove_stale_temporaries(self) -> None:
        """A write killed half-way leaves its temporary file behind; the save itself is whole."""
        cutoff = time.time() - STALE_TEMP_SECONDS
        for leftover in self.directory.glob(f"{TEMP_PREFIX}*"):
            with contextlib.suppress(OSError):
                if leftover.stat().st_mtime < cutoff:
                    leftover.unlink()


def _document_problem(document: Any) -> str | None:
    """What makes a parsed save unusable, or None when it looks like a save of this version."""
    if not isinstance(document, dict):
        return "it is not a saved game"
    version = document.get("save_format")
    if version != SAVE_FORMAT:
        return f"unknown save format {shown(version)} (this version reads {SAVE_FORMAT})"
    record = document.get("record")
    if not isinstance(record, dict) or not isinstance(record.get("actions"), list):
        return "it holds no game record"
    if document.get("record_sha256") != _record_digest(record):
        return "its game record was changed outside the game"
    if not isinstance(document.get("summary"), dict):
        return "its summary is missing"
    return None


def _newest_first_key(info: SaveInfo) -> tuple[datetime, int]:
    """The saved time, then the file's own time for saves written within the same second."""
    try:
        written = info.path.stat().st_mtime_ns
    except OSError:
        written = 0
    return info.updated, written


# --- files ---------------------------------------------------------------------------------


def write_atomically(path: Path, data: bytes, durable: bool = True) -> None:
    """Replace ``path`` with ``data``: the old file or the new one, never half of either.
    ``durable`` also flushes the file and its folder entry to the disk."""
    handle, temporary = tempfile.mkstemp(prefix=f"{TEMP_PREFIX}{path.stem}-", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            if durable:
                os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    if durable:
        _fsync_directory(path.parent)


def _fsync_directory(directory: Path) -> None:
    """Make the rename itself durable (POSIX); not possible on every platform."""
    with contextlib.suppress(OSError, AttributeError):
        descriptor = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def _read_header(path: Path) -> dict[str, Any]:
    """created and played_seconds of an existing save, or nothing if there is none (or it is bad)."""
    try:
        document = json.loads(path.read_bytes())
        return {key: document[key] for key in ("created", "played_seconds") if key in document}
    except (OSError, ValueError, TypeError, RecursionError):
        return {}


def _record_digest(record: dict[str, Any]) -> str:
    canonical = json.dumps(record, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _fingerprint(game: Game) -> dict[str, Any]:
    """A few facts about the position that a replay of the record must reproduce."""
    state = game.state
    return {
        "actions": len(game.record["actions"]),
        "hand_no": state.hand_no,
        "to_move": game.current_seat,
        "totals": list(state.totals),
        "over": game.is_over,
    }


def _now_text() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _parse_time(text: Any) -> datetime:
    try:
        moment = datetime.fromisoformat(str(text))
    except ValueError:
        return datetime.fromtimestamp(0, UTC)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
