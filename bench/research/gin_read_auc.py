"""How well a read of the Gin opponent tells which of hard's loose cards normal would take.

    nice -n 5 python bench/research/gin_read_auc.py --seeds 6 --first 1000 --eps 0.1

Hard plays normal (single hands, both seats per seed). At each of hard's discards, every loose
card is labelled by normal's take rule on the opponent's TRUE hand (measurement only), and scored
by hard's current read (the share of sampled hands in which it melds) and by the policy read
(``variants/gin/policy_read.py``: the share of Metropolis-sampled hands in which normal would
take it). Reported: each score's AUC (the chance that a takeable card scores above one that is not).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import variants  # noqa: E402,F401  (the registry)
from rummy_tui.engine.ai import choose_action  # noqa: E402
from rummy_tui.engine.game import Game  # noqa: E402
from variants.gin import hard  # noqa: E402
from variants.gin import policy_read as policy  # noqa: E402
from variants.gin.sim import normal_take  # noqa: E402


def auc(scored: list[tuple[float, bool]]) -> float:
    """The rank-sum AUC, ties counted half."""
    ordered = sorted(scored)
    positives = sum(label for _, label in scored)
    negatives = len(scored) - positives
    rank_sum, i = 0.0, 0
    while i < len(ordered):
        j = i
        while j < len(ordered) and ordered[j][0] == ordered[i][0]:
            j += 1
        rank_sum += (i + j + 1) / 2 * sum(label for _, label in ordered[i:j])
        i = j
    return (rank_sum - positives * (positives + 1) / 2) / max(positives * negatives, 1)


def policy_scores(observation, know, cards, rng, args) -> dict[int, float]:
    history = policy.opponent_history(observation)
    opponent = 1 - observation["seat"]
    hands = policy.sample_hands(
        know.known_opponent,
        observation["extra"]["picked"][opponent],
        know.unseen,
        min(know.hidden_in_opponent, len(know.unseen)),
        history,
        rng,
        args.chains,
        args.steps,
        args.burn,
        args.eps,
    )
    return {card: sum(normal_take(hand, card, history.threshold) for hand in hands) / len(hands) for card in cards}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=6)
    parser.add_argument("--first", type=int, default=1000)
    parser.add_argument("--eps", type=float, default=policy.EPS)
    parser.add_argument("--chains", type=int, default=8)
    parser.add_argument("--steps", type=int, default=400)
    parser.add_argument("--burn", type=int, default=100)
    args = parser.parse_args()
    rng, started = random.Random(7), time.perf_counter()
    scored = {"current read": [], "policy read": []}
    decisions = 0
    for seed in range(args.first, args.first + args.seeds):
        for hard_seat in (0, 1):
            game = Game("gin", 2, {"single_hand": True}, seed)
            while game.current_seat is not None:
                seat = game.current_seat
                level = "hard" if seat == hard_seat else "normal"
                if level == "hard" and game.state.phase == "discard":
                    observation = game.observation(seat)
                    know = hard.read_knowledge(observation)
                    loose = [c for c in hard.arrangement_of(know.hand).deadwood if c != know.taken]
                    if loose:
                        decisions += 1
                        hard.read_opponent(know, loose, random.Random(seed))
                        theirs = sum(1 << c for c in game.state.hands[1 - seat])
                        limit = observation["extra"]["knock_limit"]
                        read = policy_scores(observation, know, loose, rng, args)
                        for card in loose:
                            takes = normal_take(theirs, card, limit if limit >= 1 else 0)
                            scored["current read"].append((know.feeding[card], takes))
                            scored["policy read"].append((read[card], takes))
                game.apply(choose_action(game, seat, level))
    cards = scored["current read"]
    print(f"{decisions} decisions, {len(cards)} loose cards, {sum(t for _, t in cards)} takeable")
    for name, pairs in scored.items():
        print(f"  {name}: AUC {auc(pairs):.3f}")
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
