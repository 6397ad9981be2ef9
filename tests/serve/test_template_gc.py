"""A game forked from the template collects its youngest objects first after its start screen
(serve/template.py, first_collection_after_the_start), then at Python's usual pace. Run in a
fresh interpreter: the collector's settings are the whole process's."""

from __future__ import annotations

import json
import subprocess
import sys

from rummy_tui.serve.template import FIRST_COLLECTION_AFTER

GAME = """
import gc, json
from rummy_tui.serve.template import first_collection_after_the_start

usual = gc.get_threshold()
first_collection_after_the_start()
during_the_start = gc.get_threshold()
collections = []
gc.callbacks.append(lambda phase, info: phase == "stop" and collections.append(info["generation"]))
kept = []
made_before_the_first = None
while len(collections) < 3:
    kept.append([])  # a tracked object that lives on, as the start screen's do
    if collections and made_before_the_first is None:
        made_before_the_first = len(kept)
print(json.dumps({
    "usual": usual, "during_the_start": during_the_start, "after": gc.get_threshold(),
    "made_before_the_first": made_before_the_first, "made_in_all": len(kept), "callbacks": len(gc.callbacks),
}))
"""


def test_the_first_collection_waits_for_the_start_screen_then_the_usual_pace():
    result = subprocess.run([sys.executable, "-c", GAME], capture_output=True, text=True, check=True, timeout=60)
    seen = json.loads(result.stdout)
    assert seen["during_the_start"] == [FIRST_COLLECTION_AFTER, *seen["usual"][1:]]
    assert seen["made_before_the_first"] >= FIRST_COLLECTION_AFTER * 0.9  # (the interpreter's own objects count too)
    assert seen["after"] == seen["usual"]
    assert seen["made_in_all"] - seen["made_before_the_first"] <= 3 * seen["usual"][0]  # two more at the usual pace
    assert seen["callbacks"] == 1  # the game's own hook is gone, the test's is left
