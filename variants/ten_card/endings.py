"""Tízlapos card arithmetic: penalty and piccolo values, and which endings ten cards qualify for.

Pure functions of cards, shared by the rules (``variants/ten_card/rules.py``), the end of a hand
(``scoring.py``) and the AI (``ai.py``, ``hard.py``); the
registry skips this module.
"""

from __future__ import annotations

from functools import lru_cache

from rummy_tui.engine.cards import is_joker, rank_of, suit_of
from rummy_tui.engine.melds import MeldRules
from rummy_tui.engine.solver import Arrangement, all_melded, best_arrangement
from rummy_tui.i18n import N_

TEN_CARD_RULES = MeldRules(ace_low=True, ace_high=True, max_jokers=None, min_naturals=1, set_max=4)
HAND_SIZE = 10
FIGURES = (1, 11, 12, 13)

# Most valuable first; equal values keep this order (flushes before piccolo).
ENDINGS = ("royal-flush", "colour-flush", "figure-flush", "piccolo", "romi", "knock")
FLUSHES = ("royal-flush", "colour-flush", "figure-flush")
ENDING_BONUS = {"royal-flush": -50, "colour-flush": -25, "figure-flush": -25, "piccolo": -25, "romi": -10}
ENDING_UNITS = {"knock": 1, "atkopogas": 1}  # every other ending collects 2u from each player
ENDING_NAMES = {  # English texts, translated where shown (``tr(ENDING_NAMES[name])``)
    "royal-flush": N_("a royal flush"),
    "colour-flush": N_("a colour flush"),
    "figure-flush": N_("a figure flush"),
    "piccolo": N_("piccolo"),
    "romi": N_("römi"),
    "knock": N_("a knock"),
    "atkopogas": N_("átkopogás"),
}
ENDING_CONDITIONS = {
    "royal-flush": N_("A royal flush is a 10-card run 5-6-7-8-9-10-J-Q-K-A of one suit (jokers allowed)."),
    "colour-flush": N_("A colour flush needs every natural card in one suit (jokers are wild)."),
    "figure-flush": N_("A figure flush needs every natural card to be a J, Q, K or A (jokers are wild)."),
    "piccolo": N_("Piccolo needs a piccolo value of 25 or less (A counts 1, a joker 0)."),
    "romi": N_("Römi needs all 10 cards in melds."),
    "knock": N_("To knock, 9 of your 10 cards must be in melds and the tenth must be a natural 2 or 3."),
}


# --- card values and the endings (pure functions) -----------------------------------------------


def penalty_value(card: int, joker_penalty: int = 20) -> int:
    """B-1: 2-10 face value, J/Q/K and A 10, an unmatched joker ``joker_penalty``."""
    if is_joker(card):
        return joker_penalty
    rank = rank_of(card)
    return 10 if rank in FIGURES else rank


def piccolo_value(card: int) -> int:
    """The piccolo count: A 1, joker 0, everything else as usual."""
    if is_joker(card):
        return 0
    return min(rank_of(card), 10)


def _naturals(cards) -> list[int]:
    return [c for c in cards if not is_joker(c)]


def is_colour_flush(cards) -> bool:
    naturals = _naturals(cards)
    return len(cards) == HAND_SIZE and bool(naturals) and len({suit_of(c) for c in naturals}) == 1


def is_figure_flush(cards) -> bool:
    naturals = _naturals(cards)
    return len(cards) == HAND_SIZE and bool(naturals) and all(rank_of(c) in FIGURES for c in naturals)


def is_royal_flush(cards) -> bool:
    """One suit, ranks 5..A with the ace high, no rank twice; jokers fill the rest."""
    if not is_colour_flush(cards):
        return False
    positions = [14 if rank_of(c) == 1 else rank_of(c) for c in _naturals(cards)]
    return len(set(positions)) == len(positions) and min(positions) >= 5


def piccolo_total(cards) -> int:
    return sum(piccolo_value(c) for c in cards)


def is_piccolo(cards) -> bool:
    return len(cards) == HAND_SIZE and piccolo_total(cards) <= 25


def _count_value(card: int) -> int:
    return 1


@lru_cache(maxsize=1 << 15)
def _structure(cards: tuple[int, ...]) -> tuple[bool, int | None]:
    """(all cards melded, the natural 2 or 3 whose removal leaves the rest all melded)."""
    if _arrangement(cards, 20).value > 3:  # both need deadwood 0, 2 or 3 (and the AI has this cached)
        return False, None
    fewest_unmatched = best_arrangement(cards, TEN_CARD_RULES, _count_value).value
    if fewest_unmatched == 0:
        return True, None
    if fewest_unmatched > 1:
        return False, None
    for card in sorted(cards, key=lambda c: (rank_of(c), c)):
        if (
            not is_joker(card)
            and rank_of(card) in (2, 3)
            and all_melded([c for c in cards if c != card], TEN_CARD_RULES)
        ):
            return False, card
    return False, None


def knock_card(cards) -> int | None:
    """The natural 2 or 3 left over in a knock (the 2 if both would do), or None."""
    if len(cards) != HAND_SIZE:
        return None
    return _structure(tuple(sorted(cards)))[1]


def knocking_card(cards) -> int:
    """:func:`knock_card` of a hand known to knock (its ending already judged)."""
    card = knock_card(cards)
    if card is None:
        raise ValueError("the hand does not knock")
    return card


def is_romi(cards) -> bool:
    return len(cards) == HAND_SIZE and _structure(tuple(sorted(cards)))[0]


def qualifying_endings(cards) -> list[str]:
    """Every ending the 10 cards qualify for, most valuable first."""
    if len(cards) != HAND_SIZE:
        return []
    checks = {
        "royal-flush": is_royal_flush,
        "colour-flush": is_colour_flush,
        "figure-flush": is_figure_flush,
        "piccolo": is_piccolo,
        "romi": is_romi,
        "knock": lambda c: knock_card(c) is not None,
    }
    return [name for name in ENDINGS if checks[name](cards)]


def best_ending(cards) -> str | None:
    """B-6: only the most valuable qualifying ending may be declared."""
    found = qualifying_endings(cards)
    return found[0] if found else None


def can_flush_with(hand: list[int], extra_card: int) -> bool:
    """Could ``extra_card`` plus ``hand`` (10 cards) lose one other card and be a flush?"""
    cards = hand + [extra_card]
    return any(_leaves_flush(cards, card) for card in hand)


def _leaves_flush(cards: list[int], discarded: int) -> bool:
    rest = [c for c in cards if c != discarded]
    return is_royal_flush(rest) or is_colour_flush(rest) or is_figure_flush(rest)


@lru_cache(maxsize=1 << 15)
def _arrangement(cards: tuple[int, ...], joker_penalty: int) -> Arrangement:
    return best_arrangement(cards, TEN_CARD_RULES, lambda c: penalty_value(c, joker_penalty))
