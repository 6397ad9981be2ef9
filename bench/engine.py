"""Engine speed: hands per second, solver time per hand, AI decision time.

    python bench/engine.py           # median of 3 runs, a few minutes
    python bench/engine.py --quick   # one short run, for a smoke test
    python bench/engine.py --variant gin   # one variant only

Hands per second are measured per variant and player count, with every seat playing random
legal moves and with every seat an AI (normal); decision times for normal and for hard. The solver is timed on distinct random hands
(no hand is repeated, so no cache can answer). AI decision times count only decisions with a
choice (a single legal action is played without asking the AI).

Times are CPU time of this process (``time.process_time``), so that other work on a shared
machine inflates them less; the load average is printed with the machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from figures import percentile  # noqa: E402

from rummy_tui.engine import Game  # noqa: E402
from rummy_tui.engine.ai import choose_action  # noqa: E402
from rummy_tui.engine.cards import is_joker, make_deck, rank_of  # noqa: E402
from rummy_tui.engine.melds import MeldRules  # noqa: E402
from rummy_tui.engine.solver import best_arrangement, deadwood  # noqa: E402
from variants import registry  # noqa: E402
from variants.gin.scoring import least_deadwood_discards

clock = time.process_time
GIN_RULES = MeldRules(ace_low=True, ace_high=False, max_jokers=0)
ROMI_RULES = MeldRules(ace_high=True, max_jokers=2)


def gin_value(card: int) -> int:
    return min(rank_of(card), 10)


def romi_value(card: int) -> int:
    return 20 if is_joker(card) else 11 if rank_of(card) == 1 else min(rank_of(card), 10)


# --- play ----------------------------------------------------------------------------------


def hand_marker(game: Game):
    s = game.state
    return s.hand_no, len(s.sheet), game.is_over


def play_hands(
    key: str, players: int, ai: bool, seconds: float, seed: int, level: str = "normal"
) -> tuple[float, list[float]]:
    """Hands per second over whole hands played for about ``seconds``, and the AI's decision
    times (seconds) when ``ai``."""
    rng = random.Random(seed)
    decisions: list[float] = []
    hands = 0
    game = Game(key, players, seed=seed)
    started = clock()
    while True:
        marker = hand_marker(game)
        while hand_marker(game) == marker:
            legal = game.legal_actions()
            if not ai:
                game.apply(rng.choice(legal))
                continue
            tick = clock()
            action = choose_action(game, game.current_seat, level)
            if len(legal) > 1:
                decisions.append(clock() - tick)
            game.apply(action)
        hands += 1
        if game.is_over:
            seed += 1
            game = Game(key, players, seed=seed)
        elapsed = clock() - started
        if elapsed >= seconds:
            return hands / elapsed, decisions


# --- solver --------------------------------------------------------------------------------


def distinct_hands(
    deck: list[int], size: int, count: int, rng: random.Random, jokers: list[int] = ()
) -> list[list[int]]:
    naturals = [c for c in deck if c not in jokers]
    seen, hands = set(), []
    while len(hands) < count:
        hand = rng.sample(naturals, size - len(jokers)) + list(jokers)
        key = frozenset(hand)
        if key not in seen:
            seen.add(key)
            hands.append(hand)
    return hands


def time_per_hand(function, hands, rules, value) -> float:
    function(hands[0], rules, value)  # builds the tables once, outside the timing
    started = clock()
    for hand in hands[1:]:
        function(hand, rules, value)
    return (clock() - started) / (len(hands) - 1)


def best_discard(hand, rules, value):
    return least_deadwood_discards(hand)


def solver_rows(count: int, seed: int) -> list[tuple[str, float]]:
    rng = random.Random(seed)
    gin_deck = make_deck(1, 0)
    rows = []
    for size in (10, 11):
        hands = distinct_hands(gin_deck, size, count, rng)
        rows.append(
            (f"Gin {size} cards, least deadwood (deadwood)", time_per_hand(deadwood, hands, GIN_RULES, gin_value))
        )
        rows.append(
            (
                f"Gin {size} cards, arrangement (best_arrangement)",
                time_per_hand(best_arrangement, hands, GIN_RULES, gin_value),
            )
        )
        if size == 11:
            rows.append(
                (
                    "Gin 11 cards, best discard (least_deadwood_discards)",
                    time_per_hand(best_discard, hands, GIN_RULES, gin_value),
                )
            )
    romi_hands = distinct_hands(make_deck(2, 2), 15, max(20, count // 40), rng, jokers=[104, 105])
    rows.append(
        (
            "Römi 15 cards with 2 jokers (best_arrangement)",
            time_per_hand(best_arrangement, romi_hands, ROMI_RULES, romi_value),
        )
    )
    return rows


# --- Römi: is taking the discard legal? (the exact completion search) -------------------------


def romi_take_decisions(players: int, count: int, seed: int) -> list[float]:
    """CPU time of deciding ``take:discard`` at the draws of AI games, with the plan cache
    emptied first, so that every decision runs the search (RULES.md C-6)."""
    from variants.hungarian import plan as hungarian_plan
    from variants.hungarian import rules as hungarian

    times: list[float] = []
    game = Game("hungarian", players, {"jokers": 4 if players > 2 else 2}, seed=seed)
    while len(times) < count:
        if game.is_over:
            seed += 1
            game = Game("hungarian", players, {"jokers": 4 if players > 2 else 2}, seed=seed)
        if game.state.phase == hungarian.DRAW and game.state.discard:
            hungarian_plan._plan_cache.clear()
            tick = clock()
            game.why_not("take:discard")
            times.append(clock() - tick)
        game.apply(choose_action(game, game.current_seat, "normal"))
    return times


# --- report --------------------------------------------------------------------------------


def machine() -> str:
    return (
        f"{platform.platform()} | {platform.processor() or platform.machine()} | "
        f"{os.cpu_count()} CPUs | Python {platform.python_version()} ({platform.python_implementation()}) | "
        f"load average {os.getloadavg()[0]:.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one short run instead of the median of three")
    parser.add_argument("--runs", type=int, default=None, help="runs to take the median of")
    parser.add_argument("--variant", default=None, help="only this variant (key)")
    options = parser.parse_args()
    runs = options.runs or (1 if options.quick else 3)
    seconds = 0.3 if options.quick else 1.5
    solver_hands = 2000 if options.quick else 20000

    print(f"machine: {machine()}")
    print(f"median of {runs} run(s); {seconds:g} CPU s of whole hands per measurement\n")

    header = (
        f"{'variant':<12} {'players':>7} {'random hands/s':>15} {'AI hands/s':>11} {'AI p50 ms':>10} "
        f"{'AI p99 ms':>10} {'hard p50 ms':>12} {'hard p99 ms':>12}"
    )
    print(header)
    print("-" * len(header))
    for key, variant in registry().items():
        if options.variant and key != options.variant:
            continue
        for players in range(variant.min_players, variant.max_players + 1):
            random_rates, ai_rates, decisions, hard_decisions = [], [], [], []
            for run in range(runs):
                random_rates.append(play_hands(key, players, False, seconds, seed=1000 * run + players)[0])
                rate, times = play_hands(key, players, True, seconds, seed=1000 * run + players)
                ai_rates.append(rate)
                decisions += times
                hard_decisions += play_hands(key, players, True, seconds, seed=1000 * run + players, level="hard")[1]
            print(
                f"{key:<12} {players:>7} {statistics.median(random_rates):>15.1f} "
                f"{statistics.median(ai_rates):>11.1f} {percentile(decisions, 0.5) * 1e3:>10.2f} "
                f"{percentile(decisions, 0.99) * 1e3:>10.2f} {percentile(hard_decisions, 0.5) * 1e3:>12.2f} "
                f"{percentile(hard_decisions, 0.99) * 1e3:>12.2f}",
                flush=True,
            )

    print("\nRömi take:discard decision (exact completion search, cache emptied), ms")
    for players in (2, 4):
        samples: list[float] = []
        for run in range(runs):
            samples += romi_take_decisions(players, 150 if options.quick else 600, seed=7000 + 100 * run)
        print(
            f"  {players} players: p50 {percentile(samples, 0.5) * 1e3:.2f}  p99 {percentile(samples, 0.99) * 1e3:.2f}"
            f"  max {max(samples) * 1e3:.2f}   (target p99 ≤ 50)",
            flush=True,
        )

    print(f"\nsolver, time per hand on distinct random hands ({solver_hands} Gin hands per size)")
    results: dict[str, list[float]] = {}
    for run in range(runs):
        for name, seconds_per_hand in solver_rows(solver_hands, seed=run):
            results.setdefault(name, []).append(seconds_per_hand)
    for name, values in results.items():
        micro = statistics.median(values) * 1e6
        shown = f"{micro:,.1f} µs" if micro < 10_000 else f"{micro / 1000:,.1f} ms"
        print(f"  {name:<52} {shown:>12}")
    ratio = statistics.median(results["Gin 11 cards, best discard (least_deadwood_discards)"]) / statistics.median(
        results["Gin 10 cards, least deadwood (deadwood)"]
    )
    print(f"  Gin 11-card best discard / 10-card least deadwood: {ratio:.2f}x")
    print(
        "  (targets: Gin 10-card least deadwood ≤ 5 µs, 11-card best discard ≤ 3x that; "
        "rlcard ~48 µs, OpenSpiel C++ ~3 µs)"
    )


if __name__ == "__main__":
    main()
