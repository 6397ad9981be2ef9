"""The coach's speed: seconds to review one hand of one seat (rummy_tui/engine/coach.py).

    python bench/coach.py            # 4-player Römi and 2-player Gin, 10 hands each, median and worst
    python bench/coach.py --hands 3  # a quicker look

Each hand is played by the computer (the reviewed seat at easy, so there is plenty to remark,
the others hard) from seeds 1..N, then reviewed for seat 0. Times are wall-clock seconds of the
review alone (``time.perf_counter``); the load average is printed with them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import variants  # noqa: E402, F401  (the registry)
from rummy_tui.engine import Game  # noqa: E402
from rummy_tui.engine.ai import choose_action  # noqa: E402
from rummy_tui.engine.coach import review  # noqa: E402

CASES = (("hungarian", 4, {"deals": 1}), ("gin", 2, {"single_hand": True}))


def one_hand(variant: str, players: int, settings: dict, seed: int) -> Game:
    game = Game(variant, players, settings, seed=seed)
    levels = ["easy"] + ["hard"] * (players - 1)
    while game.current_seat is not None and game.state.hand_no == 1:
        game.apply(choose_action(game, game.current_seat, levels[game.current_seat]))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10)
    hands = parser.parse_args().hands
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    for variant, players, settings in CASES:
        seconds, remarks = [], []
        for seed in range(1, hands + 1):
            game = one_hand(variant, players, settings, seed)
            started = time.perf_counter()
            remarks.append(len(review(game.record, 0, hand=1)))
            seconds.append(time.perf_counter() - started)
        print(
            f"{variant} {players} players: review of a hand median {statistics.median(seconds):.3f} s, "
            f"worst {max(seconds):.3f} s ({hands} hands, {statistics.mean(remarks):.1f} remarks a hand)"
        )


if __name__ == "__main__":
    main()
