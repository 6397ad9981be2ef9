"""The daily deal: each day (UTC) each variant has one deal that every player plays, in seat 1,
against the `hard` computer in the other seats: the same cards for everyone (duplicate play).
One hand is the whole daily; its score is the hand's points for the player's seat (where the
winner takes the points: won less the best other seat's, :func:`hand_points`).

The deal is a game with a chosen seed (docs/ENGINE.md): its shuffles and its computer players
come from the seed alone, so the same seed is the same deal and the same opponents' play for
everyone. Without a server the seed is the date's (:func:`daily_seed` with no secret): every
player anywhere has the same deal that day, like a daily puzzle. On a server it comes from the
server's own secret (``daily.key`` next to its tables), so nobody can know the deal before they
play it; the first hand's commitment (the same in every game of that deal, and in each player's
log as "Deal sealed") is published at the start of the day, and the seed is revealed once the
day is over, so that anyone can check their game with ``rummy verify``.

:class:`DailyBook` keeps the results of one place (a server's or a player's data folder), one
JSON file per day and variant, with the score of the `hard` computer playing seat 1 of the deal.
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import hmac
import json
import os
import secrets
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.engine.cards import card_text
from rummy_tui.engine.verify import revealed_record
from rummy_tui.storage.saves import write_atomically

DAILY_PLAYERS = {"gin": 2}  # the seats of each variant's daily; 3 where not named
DEFAULT_DAILY_PLAYERS = 3
DAILY_LEVEL = "hard"
SECRET_FILE = "daily.key"
MAX_RESULTS = 10_000  # a day's results kept per variant: a flood of identities cannot fill the disk
MAX_ACTIONS = 2_000  # a computer-only hand ends long before this


def today(now: float | None = None) -> str:
    """The day (UTC) as the daily names it: ``2026-12-02``."""
    moment = datetime.datetime.fromtimestamp(time.time() if now is None else now, datetime.UTC)
    return moment.date().isoformat()


def daily_players(variant: str) -> int:
    return DAILY_PLAYERS.get(variant, DEFAULT_DAILY_PLAYERS)


def daily_seed(variant: str, day: str, secret: bytes | None = None) -> int:
    """The seed of ``variant``'s deal on ``day``: from the date alone, or from a server's secret."""
    text = f"rummy-tui daily|{variant}|{day}".encode()
    digest = hmac.new(secret, text, hashlib.sha256).digest() if secret else hashlib.sha256(text).digest()
    return int.from_bytes(digest, "big")


def daily_seats(name: str, players: int) -> list[dict[str, Any]]:
    return [{"name": name, "kind": "human", "level": None}] + [
        {"name": f"Computer {seat + 1}", "kind": "ai", "level": DAILY_LEVEL} for seat in range(1, players)
    ]


def daily_game(variant: str, day: str, name: str, secret: bytes | None = None) -> Game:
    """The daily deal of ``variant`` on ``day``, the player ``name`` in seat 1."""
    game = deal_from_seed(variant, daily_seed(variant, day, secret), name)
    game.record["daily"] = {"day": day, "variant": variant, "served": secret is not None}
    return game


def deal_from_seed(variant: str, seed: int, name: str = "") -> Game:
    players = daily_players(variant)
    return Game(variant, players, {}, seed, daily_seats(name, players), chosen_seed=True)


def first_hand(game: Game) -> list[str]:
    """Seat 1's cards as first dealt, as text (what a player keeps to check the deal with later)."""
    return hand_text(game.state.hands[0])


def hand_text(cards: list[int]) -> list[str]:
    return sorted(card_text(card) for card in cards)


def commitment(game: Game) -> str:
    """The sealed first hand's commitment: the same in every game of one deal."""
    entry = game.deal_entry(1)
    return entry["deal_commitment"] if entry else ""


def hand_over(game: Game) -> bool:
    """The daily is its first hand: over once that hand has been scored."""
    return bool(game.state.sheet) or game.is_over


def hand_points(game: Game, seat: int = 0) -> int:
    """The daily's score of seat 1: its penalty points in a penalty variant (fewer is better);
    where the hand's winner takes the points, what it won less the best of the others, so that
    a hand lost by 5 ranks above one lost by 60 (both score 0 on the sheet)."""
    rows = game.state.sheet
    if not rows:
        return 0
    points = [int(p) for p in rows[0]["points"]]
    if not better_is_higher(game.variant):
        return points[seat]
    return points[seat] - max(p for other, p in enumerate(points) if other != seat)


def better_is_higher(variant: Any) -> bool:
    """Whether more points is the better daily (points won), or fewer (penalty points)."""
    return not getattr(variant, "points_are_penalties", False)


def computer_in_seat(variant: str, day: str, secret: bytes | None = None) -> int:
    """The points the `hard` computer scores playing seat 1 of the deal (slow: a worker thread)."""
    game = daily_game(variant, day, "hard", secret)
    for _ in range(MAX_ACTIONS):
        seat = game.current_seat
        if seat is None or hand_over(game):
            break
        game.apply(choose_action(game, seat, DAILY_LEVEL))
    return hand_points(game)


def sealed_record(game: Game) -> dict[str, Any]:
    """What a player of a served daily may keep before the day is over: the record as far as
    everybody knows it, without the seed (the deal of everyone still to play)."""
    record = revealed_record(game.record, 1) if game.record.get("deals") else dict(game.record)
    record = {**record, "seed": 0, "seed_hidden": True, "daily": game.record.get("daily")}
    for entry in record.get("deals") or []:
        entry.pop("dealt", None)
    return record


def server_secret(folder: Path) -> bytes:
    """The server's daily secret (32 bytes, mode 0600), made the first time it is asked for."""
    path = folder / SECRET_FILE
    with contextlib.suppress(FileNotFoundError):
        kept = path.read_bytes()
        if len(kept) == 32:
            return kept
    folder.mkdir(parents=True, exist_ok=True)
    secret = secrets.token_bytes(32)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "wb") as file:
        file.write(secret)
    return secret


@dataclass
class DailyResult:
    who: str  # an identity (SSH key) or, without one, the name: one result a day each
    name: str
    points: int
    day: str
    variant: str

    def as_dict(self) -> dict[str, Any]:
        return {"who": self.who, "name": self.name, "points": self.points, "day": self.day, "variant": self.variant}


class DailyBook:
    """The daily results kept in ``folder``: ``<day>/<variant>.json``. Each change reads, changes
    and writes the file under one lock: players finishing at once (worker threads of the table
    service) never write over each other's results."""

    def __init__(self, folder: Path, clock: Callable[[], float] = time.time):
        self.folder, self.clock = folder, clock
        self._changing = threading.Lock()

    def _path(self, day: str, variant: str) -> Path:
        return self.folder / day / f"{variant}.json"

    def read(self, day: str, variant: str) -> dict[str, Any]:
        try:
            kept = json.loads(self._path(day, variant).read_text("utf-8"))
        except (OSError, ValueError):
            kept = {}
        if not isinstance(kept, dict) or not isinstance(kept.get("results"), list):
            kept = {"results": []}
        return kept

    def _write(self, day: str, variant: str, kept: dict[str, Any]) -> None:
        path = self._path(day, variant)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, json.dumps(kept, separators=(",", ":")).encode("utf-8"))

    def result_of(self, day: str, variant: str, who: str) -> dict[str, Any] | None:
        return next((r for r in self.read(day, variant)["results"] if r.get("who") == who), None)

    def add(self, result: DailyResult, commitment: str = "") -> bool:
        """Keep a result; False if this player's result for that deal is kept already."""
        with self._changing:
            kept = self.read(result.day, result.variant)
            if any(r.get("who") == result.who for r in kept["results"]) or len(kept["results"]) >= MAX_RESULTS:
                return False
            kept["results"].append({**result.as_dict(), "at": self.clock()})
            if commitment:
                kept.setdefault("commitment", commitment)
            self._write(result.day, result.variant, kept)
            return True

    def set_computer(self, day: str, variant: str, points: int) -> None:
        with self._changing:
            kept = self.read(day, variant)
            kept["computer"] = points
            self._write(day, variant, kept)

    def saw(self, day: str, variant: str, sealed: str, hand: list[str]) -> None:
        """What this player was shown of a served daily: its commitment and their first hand."""
        with self._changing:
            kept = self.read(day, variant)
            kept["seen"] = {"commitment": sealed, "hand": hand}
            self._write(day, variant, kept)

    def seen(self, day: str, variant: str) -> dict[str, Any] | None:
        seen = self.read(day, variant).get("seen")
        return seen if isinstance(seen, dict) else None

    def computer(self, day: str, variant: str) -> int | None:
        points = self.read(day, variant).get("computer")
        return points if isinstance(points, int) else None

    def earlier(self, variant: str, before: str, count: int = 10) -> list[dict[str, Any]]:
        """This book's results of ``variant`` on the days before ``before``, the latest first
        (a player's own earlier dailies, on their own machine)."""
        days = sorted((p.name for p in self.folder.glob("????-??-??") if p.name < before), reverse=True)
        found = []
        for day in days:
            kept = self.read(day, variant)
            for entry in kept["results"]:
                found.append({**entry, "computer": kept.get("computer")})
            if len(found) >= count:
                break
        return found[:count]


def standings(results: list[dict[str, Any]], higher_is_better: bool, me: str | None, shown: int = 8) -> dict[str, Any]:
    """The results table of one deal: each player's rank (equal points share one), the top
    ``shown`` and ``me`` wherever they are, and how many scored each number of points."""
    order = sorted(results, key=lambda r: -r["points"] if higher_is_better else r["points"])

    def rank_of(points: int) -> int:
        return 1 + sum(1 for r in results if (r["points"] > points if higher_is_better else r["points"] < points))

    rows = [
        {"rank": rank_of(r["points"]), "name": r["name"], "points": r["points"], "me": r["who"] == me} for r in order
    ]
    mine = next((row for row in rows if row["me"]), None)
    top = rows[:shown]
    if mine is not None and mine not in top:
        top.append(mine)
    counts = Counter(r["points"] for r in results)
    spread = sorted(counts.items(), reverse=higher_is_better)
    return {
        "players": len(results),
        "rank": mine["rank"] if mine else None,
        "points": mine["points"] if mine else None,
        "rows": top,
        "distribution": [[points, count] for points, count in spread],
        "higher_is_better": higher_is_better,
    }


class DailyDesk:
    """A server's dailies: its secret, its results, each deal sealed for the day and revealed after."""

    def __init__(self, folder: Path, day: Callable[[], str] = today):
        self.folder, self.day = folder, day
        self.book = DailyBook(folder / "daily")
        self._secret: bytes | None = None

    @property
    def secret(self) -> bytes:
        if self._secret is None:
            self._secret = server_secret(self.folder)
        return self._secret

    def game(self, variant: str, name: str) -> Game:
        return daily_game(variant, self.day(), name, self.secret)

    def seal(self, variant: str, day: str | None = None) -> str:
        """The commitment of ``variant``'s deal on ``day`` (today): public from the day's start."""
        return commitment(daily_game(variant, day or self.day(), "", self.secret))

    def reveal(self, variant: str, day: str) -> int | None:
        """The seed of a past day's deal, which checks every game of it; None while the day lasts."""
        if day >= self.day():
            return None
        return daily_seed(variant, day, self.secret)
