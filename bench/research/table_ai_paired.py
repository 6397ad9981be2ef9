"""Paired-seed strength of one ``hard`` seat against ``normal`` seats in the table variants.

    nice -n 19 python bench/research/table_ai_paired.py --variant hungarian --players 2 --games 200
    nice -n 19 python bench/research/table_ai_paired.py --variant traditional --players 3 --games 300 --seed 5000

Each seed is played twice with the same deal: once with ``hard`` in one seat (the seat moves
round with the seed, as ``rummy simulate --rotate`` does) and ``normal`` everywhere else, and
once with ``normal`` in every seat. The second game tells how often that seat wins that deal
anyway, so the difference (hard's wins minus the all-normal seat's wins) is measured with less
noise than hard's share alone. The all-normal games do not depend on the hard player, so they
are kept in a cache file (``--cache``) and played only once per seed.

Reported: hard's share of games won (95% interval), the same seat's share in the all-normal
games, their paired difference (95% interval), and the hard seat's average score margin
(its final score minus the average of the others; lower is better where scores are penalties).

``--const module.NAME=value`` overrides a constant of a hard module for a tuning run, e.g.
``--const variants.hungarian.hard.PENALTY_WEIGHT=0.5``, or a variant's AI setting, e.g.
``--const 'variants.traditional.rules.TraditionalRummy.hard_lays_down_when_opponent_holds={"6": 2}'``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import variants  # noqa: E402,F401  (the registry: Game("hungarian", ...) finds its variant through it)
from rummy_tui.engine.ai import play_ai_game  # noqa: E402


def outcome(
    variant: str, players: int, levels: list[str], seed: int, seat: int, settings: dict | None
) -> tuple[float, float]:
    """(share of the win that ``seat`` got, its final score minus the others' average); a game
    that does not end (two ``normal`` seats can pass one card back and forth for ever) counts
    as nobody's win, margin 0."""
    try:
        game = play_ai_game(variant, players, levels, seed, settings, max_actions=MAX_ACTIONS)
    except RuntimeError:
        return 0.0, 0.0
    result = game.state.result or {}
    winners = result.get("winners", [])
    final = list(result.get("final", game.state.totals))
    won = 1 / len(winners) if seat in winners else 0.0
    others = [score for s, score in enumerate(final) if s != seat]
    margin = final[seat] - sum(others) / max(len(others), 1) if final else 0.0
    return won, margin


MAX_ACTIONS = 5000


def mean_and_margin(values: list[float]) -> tuple[float, float]:
    n = len(values)
    if n < 2:
        return (values[0] if values else 0.0), 0.0
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(variance / n)


def apply_constants(pairs: list[str]) -> None:
    """``module.NAME=json`` or ``module.Class.NAME=json`` (a variant's AI setting); the digit
    keys of a JSON object become ints (``{"6": 2}``: by number of players)."""
    for pair in pairs:
        name, value = pair.split("=", 1)
        path, constant = name.rsplit(".", 1)
        owner = _import_owner(path)
        if not hasattr(owner, constant):
            raise SystemExit(f"{path} has no constant {constant}")
        setattr(owner, constant, _int_keys(json.loads(value)))


def _import_owner(path: str):
    """The module, or the class inside a module, that ``path`` names."""
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            owner = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            owner = getattr(owner, attribute)
        return owner
    raise SystemExit(f"cannot import {path}")


def _int_keys(value):
    if isinstance(value, dict):
        return {int(k) if isinstance(k, str) and k.isdigit() else k: v for k, v in value.items()}
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--set", dest="settings", action="append", default=[], help="a game setting, key=json")
    parser.add_argument("--const", action="append", default=[], help="module.CONSTANT=json, for tuning runs")
    parser.add_argument("--cache", default="/tmp/rummy-paired-cache.json")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    apply_constants(args.const)
    settings = {k: json.loads(v) for k, v in (s.split("=", 1) for s in args.settings)} or None
    cache_path = Path(args.cache)
    cache = json.loads(cache_path.read_text()) if cache_path.exists() else {}
    key = f"{args.variant}:{args.players}:{json.dumps(settings, sort_keys=True)}"
    baseline = cache.setdefault(key, {})

    hard_wins, base_wins, diffs, margins, base_margins = [], [], [], [], []
    started = time.perf_counter()
    for seed in range(args.seed, args.seed + args.games):
        seat = seed % args.players
        levels = ["normal"] * args.players
        levels[seat] = "hard"
        won, margin = outcome(args.variant, args.players, levels, seed, seat, settings)
        if str(seed) not in baseline:
            baseline[str(seed)] = outcome(args.variant, args.players, ["normal"] * args.players, seed, seat, settings)
            cache_path.write_text(json.dumps(cache))
        base_won, base_margin = baseline[str(seed)]
        hard_wins.append(won)
        base_wins.append(base_won)
        diffs.append(won - base_won)
        margins.append(margin)
        base_margins.append(base_margin)
    seconds = time.perf_counter() - started

    report = {
        "variant": args.variant,
        "players": args.players,
        "games": args.games,
        "seed": args.seed,
        "const": args.const,
        "settings": settings,
        "fair_share": round(1 / args.players, 4),
        "hard_share": [round(x, 4) for x in mean_and_margin(hard_wins)],
        "normal_share_same_seeds": [round(x, 4) for x in mean_and_margin(base_wins)],
        "paired_difference": [round(x, 4) for x in mean_and_margin(diffs)],
        "hard_score_margin": [round(x, 2) for x in mean_and_margin(margins)],
        "normal_score_margin": [round(x, 2) for x in mean_and_margin(base_margins)],
        "seconds": round(seconds, 1),
    }
    if args.json:
        print(json.dumps(report))
        return
    for name, value in report.items():
        print(f"{name:>24}: {value}")


if __name__ == "__main__":
    main()
