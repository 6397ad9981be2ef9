"""Card counting and "outs" for the hard computer players of the table variants (Traditional,
Rummy, Römi): what may still come, and how good a hand is for the next draws.

A hand is worth its cards that are already *done* (in a meld of the hand, or able to be laid
off on a table meld) plus, for the next draw, the chance-weighted number of cards that would
become done with each card that may still come. Only natural cards are looked at (jokers are
the caller's business), and a second copy of a face counts only if it lays off: two copies
rarely serve two melds, and leaving them out keeps the solver's fast one-deck tables.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from rummy_tui.engine.cards import FIRST_JOKER_ID, face_of, is_joker, make_face, rank_of
from rummy_tui.engine.melds import Meld, MeldRules, lay_off
from rummy_tui.engine.solver import deadwood

FACES = 52
ACE_HIGH_NEIGHBOURS = {14: 1, 0: 13, -1: 12}  # rank + step past the ends, with the ace high
OUT_WEIGHT = 6.0  # a done card is worth this many chance-weighted cards made done by the next draw


def _count_one(card: int) -> int:
    return 1


def available_faces(decks: int, seen: Iterable[int]) -> Counter:
    """How many copies of each natural face may still be drawn, given the cards seen."""
    counts = Counter(face_of(c) for c in seen if not is_joker(c))
    return Counter({face: decks - counts[face] for face in range(FACES) if counts[face] < decks})


def held_by_others(picked: list[list[int]], seat: int, table: list[Meld]) -> list[int]:
    """Faces the other seats took from the discard pile and have not put on the table."""
    on_table = Counter(face_of(c) for meld in table for c in meld.cards)
    held = []
    for other, faces in enumerate(picked):
        if other != seat:
            for face, count in Counter(faces).items():
                held.extend([face] * max(0, count - on_table[face]))
    return held


def faces_laying_off(table: list[Meld], rules: MeldRules) -> frozenset[int]:
    """Natural faces that a card in hand could be laid off with on some table meld now.

    Each face is tried as a copy the meld does not already hold: ``lay_off`` given the very card
    a run holds reads the run with that face twice, so with two decks a face already in a run (a
    second 6♦ on 5♦-6♦-7♦) would wrongly count as laying off.
    """
    found: set[int] = set()
    for meld in table:
        near = {make_face(rank_of(f), suit) for f in meld.faces if not is_joker(f) for suit in range(4)} | {
            f + step for f in meld.faces if not is_joker(f) for step in (-1, 1, 12, -12)
        }
        for face in near:
            if (
                0 <= face < FACES
                and face not in found
                and face not in meld.faces
                and lay_off(meld, [_copy_outside(face, meld)], rules) is not None
            ):
                found.add(face)
    return frozenset(found)


def _copy_outside(face: int, meld: Meld) -> int:
    """A physical card showing ``face`` that is not in ``meld`` (the copies are face + 52k)."""
    return next(face + FACES * copy for copy in range(4) if face + FACES * copy not in meld.cards)


class Outs:
    """Done cards and chance-weighted outs of hands, for one position."""

    def __init__(self, rules: MeldRules, available: Counter, laying_off: frozenset[int]):
        self.rules = rules
        self.available = available
        self.laying_off = laying_off
        self.unseen_total = max(sum(available.values()), 1)

    def done_count(self, cards: Iterable[int]) -> int:
        """Either the cards that lay off are kept for the hand's own melds, or all of them are
        laid off: the better of the two."""
        counts: dict[int, int] = {}  # by natural face; a loop, not a Counter: the hard AIs' hot spot
        for card in cards:
            if card < FIRST_JOKER_ID:
                counts[card % FACES] = counts.get(card % FACES, 0) + 1
        faces = list(counts)
        melded = len(faces) - deadwood(faces, self.rules, _count_one)
        if not self.laying_off:
            return melded
        stuck = [f for f in faces if f not in self.laying_off]
        if len(stuck) < len(faces):
            laid = len(faces) - len(stuck)
            melded = max(melded, laid + len(stuck) - deadwood(stuck, self.rules, _count_one))
        twins = sum(n - 1 for face, n in counts.items() if n > 1 and face in self.laying_off)
        return melded + twins

    def connected_faces(self, cards: Iterable[int]) -> set[int]:
        """Faces that may still come and could join ``cards``: same rank, or same suit near."""
        faces: set[int] = set()
        for card in cards:
            if is_joker(card):
                continue
            rank, suit = rank_of(card), face_of(card) // 13
            faces.update(make_face(rank, other) for other in range(4))
            for step in (-2, -1, 1, 2):
                near = rank + step
                if 1 <= near <= 13:
                    faces.add(make_face(near, suit))
                elif self.rules.ace_high and near in ACE_HIGH_NEIGHBOURS:  # Q-K-A, never K-A-2
                    faces.add(make_face(ACE_HIGH_NEIGHBOURS[near], suit))
        return {f for f in faces if self.available.get(f, 0) > 0}

    def prospect(self, cards: list[int]) -> float:
        """Done cards, plus the chance-weighted gain in done cards of the next card drawn."""
        done = self.done_count(cards)
        return OUT_WEIGHT * done + self.next_draw_gain(cards, done)

    def prospects(self, hands: dict) -> dict:
        """``prospect`` of several hands (by key), the next-draw gain worked out only for the
        hands with the most done cards: one done card fewer costs more than any gain makes up."""
        done = {key: self.done_count(cards) for key, cards in hands.items()}
        most = max(done.values(), default=0)
        return {
            key: OUT_WEIGHT * done[key] + (self.next_draw_gain(cards, done[key]) if done[key] == most else 0.0)
            for key, cards in hands.items()
        }

    def next_draw_gain(self, cards: list[int], done: int | None = None) -> float:
        """The expected number of cards the next draw makes done, times 13 (about one card
        made done per suit-rank step)."""
        done = self.done_count(cards) if done is None else done
        gain = 0.0
        for face in self.connected_faces(cards):
            extra = self.done_count(cards + [face]) - done
            if extra > 0:
                gain += self.available[face] * extra
        return gain * FACES / self.unseen_total / 4
