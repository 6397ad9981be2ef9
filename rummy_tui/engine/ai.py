"""AI seats: they see only their seat's observation and the actions offered, like a human."""

from __future__ import annotations

import math
import random
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rummy_tui.i18n import N_

from .game import Game
from .variant import Variant

LEVELS = (N_("easy"), N_("normal"), N_("hard"))  # marked: screens show a level in the player's words


def ai_rng(game: Game, seat: int) -> random.Random:
    """The randomness of one AI decision (or hint). With a chosen seed it is reproducible per
    decision, so an AI-only game is the same for the same seed. Otherwise it is fresh from
    ``secrets`` and has nothing to do with the deal: what an AI seat does tells nobody anything
    about the seed, the hand secrets or the cards to come."""
    if not game.chosen_seed:
        return random.Random(secrets.randbits(128))
    return random.Random(f"ai:{game.state.seed}:{seat}:{len(game.record['actions'])}")


def choose_action(game: Game, seat: int, level: str = "normal") -> str:
    if level not in LEVELS:
        raise ValueError(f"unknown AI level '{level}' (choose one of: {', '.join(LEVELS)})")
    legal = game.legal_actions()
    if len(legal) == 1:
        return legal[0]
    observation = game.observation(seat)
    action = game.variant.choose_ai_action(observation, legal, level, ai_rng(game, seat))
    if game.why_not(action) is not None:  # a variant AI bug must never stall a game
        action = legal[0]
    return action


def timed_out_action(game: Game, seat: int, level: str = "normal") -> str:
    """The move played for a seat out of time (a table clock): a plain draw from the stock and
    the discard the AI at ``level`` finds safest, never a meld or a knock the player did not
    choose. Where the turn offers neither (Gin's upcard, a variant's own choices), the AI's move."""
    action = timed_out_choice(game.variant, game.observation(seat), game.legal_actions(), level, ai_rng(game, seat))
    return action if game.why_not(action) is None else game.legal_actions()[0]


def timed_out_choice(
    variant: Variant, observation: dict[str, Any], legal: list[str], level: str, rng: random.Random
) -> str:
    """:func:`timed_out_action` from what the seat sees (for a worker thread)."""
    if "draw:stock" in legal:
        return "draw:stock"
    discards = [code for code in legal if code.startswith("discard:")]
    offered = discards or legal
    if len(offered) == 1:
        return offered[0]
    return variant.choose_ai_action(observation, offered, level, rng)


def random_action(game: Game, rng: random.Random) -> str:
    return rng.choice(game.legal_actions())


@dataclass
class SimulationReport:
    variant: str
    players: int
    seats: list[str]
    games: int = 0
    hands: int = 0
    actions: int = 0
    seconds: float = 0.0
    wins: list[float] = field(default_factory=list)
    score_sums: list[float] = field(default_factory=list)
    rotate: bool = False
    level_wins: dict[str, float] = field(default_factory=dict)  # with rotation: wins by AI level
    level_games: dict[str, int] = field(default_factory=dict)  # ... and seat-games by level

    def as_dict(self) -> dict[str, Any]:
        games = max(self.games, 1)
        report = {
            "variant": self.variant,
            "players": self.players,
            "seats": self.seats,
            "games": self.games,
            "wins": self.wins,
            "win_share": [share_with_margin(w, self.games) for w in self.wins],
            "average_score": [round(s / games, 2) for s in self.score_sums],
            "hands_per_game": round(self.hands / games, 2),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
            "seconds": round(self.seconds, 3),
        }
        if self.rotate:
            report["rotated"] = True
            report["by_level"] = {
                level: {
                    "seat_games": count,
                    "wins": self.level_wins[level],
                    "win_share": share_with_margin(self.level_wins[level], count),
                }
                for level, count in self.level_games.items()
            }
        return report


def share_with_margin(wins: float, games: int) -> list[float]:
    """[share of games won, half-width of its 95% confidence interval (normal approximation)]."""
    if games <= 0:
        return [0.0, 0.0]
    share = wins / games
    return [round(share, 4), round(1.96 * math.sqrt(max(share * (1 - share), 0.0) / games), 4)]


def play_ai_game(
    variant: str,
    players: int,
    levels: Sequence[str],
    seed: int,
    settings: dict[str, Any] | None = None,
    max_actions: int = 100_000,
) -> Game:
    game = Game(variant, players, settings, seed)
    for _ in range(max_actions):
        seat = game.current_seat
        if seat is None:
            return game
        game.apply(choose_action(game, seat, levels[seat]))
    raise RuntimeError(f"{variant} game with seed {seed} did not end within {max_actions} actions")


def simulate(
    variant: str,
    players: int,
    levels: Sequence[str],
    games: int,
    seed: int = 0,
    settings: dict[str, Any] | None = None,
    rotate: bool = False,
    each_game: Callable[[Game], None] | None = None,
) -> SimulationReport:
    """AI-only games. With ``rotate`` the levels move one seat on each game, so that every level
    plays every seat equally often, and wins are also counted by level. ``each_game`` is
    given every finished game (``rummy simulate --records`` writes its record)."""
    report = SimulationReport(
        variant, players, list(levels), wins=[0.0] * players, score_sums=[0.0] * players, rotate=rotate
    )
    started = time.perf_counter()
    for number in range(games):
        shift = number % players if rotate else 0
        seated = [levels[(seat - shift) % players] for seat in range(players)]
        game = play_ai_game(variant, players, seated, seed + number, settings)
        if each_game is not None:
            each_game(game)
        result = game.state.result or {}
        winners = result.get("winners", [])
        for level in seated:
            report.level_games[level] = report.level_games.get(level, 0) + 1
            report.level_wins.setdefault(level, 0.0)
        for seat in winners:
            report.wins[seat] += 1 / len(winners)
            report.level_wins[seated[seat]] += 1 / len(winners)
        for seat, score in enumerate(result.get("final", game.state.totals)):
            report.score_sums[seat] += score
        report.hands += game.state.hand_no
        report.actions += len(game.record["actions"])
        report.games += 1
    report.seconds = time.perf_counter() - started
    return report
