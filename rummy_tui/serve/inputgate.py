"""What a visitor types reaches their game at a bounded rate; the excess is dropped, never queued.

Without a limit, a 1 MB paste grew one game from 47 to 395 MiB and cost it 10 s of CPU. Two
token buckets per session, one for keys and one for bytes, each refilled at its rate and
holding a few seconds' worth (so a quick burst of keys, or a pasted line, gets through whole).
Input passes in whole keys: an escape sequence (an arrow, a mouse report) or a UTF-8
character is never cut in two, and an incomplete one at the end of a read waits for the rest.
The marks around a bracketed paste always pass, so a paste that was cut still ends.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

# One key: a CSI sequence (arrows, function keys, mouse and paste marks), an SS3 or Alt
# sequence, a UTF-8 character, or any single byte.
KEY = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1bO.|\x1b.|[\xc0-\xff][\x80-\xbf]*|.", re.DOTALL)
PASTE_MARK = re.compile(rb"\x1b\[20[01]~")
INCOMPLETE_TAIL = re.compile(rb"(?:\x1b\[[0-?]*[ -/]*|\x1bO|[\xc0-\xff][\x80-\xbf]*)\Z")
LONGEST_WAIT = 32  # bytes of an unfinished sequence kept for the next read; longer is not a key
BURST_GAP = 1.0  # seconds without a drop that end a burst of dropped input


class Bucket:
    def __init__(self, rate: float, capacity: float) -> None:
        self.rate = rate
        self.capacity = capacity
        self.level = capacity

    def refill(self, seconds: float) -> None:
        self.level = min(self.capacity, self.level + seconds * self.rate)


class InputGate:
    def __init__(
        self,
        keys_per_second: float,
        bytes_per_second: float,
        burst_seconds: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.keys = Bucket(keys_per_second, max(keys_per_second * burst_seconds, 1))
        self.bytes = Bucket(bytes_per_second, max(bytes_per_second * burst_seconds, 64))
        self.clock = clock
        self.last_refill = clock()
        self.waiting = b""  # the start of a sequence whose end has not arrived yet
        self.dropped_bytes = 0
        self.last_drop: float | None = None
        self.bursts = 0  # bursts of dropped input so far

    def admit(self, data: bytes) -> bytes:
        """The part of `data` the game gets, in whole keys, while the buckets last."""
        self._refill()
        data, self.waiting = _split_unfinished(self.waiting + data)
        end = 0
        keys, size = self.keys, self.bytes
        for match in KEY.finditer(data):
            key = match.group()
            if not PASTE_MARK.fullmatch(key):
                if keys.level < 1 or size.level < len(key):
                    break
                keys.level -= 1
                size.level -= len(key)
            end = match.end()
        else:
            return data
        rest = data[end:]
        kept = b"".join(PASTE_MARK.findall(rest))
        self._dropped(len(rest) - len(kept))
        return data[:end] + kept

    def _refill(self) -> None:
        now = self.clock()
        seconds, self.last_refill = now - self.last_refill, now
        self.keys.refill(seconds)
        self.bytes.refill(seconds)

    def _dropped(self, count: int) -> None:
        now = self.clock()
        if self.last_drop is None or now - self.last_drop >= BURST_GAP:
            self.bursts += 1
        self.last_drop = now
        self.dropped_bytes += count


def _split_unfinished(data: bytes) -> tuple[bytes, bytes]:
    """(whole keys, the unfinished sequence at the end that waits for the next read)."""
    match = INCOMPLETE_TAIL.search(data, max(len(data) - LONGEST_WAIT, 0))
    if match is None:
        return data, b""
    tail = match.group()
    if tail[0] >= 0xC0 and len(tail) >= _utf8_length(tail[0]):
        return data, b""  # a whole character after all
    return data[: match.start()], tail


def _utf8_length(lead: int) -> int:
    return 2 if lead < 0xE0 else 3 if lead < 0xF0 else 4
