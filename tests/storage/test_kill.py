"""Kill -9 at random moments never leaves a save that cannot be loaded and played on.

A separate program plays an AI game, saving after every action; it is killed with SIGKILL
a bounded number of times at seeded random moments and restarted (each start resumes the
latest save). The moments count from the first save of each run: on a loaded machine a run
may take seconds to save anything at all, and a kill before it would test nothing. After
every kill, every save must load, continue the one true game (its record is a prefix of the
uninterrupted game's), accept a legal move, and the history must be sound.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import variants
from rummy_tui.engine.ai import choose_action, play_ai_game
from rummy_tui.storage.saves import SaveStore

HERE = Path(__file__).parent
KILLS = 6
SEED = 11
PAUSE = 0.01  # seconds per action: the game outlasts the kills even on a fast disk
WAIT = 60.0  # for a run's first save: generous, the suite runs on a loaded machine


def real_variant() -> str:
    """Real play: Gin when it is registered (it is the first variant), else the toy."""
    return "gin" if "gin" in variants.registry() else "toy"


def start_player(data_dir: Path, variant: str, pause: float = PAUSE) -> subprocess.Popen:
    environment = dict(os.environ, RUMMY_TUI_DATA_DIR=str(data_dir))
    return subprocess.Popen(
        [
            sys.executable,
            str(HERE / "autosave_player.py"),
            "--variant",
            variant,
            "--games",
            "1",
            "--seed",
            str(SEED),
            "--pause",
            str(pause),
        ],
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_until_playing(player: subprocess.Popen) -> None:
    """The random moments count from when the game is under way, not from the start of the
    process: on a loaded machine the imports alone can outlast every kill."""
    first_line = player.stdout.readline()
    assert first_line.startswith(("started", "resumed")), (first_line, player.stderr.read())


def saved(folder: Path) -> dict[str, int]:
    """Each save file and when it was last written."""
    return {path.name: path.stat().st_mtime_ns for path in folder.glob("*") if path.is_file()}


def wait_for_a_new_save(folder: Path, before: dict[str, int]) -> None:
    deadline = time.monotonic() + WAIT
    while saved(folder) == before:
        assert time.monotonic() < deadline, "the restarted game saved nothing"
        time.sleep(0.01)


def check_every_save(store: SaveStore, reference: list[str]) -> int:
    """Each save loads, is the reference game so far, and the game goes on from it."""
    saved = store.list()
    assert store.problems == [], [str(problem) for problem in store.problems]
    assert not (store.directory / "damaged").exists()
    actions = 0
    for info in saved:
        game = store.load(info.id)
        record = game.record["actions"]
        assert record == reference[: len(record)]
        actions = max(actions, len(record))
        if not game.is_over:
            game.apply(choose_action(game, game.current_seat))
    return actions


def test_sigkill_at_random_moments_never_breaks_a_save(tmp_path):
    variant = real_variant()
    reference = play_ai_game(variant, 2, ["normal", "normal"], SEED).record["actions"]
    store = SaveStore(tmp_path / "saves")
    rng = random.Random(SEED)
    progress = [0]
    for _ in range(KILLS):
        before = saved(store.directory)
        player = start_player(tmp_path, variant)
        wait_until_playing(player)
        wait_for_a_new_save(store.directory, before)
        time.sleep(rng.uniform(0.0, 0.1))  # anywhere in the next few actions and their saves
        player.send_signal(signal.SIGKILL)
        player.communicate(timeout=10)
        progress.append(check_every_save(store, reference))
        assert progress[-1] >= progress[-2]  # a restart resumes; it never starts over
        with sqlite3.connect(tmp_path / "history.sqlite3") as connection:
            assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert 0 < progress[-1] < len(reference), progress  # the kills landed in the middle of the game
    last_run = start_player(tmp_path, variant, pause=0.0)
    out, err = last_run.communicate(timeout=60)
    assert last_run.returncode == 0, err
    assert "resumed" in out and "all games finished" in out
    [finished] = store.list()
    assert finished.finished and store.load(finished.id).record["actions"] == reference
