"""Run as a separate program by the tests: record finished toy games into one history file.

usage: history_writer.py HISTORY_PATH PREFIX GAMES
Once its games are played it says "ready" and waits for a line on stdin, so that the test
starts two writers' writes at once and they really overlap.
"""

import sys

from toy_variant import register

from rummy_tui.engine.ai import play_ai_game
from rummy_tui.storage.history import History

register()
path, prefix, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
finished = [play_ai_game("toy", 2, ["normal", "normal"], seed) for seed in range(games)]
history = History(path)
print("ready", flush=True)
sys.stdin.readline()
for number, game in enumerate(finished):
    history.record_game(f"{prefix}-{number}", game, duration_seconds=1.0)
    history.stats()
print("done")
