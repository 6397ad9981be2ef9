"""A read of the Gin opponent's hand that uses a model of his policy as the likelihood.

A particle is a guess at the opponent's hidden cards now plus, for every turn he drew from the
stock, which of his cards that draw was. Replaying his turns backwards from the guess gives his
hand at each of his decisions (the upcard he passed, each top discard he took or left, each card
he threw); the model policy is normal's (``variants/gin/sim.py``). A particle's weight is the
product over his decisions of ``1 - EPS`` when the model makes his choice from that hand, else
``EPS`` shared among the other choices: soft, so that a player who plays differently only
flattens the read instead of emptying it.

Hard does not use it: it tells the discards normal will take only a little better than hard's
own read (AUC 0.73-0.76 against 0.67-0.68) and needs about 5 s a decision to do so (docs/AI_STRENGTH.md, the
Gin paragraph; ``bench/research/gin_read_auc.py`` measures it). It is kept as a measured starting point.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from .sim import bits, normal_discard, normal_take

EPS = 0.2  # the chance the opponent does not make the model's choice


@dataclass
class Turn:
    """One of the opponent's turns: the top card he faced, whether he took it, what he threw,
    and the pile and our open picks as he saw them when he threw."""

    face: int  # -1: he could only draw from the stock
    took: bool
    discard: int
    pile: int  # mask, before his discard
    our_picks: int  # mask of the cards we had taken from the pile by then


@dataclass
class History:
    turns: list[Turn]  # oldest first
    passed_upcard: int  # the upcard he passed, or -1
    threshold: int
    limit: int


def _mask(cards) -> int:
    return sum(1 << card for card in cards)


def first_player(extra: dict[str, Any], dealer: int) -> int | None:
    """Who played the hand's first turn, or None while the upcard is still being offered."""
    non_dealer = 1 - dealer
    passed = extra.get("passed") or []
    picked = extra["picked"]
    if non_dealer not in passed:
        return non_dealer if picked[non_dealer][:1] == [extra["upcard"]] else None
    if dealer in passed:
        return non_dealer
    return dealer if picked[dealer][:1] == [extra["upcard"]] else None


def opponent_history(observation: dict[str, Any]) -> History:
    """His decisions this hand, rebuilt from the public records (both discard lists, both
    pick lists): turns alternate from the first player, and each turn faces the previous discard."""
    seat, dealer = observation["seat"], observation["dealer"]
    opponent = 1 - seat
    extra = observation["extra"]
    limit = extra["knock_limit"]
    passed = extra.get("passed") or []
    history = History([], extra["upcard"] if opponent in passed else -1, limit if limit >= 1 else 0, limit)
    first = first_player(extra, dealer)
    if first is None:
        return history
    discarded = extra.get("discarded") or [[], []]
    picks_left = [list(extra["picked"][0]), list(extra["picked"][1])]
    upcard = extra["upcard"]
    pile, our_picks = 1 << upcard, 0
    face = upcard
    stock_only = dealer in passed and (1 - dealer) in passed
    player, index = first, [0, 0]
    while index[player] < len(discarded[player]):
        took = face >= 0 and picks_left[player][:1] == [face]
        if took:
            picks_left[player].pop(0)
            pile &= ~(1 << face)
            if player == seat:
                our_picks |= 1 << face
        card = discarded[player][index[player]]
        if player == opponent:
            history.turns.append(Turn(-1 if stock_only else face, took, card, pile, our_picks))
        stock_only = False
        pile |= 1 << card
        face = card
        index[player] += 1
        player = 1 - player
    return history


def replay_log_weight(hand_now: int, picked: int, history: History, draws: list[float], eps: float = EPS) -> float:
    """The log of a particle's weight. His hand now is ``hand_now``; ``picked`` are the cards he
    took from the pile this hand (they did not come from the stock); ``draws`` holds one number
    in [0, 1) per stock draw, newest first, that picks which of his other cards that draw was."""
    agree, miss_take = math.log(1 - eps), math.log(eps)
    log_weight, hand, draw = 0.0, hand_now, 0
    for turn in reversed(history.turns):
        hand |= 1 << turn.discard
        taken = turn.face if turn.took else -1
        kind, card = normal_discard(hand, taken, history.threshold, history.limit, turn.pile, turn.our_picks)
        log_weight += agree if kind == "discard" and card == turn.discard else math.log(eps / (9 if turn.took else 10))
        if turn.took:
            hand &= ~(1 << taken)
            log_weight += agree if normal_take(hand, taken, history.threshold) else miss_take
            continue
        candidates = bits(hand & ~picked)
        hand &= ~(1 << candidates[int(draws[draw] * len(candidates))])
        draw += 1
        if turn.face >= 0:
            log_weight += miss_take if normal_take(hand, turn.face, history.threshold) else agree
    if history.passed_upcard >= 0:
        log_weight += miss_take if normal_take(hand, history.passed_upcard, history.threshold) else agree
    return log_weight


def sample_hands(
    known: list[int],
    picked: list[int],
    unseen: list[int],
    hidden: int,
    history: History,
    rng: random.Random,
    chains: int = 8,
    steps: int = 400,
    burn: int = 100,
    eps: float = EPS,
) -> list[int]:
    """His possible hands (masks) by Metropolis on the whole-history likelihood: a step swaps one
    of his guessed cards with another unseen card, or re-picks one of his stock draws."""
    known_mask, picked_mask = sum(1 << c for c in known), sum(1 << c for c in picked)
    stock_draws = sum(not turn.took for turn in history.turns)
    hands = []
    for _ in range(chains):
        guess = rng.sample(unseen, hidden)
        rest = [c for c in unseen if c not in guess]
        draws = [rng.random() for _ in range(stock_draws)]
        log_weight = replay_log_weight(known_mask | _mask(guess), picked_mask, history, draws, eps)
        for step in range(steps):
            new_guess, new_rest, new_draws = guess, rest, draws
            if stock_draws == 0 or rng.random() < 0.6:
                if not guess or not rest:
                    break
                i, j = rng.randrange(len(guess)), rng.randrange(len(rest))
                new_guess, new_rest = guess[:], rest[:]
                new_guess[i], new_rest[j] = rest[j], guess[i]
            else:
                new_draws = draws[:]
                new_draws[rng.randrange(stock_draws)] = rng.random()
            new_log_weight = replay_log_weight(known_mask | _mask(new_guess), picked_mask, history, new_draws, eps)
            if new_log_weight >= log_weight or rng.random() < math.exp(new_log_weight - log_weight):
                guess, rest, draws, log_weight = new_guess, new_rest, new_draws, new_log_weight
            if step >= burn:
                hands.append(known_mask | _mask(guess))
    return hands
