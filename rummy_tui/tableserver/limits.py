"""The table service's limits: how much one client may send, how many tables may be open, how
long finished and forgotten tables are kept. Every limit is a setting with a default that suits
friends at one machine as well as a server open to the internet (`rummy table-server --help`).
"""

from __future__ import annotations

import sys
import time
from collections import OrderedDict
from dataclasses import dataclass, field


@dataclass(frozen=True)
class TableLimits:
    messages_per_second: float = 20.0  # per connection; more is dropped with an error
    message_burst: int = 60  # a joker menu or a reconnect asks several questions at once
    chat_lines_per_minute: float = 20.0  # per seat
    chat_burst: int = 5  # a pasted three-line message goes through
    wrong_codes_per_minute: float = 6.0  # per identity and per address
    wrong_code_burst: int = 10  # a few typos never lock anyone out
    max_tables: int = 100  # open (unfinished) tables on this server
    max_tables_per_player: int = 3  # open tables one identity (or address) has created
    keep_finished_minutes: float = 60.0  # a finished table's files, for a last look at the result
    unjoined_minutes: float = 30.0  # a table not started, nobody connected: closed after this
    max_grace_seconds: float = 3600.0  # the longest an away player's turn may wait
    max_seekers: int = 200  # players waiting to be paired (Play now) at once
    seeks_per_minute: float = 12.0  # per identity (or address): each may look up a rating
    seek_burst: int = 6
    pairing_window: float = 2.5  # openskill mu (100 shown points): how far apart two ratings pair at once
    pairing_widening: float = 0.25  # mu (10 shown points) the window grows each second a player waits
    board_requests_per_minute: float = 60.0  # ratings boards and hiding, per identity (or address)
    board_burst: int = 20


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` saved up: :meth:`take` says whether one is left."""

    def __init__(self, rate: float, burst: float, clock=time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.stamp = float(burst), clock()

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def take(self) -> bool:
        self._refill()
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def has_token(self) -> bool:
        self._refill()
        return self.tokens >= 1

    def seconds_to_token(self) -> float:
        self._refill()
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate


@dataclass
class Throttle:
    """One token bucket per key (an identity, an address), the least recently used forgotten
    past ``most`` keys so that a flood of new keys costs bounded memory."""

    rate: float
    burst: float
    most: int = 10_000
    buckets: OrderedDict[str, TokenBucket] = field(default_factory=OrderedDict)

    def bucket(self, key: str) -> TokenBucket:
        bucket = self.buckets.pop(key, None) or TokenBucket(self.rate, self.burst)
        self.buckets[key] = bucket
        while len(self.buckets) > self.most:
            self.buckets.popitem(last=False)
        return bucket


class RefusalLog:
    """One line on stderr (the table server's log; `rummy serve`'s, when it runs the service)
    for a refusal or drop, at most one per kind and address a minute, so a flood cannot flood
    the log: ``table-service refused kind=... address=... detail``."""

    def __init__(self, every: float = 60.0, most: int = 10_000, stream=None, clock=time.monotonic):
        self.every, self.most, self.stream, self.clock = every, most, stream, clock
        self._last: OrderedDict[tuple[str, str], float] = OrderedDict()

    def write(self, kind: str, address: str, detail: str = "") -> bool:
        now, key = self.clock(), (kind, address)
        last = self._last.pop(key, None)
        if last is not None and now - last < self.every:
            self._last[key] = last
            return False
        self._last[key] = now
        while len(self._last) > self.most:
            self._last.popitem(last=False)
        stream = self.stream or sys.stderr
        print(f"table-service refused kind={kind} address={address!r} {detail}".rstrip(), file=stream, flush=True)
        return True
