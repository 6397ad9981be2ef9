"""A fast Gin hand simulator on bitmasks that plays normal's policy for both seats.

Cards are bits of an int (card id = suit * 13 + rank - 1, as everywhere). Deadwood comes from
the engine's own run tables (one look-up per suit, plus the set choices when a rank has three
cards), so a 10-card hand costs a few microseconds and ties break exactly as the solver breaks
them. :func:`normal_take` and :func:`normal_discard` are ``variants/gin/ai.py``'s normal
player (its take rule, its quick discard cost, its knock at once) written for masks;
tests/variants/gin/test_gin_hard.py checks that they choose what the engine's normal chooses.
:func:`play_out` plays a :class:`Deal` to the end of the hand with both seats on that policy.
"""

from __future__ import annotations

from itertools import combinations

from rummy_tui.engine.solver import COUNT_BITS, SUIT_BITS, _tables_for, bits

from .scoring import GIN_RULES, card_points, default_arrangement, defender_showdown

STOCK_FLOOR = 2  # nobody draws the last two stock cards (RULES.md A-9)
OUT_WEIGHT = 3  # normal's worth of each unseen card that would meld a loose card
DANGER_WEIGHT = 1  # ... and the cost of each card the opponent took that it is near
VOID = -1  # play_out's winner for a void hand

POINTS = tuple(card_points(card) for card in range(52))
RANKS = tuple(card % 13 for card in range(52))
_TABLES = _tables_for(GIN_RULES, card_points)
_KEYS = _TABLES.keys[0]  # every suit has the same card values, so one table serves all four
_CHOICE = _TABLES.choice[0]


def _near_mask(card: int) -> int:
    """Cards of the same rank, or of the same suit within two ranks (the card itself included)."""
    rank, suit = card % 13, card // 13
    mask = 0
    for other in range(52):
        if other % 13 == rank or (other // 13 == suit and abs(other % 13 - rank) <= 2):
            mask |= 1 << other
    return mask


def _completing_mask(card: int, other: int) -> int:
    """The cards that make a meld of ``card`` with ``other`` (as hard.completing_cards)."""
    rank, suit = card % 13, card // 13
    if other % 13 == rank:
        return sum(1 << (s * 13 + rank) for s in range(4) if s not in (suit, other // 13))
    if other // 13 != suit or not 0 < abs(other % 13 - rank) <= 2:
        return 0
    low, high = sorted((rank, other % 13))
    wanted = [low + 1] if high - low == 2 else [low - 1, high + 1]
    return sum(1 << (suit * 13 + r) for r in wanted if 0 <= r <= 12)


NEAR = tuple(_near_mask(card) for card in range(52))
CONNECTED = tuple(NEAR[card] & ~(1 << card) for card in range(52))  # could meld with the card
COMPLETING = tuple(tuple(_completing_mask(card, other) for other in range(52)) for card in range(52))


# --- deadwood ------------------------------------------------------------------------------

_keys: dict[int, int] = {}
_sets: dict[int, int] = {}


def _key(mask: int) -> int:
    """The solver's key (deadwood value << 6 | unmatched count) of the hand ``mask``."""
    hit = _keys.get(mask)
    if hit is not None:
        return hit
    s0, s1, s2, s3 = mask & SUIT_BITS, mask >> 13 & SUIT_BITS, mask >> 26 & SUIT_BITS, mask >> 39
    keys = _KEYS
    best = keys[s0] + keys[s1] + keys[s2] + keys[s3]
    triples = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    best_sets = 0
    if triples:
        for sets in _set_choices(mask, triples):
            rest = mask & ~sets
            key = (
                keys[rest & SUIT_BITS] + keys[rest >> 13 & SUIT_BITS] + keys[rest >> 26 & SUIT_BITS] + keys[rest >> 39]
            )
            if key < best:
                best, best_sets = key, sets
    if len(_keys) > 400_000:
        _keys.clear()
        _sets.clear()
    _keys[mask] = best
    _sets[mask] = best_sets
    return best


def _set_choices(mask: int, triples: int) -> list[int]:
    """The solver's set choices (the same order, so ties break the same way), as masks."""
    choices = [0]
    while triples:
        low = triples & -triples
        triples ^= low
        held = [low << (13 * suit) for suit in range(4) if mask & low << (13 * suit)]
        options = [0] + [sum(group) for size in (3, 4) for group in combinations(held, size)]
        choices = [made | group for made in choices for group in options]
    return [choice for choice in choices if choice]


def deadwood(mask: int) -> int:
    return _key(mask) >> COUNT_BITS


def unmatched(mask: int) -> int:
    """The unmatched cards of the solver's arrangement of ``mask``."""
    _key(mask)
    rest = mask & ~_sets[mask]
    loose = rest
    for suit in range(4):
        pattern = rest >> (13 * suit) & SUIT_BITS
        while pattern:
            run = _CHOICE[pattern]
            if not run:
                pattern &= pattern - 1
                continue
            pattern ^= run
            loose ^= run << (13 * suit)
    return loose


def best_ending(hand: int, threshold: int, forbidden: int = -1) -> tuple[int, int]:
    """(card, deadwood left) of the discard from the 11-card ``hand`` that leaves the least
    deadwood, if that is within ``threshold`` (lowest card first on a tie); else (-1, -1).
    Dropping a card lowers the deadwood by at most its points, so most cards need no look-up."""
    whole = deadwood(hand)
    if whole - 10 > threshold:
        return -1, -1
    best_card, best_left = -1, threshold + 1
    for card in bits(hand):
        if card == forbidden or whole - POINTS[card] >= best_left:
            continue
        left = deadwood(hand & ~(1 << card))
        if left < best_left:
            best_card, best_left = card, left
    return (best_card, best_left) if best_card >= 0 else (-1, -1)


# --- normal's policy ---------------------------------------------------------------------------


def normal_take(hand: int, top: int, threshold: int) -> bool:
    """Normal takes the top card when it lets him knock, or when it melds and lowers his deadwood."""
    with_top = hand | 1 << top
    if best_ending(with_top, threshold, top)[0] >= 0:
        return True
    if not CONNECTED[top] & hand or unmatched(with_top) >> top & 1:
        return False
    now = deadwood(hand)
    return any(deadwood(with_top & ~(1 << card)) < now for card in bits(hand))


def normal_discard(hand: int, taken: int, threshold: int, limit: int, pile: int, their_picks: int) -> tuple[str, int]:
    """Normal's move from 11 cards: ("gin" | "knock" | "discard", card). ``pile`` is the discard
    pile, ``their_picks`` every card the opponent took from it this hand."""
    card, left = best_ending(hand, threshold, taken)
    if card >= 0 and (left == 0 or limit >= 1):
        return ("gin" if left == 0 else "knock"), card
    whole = _key(hand) >> COUNT_BITS
    dead = unmatched(hand)
    loose = dead & ~(1 << taken) if taken >= 0 else dead
    if not loose:
        return "discard", _cheapest_break(hand, taken)
    unseen = ~(hand | pile | their_picks)
    held_picks = their_picks & ~pile
    best, best_cost = -1, None
    for card in bits(loose):
        others = dead & ~(1 << card)
        completing = 0
        for other in bits(others):
            completing |= COMPLETING[card][other]
        points = POINTS[card]
        cost = (
            whole
            - points
            + OUT_WEIGHT * (completing & unseen).bit_count()
            + DANGER_WEIGHT * (NEAR[card] & held_picks).bit_count(),
            -points,
            -RANKS[card],
        )
        if best_cost is None or cost < best_cost:
            best, best_cost = card, cost
    return "discard", best


def _cheapest_break(hand: int, taken: int) -> int:
    """Every card melds: the lowest card whose loss leaves the least deadwood."""
    options = [(deadwood(hand & ~(1 << card)), card) for card in bits(hand) if card != taken]
    return min(options)[1]


# --- a hand played out -------------------------------------------------------------------------


class Deal:
    """Everything a hand's play depends on, as masks and lists; ``stock`` draws from its end."""

    __slots__ = (
        "hands",
        "picked",
        "pile",
        "pile_mask",
        "stock",
        "to_move",
        "phase",
        "taken",
        "dealer",
        "stock_only",
        "last_chance",
        "limit",
        "threshold",
    )

    def __init__(
        self,
        hands: list[int],
        picked: list[int],
        pile: list[int],
        stock: list[int],
        to_move: int,
        phase: str,
        limit: int,
        dealer: int,
        taken: int = -1,
        stock_only: bool = False,
        last_chance: bool = False,
    ):
        self.hands, self.picked, self.pile, self.stock = hands, picked, pile, stock
        self.pile_mask = sum(1 << card for card in pile)
        self.to_move, self.phase, self.taken, self.dealer = to_move, phase, taken, dealer
        self.stock_only, self.last_chance = stock_only, last_chance
        self.limit, self.threshold = limit, (limit if limit >= 1 else 0)

    def copy(self) -> Deal:
        twin = Deal.__new__(Deal)
        twin.hands, twin.picked, twin.pile, twin.stock = self.hands[:], self.picked[:], self.pile[:], self.stock[:]
        for name in (
            "pile_mask",
            "to_move",
            "phase",
            "taken",
            "dealer",
            "stock_only",
            "last_chance",
            "limit",
            "threshold",
        ):
            setattr(twin, name, getattr(self, name))
        return twin

    # the moves, as the rules carry them out
    def take(self) -> None:
        seat, card = self.to_move, self.pile.pop()
        self.pile_mask &= ~(1 << card)
        self.hands[seat] |= 1 << card
        self.picked[seat] |= 1 << card
        self.taken = card
        self.last_chance = self.phase == "last_chance"
        self.phase = "discard"

    def draw(self) -> None:
        self.hands[self.to_move] |= 1 << self.stock.pop()
        self.taken, self.stock_only, self.phase = -1, False, "discard"

    def pass_upcard(self) -> None:
        if self.to_move == self.dealer:
            self.phase, self.stock_only = "draw", True
        self.to_move = 1 - self.to_move

    def discard(self, card: int) -> bool:
        """A plain discard; False when it voids the hand (after a last-chance take)."""
        self.hands[self.to_move] &= ~(1 << card)
        self.pile.append(card)
        self.pile_mask |= 1 << card
        if self.last_chance:
            return False
        self.taken, self.to_move = -1, 1 - self.to_move
        self.phase = "last_chance" if len(self.stock) <= STOCK_FLOOR else "draw"
        return True


def play_out(deal: Deal) -> tuple[int, int]:
    """Play ``deal`` to the end of the hand, both seats on normal's policy: (winner, points),
    or (VOID, 0). The deal is used up."""
    while True:
        seat = deal.to_move
        phase = deal.phase
        if phase == "discard":
            kind, card = normal_discard(
                deal.hands[seat], deal.taken, deal.threshold, deal.limit, deal.pile_mask, deal.picked[1 - seat]
            )
            if kind != "discard":
                return settle(deal, seat, card, kind == "gin")
            if not deal.discard(card):
                return VOID, 0
        elif phase == "draw":
            if not deal.stock_only and normal_take(deal.hands[seat], deal.pile[-1], deal.threshold):
                deal.take()
            else:
                deal.draw()
        elif phase == "upcard":
            if normal_take(deal.hands[seat], deal.pile[-1], deal.threshold):
                deal.take()
            else:
                deal.pass_upcard()
        else:  # last chance: take only to knock
            hand = deal.hands[seat]
            top = deal.pile[-1]
            if best_ending(hand | 1 << top, deal.threshold, top)[0] < 0:
                return VOID, 0
            deal.take()


def settle(deal: Deal, knocker: int, card: int, gin: bool) -> tuple[int, int]:
    """(winner, points) when ``knocker`` throws ``card`` and knocks (or goes gin)."""
    kept = deal.hands[knocker] & ~(1 << card)
    defender = deal.hands[1 - knocker]
    theirs = deadwood(defender)
    if gin:
        return knocker, theirs + 25
    mine = deadwood(kept)
    if theirs - _layable_points(defender, kept) > mine:  # even every possible lay-off leaves him above
        return knocker, theirs - mine
    cards, defending = bits(kept), bits(defender)
    shown = default_arrangement(cards, defending, deal.limit)
    theirs = defender_showdown(defending, shown.melds)[0].value
    if theirs <= mine:
        return 1 - knocker, mine - theirs + 25
    return knocker, theirs - mine


def _layable_points(defender: int, kept: int) -> int:
    """An upper bound on what lay-offs can save the defender: the points of his cards in a suit
    or of a rank where the knocker holds a card."""
    reach = 0
    for card in bits(kept):
        reach |= 0x1FFF << (13 * (card // 13)) | NEAR[card]
    return sum(POINTS[card] for card in bits(defender & reach))
