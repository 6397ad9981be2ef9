"""Sealed deals: commit, mix, reveal (docs/ENGINE.md, "Sealed deals").

Each hand's cards come from a 32-byte **hand secret**. Before the hand is dealt, everybody is
shown its **commitment**, the SHA-256 of the secret (hex). Each human seat may add 16 bytes of
its own (**contributions**). The shuffles of the hand come from

    key = HMAC-SHA256(secret, "rummy-tui deal|hand N|c1|c2|...")

(one field per seat, in seat order: the contribution in lowercase hex, or ``-``), and each shuffle
of the hand reads the stream ``HMAC-SHA256(key, "purpose|n|block")`` for blocks 0, 1, 2...:
``n`` counts the shuffles of the hand from 1, ``purpose`` is the shuffle's name (``deal``,
``reshuffle``, ``first dealer``...). A number below ``m`` is the top ``bits(m - 1)`` bits of the
next 8 bytes (big-endian), drawn again while it is ``m`` or more; a list is shuffled as Python's
``random.shuffle`` does (Fisher-Yates from the last place down). When the hand is over the
secret is revealed, and anyone can check it against the commitment and replay the shuffles.

The secret cannot be chosen after the contributions are seen (it is committed), and no player
can predict the deal without it. Each hand secret is HMAC-SHA256 of the hand number under a key
hashed from the game's seed: 256 bits from ``secrets`` for a game nobody gave a seed, so hand
secrets are as good as fresh ones, and revealing one tells nothing about the others.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import MutableSequence, Sequence
from typing import Any

CONTRIBUTION_BYTES = 16
_HEX_64 = re.compile(r"[0-9a-f]{64}")
_HEX_CONTRIBUTION = re.compile(f"[0-9a-f]{{{2 * CONTRIBUTION_BYTES}}}")


def seed_key(seed: int) -> bytes:
    return hashlib.sha256(f"rummy-tui seed {seed}".encode()).digest()


def hand_secret(seed: int, hand: int) -> bytes:
    """The secret of hand ``hand`` of a game with this seed."""
    return hmac.new(seed_key(seed), f"hand {hand}".encode(), hashlib.sha256).digest()


def commitment_of(secret: bytes) -> str:
    return hashlib.sha256(secret).hexdigest()


def short(digest: str) -> str:
    """The first characters of a commitment or secret, for people to compare by eye."""
    return digest[:8] + "…"


def deal_key(secret: bytes, hand: int, contributions: Sequence[str | None]) -> bytes:
    message = "|".join(["rummy-tui deal", f"hand {hand}", *(c or "-" for c in contributions)])
    return hmac.new(secret, message.encode(), hashlib.sha256).digest()


def is_commitment(text: Any) -> bool:
    return isinstance(text, str) and _HEX_64.fullmatch(text) is not None


def is_contribution(text: Any) -> bool:
    return isinstance(text, str) and _HEX_CONTRIBUTION.fullmatch(text) is not None


def own_randomness(seats: Sequence[Any]) -> list[str | None]:
    """Fresh contributions for the human seats of a game played here (None for the others)."""
    return [
        secrets.token_hex(CONTRIBUTION_BYTES) if isinstance(seat, dict) and seat.get("kind") == "human" else None
        for seat in seats
    ]


def contribution_text(data: bytes | str) -> str | None:
    """A contribution as the record keeps it (lowercase hex), or None when it is not 16 bytes."""
    if isinstance(data, bytes):
        data = data.hex()
    if not isinstance(data, str):
        return None
    data = data.strip().lower()
    return data if is_contribution(data) else None


class DealStream:
    """The randomness of one shuffle: the same calls as ``random.Random`` the variants use
    (``shuffle``, ``randrange``), from the HMAC stream described above."""

    def __init__(self, key: bytes, label: str) -> None:
        self._key, self._label = key, label
        self._block, self._buffer = 0, b""

    def _take(self, count: int) -> bytes:
        while len(self._buffer) < count:
            message = f"{self._label}|{self._block}".encode()
            self._buffer += hmac.new(self._key, message, hashlib.sha256).digest()
            self._block += 1
        taken, self._buffer = self._buffer[:count], self._buffer[count:]
        return taken

    def below(self, limit: int) -> int:
        """A whole number from 0 to ``limit - 1``, each equally likely."""
        if not 0 < limit <= 2**64:
            raise ValueError(f"cannot draw below {limit}")
        bits = (limit - 1).bit_length()
        while True:
            number = int.from_bytes(self._take(8), "big") >> (64 - bits) if bits else 0
            if number < limit:
                return number

    def randrange(self, limit: int) -> int:
        return self.below(limit)

    def shuffle(self, items: MutableSequence[Any]) -> None:
        for place in reversed(range(1, len(items))):
            other = self.below(place + 1)
            items[place], items[other] = items[other], items[place]
