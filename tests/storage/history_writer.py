"""Run as a separate program by the tests: record finished toy games into one history file.

usage: history_writer.py HISTORY_PATH PREFIX GAMES START_AT
It waits until the wall clock reaches START_AT so that two writers really overlap.
"""

import sys
import time

from toy_variant import register

from rummy_tui.engine.ai import play_ai_game
from rummy_tui.storage.history import History

register()
path, prefix, games, start_at = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
finished = [play_ai_game("toy", 2, ["normal", "normal"], seed) for seed in range(games)]
history = History(path)
while time.time() < start_at:
    time.sleep(0.005)
for number, game in enumerate(finished):
    history.record_game(f"{prefix}-{number}", game, duration_seconds=1.0)
    history.stats()
print("done")
