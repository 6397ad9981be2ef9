"""Best arrangement of a hand into non-overlapping melds (minimum deadwood).

The search takes the lowest remaining card and either leaves it unmatched or puts it into one
of the candidate melds that contain its face, filling the meld's other faces with the first
unused copies. Jokers are ordered last, so a joker is only reached once every natural card has
been decided, and a joker-only meld is never needed. Results are memoised per remaining set.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from .cards import JOKER, face_of, is_joker
from .melds import Meld, MeldRules, candidate_melds, read_meld


@dataclass
class Arrangement:
    melds: list[Meld] = field(default_factory=list)
    deadwood: list[int] = field(default_factory=list)
    value: int = 0  # value of the deadwood

    @property
    def melded_count(self) -> int:
        return sum(len(m.cards) for m in self.melds)


def best_arrangement(hand: Sequence[int], rules: MeldRules, card_value: Callable[[int], int]) -> Arrangement:
    """The arrangement of ``hand`` with the least deadwood value (ties: more cards melded)."""
    cards = sorted(hand, key=lambda c: (is_joker(c), face_of(c), c))
    faces = [face_of(c) for c in cards]
    jokers = sum(1 for c in cards if is_joker(c))
    by_face = _candidates_by_face(tuple(sorted(f for f in faces if f != JOKER)), rules, jokers)
    values = [card_value(c) for c in cards]
    full = (1 << len(cards)) - 1
    memo: dict[int, tuple[int, int, tuple[tuple[int, ...], ...]]] = {}

    def pick(mask: int, needed: tuple[int, ...]) -> int | None:
        """Bits of the first unused cards in ``mask`` showing the ``needed`` faces."""
        bits = 0
        for face in needed:
            for i, f in enumerate(faces):
                bit = 1 << i
                if f == face and mask & bit and not bits & bit:
                    bits |= bit
                    break
            else:
                return None
        return bits

    def solve(mask: int) -> tuple[int, int, tuple[tuple[int, ...], ...]]:
        """(deadwood value, -cards melded, melds as tuples of card indexes)."""
        if mask == 0:
            return (0, 0, ())
        hit = memo.get(mask)
        if hit is not None:
            return hit
        low = (mask & -mask).bit_length() - 1
        rest = solve(mask & ~(1 << low))
        best = (rest[0] + values[low], rest[1], rest[2])
        for meld_faces in by_face.get(faces[low], ()):
            bits = pick(mask, meld_faces)
            if bits is None or not bits & (1 << low):
                continue
            sub = solve(mask & ~bits)
            size = bin(bits).count("1")
            candidate = (sub[0], sub[1] - size, sub[2] + (tuple(i for i in range(len(cards)) if bits >> i & 1),))
            if candidate[:2] < best[:2]:
                best = candidate
        memo[mask] = best
        return best

    value, _, groups = solve(full)
    used = {i for group in groups for i in group}
    melds = [read_meld([cards[i] for i in group], rules) for group in groups]
    return Arrangement([m for m in melds if m is not None], [cards[i] for i in range(len(cards)) if i not in used], value)


@lru_cache(maxsize=4096)
def _candidates_by_face(faces: tuple[int, ...], rules: MeldRules, jokers: int) -> dict[int, list[tuple[int, ...]]]:
    by_face: dict[int, list[tuple[int, ...]]] = {}
    for meld in candidate_melds(faces, rules, jokers):
        for face in set(meld):
            by_face.setdefault(face, []).append(meld)
    return by_face


def deadwood(hand: Sequence[int], rules: MeldRules, card_value: Callable[[int], int]) -> int:
    return best_arrangement(hand, rules, card_value).value


def all_melded(hand: Sequence[int], rules: MeldRules) -> bool:
    """Can every card of ``hand`` be put into melds?"""
    return best_arrangement(hand, rules, lambda c: 1).value == 0
