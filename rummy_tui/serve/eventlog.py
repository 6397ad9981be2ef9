"""One line per connect, disconnect and refusal, in a form fail2ban can match:

    2026-12-01T08:30:00Z rummy-serve[4711]: disconnect ip=203.0.113.7 identity=guest-bob duration=61.2s status=0

A filter for fail2ban: `failregex = rummy-serve\\[\\d+\\]: (?:auth-failed|refused|rate-limited) ip=<HOST> `.
"""

from __future__ import annotations

import os
import re
import sys
import time
from typing import TextIO

_UNSAFE = re.compile(r"[^A-Za-z0-9._:@/+=~-]")


def _value(value: object) -> str:
    """A field value that cannot break the line: no spaces, quotes or control characters."""
    text = f"{value:.1f}s" if isinstance(value, float) else str(value)
    return _UNSAFE.sub("?", text)[:80] or "-"


class EventLog:
    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr

    def write(self, event: str, ip: str, **fields: object) -> None:
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        details = "".join(f" {name}={_value(value)}" for name, value in fields.items())
        self.stream.write(f"{stamp} rummy-serve[{os.getpid()}]: {event} ip={_value(ip)}{details}\n")
        self.stream.flush()
