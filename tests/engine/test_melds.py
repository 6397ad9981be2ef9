"""Sets, runs, jokers, lay-offs and joker exchanges (rummy_tui/engine/melds.py)."""

import pytest

from rummy_tui.engine.cards import deal_cards, face_text, parse_face
from rummy_tui.engine.melds import RUN, SET, Meld, MeldRules, exchange_joker, lay_off, meld_problem, read_meld

GIN = MeldRules(ace_low=True, ace_high=False, max_jokers=0)
TEN_CARD = MeldRules(ace_high=True, max_jokers=None)
ROMI = MeldRules(ace_high=True, max_jokers=2)
TRADITIONAL = MeldRules(ace_high=True, max_jokers=0)


def meld(text: str, rules: MeldRules, taken=()) -> Meld | None:
    return read_meld(deal_cards(text, taken), rules)


def shown(m: Meld) -> str:
    """What each card of the meld stands for, in order."""
    return " ".join(face_text(f) for f in m.faces)


@pytest.mark.parametrize("text", ["7S 8S 9S", "AH 2H 3H", "9D 10D JD QD KD", "QC QD QH", "5S 5H 5D 5C"])
def test_gin_accepts_plain_runs_and_sets(text):
    assert meld(text, GIN) is not None
    assert meld_problem(deal_cards(text), GIN) is None


@pytest.mark.parametrize("text", ["QS KS AS", "KS AS 2S", "7S 8S", "7S 8S 10S", "7S 8H 9S", "QC QD QH QS QC"])
def test_gin_refuses_ace_high_wrap_short_gappy_and_mixed(text):
    assert meld(text, GIN) is None
    assert meld_problem(deal_cards(text), GIN) is not None


def test_kinds_and_low_positions():
    run = meld("9D JD 10D", GIN)
    assert run.kind == RUN and run.low == 9 and shown(run) == "9D 10D JD"
    group = meld("QC QD QH", GIN)
    assert group.kind == SET and group.low == 12


def test_ace_high_where_allowed_but_never_wrapping():
    high = meld("QS KS AS", TEN_CARD)
    assert high.kind == RUN and high.low == 12 and shown(high) == "QS KS AS"
    assert meld("AS 2S 3S", TEN_CARD).low == 1
    assert meld("KS AS 2S", TEN_CARD) is None
    assert meld("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", TEN_CARD) is not None
    thirteen_and_ace = deal_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS")
    assert read_meld(thirteen_and_ace, TEN_CARD) is None  # C-ex2: a second ace above the king


def test_sets_need_distinct_suits_even_with_two_decks():
    assert meld("8C 8H 8C", TRADITIONAL) is None
    assert meld("8S 8H 8C 8D", TRADITIONAL) is not None
    assert meld("8S 8H 8C 8D 8S", TRADITIONAL) is None


def test_second_deck_ace_of_spades_is_a_natural_card():
    cards = deal_cards("AS AS 2S 3S")[1:]  # the second A♠ has id 52
    assert cards[0] == 52
    assert read_meld(cards, TRADITIONAL) is not None


def test_no_jokers_in_games_without_them():
    assert meld("7S JK 9S", GIN) is None
    assert "without jokers" in meld_problem(deal_cards("7S JK 9S"), GIN)


def test_jokers_per_meld_limits():
    assert meld("6S JK JK 9S", ROMI) is not None
    assert meld("4D JK JK JK", ROMI) is None  # C-ex2: three jokers
    assert "at most 2" in meld_problem(deal_cards("4D JK JK JK"), ROMI)
    assert meld("4D JK JK JK", TEN_CARD) is not None
    assert meld("JK JK JK", TEN_CARD) is None  # at least one natural
    assert meld("5C JK JK", ROMI).kind == RUN  # a run reads higher than a set


def test_joker_readings_prefer_the_highest_run():
    assert shown(meld("6S JK JK 9S", ROMI)) == "6S 7S 8S 9S"
    assert shown(meld("JK AH JK", ROMI)) == "QH KH AH"  # C-ex2
    low_only = MeldRules(ace_high=False, max_jokers=2)
    assert shown(meld("JK AH JK", low_only)) == "AH 2H 3H"
    assert shown(meld("JK KS QS", TEN_CARD)) == "QS KS AS"
    assert shown(meld("JK 5D 6D", TEN_CARD)) == "5D 6D 7D"


def test_joker_in_a_set_stands_for_a_missing_suit():
    group = meld("6C JK 6H", ROMI)
    joker_face = dict(zip(group.cards, group.faces, strict=False))[group.jokers[0]]
    assert group.kind == SET and face_text(joker_face) in ("6S", "6D")


def test_a_chosen_joker_meaning_is_honoured_or_refused():
    cards = deal_cards("7S 8S JK")
    joker = cards[2]
    assert shown(read_meld(cards, ROMI, fixed={joker: parse_face("6S")})) == "6S 7S 8S"
    assert read_meld(cards, ROMI, fixed={joker: parse_face("9H")}) is None
    group = deal_cards("6C 6H JK")
    assert read_meld(group, ROMI, fixed={group[2]: parse_face("6H")}) is None  # suit already there
    assert read_meld(group, ROMI, fixed={group[2]: parse_face("7S")}) is None  # wrong rank
    pinned = read_meld(group, ROMI, fixed={group[2]: parse_face("6S")})
    assert dict(zip(pinned.cards, pinned.faces, strict=False))[group[2]] == parse_face("6S")


def test_joker_meaning_stays_fixed_once_laid():
    table = meld("7H 8H JK 10H", ROMI)  # JK = 9H
    joker = table.jokers[0]
    assert dict(zip(table.cards, table.faces, strict=False))[joker] == parse_face("9H")
    extended = lay_off(table, deal_cards("JH", table.cards), ROMI)
    assert shown(extended) == "7H 8H 9H 10H JH"
    lower = lay_off(table, deal_cards("6H", table.cards), ROMI)
    assert dict(zip(lower.cards, lower.faces, strict=False))[joker] == parse_face("9H")
    assert lay_off(table, deal_cards("9H", table.cards), ROMI) is None  # 9H is taken by the joker


def test_lay_off_extends_runs_at_either_end_and_chains():
    table = meld("8H 9H 10H", GIN)
    assert shown(lay_off(table, deal_cards("7H JH", table.cards), GIN)) == "7H 8H 9H 10H JH"
    assert shown(lay_off(table, deal_cards("JH QH", table.cards), GIN)) == "8H 9H 10H JH QH"
    assert lay_off(table, deal_cards("QH", table.cards), GIN) is None  # a gap
    assert lay_off(table, deal_cards("JS", table.cards), GIN) is None  # wrong suit
    assert lay_off(table, [], GIN) is None


def test_lay_off_respects_the_ace_mode():
    royal = meld("JS QS KS", GIN)
    assert lay_off(royal, deal_cards("AS", royal.cards), GIN) is None
    high = meld("JS QS KS", TEN_CARD)
    assert shown(lay_off(high, deal_cards("AS", high.cards), TEN_CARD)) == "JS QS KS AS"
    low = meld("AC 2C 3C", GIN)
    assert shown(lay_off(low, deal_cards("4C", low.cards), GIN)) == "AC 2C 3C 4C"


def test_lay_off_onto_sets():
    group = meld("3S 3H 3D", TRADITIONAL)
    assert lay_off(group, deal_cards("3C", group.cards), TRADITIONAL) is not None  # D-ex5
    assert lay_off(group, deal_cards("3S", group.cards), TRADITIONAL) is None
    full = meld("3S 3H 3D 3C", GIN)
    assert lay_off(full, deal_cards("3C", full.cards), TRADITIONAL) is None


def test_lay_off_respects_the_joker_limit():
    run = meld("6S JK JK 9S", ROMI)
    assert lay_off(run, deal_cards("JK", run.cards), ROMI) is None
    assert lay_off(run, deal_cards("10S", run.cards), ROMI) is not None
    assert lay_off(run, deal_cards("JK", run.cards), TEN_CARD) is not None
    group = meld("6C JK 6H", ROMI)
    assert lay_off(group, deal_cards("JK", group.cards), ROMI) is not None
    two_jokers = meld("6C JK JK", ROMI)
    assert lay_off(two_jokers, deal_cards("JK", two_jokers.cards), ROMI) is None


def test_laying_a_natural_on_a_set_with_a_joker_keeps_the_joker():
    group = meld("6C JK 6H", ROMI)  # C-ex4
    bigger = lay_off(group, deal_cards("6S", group.cards), ROMI)
    assert len(bigger.cards) == 4 and len(bigger.jokers) == 1
    assert sorted(shown(bigger).split()) == ["6C", "6D", "6H", "6S"]


def test_exchange_joker_from_a_run():
    table = meld("7H 8H JK 10H", ROMI)  # C-ex3
    nine = deal_cards("9H", table.cards)
    new, freed = exchange_joker(table, nine, ROMI)
    assert freed == table.jokers
    assert shown(new) == "7H 8H 9H 10H" and not new.jokers
    assert exchange_joker(table, deal_cards("JH", table.cards), ROMI) is None  # not what JK stands for
    assert exchange_joker(meld("7H 8H 9H", ROMI), deal_cards("10H"), ROMI) is None  # no joker


def test_exchange_one_of_two_jokers_from_a_run():
    table = meld("6S JK JK 9S", ROMI)
    new, freed = exchange_joker(table, deal_cards("8S", table.cards), ROMI)
    assert len(freed) == 1 and len(new.jokers) == 1
    assert shown(new) == "6S 7S 8S 9S"


def test_exchange_joker_from_a_group_needs_all_four_suits():
    group = meld("6C JK 6H", ROMI)  # C-ex4
    assert exchange_joker(group, deal_cards("6S", group.cards), ROMI) is None
    new, freed = exchange_joker(group, deal_cards("6S 6D", group.cards), ROMI)
    assert freed == group.jokers and not new.jokers
    assert sorted(shown(new).split()) == ["6C", "6D", "6H", "6S"]
    assert exchange_joker(group, deal_cards("7S 7D", group.cards), ROMI) is None


def test_exchange_frees_both_jokers_of_a_group():
    group = meld("6C 6H JK JK", ROMI)
    new, freed = exchange_joker(group, deal_cards("6S 6D", group.cards), ROMI)
    assert sorted(freed) == sorted(group.jokers) and len(new.cards) == 4


def test_meld_json_round_trip():
    table = meld("7H 8H JK 10H", ROMI)
    assert Meld.from_json(table.to_json()) == table
    assert table.text() == "7H 8H JK=9H 10H"
