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


class DataDirError(OSError):
    """A data folder that cannot be used; the message names it and how to choose another."""

    def __init__(self, directory: Path, reason: str):
        self.directory = directory
        super().__init__(
            f"The data folder {directory} cannot be used ({reason}); "
            f"set {DATA_DIR_VARIABLE} to a folder you can write to."
        )


def data_dir() -> Path:
    """The user's data directory, created on first use."""
    override = os.environ.get(DATA_DIR_VARIABLE, "").strip()
    directory = Path(override).expanduser() if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    return usable_folder(directory)


def usable_folder(directory: Path) -> Path:
    """``directory``, created if missing; :class:`DataDirError` when that is not possible."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise DataDirError(directory, "it is a file, not a folder") from None
    except NotADirectoryError:
        raise DataDirError(directory, "a file stands where one of its parent folders should be") from None
    except OSError as error:
        raise DataDirError(directory, f"it cannot be created: {(error.strerror or str(error)).lower()}") from None
    return directory


def saves_dir() -> Path:
    return data_dir() / "saves"


def history_path() -> Path:
    return data_dir() / "history.sqlite3"
