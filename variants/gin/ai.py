"""The Gin Römi computer players (easy, normal, hard). They see only their seat's observation.

``hard`` plays like a careful human:

* it tracks every card it has seen (both discard records, the cards the opponent took openly)
  and so knows which cards are still unseen, in the stock or the opponent's hand;
* it sheds the loose card that costs least by normal's quick rule (the deadwood it leaves, 3
  points for each unseen card that would meld it) plus the chance that the opponent could meld
  it, judged from the cards he took and threw away;
* it values a draw by the hand's deadwood now and the deadwood it may expect after the next draw
  from the unseen cards (a one-step look-ahead over the solver's value-only pass);
* it times the knock: it samples the opponent's possible hands and waits when an undercut is
  likely and the stock still has cards to improve with.
"""

from __future__ import annotations

import random
from typing import Any

from rummy_tui.engine.cards import card_text, rank_of, suit_of
from rummy_tui.engine.variant import split_action

from .hard import completing_cards, hard_move
from .rules import arrangement_of, card_points, deadwood_of, ending_discards
from .scoring import least_deadwood_discards

OUT_WEIGHT = 3  # deadwood points a card is worth keeping for each unseen card that would meld it
DANGER_WEIGHT = 1  # deadwood points worth paying to avoid feeding the opponent's known cards


def choose_ai_action(observation: dict[str, Any], legal: list[str], level: str, rng: random.Random) -> str:
    if level == "hard":
        return hard_move(observation, legal, rng)[0]
    phase = observation["phase"]
    if phase == "last_chance":
        return "take:discard" if "take:discard" in legal else "void"
    if phase in ("upcard", "draw"):
        return _simple_draw(observation, legal, level)
    if phase == "discard":
        return _simple_discard(observation, legal, level)
    return legal[0]


# --- easy and normal ------------------------------------------------------------------------


def _simple_draw(observation: dict[str, Any], legal: list[str], level: str) -> str:
    take = "take:upcard" if "take:upcard" in legal else "take:discard"
    draw = "pass" if "pass" in legal else "draw:stock"
    if take not in legal:
        return draw
    hand, top = observation["hand"], observation["discard"][-1]
    with_top = hand + [top]
    top_melds = any(top in meld.cards for meld in arrangement_of(with_top).melds)
    if level == "easy":
        return take if top_melds else draw
    if ending_discards(with_top, observation["extra"]["knock_limit"], top):
        return take
    if not top_melds:
        return draw
    best_after = min(least_deadwood_discards(with_top, top).values())
    return take if best_after < deadwood_of(hand) else draw


def _simple_discard(observation: dict[str, Any], legal: list[str], level: str) -> str:
    hand = observation["hand"]
    taken = observation["extra"]["taken"]
    endings = [a for a in legal if a.startswith(("gin:", "knock:"))]
    if level == "easy":
        unmatched = [c for c in arrangement_of(hand).deadwood if c != taken]
        pool = unmatched or [c for c in hand if c != taken]
        card = max(pool, key=lambda c: (card_points(c), rank_of(c)))
        for verb in ("gin", "knock"):
            if f"{verb}:{card_text(card)}" in legal:
                return f"{verb}:{card_text(card)}"
        return endings[0] if endings else f"discard:{card_text(card)}"
    if endings:
        gins = [a for a in endings if a.startswith("gin:")]
        return gins[0] if gins else min(endings, key=lambda a: _deadwood_after(hand, a))
    return f"discard:{card_text(_thoughtful_discard(observation))}"


def _deadwood_after(hand: list[int], action: str) -> int:
    code = split_action(action)[1]
    return deadwood_of([c for c in hand if card_text(c) != code])


def _thoughtful_discard(observation: dict[str, Any]) -> int:
    """Normal AI: shed deadwood, but keep cards with live chances to meld and avoid the cards
    the opponent has shown he collects."""
    hand = observation["hand"]
    taken = observation["extra"]["taken"]
    whole = arrangement_of(hand)
    unmatched = [c for c in whole.deadwood if c != taken]
    if not unmatched:  # every card is melded: break the meld that costs least
        return min(least_deadwood_discards(hand, taken))
    unseen = _unseen_cards(observation)
    danger = _danger_map(observation)

    def cost(card: int) -> tuple[int, int, int]:
        outs = _outs(card, [c for c in whole.deadwood if c != card], unseen)
        left = whole.value - card_points(card)  # exact: dropping an unmatched card
        flexibility = -rank_of(card)  # a king fits fewer runs than a jack of the same value
        return (left + OUT_WEIGHT * outs + DANGER_WEIGHT * danger.get(card, 0), -card_points(card), flexibility)

    return min(unmatched, key=cost)


def _unseen_cards(observation: dict[str, Any]) -> set[int]:
    """Cards this seat has not seen: not in its hand, not on the discard pile, not openly
    taken by the opponent."""
    opponent = 1 - observation["seat"]
    seen = set(observation["hand"]) | set(observation["discard"]) | set(observation["extra"]["picked"][opponent])
    return set(range(52)) - seen


def _outs(card: int, others: list[int], unseen: set[int]) -> int:
    """Unseen cards that would make a meld of ``card`` with one of the ``others``."""
    return len(completing_cards(card, others) & unseen)


def _danger_map(observation: dict[str, Any]) -> dict[int, int]:
    """How likely each card is to help the opponent, judged from the cards he took openly."""
    opponent = 1 - observation["seat"]
    on_pile = set(observation["discard"])
    picked = [c for c in observation["extra"]["picked"][opponent] if c not in on_pile]
    danger: dict[int, int] = {}
    for card in observation["hand"]:
        for seen in picked:
            same_rank = rank_of(card) == rank_of(seen)
            near_in_suit = suit_of(card) == suit_of(seen) and abs(rank_of(card) - rank_of(seen)) <= 2
            if same_rank or near_in_suit:
                danger[card] = danger.get(card, 0) + 1
    return danger
