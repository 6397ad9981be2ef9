"""Where the game keeps its files: one data directory per user, with saves and the history.

``RUMMY_TUI_DATA_DIR`` overrides the platform's user data directory; tests and CI set it to a
temporary directory so that they never touch a player's real games.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

DATA_DIR_VARIABLE = "RUMMY_TUI_DATA_DIR"
APP_NAME = "rummy-tui"


def data_dir() -> Path:
    """The user's data directory, created on first use."""
    override = os.environ.get(DATA_DIR_VARIABLE, "").strip()
    directory = Path(override).expanduser() if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    directory.mkdir(parents=True, exist_ok=True)
    return directory


def saves_dir() -> Path:
    return data_dir() / "saves"


def history_path() -> Path:
    return data_dir() / "history.sqlite3"
