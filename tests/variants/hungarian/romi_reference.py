"""A slow, simple reference for "can this Römi turn be finished legally?" (RULES.md C-5, C-6).

It shares nothing with the engine's search (``variants/hungarian/turn.py``) but the meld validator:
it tries every single move (a meld in every reading, a lay-off of one card, a joker laid with
every meaning, every joker exchange) in every order, remembering the positions it has seen,
and asks of each position reached whether the rules let the player discard there. Meant for
small positions only.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from rummy_tui.engine.cards import face_of, is_joker, make_face, rank_of, suit_of
from rummy_tui.engine.melds import RUN, SET, Meld, exchange_joker, lay_off
from variants.hungarian.rules import RULES


def value(face: int) -> int:
    rank = rank_of(face)
    return 11 if rank == 1 else min(rank, 10)


@dataclass(frozen=True)
class Turn:
    hand: tuple[int, ...]
    table: tuple[Meld, ...]
    new: frozenset[int]  # table indices laid this turn
    points: int  # melded this turn
    used_table_unopened: bool  # laid off or exchanged before reaching the opening
    freed: frozenset[int]


def can_finish(hand, table, taken, free, opened, opening=40):
    """After taking ``taken`` (already in ``hand``): does some sequence of moves end in a
    position where a discard is legal?"""
    before = tuple(table)
    start = Turn(tuple(sorted(hand)), before, frozenset(), 0, False, frozenset())
    szuro = (
        any(lay_off(m, [taken], RULES) is not None or exchange_joker(m, [taken], RULES) is not None for m in before)
        if taken is not None
        else False
    )
    dupla = taken is not None and any(face_of(c) == face_of(taken) for c in hand if c != taken)
    rules = {
        "taken": None if free else taken,
        "any_taken": taken,
        "opened": opened,
        "before": before,
        "szuro": szuro,
        "dupla": dupla,
        "opening": opening,
    }
    seen = set()
    stack = [start]
    while stack:
        turn = stack.pop()
        if turn in seen:
            continue
        seen.add(turn)
        if may_discard(turn, rules):
            return True
        stack.extend(moves(turn, rules))
    return False


def is_open(turn: Turn, rules) -> bool:
    return rules["opened"] or turn.points >= rules["opening"]


# --- the end of the turn: may he discard? ---------------------------------------------------


def may_discard(turn: Turn, rules) -> bool:
    hand = turn.hand
    if any(c in turn.freed for c in hand):
        return False  # a freed joker must be on the table
    if not any(c != rules["any_taken"] for c in hand):
        return False  # nothing but the taken card to discard (same-card rule)
    if len(hand) == 1:
        return True  # going out: no more conditions
    if turn.used_table_unopened:
        return False
    moved = turn.table != rules["before"]
    if not rules["opened"] and moved and turn.points < rules["opening"]:
        return False
    taken = rules["taken"]
    if taken is None:
        return True
    if taken in hand:
        return False
    index = next(i for i, m in enumerate(turn.table) if taken in m.cards)
    meld = turn.table[index]
    if index in turn.new:
        return sum(1 for c in meld.cards if c != taken and not is_joker(c)) >= 2
    if not rules["opened"]:
        return False  # taken to open: it must be in the opening melds
    if not rules["szuro"] or rules["dupla"]:
        return True
    return meld.kind == RUN and tolo(meld, rules["before"][index], taken, turn.freed)


def tolo(meld: Meld, old: Meld, taken: int, freed) -> bool:
    where = {c: meld.low + i for i, c in enumerate(meld.cards)}
    lowest, highest = old.low, old.low + len(old.cards) - 1
    mine = where[taken]
    for card in meld.cards:
        if card in old.cards or card == taken or card in freed:
            continue
        if mine > highest and where[card] > mine:
            return True
        if mine < lowest and where[card] < mine:
            return True
    return False


# --- every move --------------------------------------------------------------------------------


def keeps_a_card(hand, rules, freed) -> bool:
    return any(c != rules["any_taken"] and c not in freed for c in hand)


def moves(turn: Turn, rules):
    for meld in new_melds(turn.hand):
        hand = tuple(c for c in turn.hand if c not in meld.cards)
        if not keeps_a_card(hand, rules, turn.freed):
            continue
        points = turn.points + sum(value(f) for f in meld.faces)
        yield Turn(
            hand, turn.table + (meld,), turn.new | {len(turn.table)}, points, turn.used_table_unopened, turn.freed
        )
    unopened = not is_open(turn, rules)
    for index, meld in enumerate(turn.table):
        for card in sorted(set(turn.hand)):
            for grown in layoffs(meld, card):
                hand = list(turn.hand)
                hand.remove(card)
                if keeps_a_card(hand, rules, turn.freed):
                    yield replace_meld(turn, index, grown, tuple(hand), unopened, turn.freed)
        for naturals in exchanges(meld, turn.hand):
            result = exchange_joker(meld, naturals, RULES)
            if result is None:
                continue
            grown, jokers = result
            hand = [c for c in turn.hand if c not in naturals] + list(jokers)
            freed = turn.freed | set(jokers)
            if keeps_a_card(hand, rules, freed):
                yield replace_meld(turn, index, grown, tuple(sorted(hand)), unopened, freed)


def replace_meld(turn, index, meld, hand, unopened, freed) -> Turn:
    table = turn.table[:index] + (meld,) + turn.table[index + 1 :]
    return Turn(hand, table, turn.new, turn.points, turn.used_table_unopened or unopened, frozenset(freed))


def layoffs(meld: Meld, card: int):
    if not is_joker(card):
        grown = lay_off(meld, [card], RULES)
        return [grown] if grown is not None else []
    if meld.kind == SET:
        grown = lay_off(meld, [card], RULES)
        return [grown] if grown is not None else []
    suit = suit_of(meld.faces[0])
    found = []
    for spot in (meld.low - 1, meld.low + len(meld.cards)):
        if 1 <= spot <= 14:
            grown = lay_off(meld, [card], RULES, {card: make_face(1 if spot == 14 else spot, suit)})
            if grown is not None and grown not in found:
                found.append(grown)
    return found


def exchanges(meld: Meld, hand):
    """Natural cards of the hand that could take jokers' places: one or more run jokers, or
    every missing suit of a group."""
    if not meld.jokers:
        return []
    naturals = [c for c in hand if not is_joker(c)]
    options = []
    for size in range(1, 4):
        for chosen in combinations(naturals, size):
            options.append(list(chosen))
    return options


def new_melds(hand):
    """Every meld (with every reading of its jokers) that the hand's cards can form."""
    for size in range(3, len(hand) + 1):
        for cards in set(combinations(hand, size)):
            yield from readings(list(cards))


def readings(cards):
    jokers = [c for c in cards if is_joker(c)]
    naturals = [c for c in cards if not is_joker(c)]
    if not naturals or len(jokers) > 2:
        return
    ranks = {rank_of(c) for c in naturals}
    suits = [suit_of(c) for c in naturals]
    if len(ranks) == 1 and len(set(suits)) == len(suits) and len(cards) <= 4:
        missing = [make_face(rank_of(naturals[0]), s) for s in range(4) if s not in suits]
        yield Meld(
            SET,
            tuple(naturals + jokers),
            tuple([face_of(c) for c in naturals] + missing[: len(jokers)]),
            rank_of(naturals[0]),
        )
    if len(set(suits)) != 1:
        return
    suit = suits[0]
    for high_ace in (False, True):
        spots = {c: (14 if high_ace and rank_of(c) == 1 else rank_of(c)) for c in naturals}
        if len(set(spots.values())) != len(spots):
            continue
        for low in range(2 if high_ace else 1, (14 if high_ace else 13) - len(cards) + 2):
            window = range(low, low + len(cards))
            if not all(p in window for p in spots.values()):
                continue
            holes = [p for p in window if p not in spots.values()]
            by_spot = {p: c for c, p in spots.items()} | dict(zip(holes, jokers, strict=False))
            ordered = tuple(by_spot[p] for p in window)
            faces = tuple(make_face(1 if p == 14 else p, suit) for p in window)
            yield Meld(RUN, ordered, faces, low)
