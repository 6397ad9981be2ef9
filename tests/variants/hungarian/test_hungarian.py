"""Variant C, Hungarian Römi: the worked examples of RULES.md C-10 and the flows around them."""

from __future__ import annotations

import pytest

from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action, play_ai_game
from rummy_tui.engine.cards import card_text as face_text
from rummy_tui.engine.cards import deal_cards, face_of, make_deck, parse_face
from rummy_tui.engine.game import IllegalAction
from rummy_tui.engine.melds import Meld, lay_off, meld_problem, read_meld
from rummy_tui.engine.variant import parse_card_group
from tests.support.words import english, message_texts
from variants.hungarian import rules as hungarian
from variants.hungarian.common import RULES, meld_points


def cards(text: str) -> list[int]:
    return deal_cards(text)


def meld_of(text: str) -> Meld:
    faces, hints = parse_card_group(text)
    physical = deal_cards(
        " ".join("JK" if f == 52 else t.split("=")[0] for f, t in zip(faces, text.split(), strict=False))
    )
    meld = read_meld(physical, RULES, {physical[i]: f for i, f in hints.items()})
    assert meld is not None, text
    return meld


def points(text: str) -> int:
    return meld_points(meld_of(text), hungarian.VARIANT.resolve_settings({}))


def crafted(
    hands: list[str],
    table: tuple[tuple[int, str], ...] = (),
    discard: str = "",
    opened: list[bool] | None = None,
    drawn: list[bool] | None = None,
    seat: int = 0,
    phase: str = "draw",
    settings: dict | None = None,
) -> Game:
    """A game in a chosen position (Game.from_position); every card of the deck stays somewhere."""
    players = len(hands)
    extra = {"opened": opened or [False] * players, "drawn": drawn or [True] * players}
    game = Game.from_position(
        "hungarian",
        players,
        hands=hands,
        table=list(table),
        discard=discard,
        to_move=seat,
        phase=phase,
        extra=extra,
        settings=settings,
        seed=11,
    )
    assert_conserved(game)
    return game


def assert_conserved(game: Game) -> None:
    s = game.state
    everything = [c for h in s.hands for c in h] + s.stock + s.discard
    everything += [c for e in s.table for c in e["meld"]["cards"]]
    assert sorted(everything) == sorted(make_deck(2, s.settings["jokers"]))


def refused(game: Game, action: str) -> str:
    reason = game.why_not(action)
    assert reason is not None, f"{action} should be refused"
    with pytest.raises(IllegalAction):
        game.apply(action)
    return reason


# --- worked examples (RULES.md C-10) --------------------------------------------------------


def test_C_ex1_opening_totals():
    assert points("10H JH QH") + points("5S 5H 5D") == 45
    assert points("AC 2C 3C") + points("4S 4H 4D") == 28
    assert points("7S 8S JK") == 24 and meld_of("7S 8S JK").faces[-1] == parse_face("9S")
    assert points("7S 8S JK") + points("KH KC KD") == 54
    assert points("QS KS AS") + points("3H 3S 3D") == 40

    short = crafted(["AC 2C 3C 4S 4H 4D 9S JD 7H KC 5D 8C 2S", "2D"], phase="play")
    assert refused(short, "meld:AC-2C-3C+4S-4H-4D") == "You need 40 points to open; these melds make 28."
    exact = crafted(["QS KS AS 3H 3S 3D 9C JD 7H 5D 8C 2S", "2D"], phase="play")
    exact.apply("meld:QS-KS-AS+3H-3S-3D")
    assert exact.state.extra["opened"][0] is True


def test_C_ex2_meld_validity():
    for legal in ("6S JK JK 9S", "JK AH JK", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "8S 8H 8C 8D"):
        assert meld_problem(cards(legal), RULES) is None, legal
    assert meld_of("JK AH JK").faces == (parse_face("QH"), parse_face("KH"), parse_face("AH"))
    for illegal in ("KS AS 2S", "8C 8H 8C", "4D JK JK JK"):
        hand = deal_cards(illegal)
        assert meld_problem(hand, RULES) is not None, illegal
    full = read_meld(cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"), RULES)
    second_ace = deal_cards("AH AH")[1]
    assert lay_off(full, [second_ace], RULES) is None


def test_C_ex3_joker_from_run_must_be_reused():
    game = crafted(["9H QC QD 4S 2D", "5C 6C"], table=((1, "7H 8H JK=9H 10H"),), opened=[True, False], phase="play")
    game.apply("exchange:9H>0")
    hand = game.state.hands[0]
    assert any(c >= 104 for c in hand)
    assert "joker" in refused(game, "discard:4S")
    assert all(not a.startswith("discard:") for a in game.legal_actions())
    game.apply("meld:JK-QC-QD")
    game.apply("discard:4S")
    assert_conserved(game)
    assert game.state.to_move == 1


def test_joker_exchange_refused_when_the_joker_cannot_be_placed():
    # The full group leaves no room for the joker, and the hand cannot meld it.
    game = crafted(["6S 6D 2C 9D", "5C"], table=((1, "6C JK 6H"),), opened=[True, False], phase="play")
    assert "could not place it" in refused(game, "exchange:6S-6D>0")
    assert not any(a.startswith("exchange") for a in game.legal_actions())


def test_C_ex4_joker_from_group():
    plain = crafted(
        ["6S 6D 2C 9D KS", "5C"], table=((1, "6C JK 6H"), (1, "3S 4S 5S")), opened=[True, False], phase="play"
    )
    plain.apply("layoff:6S>0")
    group = Meld.from_json(plain.state.table[0]["meld"])
    assert len(group.cards) == 4 and len(group.jokers) == 1
    assert parse_face("6D") in group.faces

    freeing = crafted(
        ["6S 6D 2C 9D KS", "5C"], table=((1, "6C JK 6H"), (1, "3S 4S 5S")), opened=[True, False], phase="play"
    )
    freeing.apply("exchange:6S-6D>0")
    group = Meld.from_json(freeing.state.table[0]["meld"])
    assert not group.jokers and len(group.cards) == 4
    assert "exchange:6S>0" not in freeing.legal_actions()
    assert "joker" in refused(freeing, "discard:2C")
    freeing.apply("layoff:JK>1")
    freeing.apply("discard:2C")
    assert_conserved(freeing)

    alone = crafted(["6S 2C", "5C"], table=((1, "6C JK 6H"),), opened=[True, False], phase="play")
    assert "every missing suit" in refused(alone, "exchange:6S>0")


def test_C_ex5_hand_scores():
    normal = crafted(["5C", "AS KD JK 3C", "9H 9C"], opened=[True, False, False], phase="play")
    normal.apply("discard:5C")
    assert normal.state.last_hand["points"] == [0, 44, 18]
    assert normal.state.totals == [0, 44, 18]
    assert "Player 2: 11 + 10 + 20 + 3 = 44" in message_texts(normal.state.last_hand["lines"])

    handolas = crafted(["7S 8S 9S 5C", "AS KD JK 3C", "9H 9C"], phase="play")
    handolas.apply("meld:7S-8S-9S")  # 24 points, accepted only because he goes out at once
    handolas.apply("discard:5C")
    assert handolas.state.last_hand["points"] == [0, 88, 36]
    assert "Player 3: 9 + 9 = 18 × 2 (handolás) = 36" in message_texts(handolas.state.last_hand["lines"])
    assert english(handolas.state.sheet[-1]["note"]) == "Player 1 went out by handolás"


def test_C_ex6_szuro_refused_then_allowed_with_tolo():
    no_partner = crafted(["2S 5D KC 3C JD", "4D 4C"], table=((1, "6H 7H 8H"),), discard="9H", opened=[True, True])
    reason = refused(no_partner, "take:discard")
    assert "szúró" in reason and "[9H]" in reason
    assert "take:discard" not in no_partner.legal_actions()

    with_ten = crafted(["10H 2S 5D KC 3C JD", "4D 4C"], table=((1, "6H 7H 8H"),), discard="9H", opened=[True, True])
    assert "take:discard" in with_ten.legal_actions()
    with_ten.apply("take:discard")
    assert "must go on the table" in refused(with_ten, "discard:2S")
    with_ten.apply("layoff:9H>0")
    assert "szúró" in refused(with_ten, "discard:2S")
    with_ten.apply("takeback")
    assert parse_face("9H") in [face_of(c) for c in with_ten.state.hands[0]]  # the take stays
    assert with_ten.legal_actions() == ["layoff:9H-10H>0"]
    with_ten.apply("layoff:9H-10H>0")
    with_ten.apply("discard:2S")
    assert_conserved(with_ten)


def test_szuro_may_be_taken_with_a_second_copy():
    game = crafted(["9H 2S 5D KC", "4D 4C"], table=((1, "6H 7H 8H"),), discard="9H", opened=[True, True])
    assert "take:discard" in game.legal_actions()
    game.apply("take:discard")
    game.apply("layoff:9H>0")
    assert game.why_not("discard:9H") is None  # the copy he held, not the one he took
    game.apply("discard:2S")
    assert_conserved(game)


def test_C_ex7_taking_the_discard_to_open():
    junk = "2H 5D 7S 3C 8D 4H KS 6H AD"
    opener = crafted([f"QS QC 9C 10C JC {junk}", "4D 4C"], discard="QD")
    assert "take:discard" in opener.legal_actions()
    opener.apply("take:discard")
    assert "must go on the table" in refused(opener, "discard:2H")
    (step,) = opener.legal_actions()
    assert step.startswith("meld:") and "QD" in step and "9C" in step
    opener.apply(step)
    assert opener.state.extra["opened"][0]
    opener.apply("discard:2H")

    too_few = crafted([f"QS QC {junk} 9S 10D JS", "4D 4C"], discard="QD")
    assert "open" in refused(too_few, "take:discard")

    going_out = crafted(["QS QC 5H", "4D 4C"], discard="QD")
    going_out.apply("take:discard")
    going_out.apply("meld:QS-QC-QD")
    going_out.apply("discard:5H")
    assert going_out.state.last_hand["winner"] == 0


def test_C_ex8_deal_and_first_drawing_round():
    game = Game("hungarian", 3, seed=4)
    s = game.state
    starter = game.next_seat(s.dealer)
    assert sorted(len(h) for h in s.hands) == [14, 14, 15] and len(s.hands[starter]) == 15
    assert len(s.stock) == 63 and s.discard == []
    assert s.to_move == starter and s.phase == hungarian.PLAY
    assert not any(a.startswith(("draw", "take")) for a in game.legal_actions())
    assert "without drawing" in refused(game, "draw:stock")
    first = sorted(s.hands[starter])[0]
    game.apply(f"discard:{face_text(first)}")
    assert s.to_move == game.next_seat(starter) and s.phase == hungarian.DRAW
    assert "take:discard" in game.legal_actions()  # free: first drawing round
    game.apply("take:discard")
    assert "may not discard it" in refused(game, f"discard:{face_text(first)}")
    assert_conserved(game)


# --- flows ---------------------------------------------------------------------------------


def test_first_drawing_round_is_free_later_draws_are_not():
    hand = "2S 5D KC 3C JD 7H"
    fresh = crafted([hand, "4D 4C"], discard="9S", drawn=[False, True])
    assert "take:discard" in fresh.legal_actions()
    later = crafted([hand, "4D 4C"], discard="9S", drawn=[True, True])
    assert "open" in refused(later, "take:discard")


def test_opening_refused_unless_it_is_a_handolas_step():
    stuck = crafted(["2S 3S 4S 9D KD 5H", "4D 4C"], phase="play")
    assert refused(stuck, "meld:2S-3S-4S") == "You need 40 points to open; these melds make 9."
    out = crafted(["2S 3S 4S 2H 3H 4H 5C 6C 7C KD", "AS KS QS 10C"], phase="play")
    assert out.why_not("meld:2S-3S-4S") is None  # the rest still melds: a handolás step
    offered = [a for a in out.legal_actions() if a.startswith("meld:")]
    assert offered, out.legal_actions()
    out.apply(offered[0])
    while out.state.hands[0] and len(out.state.hands[0]) > 1:
        out.apply(out.legal_actions()[0])
    out.apply("discard:KD")
    assert out.state.last_hand["points"] == [0, 2 * (11 + 10 + 10 + 10)]


def test_layoff_needs_an_opening():
    game = crafted(["9H 2S 5D", "4D 4C"], table=((1, "6H 7H 8H"),), phase="play")
    assert "not opened" in refused(game, "layoff:9H>0")


def test_takeback_restores_hand_and_table():
    game = crafted(["7S 8S 9S 5H 6H 2C", "4D 4C"], table=((1, "2H 3H 4H"),), opened=[True, False], phase="play")
    before_hand, before_table = sorted(game.state.hands[0]), list(game.state.table)
    game.apply("meld:7S-8S-9S")
    game.apply("layoff:5H-6H>0")
    game.apply("takeback")
    assert sorted(game.state.hands[0]) == before_hand and game.state.table == before_table
    assert "nothing" in refused(game, "takeback")


def test_takeback_is_offered_only_when_the_turn_cannot_be_finished():
    game = crafted(
        ["10H 2S 5D KC 3C", "4D 4C"], table=((1, "6H 7H 8H"), (1, "JH QH KH")), discard="9H", opened=[True, True]
    )
    game.apply("take:discard")
    assert "takeback" not in game.legal_actions()
    game.apply("layoff:10H>1")  # legal, but now [9H] has no partner left
    assert game.legal_actions() == ["takeback"]
    game.apply("takeback")
    assert game.legal_actions() == ["layoff:9H-10H>0"]


def test_must_keep_a_card_to_discard():
    game = crafted(["7S 8S 9S", "4D 4C"], opened=[True, False], phase="play")
    assert "keep one card" in refused(game, "meld:7S-8S-9S")


def test_seven_deals_then_lowest_total_wins():
    game = crafted(["5C", "AS 2C", "9H 9C"], opened=[True, False, False], phase="play")
    game.state.totals = [100, 60, 70]
    game.state.extra["deals_played"] = 6
    game.apply("discard:5C")
    assert game.is_over and game.state.phase == "game_over"
    assert game.state.totals == [100, 73, 88]
    assert game.state.result["winners"] == [1]
    assert game.state.result["final"] == [100, 73, 88]


def test_sixth_deal_is_not_the_end():
    game = crafted(["5C", "AS 2C"], opened=[True, False], phase="play")
    game.state.extra["deals_played"] = 5
    game.apply("discard:5C")
    assert not game.is_over and game.state.extra["deals_played"] == 6
    assert game.state.hand_no == 2


def test_stock_exhaustion_rebuilds_then_voids_the_hand():
    game = crafted(
        ["5C 6D", "AS 2C"], discard="3H 4H 5H", opened=[True, False], phase="play", settings={"max_reshuffles": 1}
    )
    game.state.discard.extend(game.state.stock[:-1])
    del game.state.stock[:-1]
    assert_conserved(game)
    game.apply("discard:5C")
    game.apply("draw:stock")  # the last stock card
    game.apply(f"discard:{face_text(game.state.hands[1][0])}")
    assert game.state.reshuffles == 1 and len(game.state.discard) == 1 and game.state.stock
    dealer = game.state.dealer
    game.state.discard.extend(game.state.stock[:-1])
    del game.state.stock[:-1]
    game.apply("draw:stock")
    game.apply(f"discard:{face_text(game.state.hands[0][0])}")
    assert game.state.last_hand["void"] is True
    assert english(game.state.sheet[-1]["note"]) == "void" and game.state.extra["deals_played"] == 0
    assert game.state.dealer == dealer and game.state.hand_no == 2


def test_refusals_name_the_problem():
    game = crafted(["7S 8S 2D", "4D 4C"], opened=[True, False], phase="play")
    assert "no 9S" in refused(game, "meld:7S-8S-9S")
    assert "neither a set" in refused(game, "meld:7S-8S-2D")
    assert "not a Römi move" in refused(game, "knock:2D")
    assert "table meld number 3" in refused(game, "layoff:2D>3")


# --- AI ------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ai_games_finish(players):
    levels = ["easy", "normal", "normal", "easy"][:players]
    game = play_ai_game("hungarian", players, levels, seed=players, settings={"deals": 2})
    assert game.is_over and len(game.state.result["final"]) == players
    assert game.state.extra["deals_played"] == 2
    assert_conserved(game)


def test_ai_plays_a_full_game_of_seven_scored_deals():
    """The AI's decision time is measured by bench/engine.py (the Römi rows), not here."""
    game = Game("hungarian", 4, {"jokers": 4}, seed=3)
    while not game.is_over:
        seat = game.current_seat
        game.apply(choose_action(game, seat, "normal" if seat % 2 else "easy"))
    assert sum(1 for row in game.state.sheet if english(row["note"]) != "void") == 7
