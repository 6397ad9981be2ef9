"""Römi whole games composed from single deals: a cheaper read of hard's share of games won.

    nice -n 5 python bench/research/romi_composed.py play --players 3 --deals 700 --seed 40000 --out careful.json
    nice -n 5 python bench/research/romi_composed.py play --players 3 --deals 700 --seed 40000 --out race.json \\
        --const variants.hungarian.hard.MANY_PLAYERS=3
    python bench/research/romi_composed.py compose careful.json race.json

A Römi game is 7 deals and the lowest total of penalties wins (RULES.md C-8). Single deals
(``deals=1``) reward only going out; a whole game also rewards the points kept when another
player goes out, so a setting can win more deals and still not more games (3 players: the
four-player weights won 4 deals in 100 more, and composed games 5 in 100 fewer, ± 7).
``play`` records, for each seed, one deal with hard in the seat ``seed % players``: the
penalties of hard and of the others (resumable). ``compose`` draws 7 recorded deals at random, sums them and counts hard's share of
the lowest totals (ties shared). With two records played on the same seeds it also composes
games that choose, deal by deal, between them by the standing on the score sheet at the deal's
start (exact for a hard player whose play depends on nothing else of the game), and gives each
policy's difference from the first record with a bootstrap interval over the recorded deals.
A whole game still needs ``rummy simulate`` to confirm: the players' play in one deal does not
depend on the sheet here, and the deals are drawn independently.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from table_ai_paired import MAX_ACTIONS, apply_constants  # noqa: E402

import variants  # noqa: E402,F401  (the registry)
from rummy_tui.engine.ai import play_ai_game  # noqa: E402

DEALS = 7


def deal_penalties(players: int, seed: int) -> list[int]:
    """Hard's penalty in one deal, then the others' (a deal that never ends: all zero)."""
    seat = seed % players
    levels = ["normal"] * players
    levels[seat] = "hard"
    try:
        game = play_ai_game("hungarian", players, levels, seed, {"deals": 1}, max_actions=MAX_ACTIONS)
    except RuntimeError:
        return [0] * players
    final = list(game.state.result["final"])
    return [final[seat]] + final[:seat] + final[seat + 1 :]


def play(args: argparse.Namespace) -> None:
    apply_constants(args.const)
    out = Path(args.out)
    record = json.loads(out.read_text()) if out.exists() else {}
    for seed in range(args.seed, args.seed + args.deals):
        if str(seed) not in record:
            record[str(seed)] = deal_penalties(args.players, seed)
            out.write_text(json.dumps(record))


def game_share(deals: list[list[int]]) -> float:
    """Hard's share of the win of a game made of these deals (hard first in each row)."""
    totals = [sum(column) for column in zip(*deals, strict=False)]
    winners = [seat for seat, total in enumerate(totals) if total == min(totals)]
    return 1 / len(winners) if 0 in winners else 0.0


def composed_share(records: list[dict], policy, picks: list[list[tuple[str, bool]]]) -> float:
    """``policy(deal_index, lead)`` names the record a deal comes from; ``lead`` is how far
    hard's total is below the lowest of the others' at the deal's start."""
    shares = []
    for pick in picks:
        rows = []
        for index, (seed, swap) in enumerate(pick):
            totals = [sum(column) for column in zip(*rows, strict=False)] if rows else None
            lead = min(totals[1:]) - totals[0] if totals else 0
            row = records[policy(index, lead)][seed]
            rows.append([row[0]] + (row[1:][::-1] if swap else row[1:]))  # the others are alike
        shares.append(game_share(rows))
    return sum(shares) / len(shares)


def random_picks(seeds: list[str], games: int, rng: random.Random) -> list[list[tuple[str, bool]]]:
    return [[(rng.choice(seeds), rng.random() < 0.5) for _ in range(DEALS)] for _ in range(games)]


def policies(count: int) -> dict:
    named = {"first record": lambda deal, lead: 0}
    if count == 2:
        named["second record"] = lambda deal, lead: 1
        for margin in (1, 20, 50):
            named[f"second unless leading by {margin}"] = lambda deal, lead, m=margin: int(lead < m)
            named[f"second when trailing by {margin}"] = lambda deal, lead, m=margin: int(-lead >= m)
        for first in (3, 5):
            named[f"second from deal {first + 1}"] = lambda deal, lead, f=first: int(deal >= f)
    return named


def compose(args: argparse.Namespace) -> None:
    records = [json.loads(Path(name).read_text()) for name in args.records]
    seeds = sorted(set.intersection(*(set(r) for r in records)), key=int)
    rng = random.Random(args.seed)
    named = policies(len(records))
    picks = random_picks(seeds, args.games, rng)
    point = {name: composed_share(records, policy, picks) for name, policy in named.items()}
    boots = []
    for _ in range(args.bootstrap):
        resampled = [rng.choice(seeds) for _ in seeds]
        picks = random_picks(resampled, args.games // 4, rng)
        boots.append({name: composed_share(records, policy, picks) for name, policy in named.items()})
    print(f"{len(seeds)} deals recorded in every record; {args.games} composed games")
    for name in named:
        spread = statistics.stdev(b[name] - b["first record"] for b in boots) if name != "first record" else 0.0
        share = statistics.stdev(b[name] for b in boots)
        print(
            f"{name:>34}: {point[name]:.3f} ± {1.96 * share:.3f}, "
            f"minus the first record {point[name] - point['first record']:+.3f} ± {1.96 * spread:.3f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    player = commands.add_parser("play", help="record single deals")
    player.add_argument("--players", type=int, default=3)
    player.add_argument("--deals", type=int, default=500)
    player.add_argument("--seed", type=int, default=1000)
    player.add_argument("--const", action="append", default=[], help="module.CONSTANT=json")
    player.add_argument("--out", required=True)
    composer = commands.add_parser("compose", help="compose 7-deal games from one or two records")
    composer.add_argument("records", nargs="+")
    composer.add_argument("--games", type=int, default=10000)
    composer.add_argument("--bootstrap", type=int, default=20)
    composer.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    play(args) if args.command == "play" else compose(args)


if __name__ == "__main__":
    main()
