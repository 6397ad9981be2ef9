"""The game template's off-screen start screen leaves nothing of its app behind in the heap the
games share: no widget's StylesCache (Textual memoises one of its methods with a cache whose
keys would keep them, and the lines they drew, alive)."""

from __future__ import annotations

import json
import subprocess
import sys

from rummy_tui.serve.child import CODE_ROOT

COUNT_THEM = """
import gc, json
from textual._styles_cache import StylesCache
from rummy_tui.serve.template import draw_a_start_screen, forget_the_off_screen_app

def alive():
    gc.collect()
    return sum(isinstance(thing, StylesCache) for thing in gc.get_objects())

draw_a_start_screen()
drawn = alive()
forget_the_off_screen_app()
print(json.dumps({"drawn": drawn, "forgotten": alive()}))
"""


def test_the_off_screen_start_screen_leaves_no_widget_drawing_behind():
    finished = subprocess.run(
        [sys.executable, "-c", COUNT_THEM], cwd=CODE_ROOT, capture_output=True, text=True, timeout=120, check=True
    )
    counts = json.loads(finished.stdout.splitlines()[-1])
    assert counts["drawn"] > 0  # what the cache kept: the check sees them
    assert counts["forgotten"] == 0
