"""Where the table service's socket lives: a folder only this user can enter, never the shared
temp folder, where another user could be first; or the socket a `rummy serve` game is given."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from rummy_tui.storage.paths import data_dir

SOCKET_NAME = "tables.sock"
MAX_SOCKET_PATH = 100  # bytes; the system's limit is 107 or 103
SOCKET_VARIABLE = "RUMMY_TUI_TABLE_SOCKET"  # set by `rummy serve` for its games: its own table service


def runtime_folder() -> Path:
    """Where the socket lives: a folder only this user can enter, in the runtime directory
    (XDG_RUNTIME_DIR, else the system's /run/user/<uid> if it is this user's), else in the
    data folder; never the shared temp folder, where another user could be first."""
    base = os.environ.get("XDG_RUNTIME_DIR")
    if not base and _private_to_me(Path(f"/run/user/{os.getuid()}")):
        base = f"/run/user/{os.getuid()}"
    if base:
        return Path(base) / f"rummy-tui-{os.getuid()}"
    folder = data_dir() / "run"
    if len(bytes(folder / SOCKET_NAME)) > MAX_SOCKET_PATH:  # a unix socket path is short
        folder = Path.home() / f".rummy-tui-run-{os.getuid()}"
    return folder


def _private_to_me(folder: Path) -> bool:
    try:
        info = folder.stat()
    except OSError:
        return False
    return stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid() and not info.st_mode & 0o077


def default_socket_path() -> Path:
    """The socket named in the environment (a `rummy serve` game's), else this user's own."""
    named = os.environ.get(SOCKET_VARIABLE)
    return Path(named) if named else runtime_folder() / SOCKET_NAME


def private_folder(folder: Path) -> Path:
    """Create ``folder`` with mode 0700, or make sure an existing one is ours and private."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    info = folder.stat()
    if info.st_uid != os.getuid():
        raise PermissionError(f"{folder} belongs to another user; not using it for the table socket")
    if stat.S_IMODE(info.st_mode) != 0o700:
        folder.chmod(0o700)
    return folder
