"""Determinized Monte Carlo for the hard Gin player: deal the unseen cards out again in ways
that fit what the opponent has done, play each deal to the end of the hand with quick
normal-like play for both seats, and keep the move that wins most often.

Only the seat's own knowledge goes in (``Knowledge`` from ``_gin_hard``); the deals come from
the decision's own random generator, so the same observation always gives the same move.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rummy_tui.engine.cards import make_face, rank_of, suit_of
from rummy_tui.engine.solver import deadwood, deadwood_without_each

from .gin import GIN_RULES, STOCK_FLOOR, arrangement_of, card_points, defender_showdown

POINTS = [card_points(card) for card in range(52)]
ROLLOUT_OUT_WEIGHT = 3  # the quick players keep a loose card worth this much per out, like normal
NEAR_DISCARD_WEIGHT = 0.5  # a card next to one the opponent threw is this much less likely his
MAX_TURNS = 40  # a rolled-out hand never runs longer than this many turns


@dataclass
class Deal:
    """One way the unseen cards may lie: the opponent's hand and the stock, top card last."""

    opponent: list[int]
    stock: list[int]


def _mask(cards) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _near(card: int, other: int) -> bool:
    return rank_of(card) == rank_of(other) or (suit_of(card) == suit_of(other) and abs(rank_of(card) - rank_of(other)) <= 1)


def sample_deals(know, count: int, rng: random.Random, extra_draws: int | None = None) -> list[Deal]:
    """``count`` deals of the unseen cards. The opponent holds his known cards plus unseen ones,
    cards next to those he threw away or left lying being less likely; he is dealt a few spare
    cards (about one per draw he made) and keeps the best ten, since a player who has drawn
    keeps the cards that meld. The spare cards go back into the stock."""
    unseen = know.unseen
    hidden = know.hidden_in_opponent
    shunned = know.opponent_discards | know.opponent_passed
    weights = [NEAR_DISCARD_WEIGHT if any(_near(c, s) for s in shunned if s != c) else 1.0 for c in unseen]
    spare = min(know.opponent_draws, 4) if extra_draws is None else extra_draws
    spare = max(min(spare, len(unseen) - hidden), 0)
    deals = []
    for _ in range(count):
        keys = sorted(range(len(unseen)), key=lambda i: -rng.random() ** (1.0 / weights[i]))
        chosen = [unseen[i] for i in keys[:hidden + spare]]
        rest = [unseen[i] for i in keys[hidden + spare:]]
        opponent = list(know.known_opponent) + chosen
        for _ in range(spare):
            options = deadwood_without_each(opponent, GIN_RULES, card_points)
            drop = min((c for c in options if c not in know.known_opponent),
                       key=lambda c: (options[c], -POINTS[c]))
            opponent.remove(drop)
            rest.append(drop)
        rng.shuffle(rest)
        deals.append(Deal(opponent, rest))
    return deals


# --- quick play for both seats --------------------------------------------------------------

def _completing_mask(card: int, other: int) -> int:
    """The cards (as bits) that would make a meld of ``card`` and ``other``."""
    rank, suit, other_rank = rank_of(card), suit_of(card), rank_of(other)
    wanted = 0
    if other_rank == rank and other != card:
        for s in range(4):
            if s not in (suit, suit_of(other)):
                wanted |= 1 << make_face(rank, s)
    elif suit_of(other) == suit and 0 < abs(other_rank - rank) <= 2:
        low, high = min(rank, other_rank), max(rank, other_rank)
        for r in ((low + 1,) if high - low == 2 else (low - 1, high + 1)):
            if 1 <= r <= 13:
                wanted |= 1 << make_face(r, suit)
    return wanted


COMPLETING = [[_completing_mask(card, other) for other in range(52)] for card in range(52)]
NEIGHBOURS = [sum(1 << other for other in range(52) if COMPLETING[card][other] or (
    other != card and suit_of(other) == suit_of(card) and abs(rank_of(other) - rank_of(card)) <= 2))
    for card in range(52)]  # cards that could ever meld with ``card``


def _outs(card: int, loose: list[int], gone: int) -> int:
    """Cards not yet gone (a bit mask) that would meld ``card`` with another loose card."""
    row = COMPLETING[card]
    wanted = 0
    for other in loose:
        wanted |= row[other]
    return (wanted & ~gone).bit_count()


def quick_discard(hand: list[int], forbidden: int | None, gone: int) -> tuple[int, int]:
    """Normal's discard, quickly: (card, deadwood left). Shed the loose card whose deadwood left
    plus 3 points per live out is least; break a meld only when nothing is loose. ``gone`` is a
    bit mask of the cards on the discard pile."""
    options = deadwood_without_each(hand, GIN_RULES, card_points)
    options.pop(forbidden, None)
    whole = min(options[c] + POINTS[c] for c in options)
    loose = [c for c in options if options[c] + POINTS[c] == whole]
    if not loose:
        card = min(options, key=lambda c: (options[c], -POINTS[c]))
        return card, options[card]
    if len(loose) == 1:
        return loose[0], options[loose[0]]
    card = min(loose, key=lambda c: (options[c] + ROLLOUT_OUT_WEIGHT * _outs(c, loose, gone), -POINTS[c], -(c % 13)))
    return card, options[card]


def _wants_top(hand: list[int], top: int, deadwood_now: int, threshold: int) -> bool:
    """Normal's draw, quickly: take the top discard when it lets him knock, or when it melds and
    lowers his deadwood."""
    mask = NEIGHBOURS[top]
    if not any(mask >> c & 1 for c in hand):
        return False
    options = deadwood_without_each(hand + [top], GIN_RULES, card_points)
    whole = min(options[c] + POINTS[c] for c in options)
    del options[top]
    best = min(options.values())
    return best <= threshold or (whole < deadwood_now + POINTS[top] and best < deadwood_now)


def play_out(hands: list[list[int]], stock: list[int], pile_top: int, to_move: int, threshold: int,
             gone: int, me: int, upcard: bool = False, stock_only: bool = False) -> float:
    """Play the hand to its end from a draw by ``to_move``: 1 if ``me`` wins, 0 if he loses,
    0.5 if the stock runs out. ``threshold`` is the deadwood that allows a knock (0: gin only).
    With ``upcard`` the first player may take the top card or pass, and after a pass the other
    draws from the stock. The hands and the stock change; ``gone`` is a bit mask of the cards on the discard pile."""
    deadwoods = [deadwood(hand, GIN_RULES, card_points) for hand in hands]
    seat = to_move
    for _ in range(MAX_TURNS):
        if len(stock) <= STOCK_FLOOR:
            return 0.5
        hand = hands[seat]
        taken = None
        if not stock_only and _wants_top(hand, pile_top, deadwoods[seat], threshold):
            taken = pile_top
            gone &= ~(1 << taken)
            hand.append(taken)
        elif upcard:
            upcard, stock_only = False, True
            seat = 1 - seat
            continue
        else:
            hand.append(stock.pop())
        upcard = stock_only = False
        card, left = quick_discard(hand, taken, gone)
        hand.remove(card)
        if left <= threshold:
            return showdown(hands, seat, left, me)
        deadwoods[seat] = left
        gone |= 1 << card
        pile_top = card
        seat = 1 - seat
    return 0.5


def showdown(hands: list[list[int]], knocker: int, left: int, me: int) -> float:
    if left == 0:
        return 1.0 if knocker == me else 0.0
    melds = arrangement_of(hands[knocker]).melds
    defence, _ = defender_showdown(hands[1 - knocker], melds)
    winner = knocker if left < defence.value else 1 - knocker
    return 1.0 if winner == me else 0.0


def knock_wins(kept: list[int], left: int, deals: list[Deal]) -> float:
    """The share of deals in which knocking now with ``kept`` (deadwood ``left``) wins."""
    if left == 0:
        return 1.0
    melds = arrangement_of(kept).melds
    won = sum(left < defender_showdown(deal.opponent, melds)[0].value for deal in deals)
    return won / max(len(deals), 1)


# --- choosing by the deals ------------------------------------------------------------------

def discard_values(hand: list[int], candidates: list[int], deals: list[Deal], pile: list[int], threshold: int,
                   me: int) -> dict[int, float]:
    """Each candidate discard's share of deals won, the opponent drawing next."""
    values = {}
    pile_mask = _mask(pile)
    for card in candidates:
        kept = [c for c in hand if c != card]
        won = 0.0
        for deal in deals:
            hands = [None, None]
            hands[me], hands[1 - me] = list(kept), list(deal.opponent)
            won += play_out(hands, list(deal.stock), card, 1 - me, threshold, pile_mask | 1 << card, me)
        values[card] = won / len(deals)
    return values


def draw_values(hand: list[int], top: int, deals: list[Deal], pile: list[int], threshold: int, me: int,
                upcard_phase: bool, first_to_decide: bool) -> tuple[float, float]:
    """(share won taking the top card, share won leaving it), over the same deals. In the upcard
    phase leaving it is a pass: the dealer may still take it, or the non-dealer draws."""
    take = leave = 0.0
    pile_mask = _mask(pile)
    below = pile_mask & ~(1 << top)
    for deal in deals:
        hands = [None, None]
        hands[me], hands[1 - me] = hand + [top], list(deal.opponent)
        card, left = quick_discard(hands[me], top, below)
        hands[me].remove(card)
        if left <= threshold:
            take += showdown(hands, me, left, me)
        else:
            take += play_out(hands, list(deal.stock), card, 1 - me, threshold, below | 1 << card, me)
        hands[me], hands[1 - me] = list(hand), list(deal.opponent)
        if upcard_phase:
            leave += play_out(hands, list(deal.stock), top, 1 - me, threshold, pile_mask, me,
                              upcard=first_to_decide, stock_only=not first_to_decide)
        else:
            stock = list(deal.stock)
            hands[me].append(stock.pop())
            card, left = quick_discard(hands[me], None, pile_mask)
            hands[me].remove(card)
            if left <= threshold:
                leave += showdown(hands, me, left, me)
            else:
                leave += play_out(hands, stock, card, 1 - me, threshold, pile_mask | 1 << card, me)
    return take / len(deals), leave / len(deals)
