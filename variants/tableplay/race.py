"""A race look-ahead for the hard player of Traditional Rummy: how soon a hand can go out.

In Traditional Rummy only going out wins a hand, so a kept hand is worth the chance that it goes
out soon. The look-ahead samples a fixed number of *worlds*: the next draws, taken at random
from the cards that may still come (the unseen cards, from the observation only). In each world
the hand plays on alone, a quick policy drawing from the stock and discarding the card whose loss
costs fewest done cards, until it can go out or the horizon ends. A hand going out on its t-th
draw scores ``survival ** t`` (about the chance that nobody else has gone out by then); its
value is the average over the worlds. Every candidate is played in the same worlds (common
random numbers), so the comparison between two discards is paired; the worlds come from an RNG
seeded from the observation, so a decision is the same for the same position.

Done cards are counted as ``card_counting.Outs.done_count`` counts them (in a meld of the hand, or
laying off on the table as it is now), with the solver's every-discard pass.
"""

from __future__ import annotations

import random
from collections import Counter

from rummy_tui.engine.cards import make_face, rank_of
from rummy_tui.engine.melds import MeldRules
from rummy_tui.engine.solver import deadwood, deadwood_without_each


def count_one(card: int) -> int:
    """Every card counts 1: a deadwood in cards, not points."""
    return 1


def _position_face(position: int, suit: int) -> int | None:
    """The face at a run position (1-13, and 14 for the ace high) of a suit; None off the ends."""
    if position == 14:
        return suit * 13
    return suit * 13 + position - 1 if 1 <= position <= 13 else None


class RaceLookAhead:
    """Values of kept hands (lists of faces) by the chance of going out soon, in shared worlds."""

    def __init__(
        self,
        rules: MeldRules,
        available: Counter,
        laying_off: frozenset[int],
        seed: str,
        worlds: int,
        horizon: int,
        survival: float,
        partial: float = 0.0,
    ):
        self.rules = rules
        self.laying_off = laying_off
        self.partial = partial  # a world where the hand is not out scores this x its share of done cards
        self.done_at_end = 0
        pool = sorted(available.elements())
        self.horizon = min(horizon, len(pool))
        self.weights = [survival**t for t in range(self.horizon + 2)]
        rng = random.Random(seed)
        self.worlds = [rng.sample(pool, self.horizon) for _ in range(worlds)]
        self._memo: dict[tuple[int, ...], dict[int, int]] = {}

    def value(self, kept: list[int], delay: int = 0) -> float:
        """The average over the worlds of ``survival ** t``, t the turn (this one is 1) on
        whose draw ``kept`` goes out, 0 where it does not; with ``delay`` its first draw comes
        that many turns later (the card for this turn was taken from the discard pile)."""
        total = 0.0
        for world in self.worlds:
            out = self.goes_out_on(kept, world[: self.horizon - delay])
            if out:
                total += self.weights[out + delay]
            elif self.partial:
                total += self.partial * self.done_at_end / len(kept)
        return total / max(len(self.worlds), 1)

    def goes_out_on(self, kept: list[int], draws: list[int]) -> int:
        """The draw (1, 2, ...) on which the quick policy takes ``kept`` out, or 0. A drawn card
        that forms no meld with two cards of the hand and lays off nowhere is thrown back at
        once (it cannot add a done card); otherwise the solver picks the discard."""
        hand = list(kept)
        done_now = self.done(hand)
        self.done_at_end = done_now
        for step, card in enumerate(draws, 1):
            if not self.could_join(card, hand):
                if done_now >= len(hand):
                    return step
                continue
            hand.append(card)
            done = self.done_without_each(hand)
            done_now = max(done.values())
            if done_now >= len(hand) - 1:
                return step
            hand.remove(self.quick_discard(hand, done))
            self.done_at_end = done_now
        return 0

    def could_join(self, face: int, hand: list[int]) -> bool:
        """Could ``face`` add a done card to ``hand``: it lays off, or makes a meld with two of
        the hand's cards (every meld holding it has three cards in a row or of a rank)?"""
        if face in self.laying_off:
            return True
        rank, suit = rank_of(face), face // 13
        held = set(hand)
        if face in held:
            return False
        if sum(1 for other in range(4) if other != suit and make_face(rank, other) in held) >= 2:
            return True
        positions = [1, 14] if rank == 1 and self.rules.ace_high else [rank]
        for position in positions:
            near = [_position_face(position + step, suit) in held for step in (-2, -1, 1, 2)]
            if (near[0] and near[1]) or (near[1] and near[2]) or (near[2] and near[3]):
                return True
        return False

    def done(self, faces: list[int]) -> int:
        """The done cards of a hand (before its draw): in a meld of its own, or laying off."""
        counts = Counter(faces)
        distinct = list(counts)
        stuck = [f for f in distinct if f not in self.laying_off]
        done = len(distinct) - deadwood(distinct, self.rules, count_one)
        if len(stuck) < len(distinct):
            done = max(done, len(distinct) - deadwood(stuck, self.rules, count_one))
        return done + sum(n - 1 for f, n in counts.items() if n > 1 and f in self.laying_off)

    def is_out(self, hand: list[int]) -> bool:
        """Can this hand (before its discard) go out: every card but one done?"""
        return max(self.done_without_each(hand).values()) >= len(hand) - 1

    def quick_discard(self, hand: list[int], done: dict[int, int]) -> int:
        """The face whose loss keeps most cards done; then the one with fewest partners."""
        best = max(done.values())
        return min((f for f in done if done[f] == best), key=lambda f: (self._partners(f, hand), f))

    @staticmethod
    def _partners(face: int, hand: list[int]) -> int:
        rank, suit = rank_of(face), face // 13
        count = 0
        for other in hand:
            if other == face:
                continue
            if rank_of(other) == rank or (other // 13 == suit and abs(rank_of(other) - rank) <= 2):
                count += 1
        return count

    # --- done cards --------------------------------------------------------------------------

    def done_without_each(self, faces: list[int]) -> dict[int, int]:
        """For each face of ``faces`` (which may hold two copies of one), the done cards of the
        hand without one copy of it, counted as ``Outs.done_count`` counts them."""
        key = tuple(sorted(faces))
        hit = self._memo.get(key)
        if hit is None:
            hit = self._memo[key] = self._done_without_each(faces)
        return hit

    def _done_without_each(self, faces: list[int]) -> dict[int, int]:
        counts = Counter(faces)
        distinct = list(counts)
        laying = self.laying_off
        twins_laying = sum(n - 1 for f, n in counts.items() if n > 1 and f in laying)
        melded = {f: len(distinct) - 1 - d for f, d in deadwood_without_each(distinct, self.rules, count_one).items()}
        stuck = [f for f in distinct if f not in laying]
        laid = len(distinct) - len(stuck)
        stuck_done = len(stuck) - deadwood(stuck, self.rules, count_one) if laid else 0
        if laid:
            stuck_without = deadwood_without_each(stuck, self.rules, count_one) if stuck else {}
            for f in distinct:
                by_laying = laid - 1 + stuck_done if f in laying else laid + len(stuck) - 1 - stuck_without[f]
                melded[f] = max(melded[f], by_laying)
        result = {}
        whole = None
        for f in distinct:
            if counts[f] == 1:
                result[f] = melded[f] + twins_laying
                continue
            if whole is None:  # one copy of a twin goes: the distinct faces stay as they are
                whole = len(distinct) - deadwood(distinct, self.rules, count_one)
                if laid:
                    whole = max(whole, laid + stuck_done)
            result[f] = whole + twins_laying - (1 if f in laying else 0)
        return result
