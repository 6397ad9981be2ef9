"""Hard's look-ahead: a few candidate moves, each played to the end of the hand in the same
sampled deals, with normal's policy for both seats (``variants/_gin_sim.py``).

A sampled deal is what this seat knows plus a guess at the rest: the opponent's open cards,
his unseen cards drawn from the unseen ones (weighted like ``_gin_hard.read_opponent``: a hand
that would have melded a card he threw or left is unlikely, and so is one in which a card he
took does not meld), and the stock shuffled from what is left. Every candidate meets the same
deals (common random numbers), so their difference is measured with far less noise than their
shares. The number of deals is fixed and the random numbers come from the decision's RNG, so a
game stays reproducible for its seed whatever the machine's load.
"""

from __future__ import annotations

import random
import math
from dataclasses import dataclass, field
from typing import Any

from ._gin_sim import VOID, Deal, play_out

WORLDS = 24  # sampled deals every candidate is played out in
MORE_WORLDS = 48  # further deals for the candidates that did not fall behind the first choice
MARGIN = 2.0  # a candidate replaces the first choice only this many standard errors ahead of it
PROPOSALS = 3  # deals drawn per kept deal, before keeping them by the read's weights
SHUNNED_WEIGHT = 0.1  # a deal's weight for each thrown or left card the guessed hand would meld


@dataclass
class Outcome:
    """How a candidate move fared in the sampled deals: 1 a deal won, 0 lost, 0.5 void (a
    void hand is dealt again)."""

    move: Any
    results: list[float] = field(default_factory=list)

    @property
    def deals(self) -> int:
        return len(self.results)

    @property
    def share(self) -> float:
        return sum(self.results) / max(len(self.results), 1)


def _mask(cards) -> int:
    return sum(1 << card for card in cards)


def sample_deals(observation: dict[str, Any], known: list[int], unseen: list[int], hidden: int, shunned: list[int],
                 count: int, rng: random.Random) -> list[Deal]:
    """``count`` deals consistent with the observation, the opponent's hidden cards drawn by
    the read's weights."""
    from ._gin_hard import PARTNERS

    seat = observation["seat"]
    extra = observation["extra"]
    stock_count = observation["stock_count"]
    hidden = min(hidden, len(unseen) - stock_count) if len(unseen) >= stock_count else min(hidden, len(unseen))
    known_mask = _mask(known)
    proposals, weights = [], []
    for _ in range(count * PROPOSALS):
        cards = rng.sample(unseen, len(unseen))  # a shuffle: the first cards are his, the rest the stock
        his = known_mask | _mask(cards[:hidden])
        misses = sum(_melds(card, his, PARTNERS) for card in shunned)
        misses += sum(not _melds(card, his & ~(1 << card), PARTNERS) for card in known)
        proposals.append((his, cards[hidden:hidden + stock_count]))
        weights.append(SHUNNED_WEIGHT ** misses)
    chosen = rng.choices(proposals, weights=weights, k=count)
    hands = [0, 0]
    hands[seat] = _mask(observation["hand"])
    taken = extra.get("taken")
    deals = []
    for his, stock in chosen:
        hands[1 - seat] = his
        deals.append(Deal(
            hands=hands[:], picked=[_mask(extra["picked"][0]), _mask(extra["picked"][1])],
            pile=list(observation["discard"]), stock=list(stock), to_move=seat, phase=observation["phase"],
            limit=extra["knock_limit"], dealer=observation["dealer"], taken=-1 if taken is None else taken,
            stock_only=bool(extra.get("stock_only")), last_chance=bool(extra.get("last_chance"))))
    return deals


def _melds(card: int, mask: int, partners) -> bool:
    return any(pair & mask == pair for pair in partners[card])


def play(deals: list[Deal], outcome: Outcome, make_move, seat: int) -> None:
    """Play ``outcome.move`` in each deal (``make_move(deal, move)`` makes it on a copy and
    returns the winner if that ended the hand), then the hand to its end; record the results."""
    for deal in deals:
        twin = deal.copy()
        winner = make_move(twin, outcome.move)
        if winner is None:
            winner = play_out(twin)[0]
        outcome.results.append(1.0 if winner == seat else 0.5 if winner == VOID else 0.0)


def gain(outcome: Outcome, base: Outcome) -> tuple[float, float]:
    """The mean of ``outcome``'s result less ``base``'s in the deals both met, and its standard
    error."""
    differences = [a - b for a, b in zip(outcome.results, base.results)]
    n = len(differences)
    mean = sum(differences) / n
    variance = sum((d - mean) ** 2 for d in differences) / max(n - 1, 1)
    return mean, math.sqrt(variance / n)


def choose(deals: list[Deal], moves: list[Any], make_move, seat: int) -> tuple[Outcome, Outcome]:
    """(the chosen move's outcome, the first move's). The first move is the quick choice; each
    other is played in the first WORLDS deals, those not behind it in all the deals, and one
    replaces it only when it is clearly ahead (MARGIN standard errors of the paired gain)."""
    outcomes = [Outcome(move) for move in moves]
    for outcome in outcomes:
        play(deals[:WORLDS], outcome, make_move, seat)
    base, rest = outcomes[0], outcomes[1:]
    alive = [outcome for outcome in rest if gain(outcome, base)[0] >= 0]
    if alive and len(deals) > WORLDS:
        for outcome in [base] + alive:
            play(deals[WORLDS:], outcome, make_move, seat)
    best, best_gain = base, 0.0
    for outcome in alive:
        mean, error = gain(outcome, base)
        if mean > best_gain and mean > MARGIN * error:
            best, best_gain = outcome, mean
    return best, base


def discard_in(deal: Deal, card: int) -> int | None:
    """Throw ``card``; the winner if that ended the hand (a void), else None."""
    return None if deal.discard(card) else VOID


def draw_in(deal: Deal, take: bool) -> int | None:
    """Take the top discard (``take``) or draw from the stock / pass the upcard."""
    if take:
        deal.take()
    elif deal.phase == "upcard":
        deal.pass_upcard()
    else:
        deal.draw()
    return None
