"""The computer players of Traditional Rummy and Rummy (easy, normal, hard): one move from an
observation only (the seat's hand and the public table)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rummy_tui.engine.cards import face_of, parse_face, rank_of, suit_of
from rummy_tui.engine.melds import Meld, candidate_melds, lay_off
from rummy_tui.engine.solver import best_arrangement
from rummy_tui.engine.variant import parse_card_group

if TYPE_CHECKING:
    from .rules import TablePlayVariant

RUMMY_SAFE_HAND = 5  # hold melds for a rummy only while every opponent keeps this many cards
RUMMY_SAFE_STOCK = 10  # ... and the stock has this many


class TablePlayAdvisor:
    """Decides one move from an observation only (its seat's hand and the public table)."""

    def __init__(self, variant: TablePlayVariant, observation: dict[str, Any], legal: list[str], rng: random.Random):
        self.variant = variant
        self.obs = observation
        self.legal = legal
        self.rng = rng
        self.settings = observation["settings"]
        self.rules = variant.meld_rules(self.settings)
        self.value: Callable[[int], int] = variant.value_function(self.settings)
        self.hand: list[int] = observation["hand"]
        self.table = [Meld.from_json(e["meld"]) for e in observation["table"]]

    def of_verb(self, verb: str) -> list[str]:
        return [a for a in self.legal if a.startswith(verb + ":")]

    # --- draw -----------------------------------------------------------------------------

    def usable_at_once(self, card: int) -> bool:
        """Could ``card`` go to the table this turn: in a meld with the hand, or as a lay-off?"""
        if any(lay_off(meld, [card], self.rules) is not None for meld in self.table):
            return True
        face = face_of(card)
        faces = [face_of(c) for c in self.hand] + [face]
        return any(face in meld for meld in candidate_melds(faces, self.rules, 0))

    def draw(self, careful: bool) -> str:
        if (
            "take:discard" in self.legal
            and self.obs["discard"]
            and self.usable_at_once(self.obs["discard"][-1])
            and (careful or self.rng.random() < 0.6)
        ):
            return "take:discard"
        return "draw:stock"

    # --- play -----------------------------------------------------------------------------

    def play_easy(self) -> str:
        melds, layoffs = self.of_verb("meld"), self.of_verb("layoff")
        if melds and self.rng.random() < 0.9:
            return self.rng.choice(melds)
        if layoffs and self.rng.random() < 0.8:
            return self.rng.choice(layoffs)
        discards = self.of_verb("discard") or self.legal
        return max(discards, key=lambda a: self._action_value(a) + self.rng.random() * 6)

    def play_normal(self) -> str:
        return self._meld_from_best_arrangement() or self._best_layoff() or self._safest_discard()

    def play_hard(self) -> str:
        """Normal play, except that a hand with nothing on the table yet keeps its melds back
        for a rummy (every card in one turn) while that is safe, and goes out at once when it can."""
        if self._holding_for_rummy():
            return self._safest_discard()
        return self.play_normal()

    def _holding_for_rummy(self) -> bool:
        extra = self.obs["extra"]
        if not extra.get("rummy_chance") or not self.of_verb("discard"):
            return False
        loose = best_arrangement(self.hand, self.rules, lambda card: 1).deadwood
        if len(loose) <= 1:
            return False  # everything goes down this turn: that is the rummy
        others = [size for seat, size in enumerate(self.obs["hand_sizes"]) if seat != self.obs["seat"]]
        return min(others) >= RUMMY_SAFE_HAND and self.obs["stock_count"] >= RUMMY_SAFE_STOCK and len(loose) <= 4

    def _meld_from_best_arrangement(self) -> str | None:
        melds = self.of_verb("meld")
        if not melds:
            return None
        taken = self.obs["extra"].get("taken")
        arrangement = best_arrangement(self.hand, self.rules, self.value)
        wanted = [sorted(m.faces) for m in arrangement.melds]
        # the card just taken goes first; small melds before long ones, so that where the last
        # card must be a discard a long meld is left to split (lay 4D-5D-6D, discard 7D)
        taken_face = face_of(taken) if taken is not None else None
        wanted.sort(key=lambda faces: (taken_face not in faces, len(faces)))
        offered = {tuple(sorted(parse_card_group(a.split(":", 1)[1])[0])): a for a in melds}
        for faces in wanted:
            if tuple(faces) in offered:
                return offered[tuple(faces)]
        for faces in wanted:  # a whole meld would empty the hand: lay part of it, keep a discard
            parts = [key for key in offered if Counter(key) <= Counter(faces)]
            if parts:
                return offered[max(parts, key=len)]
        return None

    def _best_layoff(self) -> str | None:
        layoffs = self.of_verb("layoff")
        return max(layoffs, key=self._action_value) if layoffs else None

    def _action_value(self, action: str) -> int:
        cards_text = action.split(":", 1)[1].split(">")[0]
        return sum(self.value(f) for f in parse_card_group(cards_text)[0])

    def _safest_discard(self) -> str:
        discards = self.of_verb("discard") or self.legal
        return min(discards, key=lambda a: self._keep_score(parse_face(a.split(":", 1)[1])))

    def _keep_score(self, face: int) -> float:
        """How much we would rather keep ``face``: towards melds, dangerous to give away, cheap."""
        rest = [face_of(c) for c in self.hand]
        rest.remove(face)
        return self._partner_bonus(face, rest) + self._danger(face) - 0.8 * self.value(face)

    def _partner_bonus(self, face: int, rest: list[int]) -> float:
        rank, suit = rank_of(face), suit_of(face)
        bonus = 0.0
        other_suits = {suit_of(f) for f in rest if rank_of(f) == rank and f != face}
        bonus += 6 * len(other_suits)
        for f in set(rest):
            if suit_of(f) != suit or f == face:
                continue
            gap = min(abs(p - q) for p in self._positions(rank) for q in self._positions(rank_of(f)))
            bonus += {1: 6, 2: 3}.get(gap, 0)
        return bonus

    def _positions(self, rank: int) -> list[int]:
        return [1, 14] if rank == 1 and self.rules.ace_high else [rank]

    def _danger(self, face: int) -> float:
        """Discards the next player could use: he has been picking cards like it, or it lays off."""
        next_seat = (self.obs["seat"] + 1) % self.obs["players"]
        danger = 0.0
        for picked in self.obs["extra"].get("picked", [[]] * self.obs["players"])[next_seat]:
            if (
                rank_of(picked) == rank_of(face)
                or suit_of(picked) == suit_of(face)
                and abs(rank_of(picked) - rank_of(face)) <= 2
            ):
                danger += 4
        if any(lay_off(meld, [face], self.rules) is not None for meld in self.table):
            danger += 5
        return danger
