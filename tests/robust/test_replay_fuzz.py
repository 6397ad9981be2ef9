"""Game.replay and Game.from_json on records that hypothesis makes up or mangles: a game, or a
RecordError with a reason, and nothing else, ever."""

from __future__ import annotations

import json
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_tui.engine import Game, RecordError
from rummy_tui.engine.ai import choose_action
from variants import registry

JSON_SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
FIELDS = ("format", "variant", "players", "settings", "seed", "seats", "actions")
FUZZ = settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])


@cache
def sample_game(variant: str) -> Game:
    """A short real game of each variant, to mangle."""
    players = registry()[variant].min_players
    game = Game(variant, players, seed=11)
    while not game.is_over and len(game.record["actions"]) < 25:
        game.apply(choose_action(game, game.current_seat))
    return game


def copied(data):
    return json.loads(json.dumps(data))


def replays_or_refuses(record, upto=None) -> None:
    try:
        game = Game.replay(record, upto=upto)
    except RecordError as error:
        assert str(error)  # a reason, always
        return
    assert isinstance(game, Game)


@FUZZ
@given(record=JSON_VALUES, upto=st.none() | st.integers(-3, 30))
def test_any_json_value_as_a_record(record, upto):
    replays_or_refuses(record, upto)


@st.composite
def mangled_records(draw):
    record = copied(sample_game(draw(st.sampled_from(list(registry())))).record)
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["replace", "drop", "action", "cut", "insert"]))
        if how == "replace":
            record[draw(st.sampled_from(FIELDS))] = draw(JSON_VALUES)
        elif how == "drop":
            record.pop(draw(st.sampled_from(FIELDS)), None)
        elif isinstance(record.get("actions"), list) and record["actions"]:
            actions = record["actions"]
            index = draw(st.integers(0, len(actions) - 1))
            if how == "action":
                actions[index] = draw(
                    JSON_VALUES | st.text(alphabet="drawstockdiscp:0123456789AJQKSHDC-+>=", max_size=14)
                )
            elif how == "cut":
                del actions[index:]
            else:
                actions.insert(index, draw(st.sampled_from(actions)))
    return record


@FUZZ
@given(record=mangled_records(), upto=st.none() | st.integers(0, 30))
def test_a_real_record_with_fields_replaced_dropped_or_its_actions_mangled(record, upto):
    replays_or_refuses(record, upto)


STATE_FIELDS = (
    "variant",
    "players",
    "seed",
    "hand_no",
    "dealer",
    "to_move",
    "phase",
    "hands",
    "stock",
    "discard",
    "table",
    "sheet",
    "totals",
    "extra",
    "private",
    "events",
    "last_hand",
    "result",
    "unknown",
)


@FUZZ
@given(
    variant=st.sampled_from(list(registry())),
    field=st.sampled_from(STATE_FIELDS),
    value=JSON_VALUES,
    drop=st.booleans(),
)
def test_from_json_of_a_saved_game_with_one_state_field_mangled(variant, field, value, drop):
    data = copied(sample_game(variant).to_json())
    if drop:
        data["state"].pop(field, None)
    else:
        data["state"][field] = value
    try:
        game = Game.from_json(data)
    except RecordError as error:
        assert str(error)
        return
    assert isinstance(game, Game)


def test_the_records_from_the_issue_are_refused_with_a_reason():
    good = copied(sample_game("gin").record)
    for change, words in (
        ({"actions": [5]}, "action 1"),
        ({"variant": ["gin"]}, "'variant'"),
        ({"seed": float("inf")}, "'seed'"),
        ({"actions": 5}, "'actions'"),
    ):
        try:
            Game.replay(good | change)
        except RecordError as error:
            assert words in str(error)
        else:
            raise AssertionError(f"{change} was replayed")


def test_why_not_of_something_that_is_not_text_is_a_reason():
    game = Game("gin", 2, seed=1)
    for action in (5, None, ["draw:stock"], {"draw": "stock"}):
        assert "draw:stock" in game.why_not(action)
