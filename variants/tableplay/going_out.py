"""Going out this turn, for the hard table players: a search for melds and lay-offs that put
every card but one on the table (or, where no final discard is needed, every card).

Lay-offs may go on any meld, including one laid earlier in the same turn, and one after another
(4♣ goes on 6♣-7♣-8♣ once 5♣ is there). The search is depth-first over the hand's cards with the
positions already tried remembered, and gives up after ``NODE_LIMIT`` positions (so a decision
stays fast; the turn is then played as usual).
"""

from __future__ import annotations

from typing import Literal

from rummy_tui.engine.cards import face_of, face_text
from rummy_tui.engine.melds import Meld, MeldRules, candidate_melds, lay_off, read_meld

NODE_LIMIT = 4000


class _Budget(Exception):
    """The search looked at NODE_LIMIT positions without finding a way out."""


def plan_going_out(
    hand: list[int], table: list[Meld], rules: MeldRules, taken: int | None, must_discard: bool = True
) -> list[str] | Literal[False] | None:
    """The table actions (``meld:...``, ``layoff:...>i``) and, last, the ``discard:...`` that take
    the hand out this turn; False when there is none, None when the search gave up. ``taken``
    (the card just taken from the discard pile) may not be the card discarded."""
    seen: set = set()
    nodes = [0]

    def search(cards: list[int], melds: list[Meld]) -> list[str] | None:
        if len(cards) == 1 and cards[0] != taken:
            return [f"discard:{face_text(face_of(cards[0]))}"]
        if not cards or (len(cards) == 1 and must_discard):
            return None if must_discard or cards else []
        key = (tuple(sorted(face_of(c) for c in cards)), tuple(sorted(m.faces for m in melds)))
        if key in seen:
            return None
        seen.add(key)
        nodes[0] += 1
        if nodes[0] > NODE_LIMIT:
            raise _Budget
        for face in sorted({face_of(c) for c in cards}):
            card = _cards_for(cards, (face,), taken)[0]
            rest = _without(cards, [card])
            if not _leaves_ok(rest, taken, must_discard):
                continue
            for index, meld in enumerate(melds):
                extended = lay_off(meld, [card], rules)
                if extended is not None:
                    found = search(rest, melds[:index] + [extended] + melds[index + 1 :])
                    if found is not None:
                        return [f"layoff:{face_text(face)}>{index}"] + found
        for faces in sorted(candidate_melds([face_of(c) for c in cards], rules, 0), key=len, reverse=True):
            chosen = _cards_for(cards, faces, taken)
            rest = _without(cards, chosen)
            new_meld = read_meld(chosen, rules)
            if new_meld is None or not _leaves_ok(rest, taken, must_discard):
                continue
            found = search(rest, melds + [new_meld])
            if found is not None:
                return ["meld:" + "-".join(face_text(f) for f in new_meld.faces)] + found
        return None

    try:
        return search(list(hand), list(table)) or False
    except _Budget:
        return None


def could_place(hand: list[int], laying_off: frozenset[int], rules: MeldRules) -> int:
    """At most how many of the hand's cards one turn can put on the table: those in some meld
    of the hand, those laying off on the table, and those next in suit to one of them (lay-offs
    chain). A quick bound, so that the search runs only when going out is possible."""
    faces = [face_of(c) for c in hand]
    reach = {f for meld in candidate_melds(faces, rules, 0) for f in meld} | (set(faces) & laying_off)
    grown = True
    while grown:
        grown = False
        for face in set(faces) - reach:
            if any(_next_in_suit(face, other) for other in reach if other in laying_off or other in reach):
                reach.add(face)
                grown = True
    return sum(1 for f in faces if f in reach)


def _next_in_suit(a: int, b: int) -> bool:
    if a // 13 != b // 13:
        return False
    ranks = {a % 13, b % 13}
    return abs(a - b) == 1 or ranks == {0, 12}  # A next to 2, or (ace high) next to K


def _without(cards: list[int], used: list[int]) -> list[int]:
    rest = list(cards)
    for card in used:
        rest.remove(card)
    return rest


def _cards_for(cards: list[int], faces: tuple[int, ...], taken: int | None) -> list[int]:
    """The hand's cards for ``faces``, the just-taken copy first (as the engine picks them)."""
    pool = list(cards)
    chosen = []
    for face in faces:
        card = taken if taken in pool and face_of(taken) == face else next(c for c in pool if face_of(c) == face)
        pool.remove(card)
        chosen.append(card)
    return chosen


def _leaves_ok(rest: list[int], taken: int | None, must_discard: bool) -> bool:
    """The engine refuses a table action that empties a hand which must still discard, or
    leaves it only the card just taken."""
    if must_discard and not rest:
        return False
    return rest != [taken] or not must_discard
