"""What the SQLite files (history, ratings) share: how a connection is opened, and one short write."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def opened(path: Path, busy_timeout: float) -> Iterator[sqlite3.Connection]:
    """A connection in autocommit mode (transactions are explicit), foreign keys enforced,
    waiting up to ``busy_timeout`` seconds for another program's write."""
    connection = sqlite3.connect(path, timeout=busy_timeout, isolation_level=None)
    try:
        connection.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
        connection.execute("PRAGMA foreign_keys = ON")
        yield connection
    finally:
        connection.close()


@contextlib.contextmanager
def write_transaction(connection: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One short write transaction, taking the write lock at once so two writers queue."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield connection
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")
