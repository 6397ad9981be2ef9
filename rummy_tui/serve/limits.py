"""The server's caps: how many sessions in all and per address, how many may start at once
(start-up CPU is the real limit on a small machine), how many new connections an address may
open per minute, and how large a window a game is given."""

from __future__ import annotations

import asyncio
import os
import resource
import time
from collections import defaultdict, deque
from dataclasses import dataclass
from typing import overload

# Two games starting per core. A start slot is held until the game's first screen is complete
# (session.py), and a starting game spends part of that waiting for its frames, so one per core
# left the cores idle between frames; on a busy machine a start gives its slot back 0.3 s after its
# first output, and then the number of slots paces a crowd (docs/SPEED.md, 3 December).
STARTING_AT_ONCE = 2 * (os.cpu_count() or 1)


@dataclass(frozen=True)
class Limits:
    max_sessions: int = 32
    max_sessions_per_ip: int = 4
    max_starting: int = STARTING_AT_ONCE
    connections_per_minute: int = 20
    login_timeout: float = 20.0
    idle_timeout: float = 30 * 60.0
    keepalive_interval: float = 30.0
    keepalive_count_max: int = 3
    max_width: int = 400  # a 20000x20000 window took one game past 2 GiB
    max_height: int = 150
    keys_per_second: int = 200  # what a visitor sends, per session (see inputgate.py)
    bytes_per_second: int = 4096
    input_burst_seconds: float = 4.0  # how many seconds' worth may come at once


MAX_DESCRIPTORS = 1 << 20


def allow_every_descriptor() -> int:
    """Raise the soft limit on open files to the hard one: the server holds about 4 descriptors
    a session (its SSH socket, the PTY's master twice, the game's pidfd), so the usual soft
    limit of 1024 (systemd's, and most shells') would stop it near 250 sessions whatever
    --max-sessions says. Returns the limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = MAX_DESCRIPTORS if hard == resource.RLIM_INFINITY else min(hard, MAX_DESCRIPTORS)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError):
            return soft
        return wanted
    return soft


Window = tuple[int, int, int, int]  # columns, rows, pixel width, pixel height (0: not known)
MAX_PIXELS = 65535  # the kernel's window size fields are 16 bits


@overload
def fit_window(
    width: int, height: int, pixel_width: int, pixel_height: int, limits: Limits, default: tuple[int, int] = ...
) -> tuple[Window, bool]: ...
@overload
def fit_window(
    width: int, height: int, pixel_width: int, pixel_height: int, limits: Limits, default: None
) -> tuple[Window, bool] | None: ...
def fit_window(
    width: int,
    height: int,
    pixel_width: int,
    pixel_height: int,
    limits: Limits,
    default: tuple[int, int] | None = (80, 24),
) -> tuple[Window, bool] | None:
    """The window a game gets for the one a visitor asks for, and whether it had to be made
    smaller. A size of 0 means "not known": `default` stands in for it (at a resize, where
    `default` is None, the request is ignored). Pixel sizes that do not fit are dropped."""
    if width <= 0 or height <= 0:
        if default is None:
            return None
        width, height = default
    columns, rows = min(width, limits.max_width), min(height, limits.max_height)
    clamped = (columns, rows) != (width, height)
    if clamped or not (0 <= pixel_width <= MAX_PIXELS and 0 <= pixel_height <= MAX_PIXELS):
        pixel_width = pixel_height = 0  # no longer the window's pixels, or not storable
    return (max(columns, 1), max(rows, 1), pixel_width, pixel_height), clamped


class ConnectionRate:
    """New connections per address in a sliding one-minute window."""

    WINDOW = 60.0

    def __init__(self, per_minute: int, clock=time.monotonic) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self.recent: dict[str, deque[float]] = defaultdict(deque)

    def allow(self, address: str) -> bool:
        """Count a new connection from `address`; False when it is over the rate."""
        now = self.clock()
        times = self.recent[address]
        while times and now - times[0] >= self.WINDOW:
            times.popleft()
        if len(times) >= self.per_minute:
            return False
        times.append(now)
        return True

    def forget_idle(self) -> None:
        """Drop addresses with nothing in the window, so the table cannot grow without bound."""
        now = self.clock()
        for address in [a for a, times in self.recent.items() if not times or now - times[-1] >= self.WINDOW]:
            del self.recent[address]


class SessionSeats:
    """Sessions in use, in all and per address; `take` refuses with the reason to show."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.per_address: dict[str, int] = defaultdict(int)
        self.total = 0
        self.starting = asyncio.Semaphore(limits.max_starting)

    def take(self, address: str) -> str | None:
        """Claim a seat for a session from `address`: None, or why there is none."""
        if self.total >= self.limits.max_sessions:
            return "the server is full; try again later"
        if self.per_address[address] >= self.limits.max_sessions_per_ip:
            return f"the table is full for your address ({self.limits.max_sessions_per_ip} sessions at most)"
        self.total += 1
        self.per_address[address] += 1
        return None

    def give_back(self, address: str) -> None:
        self.total -= 1
        self.per_address[address] -= 1
        if not self.per_address[address]:
            del self.per_address[address]
