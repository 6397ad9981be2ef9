"""The hard computer player of Traditional Rummy and Rummy: a card-counting player that keeps its
melds in hand until it can go out in one turn (a rummy), so that nobody can lay off on them.

It sees only its seat's observation. From it, it counts every card it has seen (its hand, the
table, the discard pile, and the cards others took from the pile, which they hold or melded),
so it knows how many copies of each card may still come. A hand is worth its cards that are
already "done" (in a meld, or able to be laid off on the table) plus, for the next draws, the
chance-weighted number of cards that would become done with each card that may still come.
It discards the card whose loss costs least on that measure, and avoids cards the next player
has been collecting or could lay off.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rummy_tui.engine.cards import face_of, make_face, parse_face, rank_of, suit_of
from rummy_tui.engine.melds import lay_off
from rummy_tui.engine.solver import best_arrangement, deadwood

from ._tableplay_ai import TablePlayAdvisor

FACES = 52
OUT_WEIGHT = 6.0  # a done card is worth this many "chance-weighted new done cards"
DANGER_WEIGHT = 1.0
PENALTY_WEIGHT = 0.02  # prefer throwing high cards when all else is equal
# Give up the rummy and lay down once an opponent holds this few cards. In Traditional Rummy the
# hand's winner is whoever goes out, so only the penalty is saved; in Rummy a loser gives the
# winner his whole hand, so there it pays to lay down earlier.
DUMP_WHEN_OPPONENT_HOLDS = {"traditional": 2, "basic": 4}
DUMP_WHEN_STOCK = 0
PARTNER_WEIGHT = 0.0


def _count_one(card: int) -> int:
    return 1


class HardTablePlayer(TablePlayAdvisor):
    """Decides one move from an observation only; see the module text for how."""

    def __init__(self, variant, observation: dict[str, Any], legal: list[str], rng):
        super().__init__(variant, observation, legal, rng)
        self.decks = variant.decks
        self.available = self._available_faces()
        self.laying_off = self._faces_laying_off()
        self.unseen_total = max(sum(self.available.values()), 1)

    # --- what may still come ----------------------------------------------------------------

    def _available_faces(self) -> Counter:
        seen = Counter(face_of(c) for c in self.hand)
        seen.update(face_of(c) for meld in self.table for c in meld.cards)
        seen.update(face_of(c) for c in self.obs["discard"])
        picked = self.obs["extra"].get("picked", [])
        on_table = Counter(face_of(c) for meld in self.table for c in meld.cards)
        for seat, faces in enumerate(picked):
            if seat == self.obs["seat"]:
                continue
            for face, count in Counter(faces).items():
                seen[face] += max(0, count - on_table[face])  # still in his hand, most likely
        return Counter({face: self.decks - seen[face] for face in range(FACES) if seen[face] < self.decks})

    # --- how good a hand is -----------------------------------------------------------------

    def _lays_off(self, face: int) -> bool:
        return face in self.laying_off

    def _faces_laying_off(self) -> frozenset[int]:
        found = set()
        for meld in self.table:
            near = {make_face(rank_of(f), suit) for f in meld.faces for suit in range(4)} \
                | {f + step for f in meld.faces for step in (-1, 1, 12, -12)}
            found.update(face for face in near
                         if 0 <= face < FACES and face not in found and lay_off(meld, [face], self.rules) is not None)
        return frozenset(found)

    def done_count(self, cards: list[int]) -> int:
        """Cards that could go to the table from ``cards``: in melds, or laid off on the table.

        Either the cards that lay off are kept for the hand's own melds, or all of them are laid
        off. A second copy of a face counts only if it lays off: two copies rarely serve two
        melds, and leaving them out keeps the fast one-deck search."""
        counts = Counter(face_of(c) for c in cards)
        faces = list(counts)
        melded = len(faces) - deadwood(faces, self.rules, _count_one)
        stuck = [f for f in faces if f not in self.laying_off]
        if len(stuck) < len(faces):
            laid = len(faces) - len(stuck)
            melded = max(melded, laid + len(stuck) - deadwood(stuck, self.rules, _count_one))
        twins = sum(n - 1 for face, n in counts.items() if n > 1 and face in self.laying_off)
        return melded + twins

    def connected_faces(self, cards: list[int]) -> set[int]:
        """Faces that could join ``cards`` in a meld or lay off: same rank, or same suit near."""
        faces = set()
        for card in cards:
            rank, suit = rank_of(card), suit_of(card)
            for other_suit in range(4):
                faces.add(make_face(rank, other_suit))
            for step in (-2, -1, 1, 2):
                near = rank + step
                if 1 <= near <= 13:
                    faces.add(make_face(near, suit))
                elif near == 14 and self.rules.ace_high:
                    faces.add(make_face(1, suit))
                elif near == 0 and self.rules.ace_high:
                    faces.add(make_face(13, suit))
        return {f for f in faces if self.available.get(f, 0) > 0}

    def prospect(self, cards: list[int]) -> float:
        """Done cards, plus the chance-weighted gain in done cards of the next card drawn."""
        done = self.done_count(cards)
        gain = 0.0
        for face in self.connected_faces(cards):
            extra = self.done_count(cards + [face]) - done
            if extra > 0:
                gain += self.available[face] * extra
        score = OUT_WEIGHT * done + gain * FACES / self.unseen_total / 4
        if PARTNER_WEIGHT:
            score += PARTNER_WEIGHT * self.partners(cards)
        return score

    def partners(self, cards: list[int]) -> float:
        """Pairs of cards two draws from a meld: same rank, or same suit one or two apart."""
        faces = sorted({face_of(c) for c in cards})
        count = 0.0
        for i, a in enumerate(faces):
            for b in faces[i + 1:]:
                if rank_of(a) == rank_of(b):
                    count += 1
                elif suit_of(a) == suit_of(b) and abs(rank_of(a) - rank_of(b)) <= 2:
                    count += 1 if abs(rank_of(a) - rank_of(b)) == 1 else 0.5
        return count

    # --- going out ------------------------------------------------------------------------

    def can_go_out_now(self) -> bool:
        """Everything but (at most) one card to discard goes to the table this turn."""
        done = self.done_count(self.hand)
        loose = len(self.hand) - done
        if loose > 1:
            return False
        if loose == 1:
            arrangement = best_arrangement(self.hand, self.rules, _count_one)
            leftover = [c for c in arrangement.deadwood if not self._lays_off(face_of(c))]
            return leftover != [self.obs["extra"].get("taken")]
        return True

    def keeps_rummy_back(self) -> bool:
        """Keep every meld in hand while nobody is about to go out."""
        others = [n for seat, n in enumerate(self.obs["hand_sizes"]) if seat != self.obs["seat"]]
        return min(others) > DUMP_WHEN_OPPONENT_HOLDS.get(self.variant.key, 3) and self.obs["stock_count"] > DUMP_WHEN_STOCK

    # --- the moves ------------------------------------------------------------------------

    def draw(self, careful: bool = True) -> str:
        if "take:discard" not in self.legal or not self.obs["discard"]:
            return "draw:stock"
        top = self.obs["discard"][-1]
        with_top = self.hand + [top]
        if self.done_count(with_top) > self.done_count(self.hand):
            return "take:discard"
        return "draw:stock"

    def play(self) -> str:
        if self.can_go_out_now() or not self.keeps_rummy_back():
            return self.play_normal_with(self.best_discard)
        return self.best_discard()

    def play_normal_with(self, discard) -> str:
        return self._meld_from_best_arrangement() or self._best_layoff() or discard()

    def best_discard(self) -> str:
        discards = self.of_verb("discard") or self.legal
        taken = self.obs["extra"].get("taken")

        def loss(action: str) -> float:
            face = parse_face(action.split(":", 1)[1])
            rest = list(self.hand)
            rest.remove(next(c for c in self.hand if face_of(c) == face and c != taken))
            return -self.prospect(rest) + DANGER_WEIGHT * self._danger(face) - PENALTY_WEIGHT * self.value(face)

        return min(discards, key=loss)
