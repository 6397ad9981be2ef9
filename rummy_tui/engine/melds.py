"""One validator for sets and runs, parameterised by the variant (RULES.md 0.3).

A :class:`Meld` keeps its cards in order together with the face each card stands for, so a
joker's meaning is fixed once the meld is laid. Runs store the position of their lowest card
(1..14, where 14 is a high ace).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from rummy_tui.i18n import ngettext
from rummy_tui.i18n import t as tr

from .cards import JOKER, face_of, face_text, is_joker, make_face, rank_of, suit_of

SET = "set"
RUN = "run"


@dataclass(frozen=True)
class MeldRules:
    """What a variant allows in a meld."""

    ace_low: bool = True
    ace_high: bool = False
    max_jokers: int | None = 0  # per meld; None means any number
    min_naturals: int = 1
    set_max: int = 4

    def joker_limit(self) -> int:
        return 99 if self.max_jokers is None else self.max_jokers

    def ace_modes(self) -> list[bool]:
        """For each allowed mode: is the ace high (position 14)?"""
        return [high for high, allowed in ((False, self.ace_low), (True, self.ace_high)) if allowed]


@dataclass(frozen=True)
class Meld:
    kind: str
    cards: tuple[int, ...]  # physical card ids, runs in rank order
    faces: tuple[int, ...]  # what each card stands for (a joker's meaning)
    low: int = 0  # runs: position of the first card (1..14); sets: the rank

    @property
    def jokers(self) -> list[int]:
        return [c for c in self.cards if is_joker(c)]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": list(self.cards), "faces": list(self.faces), "low": self.low}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Meld:
        return cls(data["kind"], tuple(data["cards"]), tuple(data["faces"]), data["low"])

    def text(self, glyphs: bool = False) -> str:
        parts = []
        for card, face in zip(self.cards, self.faces, strict=False):
            parts.append(f"JK={face_text(face, glyphs)}" if is_joker(card) else face_text(face, glyphs))
        return " ".join(parts)

    def value(self, face_value: Callable[[int], int]) -> int:
        return sum(face_value(face) for face in self.faces)


class MeldError(ValueError):
    """Why some cards are not a meld, in words a player understands."""


def _position_face(position: int, suit: int) -> int:
    return make_face(1 if position == 14 else position, suit)


def _run_readings(cards: Sequence[int], rules: MeldRules, fixed: dict[int, int]) -> list[Meld]:
    """Every way (one per ace mode) to read ``cards`` as a run; ``fixed`` pins some jokers' faces."""
    shown = {c: fixed.get(c, face_of(c)) for c in cards}
    naturals = [c for c in cards if not is_joker(shown[c])]
    free_jokers = [c for c in cards if is_joker(shown[c])]
    if not naturals:
        return []
    suits = {suit_of(shown[c]) for c in naturals}
    if len(suits) != 1:
        return []
    suit = suits.pop()
    readings = []
    for ace_high in rules.ace_modes():
        bottom, top = (2, 14) if ace_high else (1, 13)
        positions = {}
        for card in naturals:
            rank = rank_of(shown[card])
            positions[card] = 14 if (ace_high and rank == 1) else rank
        if len(set(positions.values())) != len(positions):
            continue
        lo, hi = min(positions.values()), max(positions.values())
        if lo < bottom or hi > top or len(cards) > top - bottom + 1:
            continue
        gaps = [p for p in range(lo, hi + 1) if p not in positions.values()]
        spare = len(free_jokers) - len(gaps)
        if spare < 0:
            continue
        above = min(spare, top - hi)  # the highest-value reading: extend upwards first
        below = spare - above
        if lo - below < bottom:
            continue
        jokers = iter(free_jokers)
        for p in gaps + list(range(hi + 1, hi + 1 + above)) + list(range(lo - below, lo)):
            positions[next(jokers)] = p
        ordered = sorted(cards, key=positions.__getitem__)
        faces = tuple(_position_face(positions[c], suit) for c in ordered)
        readings.append(Meld(RUN, tuple(ordered), faces, positions[ordered[0]]))
    return readings


def _set_reading(cards: Sequence[int], rules: MeldRules, fixed: dict[int, int]) -> Meld | None:
    naturals = [c for c in cards if not is_joker(c)]
    jokers = [c for c in cards if is_joker(c)]
    if not naturals or len(cards) > rules.set_max:
        return None
    ranks = {rank_of(c) for c in naturals}
    if len(ranks) != 1:
        return None
    rank = ranks.pop()
    suits = [suit_of(c) for c in naturals]
    if len(set(suits)) != len(suits):
        return None
    missing = [s for s in range(4) if s not in suits]
    pinned = {c: fixed[c] for c in jokers if c in fixed}
    if not _pins_fit_set(list(pinned.values()), rank, missing):
        return None
    faces = dict(pinned)
    free_suits = [s for s in missing if make_face(rank, s) not in pinned.values()]
    for joker in (j for j in jokers if j not in pinned):
        faces[joker] = make_face(rank, free_suits.pop(0))
    ordered = naturals + jokers
    return Meld(SET, tuple(ordered), tuple(face_of(c) if c in naturals else faces[c] for c in ordered), rank)


def _pins_fit_set(pinned_faces: list[int], rank: int, missing_suits: list[int]) -> bool:
    """Jokers pinned in a set must each stand for a different missing suit of the set's rank."""
    return len(set(pinned_faces)) == len(pinned_faces) and all(
        rank_of(f) == rank and suit_of(f) in missing_suits for f in pinned_faces
    )


def meld_problem(cards: Sequence[int], rules: MeldRules) -> str | None:
    """None if the cards are some meld, otherwise why not."""
    jokers = sum(1 for c in cards if is_joker(c))
    if len(cards) < 3:
        return tr("A meld needs at least 3 cards.")
    if jokers and rules.max_jokers == 0:
        return tr("This game is played without jokers.")
    if jokers > rules.joker_limit():
        return tr("A meld may hold at most {most} jokers.", most=rules.joker_limit())
    if len(cards) - jokers < rules.min_naturals:
        return ngettext(
            "A meld needs at least {n} natural card.", "A meld needs at least {n} natural cards.", rules.min_naturals
        )
    if read_meld(cards, rules) is None:
        return tr("These cards are neither a set (same rank, different suits) nor a run (same suit, in sequence).")
    return None


def read_meld(
    cards: Sequence[int],
    rules: MeldRules,
    fixed: dict[int, int] | None = None,
    prefer: Callable[[Meld], tuple[int, ...]] | None = None,
) -> Meld | None:
    """The best reading of ``cards`` as a meld, or None.

    ``fixed`` maps joker ids to the faces they must stand for (a meld already on the table, or a
    player's choice). Among several readings the one with the highest ``prefer`` score wins
    (default: the highest ranks, so JK A♥ JK reads Q♥ K♥ A♥ where aces may be high).
    """
    fixed = fixed or {}
    jokers = sum(1 for c in cards if is_joker(c))
    if len(cards) < 3 or jokers > rules.joker_limit() or len(cards) - jokers < rules.min_naturals:
        return None
    readings = _run_readings(cards, rules, fixed)
    group = _set_reading(cards, rules, fixed)
    if group is not None:
        readings.append(group)
    if not readings:
        return None
    score = prefer or (lambda m: (m.kind == RUN, m.low))
    return max(readings, key=score)


def joker_meanings(meld: Meld) -> dict[int, int]:
    return {c: f for c, f in zip(meld.cards, meld.faces, strict=False) if is_joker(c)}


def lay_off(meld: Meld, cards: Sequence[int], rules: MeldRules, fixed: dict[int, int] | None = None) -> Meld | None:
    """The meld with ``cards`` added (jokers on the table keep their meaning), or None.

    ``fixed`` pins what some of the added jokers stand for in a run (``JK=4H`` below 5-6-7♥
    rather than the default reading, which extends upwards first)."""
    if not cards:
        return None
    combined = list(meld.cards) + list(cards)
    if sum(1 for c in combined if is_joker(c)) > rules.joker_limit():
        return None
    if meld.kind == RUN:
        pinned = dict(fixed or {}) | joker_meanings(meld)
        readings = [m for m in _run_readings(combined, rules, pinned) if _keeps(meld, m)]
        extended = max(readings, key=lambda m: m.low, default=None)
    else:
        extended = _set_reading(combined, rules, {})
    return extended


def _keeps(old: Meld, new: Meld) -> bool:
    """Every card of ``old`` still stands for the same face in ``new``."""
    meaning = dict(zip(new.cards, new.faces, strict=False))
    return all(meaning.get(c) == f for c, f in zip(old.cards, old.faces, strict=False))


def exchange_joker(meld: Meld, naturals: Sequence[int], rules: MeldRules) -> tuple[Meld, list[int]] | None:
    """Lay natural cards in place of the meld's jokers: the new meld and the freed jokers, or None.

    Runs: each natural must be exactly the card a joker stands for. Sets: the naturals must
    complete all four suits, which frees every joker in the set (RULES.md C-5).
    """
    if not naturals or any(is_joker(c) for c in naturals) or not meld.jokers:
        return None
    if meld.kind == RUN:
        meaning = joker_meanings(meld)
        by_face = {f: j for j, f in meaning.items()}
        freed = []
        cards = list(meld.cards)
        for natural in naturals:
            joker = by_face.pop(face_of(natural), None)
            if joker is None:
                return None
            cards[cards.index(joker)] = natural
            freed.append(joker)
        faces = tuple(face_of(c) if not is_joker(c) else meaning[c] for c in cards)
        return Meld(RUN, tuple(cards), faces, meld.low), freed
    present = [c for c in meld.cards if not is_joker(c)] + list(naturals)
    group = _set_reading(present, rules, {})
    if group is None or len(present) != 4:
        return None
    return group, meld.jokers


def candidate_melds(faces: Sequence[int], rules: MeldRules, jokers: int) -> list[tuple[int, ...]]:
    """Every meld (as a sorted tuple of faces, jokers as JOKER) that can be formed from a hand
    whose natural faces are ``faces`` and which holds ``jokers`` jokers."""
    present = set(faces)
    max_j = min(jokers, rules.joker_limit())
    found: set[tuple[int, ...]] = set()
    for rank in range(1, 14):
        suits = [s for s in range(4) if make_face(rank, s) in present]
        for size in range(max(1, rules.min_naturals), len(suits) + 1):
            for chosen in combinations(suits, size):
                base = tuple(make_face(rank, s) for s in chosen)
                for k in range(max_j + 1):
                    if 3 <= size + k <= min(rules.set_max, 4):
                        found.add(tuple(sorted(base)) + (JOKER,) * k)
    for suit in range(4):
        for ace_high in rules.ace_modes():
            bottom, top = (2, 14) if ace_high else (1, 13)
            for lo in range(bottom, top - 1):
                naturals: list[int] = []
                missing = 0
                for hi in range(lo, top + 1):
                    face = _position_face(hi, suit)
                    if face in present:
                        naturals.append(face)
                    else:
                        missing += 1
                    if missing > max_j:
                        break
                    if hi - lo + 1 >= 3:
                        found.update(_runs_with_jokers_for_naturals(naturals, missing, max_j, rules))
    return sorted(found)


def _runs_with_jokers_for_naturals(
    naturals: list[int], missing: int, max_jokers: int, rules: MeldRules
) -> list[tuple[int, ...]]:
    """The window's run as it is, and with spare jokers standing in for some of its naturals:
    a natural card may be worth more in another meld (7H 7S 7C + 6H JK 8H)."""
    runs = []
    least_naturals = max(1, rules.min_naturals)
    for replaced in range(min(max_jokers - missing, len(naturals) - least_naturals) + 1):
        for dropped in combinations(naturals, replaced):
            kept = sorted(f for f in naturals if f not in dropped)
            runs.append(tuple(kept) + (JOKER,) * (missing + replaced))
    return runs
