"""The self-play helper runs on its own, as its docstring says: it installs the variant registry."""

from __future__ import annotations

import os
import subprocess
import sys

from rummy_tui.storage.saves import SaveStore


def test_selfplay_runs_from_the_command_line(tmp_path):
    environment = dict(os.environ, RUMMY_TUI_DATA_DIR=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-m", "rummy_tui.storage.selfplay", "--variant", "gin", "--games", "1"],
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "all games finished" in done.stdout
    [game] = SaveStore(tmp_path / "saves").list()
    assert game.finished and game.variant == "gin"
