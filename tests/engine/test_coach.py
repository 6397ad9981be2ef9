"""The coach: it finds a known blunder in a recorded hand, finds nothing in a hand hard played,
and judges from the player's view only (other seats' cards replaced, the same verdict)."""

from __future__ import annotations

import random

import pytest

import variants
from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.engine.coach import decision_rng, decisions, review, review_position
from variants.gin.rules import arrangement_of

SETTINGS = {"gin": {"single_hand": True}, "hungarian": {"deals": 1}}
PLAYERS = {"gin": 2, "ten-card": 3, "hungarian": 4, "traditional": 3, "basic": 2}


def play_one_hand(key: str, levels: list[str], seed: int) -> Game:
    """The computer plays the first hand of a game with a chosen seed, and the next hand's first move."""
    game = Game(key, len(levels), SETTINGS.get(key), seed=seed)
    while game.current_seat is not None and game.state.hand_no == 1:
        game.apply(choose_action(game, game.current_seat, levels[game.current_seat]))
    return game


@pytest.mark.parametrize("key", list(variants.registry()))
def test_a_hand_played_by_hard_has_nothing_to_remark(key):
    players = PLAYERS[key]
    for seed in (1, 2):
        game = play_one_hand(key, ["hard"] + ["normal"] * (players - 1), seed)
        assert review(game.record, 0, hand=1) == [], (key, seed)


def test_a_discard_that_breaks_a_meld_is_listed_with_hards_move_its_reason_and_measure():
    game = Game("gin", 2, {"single_hand": True}, seed=4)
    blunder = None
    while game.current_seat is not None and game.state.hand_no == 1:
        seat = game.current_seat
        action = choose_action(game, seat, "hard")
        hand = game.state.hands[0]
        if seat == 0 and blunder is None and action.startswith("discard:"):
            arrangement = arrangement_of(hand)
            if arrangement.melds and arrangement.deadwood:
                melded = arrangement.melds[0].cards[0]
                action = f"discard:{_code(melded)}"
                blunder = (len(game.record["actions"]), action)
        game.apply(action)
    assert blunder is not None
    remarks = review(game.record, 0, hand=1)
    assert [(r.position, r.made) for r in remarks] == [blunder]
    remark = remarks[0]
    assert remark.preferred.startswith("discard:") and remark.preferred != remark.made
    assert remark.reason.startswith("Discard [")
    assert "Hard's cost" in remark.measure


def _code(card: int) -> str:
    from rummy_tui.engine.cards import card_text

    return card_text(card)


@pytest.mark.parametrize("key", list(variants.registry()))
def test_the_verdict_is_the_same_with_the_other_seats_cards_replaced(key):
    players = PLAYERS[key]
    played = play_one_hand(key, ["easy"] + ["hard"] * (players - 1), 3)
    checked = 0
    for game, made in decisions(played.record, 0, hand=1):
        verdict = review_position(game, 0, made, decision_rng(game, 0))
        other = _with_hidden_cards_shuffled(game, seat=0)
        assert other.state.hands[1:] != game.state.hands[1:] or not game.state.stock
        assert review_position(other, 0, made, decision_rng(other, 0)) == verdict
        checked += 1
    assert checked > 3


def _with_hidden_cards_shuffled(game: Game, seat: int) -> Game:
    """The same game, with every card ``seat`` cannot see (the others' hands but for cards they
    took openly, and the stock) dealt anew among those places."""
    copy = Game.from_json(game.to_json())
    state = copy.state
    known = {c for picks in state.extra.get("picked", []) or [] for c in picks}
    places = [(s, i) for s in range(state.players) if s != seat for i, c in enumerate(state.hands[s]) if c not in known]
    hidden = [state.hands[s][i] for s, i in places] + list(state.stock)
    random.Random(9).shuffle(hidden)
    for (s, i), card in zip(places, hidden, strict=False):
        state.hands[s][i] = card
    state.stock = hidden[len(places) :]
    return copy


def test_a_roemi_discard_hard_would_not_make_comes_with_hards_rating_of_both():
    played = play_one_hand("hungarian", ["easy", "hard", "hard", "hard"], 2)
    discards = [r for r in review(played.record, 0, hand=1) if r.made.startswith("discard:")]
    assert discards
    for remark in discards:
        assert "Hard's rating (higher is better)" in remark.measure, remark
        assert remark.measure.count("Throwing [") == 2


def test_a_tizlapos_discard_hard_would_not_make_comes_with_hards_figures_for_both():
    played = play_one_hand("ten-card", ["easy", "hard", "hard"], 2)
    discards = [r for r in review(played.record, 0, hand=1) if r.made.startswith("discard:")]
    assert discards
    for remark in discards:
        assert "Hard's cost (lower is better)" in remark.measure and remark.measure.count("Throwing [") == 2
