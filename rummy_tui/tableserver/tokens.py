"""Seat tokens kept in the player's data folder, so a player who drops can take the seat back.

One small JSON file (mode 0600): table code -> {"seat", "token"}. A token is the only proof
of a seat, so the file is private to its user and written atomically.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from rummy_tui.storage.paths import data_dir
from rummy_tui.storage.saves import write_atomically

MAX_KEPT = 50  # the most recent tables; older tokens are forgotten


class SeatTokens:
    def __init__(self, path: str | os.PathLike | None = None):
        self.path = Path(path) if path else data_dir() / "seat-tokens.json"

    def read(self) -> dict[str, dict]:
        try:
            kept = json.loads(self.path.read_text("utf-8"))
        except (OSError, ValueError):
            return {}
        return kept if isinstance(kept, dict) else {}

    def token_for(self, code: str) -> str | None:
        entry = self.read().get(code.upper())
        return entry.get("token") if isinstance(entry, dict) else None

    def remember(self, code: str, seat: int, token: str) -> None:
        kept = self.read()
        kept.pop(code.upper(), None)
        kept[code.upper()] = {"seat": seat, "token": token}
        newest = dict(list(kept.items())[-MAX_KEPT:])
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(self.path, json.dumps(newest, indent=1).encode("utf-8"))
        self.path.chmod(0o600)
