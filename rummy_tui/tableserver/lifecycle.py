"""How many tables may be open, and when a table goes: a table nobody is at before its game
starts is closed after a while, and a finished table leaves the Join list at once and its
files are removed after a retention period (long enough for a last look at the result).

Every limit is a :class:`~.limits.TableLimits` setting; the server sweeps its tables every
:data:`SWEEP_SECONDS`.
"""

from __future__ import annotations

import hashlib
import time
from typing import Any

from rummy_tui.i18n import msg_n

from .limits import TableLimits
from .table import Table

SWEEP_SECONDS = 30.0


def creator_key(identity: str | None, address: str) -> str:
    """Whom a table counts against: the creator's identity, else their address (kept hashed:
    the tables folder holds no key fingerprints or addresses of its own)."""
    who = f"identity {identity}" if identity else f"address {address}"
    return hashlib.sha256(who.encode("utf-8")).hexdigest()[:32]


def open_tables(tables: dict[str, Table]) -> list[Table]:
    return [table for table in tables.values() if not table.game.is_over]


def refusal_to_create(tables: dict[str, Table], creator: str, limits: TableLimits) -> dict[str, Any] | None:
    """Why this creator may not open another table now (a message for their language), or None."""
    still_open = open_tables(tables)
    if len(still_open) >= limits.max_tables:
        return msg_n(
            "This server has {n} open table, as many as it allows; try again when one has finished.",
            "This server has {n} open tables, as many as it allows; try again when one has finished.",
            len(still_open),
        )
    mine = sum(table.creator == creator for table in still_open)
    if mine >= limits.max_tables_per_player:
        return msg_n(
            "You already host {n} open table here; finish or leave it before hosting another.",
            "You already host {n} open tables here; finish or leave one before hosting another.",
            mine,
        )
    return None


def due_for_removal(table: Table, limits: TableLimits, now: float | None = None, wall_now: float | None = None) -> bool:
    """A finished table past its retention, or a table whose game never started that nobody
    has been at for ``unjoined_minutes``."""
    now = time.monotonic() if now is None else now
    wall_now = time.time() if wall_now is None else wall_now
    if table.game.is_over:
        finished = table.finished_at if table.finished_at is not None else wall_now
        return wall_now - finished >= limits.keep_finished_minutes * 60
    if not table.started and not table.members and table.empty_since is not None:
        return now - table.empty_since >= limits.unjoined_minutes * 60
    return False
