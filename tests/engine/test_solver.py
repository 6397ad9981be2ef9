"""The solver against a slow, obviously correct brute force, on thousands of random hands.

The brute force lists every subset of the hand that is a meld by the definition in RULES.md
0.3 (written out again here, independent of melds.py), then tries every way to pick disjoint
melds. The solver must find the same least deadwood, and its arrangement must be real: valid
melds, no card used twice, every card accounted for, and the value it reports.
"""

import random
from collections import Counter
from functools import cache

import pytest

from rummy_tui.engine.cards import deal_cards, is_joker, make_deck, rank_of, suit_of
from rummy_tui.engine.melds import MeldRules, read_meld
from rummy_tui.engine.solver import all_melded, best_arrangement, deadwood, deadwood_without_each

GIN = MeldRules(ace_low=True, ace_high=False, max_jokers=0)
TEN_CARD = MeldRules(ace_high=True, max_jokers=None)
ROMI = MeldRules(ace_high=True, max_jokers=2)
ACE_HIGH = MeldRules(ace_high=True, max_jokers=0)


def gin_value(card):
    return min(rank_of(card), 10)


def ten_card_value(card):
    return 20 if is_joker(card) else 10 if rank_of(card) in (1, 11, 12, 13) else rank_of(card)


def romi_value(card):
    return 20 if is_joker(card) else 11 if rank_of(card) == 1 else min(rank_of(card), 10)


# --- the definition of a meld, written out plainly ------------------------------------------


def is_meld_by_definition(cards, rules):
    naturals = [c for c in cards if not is_joker(c)]
    jokers = len(cards) - len(naturals)
    if len(cards) < 3 or not naturals or len(naturals) < rules.min_naturals:
        return False
    if jokers > (99 if rules.max_jokers is None else rules.max_jokers):
        return False
    return is_set_by_definition(cards, naturals, rules) or is_run_by_definition(cards, naturals, rules)


def is_set_by_definition(cards, naturals, rules):
    suits = [suit_of(c) for c in naturals]
    return (
        len(cards) <= min(rules.set_max, 4)
        and len({rank_of(c) for c in naturals}) == 1
        and len(set(suits)) == len(suits)
    )


def is_run_by_definition(cards, naturals, rules):
    if len({suit_of(c) for c in naturals}) != 1 or len(cards) > 13:
        return False
    for ace_is_high, allowed in ((False, rules.ace_low), (True, rules.ace_high)):
        if not allowed:
            continue
        positions = [14 if ace_is_high and rank_of(c) == 1 else rank_of(c) for c in naturals]
        if len(set(positions)) == len(positions) and max(positions) - min(positions) + 1 <= len(cards):
            return True
    return False


# --- the brute force -------------------------------------------------------------------------


def all_meld_masks(hand, rules):
    """Bit masks of every subset of ``hand`` that is a meld. Subsets are grown card by card and a
    branch is dropped only when its natural cards share neither a suit nor a rank, which no
    bigger subset can repair."""
    found = []

    def grow(start, chosen, mask):
        if len(chosen) >= 3 and is_meld_by_definition(chosen, rules):
            found.append(mask)
        for i in range(start, len(hand)):
            cards = chosen + [hand[i]]
            naturals = [c for c in cards if not is_joker(c)]
            if len({suit_of(c) for c in naturals}) > 1 and len({rank_of(c) for c in naturals}) > 1:
                continue
            if len(cards) <= 13:
                grow(i + 1, cards, mask | 1 << i)

    grow(0, [], 0)
    return found


def brute_force_deadwood(hand, rules, value):
    return least_deadwood_of_parts(hand, rules, value)((1 << len(hand)) - 1)


def least_deadwood_of_parts(hand, rules, value):
    """The least deadwood of any part of ``hand``, the part given as a mask of card indexes: a
    part's melds are the hand's melds that lie inside it, so one list of melds serves every part."""
    melds = all_meld_masks(hand, rules)

    @cache
    def least(mask):
        if not mask:
            return 0
        low = mask & -mask
        best = least(mask & ~low) + value(hand[low.bit_length() - 1])
        for meld in melds:
            if meld & low and meld & mask == meld:
                best = min(best, least(mask & ~meld))
        return best

    return least


def assert_arrangement_is_real(hand, rules, value, arrangement):
    used = [c for m in arrangement.melds for c in m.cards] + list(arrangement.deadwood)
    assert Counter(used) == Counter(hand), "every card exactly once"
    for m in arrangement.melds:
        assert is_meld_by_definition(list(m.cards), rules), m
        reread = read_meld(list(m.cards), rules)
        assert (reread.kind, reread.faces, reread.low) == (m.kind, m.faces, m.low), m
    assert arrangement.value == sum(value(c) for c in arrangement.deadwood)


# --- hands -----------------------------------------------------------------------------------


def random_hand(rng, deck, size, jokers_at_least=0):
    """A uniform hand, or (half the time) one drawn from a few ranks and suits so that it is
    full of melds and near-melds, with at least ``jokers_at_least`` jokers when the deck has them."""
    jokers = [c for c in deck if is_joker(c)]
    forced = rng.sample(jokers, min(jokers_at_least, len(jokers)))
    pool = [c for c in deck if c not in forced]
    if rng.random() < 0.5:
        low = rng.randint(1, 8)
        ranks = set(range(low, low + rng.randint(5, 7))) | {1}
        suits = set(rng.sample(range(4), rng.randint(2, 3)))
        narrow = [c for c in pool if is_joker(c) or (rank_of(c) in ranks and suit_of(c) in suits)]
        pool = narrow if len(narrow) >= size else pool
    return forced + rng.sample(pool, size - len(forced))


# A default run checks this share of each case's hands (the first ones of the same stream);
# --soak checks them all.
DEFAULT_SHARE = 2

CASES = [
    # name, rules, deck, value, hand sizes, hands under --soak, jokers at least
    ("gin", GIN, make_deck(1, 0), gin_value, (10, 11), 1500, 0),
    ("ten-card", TEN_CARD, make_deck(2, 4), ten_card_value, (10, 11), 1000, 0),
    ("ten-card, jokers", TEN_CARD, make_deck(2, 4), ten_card_value, (10, 11), 500, 2),
    ("one deck, ace high", ACE_HIGH, make_deck(1, 0), romi_value, (10, 11), 500, 0),
    ("traditional", ACE_HIGH, make_deck(2, 0), romi_value, (10, 11), 500, 0),
    ("romi", ROMI, make_deck(2, 2), romi_value, (9, 10, 11), 800, 0),
    ("romi, jokers", ROMI, make_deck(2, 2), romi_value, (8, 9, 10), 400, 2),
]


@pytest.mark.parametrize("name, rules, deck, value, sizes, count, jokers", CASES, ids=[c[0] for c in CASES])
def test_solver_matches_brute_force(name, rules, deck, value, sizes, count, jokers, soak):
    rng = random.Random(f"solver:{name}")
    for _ in range(count if soak else count // DEFAULT_SHARE):
        hand = random_hand(rng, deck, rng.choice(sizes), jokers)
        arrangement = best_arrangement(hand, rules, value)
        assert arrangement.value == brute_force_deadwood(hand, rules, value), hand
        assert_arrangement_is_real(hand, rules, value, arrangement)
        assert deadwood(hand, rules, value) == arrangement.value


def test_definition_agrees_with_read_meld_on_random_subsets():
    rng = random.Random("definition")
    for rules, deck in ((GIN, make_deck(1, 0)), (TEN_CARD, make_deck(2, 4)), (ROMI, make_deck(2, 2))):
        for _ in range(3000):
            hand = random_hand(rng, deck, rng.randint(3, 6), rng.choice((0, 0, 1, 2)))
            assert (read_meld(hand, rules) is not None) == is_meld_by_definition(hand, rules), hand


def test_known_hands():
    knocker = deal_cards("3C 4C 5C 8H 8S 8D 10S JS QS 5H")  # A-ex1
    assert deadwood(knocker, GIN, gin_value) == 5
    defender = deal_cards("2S 2D 2C 7H 7S 7C 6C KS 9D 3H")
    assert deadwood(defender, GIN, gin_value) == 28
    gin_hand = deal_cards("AH 2H 3H 4H 6C 6D 6S 9S 10S JS")  # A-ex3
    assert all_melded(gin_hand, GIN)
    assert not all_melded(knocker, GIN)
    # a card in both a set and a run: 7H can go either way, never both
    crossing = deal_cards("5H 6H 7H 7S 7C")
    assert deadwood(crossing, GIN, gin_value) == 11
    royal = deal_cards("5H 6H 7H JK 9H 10H JH QH KH AH")  # B-ex5
    assert all_melded(royal, TEN_CARD)
    joker_for_a_held_card = deal_cards("7H 7S 7C 6H 8H JK")  # the joker plays 7H, the 7H the set
    assert deadwood(joker_for_a_held_card, ROMI, romi_value) == 0
    two_copies = deal_cards("9C 9C 9H 9S 9D 10C JC")
    assert deadwood(two_copies, ROMI, romi_value) == 0  # 9C-10C-JC and 9C 9H 9S 9D


def test_tiny_hands():
    assert best_arrangement([], GIN, gin_value).value == 0
    assert all_melded([], GIN)
    lone_joker = best_arrangement(deal_cards("JK"), TEN_CARD, ten_card_value)
    assert lone_joker.deadwood == deal_cards("JK") and lone_joker.value == 20
    second_deck_ace = deal_cards("AS AS")[1:]
    assert deadwood(second_deck_ace, ACE_HIGH, romi_value) == 11


def test_throwaway_value_functions_give_fresh_answers():
    hand = deal_cards("2C 3C 4C 9H KD")
    for points in range(1, 40):
        assert deadwood(hand, GIN, lambda card, p=points: p) == 2 * points


@pytest.mark.parametrize("name, rules, deck, value, sizes, count, jokers", CASES[:4], ids=[c[0] for c in CASES[:4]])
def test_deadwood_without_each_card_matches_brute_force(name, rules, deck, value, sizes, count, jokers, soak):
    rng = random.Random(f"discards:{name}")
    for _ in range(count // 5 if soak else count // 5 // DEFAULT_SHARE):
        hand = random_hand(rng, deck, 11, jokers)
        least = least_deadwood_of_parts(hand, rules, value)
        whole = (1 << len(hand)) - 1
        expected = [least(whole & ~(1 << i)) for i in range(len(hand))]
        assert deadwood_without_each(hand, rules, value) == dict(zip(hand, expected, strict=False)), hand
