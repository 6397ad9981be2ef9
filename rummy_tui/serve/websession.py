"""One browser tab's game: `python -m rummy_tui.serve.websession ROOT [rummy options]` makes a
fresh 0700 data folder under ROOT, runs `rummy` in it and removes the folder when the game ends
(a tab has no identity to come back to it with).

textual-serve ends a tab's game by asking it to quit, so the game exits and this process
cleans up. The folder's lock, held by this process and the game, tells a live tab from one
that was killed: each new tab first removes the folders of tabs nobody holds any more.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOCK_NAME = ".tab-lock"
NEWBORN = 60.0  # seconds a folder without its lock may be a tab still starting


def main(arguments: list[str]) -> int:
    root, options = Path(arguments[0]), arguments[1:]
    remove_abandoned_tabs(root)
    folder = Path(tempfile.mkdtemp(prefix="tab-", dir=root))  # mkdtemp makes it 0700
    lock = hold_lock(folder)
    environment = dict(os.environ, RUMMY_TUI_DATA_DIR=str(folder), HOME=str(folder))
    try:
        game = subprocess.Popen(
            [sys.executable, "-m", "rummy_tui", *options], env=environment, pass_fds=(lock,)
        )  # the game holds the lock too, should this process die
        for number in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
            signal.signal(number, lambda number, frame: game.send_signal(number))
        return game.wait()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def hold_lock(folder: Path) -> int:
    descriptor = os.open(folder / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(descriptor, fcntl.LOCK_EX)
    return descriptor


def remove_abandoned_tabs(root: Path) -> None:
    """Remove the folders of tabs whose session is gone (killed before it could clean up)."""
    for folder in root.glob("tab-*"):
        try:
            descriptor = os.open(folder / LOCK_NAME, os.O_RDWR)
        except FileNotFoundError:
            if _age(folder) > NEWBORN:
                shutil.rmtree(folder, ignore_errors=True)
            continue
        except OSError:
            continue
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            continue  # a live tab
        finally:
            os.close(descriptor)
        shutil.rmtree(folder, ignore_errors=True)


def _age(folder: Path) -> float:
    try:
        return time.time() - folder.stat().st_mtime
    except OSError:
        return 0.0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
