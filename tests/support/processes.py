"""Processes the test suite starts, and a check that none outlives it.

The session marks its environment with :data:`MARK` (a random value), which every process a
test starts inherits. Once the session is over, a process still carrying the mark was left
behind by a test (a table server started in the background, say). Processes started with an
environment of their own escape the mark: give them ``dict(os.environ, ...)``.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

MARK = "RUMMY_TUI_TEST_SESSION"
SETTLE_SECONDS = 5.0  # a process told to stop as its test ended may take a moment to exit


def mark_this_session() -> None:
    """Mark the environment, once per run (xdist workers inherit the controller's mark)."""
    if MARK not in os.environ:
        os.environ[MARK] = os.urandom(8).hex()


def marked_processes() -> dict[int, str]:
    """Live processes (not zombies) carrying this session's mark, other than this one and its
    ancestors: pid -> command line."""
    mark = f"{MARK}={os.environ[MARK]}".encode()
    ours = set(ancestors())
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) in ours:
            continue
        try:
            if mark not in (entry / "environ").read_bytes().split(b"\0") or is_zombie(entry):
                continue
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:  # gone meanwhile, or another user's
            continue
        found[int(entry.name)] = command
    return found


def left_behind() -> dict[int, str]:
    """The marked processes still alive after giving them a few seconds to finish exiting."""
    deadline = time.monotonic() + SETTLE_SECONDS
    while (found := marked_processes()) and time.monotonic() < deadline:
        time.sleep(0.1)
    return found


def ancestors() -> list[int]:
    pid, chain = os.getpid(), []
    while pid > 1:
        chain.append(pid)
        try:
            stat = (Path("/proc") / str(pid) / "stat").read_text()
        except OSError:
            break
        pid = int(stat.rpartition(")")[2].split()[1])
    return chain


def is_zombie(entry: Path) -> bool:
    return (entry / "stat").read_text().rpartition(")")[2].split()[0] == "Z"
