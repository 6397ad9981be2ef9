"""Who a visitor is, where their games live, and how their words may appear on a screen.

A visitor who offers a public key is that key (its SHA256 fingerprint); one without a key is
`guest-<username>`. Each identity has its own data folder (saves, history, statistics), so
Continue and the statistics are per person.
"""

from __future__ import annotations

import hashlib
import os
import re
import unicodedata
from pathlib import Path

from rich.markup import escape

NAME_LIMIT = 32
LINE_MODE_USER = "lines"  # `ssh lines@host` or `ssh anna+lines@host`: the game in line mode (rummy --lines)
_FOLDER_SAFE = re.compile(r"[^A-Za-z0-9._-]")


def safe_text(text: str, limit: int = NAME_LIMIT) -> str:
    """Client-sent text made fit to show: no control characters, Rich markup escaped, bounded."""
    printable = "".join(char for char in text if not unicodedata.category(char).startswith("C"))
    return escape(printable[:limit])


def wants_line_mode(username: str) -> bool:
    """The user name asks for line mode: `lines`, or any name ending in `+lines`."""
    return username == LINE_MODE_USER or username.endswith("+" + LINE_MODE_USER)


def account_name(username: str) -> str:
    """The user name without the `+lines` that asks for line mode: `anna+lines` plays as `anna`."""
    return username.removesuffix("+" + LINE_MODE_USER) or username


def player_name(username: str) -> str:
    """The SSH user name as a default name at a shared table: printable, at most 16 characters
    (the table escapes markup itself); "" if nothing usable is left."""
    printable = "".join(char for char in account_name(username) if char.isprintable() and not char.isspace())
    return printable[:16]


def key_identity(fingerprint: str) -> str:
    """`key-<fingerprint>`, from the fingerprint as `ssh-keygen -l` prints it (SHA256:base64),
    with the two base64 characters a folder name should not hold swapped for `_` and `-`."""
    digest = fingerprint.removeprefix("SHA256:").rstrip("=")
    return "key-" + digest.replace("/", "_").replace("+", "-")


def guest_identity(username: str) -> str:
    """`guest-<username>`, folder-safe; a name that had to be changed keeps a hash of the original,
    so two different names never share a folder. `anna+lines` is anna, in line mode."""
    username = account_name(username)
    cleaned = _FOLDER_SAFE.sub("", username)[:NAME_LIMIT].lstrip(".")
    if cleaned != username or not cleaned:
        cleaned = f"{cleaned}~{hashlib.sha256(username.encode()).hexdigest()[:8]}".lstrip("~")
    return f"guest-{cleaned}"


def player_dir(players_root: Path, identity: str) -> Path:
    """The identity's own data folder (mode 0700), created on first use."""
    players_root.mkdir(mode=0o700, parents=True, exist_ok=True)
    folder = players_root / identity
    folder.mkdir(mode=0o700, exist_ok=True)
    os.chmod(folder, 0o700)
    return folder
