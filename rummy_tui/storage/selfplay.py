"""Headless AI games saved after every action, exactly as the app saves them.

Used by the kill test: the program is killed with SIGKILL at random moments and restarted;
each start resumes the latest unfinished save, so every restart also exercises resume.

    python -m rummy_tui.storage.selfplay --variant gin --games 3 --seed 1
"""

from __future__ import annotations

import argparse
import sys
import time

import variants  # noqa: F401  (the registry: Game("gin", ...) finds its variant, as in the rummy command)
from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action

from . import autosave
from .saves import SaveStore, new_game_id


def play(variant: str, players: int, games: int, seed: int, store: SaveStore, pause: float = 0.0) -> None:
    """Finish the latest unfinished game, then start new ones until ``games`` are finished."""
    while sum(info.finished for info in store.list()) < games:
        latest = store.latest()
        if latest is not None:
            game_id, game = latest.id, store.load(latest.id)
            print(f"resumed {game_id} at action {len(game.record['actions'])}", flush=True)
        else:
            game_id = new_game_id()
            game = Game(variant, players, seed=seed + len(store.list()))
            print(f"started {game_id}", flush=True)
        while not game.is_over:
            time.sleep(pause)  # the pace of play, so that a kill can land anywhere in a game
            game.apply(choose_action(game, game.state.mover))
            warning = autosave(game_id, game, store)
            if warning:
                print(warning, file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="gin")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pause", type=float, default=0.0, help="Seconds to wait before each action.")
    arguments = parser.parse_args(argv)
    play(arguments.variant, arguments.players, arguments.games, arguments.seed, SaveStore(), arguments.pause)
    print("all games finished", flush=True)


if __name__ == "__main__":
    main()
