"""No observation tells a seat, or a spectator, any card it may not know.

Random games of every variant at every legal player count, with random, easy and normal
seats: after every action, every seat's observation and the public observation are checked
with :mod:`leakcheck` (no hidden card by number or by text), and the public one holds no
hand and no private data at all.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_tui.engine import Game
from rummy_tui.engine.ai import ai_rng
from rummy_tui.engine.cards import card_text
from tests.support.leakcheck import Knowledge, leaks

from .test_properties import COMBINATIONS, IDS, SEAT_KINDS, settings_strategy

STEPS_PER_GAME = 300


def next_action(game: Game, kind: str, rng: random.Random) -> str:
    legal = game.legal_actions()
    if kind == "random":
        return rng.choice(legal)
    seat = game.current_seat
    return game.variant.choose_ai_action(game.observation(seat), legal, kind, ai_rng(game, seat))


def assert_nothing_hidden_is_seen(game: Game, knowledge: Knowledge) -> None:
    """The public observation first, then what each seat's observation has of its own.

    A seat's observation is walked only where it differs from the public one: a spectator knows
    less than any seat (every face hidden from a seat is hidden from a spectator), so a part
    equal to the public one that named a face hidden from the seat would already have failed
    the spectator's check. Most of a seat's observation is the public one."""
    hand_no = game.state.hand_no
    public = game.observation_public()
    assert public["hand"] == [] and public["private"] == {} and public["seat"] is None
    assert "stock" not in public
    found = leaks(public, knowledge.hidden_faces(game, None), hand_no)
    assert not found, f"a spectator sees hidden cards: {found}"
    for seat in range(game.state.players):
        view = game.observation(seat)
        own = {key: value for key, value in view.items() if key not in public or public[key] != value}
        found = leaks(own, knowledge.hidden_faces(game, seat), hand_no)
        assert not found, f"seat {seat} sees hidden cards: {found}"


@pytest.mark.parametrize("key, players", COMBINATIONS, ids=IDS)
def test_observations_never_show_a_hidden_card(key, players):
    @settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        seed=st.integers(0, 2**31),
        chosen=settings_strategy(key),
        seats=st.lists(st.sampled_from(SEAT_KINDS), min_size=players, max_size=players),
    )
    def check(seed, chosen, seats):
        game = Game(key, players, chosen, seed)
        rng = random.Random(seed)
        knowledge = Knowledge(game)
        assert_nothing_hidden_is_seen(game, knowledge)
        for _ in range(STEPS_PER_GAME):
            if game.is_over:
                break
            game.apply(next_action(game, seats[game.current_seat], rng))
            knowledge.update(game)
            assert_nothing_hidden_is_seen(game, knowledge)

    check()


def test_the_public_observation_is_a_seat_observation_without_the_seat():
    game = Game("hungarian", 4, seed=8)
    for _ in range(40):
        game.apply(game.legal_actions()[0])
    seat_view, public = game.observation(game.current_seat), game.observation_public()
    assert set(public) == set(seat_view)
    assert seat_view["hand"] and seat_view["seat"] == game.current_seat
    differing = {key for key in public if public[key] != seat_view[key]}
    assert differing <= {"seat", "hand", "private"}


def test_the_checker_finds_a_hand_shown_to_the_wrong_seat():
    """The check can fail: another seat's hand, by number or by text, is a leak."""
    game = Game("gin", 2, seed=3)
    knowledge = Knowledge(game)
    other = game.state.hands[1]
    hidden = knowledge.hidden_faces(game, 0)
    assert leaks({"hand": list(other)}, hidden, game.state.hand_no)
    said = f"drew [{card_text(other[0])}]"
    assert leaks({"events": [{"hand": game.state.hand_no, "text": said}]}, hidden, game.state.hand_no)
    assert not leaks(game.observation(0), hidden, game.state.hand_no)
