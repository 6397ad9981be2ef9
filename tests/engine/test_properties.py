"""Properties of every registered variant at every legal player count, over random games.

Seats are drawn as random legal players or AI seats (easy/normal). At every step: cards are
conserved, the score sheet adds up, every offered action is legal and AI seats choose offered
moves. The game survives a JSON round trip (play goes on from the restored copy): at every
few steps, from a step drawn per game, and at the end; under ``--soak`` after every step, with
more games. At the end the record replays to the identical state. A separate test bounds the
length of a hand. New variants are covered as soon as the registry finds them.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_tui.engine import Game
from rummy_tui.engine.ai import ai_rng
from rummy_tui.engine.cards import make_deck
from variants import registry

STEPS_PER_GAME = 120
OFFERED_CHECK_EVERY = 15  # steps between applying every offered action to copies
# A round trip copies the whole record, which grows with the game: after every step it was
# most of this file's CPU. Every few steps, starting from a drawn step, reaches every phase
# over the examples; the soak round-trips every step.
ROUND_TRIP_EVERY, SOAK_ROUND_TRIP_EVERY = 5, 1
EXAMPLES, SOAK_EXAMPLES = 3, 25
MAX_ACTIONS_PER_HAND = 4000  # random play; the endless-hand guards end hands long before
# Variants whose state.totals are the running sum of their score-sheet rows (their docs say
# so); in Tízlapos a re-entry resets a total to the highest active one.
TOTALS_ARE_ROW_SUMS = {"gin", "basic", "traditional", "hungarian"}

SEAT_KINDS = ("random", "easy", "normal")
COMBINATIONS = [
    (key, players)
    for key, variant in registry().items()
    for players in range(variant.min_players, variant.max_players + 1)
]
IDS = [f"{key}-{players}p" for key, players in COMBINATIONS]


def settings_strategy(key: str):
    """Default settings, with every on/off setting and every setting with choices drawn."""
    drawn = {}
    for name, setting in registry()[key].settings.items():
        if setting.choices is not None:
            drawn[name] = st.sampled_from(setting.choices)
        elif isinstance(setting.default, bool):
            drawn[name] = st.booleans()
    return st.fixed_dictionaries(drawn)


# --- the properties --------------------------------------------------------------------------


def assert_cards_conserved(game: Game) -> None:
    s = game.state
    decks, jokers = game.variant.deck(s.settings)
    on_table = [c for entry in s.table for c in entry["meld"]["cards"]]
    everywhere = s.stock + s.discard + [c for hand in s.hands for c in hand] + on_table
    counted = Counter(everywhere)
    assert max(counted.values()) == 1, f"a card is in two places: {counted.most_common(1)}"
    assert counted == Counter(make_deck(decks, jokers)), "cards appeared or vanished"


def assert_sheet_adds_up(game: Game) -> None:
    if game.variant.key not in TOTALS_ARE_ROW_SUMS:
        return
    s = game.state
    for seat in range(s.players):
        assert sum(row["points"][seat] for row in s.sheet) == s.totals[seat], (seat, s.sheet, s.totals)


def round_tripped(game: Game) -> Game:
    """The game rebuilt from its JSON text; it must equal the original in every respect."""
    saved = game.to_json()
    loaded = json.loads(json.dumps(saved))
    assert loaded == saved, "JSON changes the state"
    restored = Game.from_json(loaded)
    # The same as comparing restored.to_json() with saved (to_json copies the record and the
    # state's fields), without copying both once more.
    assert restored.record == game.record and restored.state == game.state, "the restored game differs"
    assert restored.legal_actions() == game.legal_actions()
    return restored


def assert_every_offered_action_applies(game: Game, rng: random.Random, most: int = 8) -> None:
    offered = game.legal_actions()
    saved = game.to_json()  # from_json copies what it reads: one saved game gives every copy
    for action in rng.sample(offered, min(most, len(offered))):
        assert game.why_not(action) is None, action
        copy = Game.from_json(saved)
        copy.apply(action)
        assert_cards_conserved(copy)


def ai_move(game: Game, seat: int, level: str) -> str:
    """The variant's own AI choice, which must be an offered or legal move (unlike the driver in
    engine/ai.py, which hides an AI bug by falling back to a legal action)."""
    legal = game.legal_actions()
    action = game.variant.choose_ai_action(game.observation(seat), legal, level, ai_rng(game, seat))
    assert action in legal or game.why_not(action) is None, f"{level} AI chose {action!r}, not legal"
    return action


def play_and_check(
    key: str, players: int, chosen: dict, seed: int, seats: list[str], round_trip_every: int = 1
) -> Game:
    game = Game(key, players, chosen, seed)
    rng = random.Random(seed)
    assert_cards_conserved(game)
    for step in range(STEPS_PER_GAME):
        seat = game.current_seat
        if seat is None:
            assert not game.legal_actions()
            break
        offered = game.legal_actions()
        assert offered, f"seat {seat} has nothing to do in phase {game.state.phase}"
        if step % OFFERED_CHECK_EVERY == 0:
            assert_every_offered_action_applies(game, rng)
        kind = seats[seat]
        action = rng.choice(offered) if kind == "random" else ai_move(game, seat, kind)
        game.apply(action)
        assert_cards_conserved(game)
        assert_sheet_adds_up(game)
        if (step + seed) % round_trip_every == 0:
            game = round_tripped(game)
    game = round_tripped(game)
    replayed = Game.replay(game.record)
    assert replayed.to_json()["state"] == game.to_json()["state"], "replaying the record differs"
    return game


@pytest.mark.parametrize("key, players", COMBINATIONS, ids=IDS)
def test_random_games_keep_every_invariant(key, players, soak):
    @settings(
        max_examples=SOAK_EXAMPLES if soak else EXAMPLES,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(
        seed=st.integers(0, 2**31),
        chosen=settings_strategy(key),
        seats=st.lists(st.sampled_from(SEAT_KINDS), min_size=players, max_size=players),
    )
    def check(seed, chosen, seats):
        every = SOAK_ROUND_TRIP_EVERY if soak else ROUND_TRIP_EVERY
        play_and_check(key, players, chosen, seed, seats, round_trip_every=every)

    check()


def hand_marker(game: Game):
    s = game.state
    return (s.hand_no, len(s.sheet), json.dumps(s.last_hand, sort_keys=True), game.is_over)


@pytest.mark.parametrize("key, players", COMBINATIONS, ids=IDS)
def test_a_hand_ends_or_is_void_within_a_bound(key, players):
    @settings(max_examples=2, deadline=None)
    @given(seed=st.integers(0, 2**31))
    def check(seed):
        game = Game(key, players, seed=seed)
        rng = random.Random(seed)
        start = hand_marker(game)
        for _ in range(MAX_ACTIONS_PER_HAND):
            game.apply(rng.choice(game.legal_actions()))
            if hand_marker(game) != start:
                assert_cards_conserved(game)
                assert_sheet_adds_up(game)
                round_tripped(game)
                assert Game.replay(game.record).to_json()["state"] == game.to_json()["state"]
                return
        pytest.fail(f"hand still running after {MAX_ACTIONS_PER_HAND} random actions")

    check()


FULL_GAME_ACTION_LIMIT = 20_000


@pytest.mark.parametrize("key", list(registry()))
def test_ai_games_run_to_the_end_with_a_sheet_that_adds_up(key):
    variant = registry()[key]
    for players in sorted({variant.min_players, variant.max_players}):
        seats = ["normal" if seat % 2 == 0 else "easy" for seat in range(players)]
        game = Game(key, players, seed=players)
        for _ in range(FULL_GAME_ACTION_LIMIT):
            seat = game.current_seat
            if seat is None:
                break
            game.apply(ai_move(game, seat, seats[seat]))
            assert_cards_conserved(game)
        assert game.is_over, f"{key} with {players} AI seats did not finish"
        assert_sheet_adds_up(game)
        assert game.state.result["winners"] and len(game.state.result["final"]) == players
        assert Game.replay(game.record).to_json()["state"] == game.to_json()["state"]
