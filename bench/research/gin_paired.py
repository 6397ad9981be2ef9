"""Where Gin hands are won and lost: two levels on paired seeds, with the endings counted.

    nice -n 19 python bench/research/gin_paired.py --seeds 300
    nice -n 19 python bench/research/gin_paired.py --seeds 800 --first 3000 --const variants.gin.hard.DANGER_POINTS=10

Each seed deals one single hand (``single_hand=true``) twice: level A in seat 0 and B in seat 1,
then the seats swapped, so both levels get every deal from both sides. Reported: A's share of
the hands (95% interval), and for each side how its hands ended (knock, gin, undercut: the
undercut line under A counts A's knocks that B undercut) with the mean number of discards
(both players') before that ending.

With ``--const`` the same seeds are played a second time with the constants changed (A only:
``module.NAME=value``, e.g. ``variants.gin.hard.DANGER_POINTS=10``), and the paired
difference of A's share is reported: the hands whose result does not change cancel out, so a
change is measured with much less noise than two separate shares.
"""

from __future__ import annotations

import argparse
import importlib
import math
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import variants  # noqa: E402,F401  (the registry)
from rummy_tui.engine.ai import choose_action  # noqa: E402
from rummy_tui.engine.game import Game  # noqa: E402


def play_hand(seed: int, levels: list[str]) -> dict:
    """One single hand; who ended it, how, after how many discards, and who won."""
    game = Game("gin", 2, {"single_hand": True}, seed)
    discards = 0
    while game.current_seat is not None:
        action = choose_action(game, game.current_seat, levels[game.current_seat])
        discards += action.startswith(("discard:", "knock:", "gin:"))
        game.apply(action)
    last = game.state.last_hand
    return {"winner": last["winner"], "finisher": last["finisher"], "ending": last["ending"], "discards": discards}


def play_paired(seeds: range, a: str, b: str) -> list[dict]:
    hands = []
    for seed in seeds:
        for a_seat in (0, 1):
            levels = [a, b] if a_seat == 0 else [b, a]
            hand = play_hand(seed, levels)
            hand["a_won"] = hand["winner"] == a_seat
            hand["side"] = "A" if hand["finisher"] == a_seat else "B"
            hands.append(hand)
    return hands


def share(wins: float, n: int) -> str:
    p = wins / max(n, 1)
    return f"{p:.1%} ± {1.96 * math.sqrt(p * (1 - p) / max(n, 1)):.1%}"


def report(hands: list[dict], a: str, b: str) -> None:
    print(f"{a} (A) against {b} (B): A won {share(sum(h['a_won'] for h in hands), len(hands))} of {len(hands)} hands")
    endings = Counter((h["side"], h["ending"]) for h in hands)
    turns = defaultdict(list)
    for hand in hands:
        turns[(hand["side"], hand["ending"])].append(hand["discards"])
    for (side, ending), count in sorted(endings.items()):
        mean_turns = sum(turns[(side, ending)]) / count
        print(f"  {side} {ending:9} {count:5} hands ({count / len(hands):.1%}), after {mean_turns:.1f} discards")


def paired_difference(changed: list[dict], base: list[dict]) -> str:
    diffs = [int(x["a_won"]) - int(y["a_won"]) for x, y in zip(changed, base, strict=False)]
    n = len(diffs)
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / max(n - 1, 1)
    return f"{mean:+.1%} ± {1.96 * math.sqrt(variance / n):.1%} ({sum(1 for d in diffs if d)} hands changed)"


def apply_constants(pairs: list[str]) -> None:
    for pair in pairs:
        name, _, value = pair.partition("=")
        module_name, _, constant = name.rpartition(".")
        module = importlib.import_module(module_name)
        setattr(module, constant, type(getattr(module, constant))(value))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="hard")
    parser.add_argument("--b", default="normal")
    parser.add_argument("--seeds", type=int, default=300)
    parser.add_argument("--first", type=int, default=1000, help="the first seed")
    parser.add_argument("--const", action="append", default=[], metavar="module.NAME=value")
    args = parser.parse_args()
    seeds = range(args.first, args.first + args.seeds)
    started = time.perf_counter()
    base = play_paired(seeds, args.a, args.b)
    report(base, args.a, args.b)
    if args.const:
        if args.a == args.b:
            sys.exit("--const changes a module both seats use: give --a and --b different levels")
        apply_constants(args.const)
        changed = play_paired(seeds, args.a, args.b)
        print(f"with {' '.join(args.const)}:")
        report(changed, args.a, args.b)
        print(f"paired difference in A's share: {paired_difference(changed, base)}")
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
