"""Game records: seeded deals, replay, and refusing bad records."""

from __future__ import annotations

import copy
import json
import random

import pytest

from rummy_tui.engine import Game, RecordError
from rummy_tui.engine.game import RECORD_FORMAT
from variants import registry

VARIANT_KEYS = list(registry())


def deal_of(game: Game):
    s = game.state
    return s.hands, s.stock, s.discard, s.dealer, s.to_move


def played(key: str, seed: int, actions: int = 40) -> Game:
    game = Game(key, registry()[key].min_players, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("key", VARIANT_KEYS)
def test_same_seed_same_deal(key):
    players = registry()[key].min_players
    assert deal_of(Game(key, players, seed=42)) == deal_of(Game(key, players, seed=42))


@pytest.mark.parametrize("key", VARIANT_KEYS)
def test_different_seed_different_deal(key):
    players = registry()[key].min_players
    deals = {str(deal_of(Game(key, players, seed=seed))) for seed in range(5)}
    assert len(deals) == 5


@pytest.mark.parametrize("key", VARIANT_KEYS)
def test_replaying_the_record_rebuilds_the_state(key):
    game = played(key, seed=3)
    assert len(game.record["actions"]) > 0
    assert Game.replay(game.record).to_json() == game.to_json()


def test_replay_up_to_an_action_number():
    game = Game("gin", 2, seed=9)
    rng = random.Random(9)
    states = [game.to_json()["state"]]
    for _ in range(12):
        game.apply(rng.choice(game.legal_actions()))
        states.append(game.to_json()["state"])
    for upto in (0, 5, 12):
        assert Game.replay(game.record, upto=upto).to_json()["state"] == states[upto]


def test_record_holds_format_variant_settings_seed_and_actions():
    game = played("gin", seed=4, actions=5)
    record = game.record
    assert record["format"] == RECORD_FORMAT
    assert (record["variant"], record["players"], record["seed"]) == ("gin", 2, 4)
    assert record["settings"] == game.state.settings
    assert len(record["actions"]) == 5


def test_an_illegal_action_names_its_number():
    game = played("gin", seed=5, actions=6)
    record = copy.deepcopy(game.record)
    record["actions"][3] = "discard:ZZ"
    with pytest.raises(RecordError, match=r"action 4 \('discard:ZZ'\)"):
        Game.replay(record)
    record["actions"][3] = "fly:away"
    with pytest.raises(RecordError, match="action 4"):
        Game.replay(record)


def test_an_action_legal_elsewhere_but_not_there_is_refused():
    game = played("gin", seed=6, actions=6)
    record = copy.deepcopy(game.record)
    record["actions"].insert(0, record["actions"][2])  # out of turn order
    if Game(record["variant"], 2, record["settings"], record["seed"]).why_not(record["actions"][0]) is None:
        pytest.fail("test setup: the moved action happens to be legal first")
    with pytest.raises(RecordError, match="action 1"):
        Game.replay(record)


@pytest.mark.parametrize("version", [0, RECORD_FORMAT + 1, "1", None])
def test_wrong_format_version_is_refused(version):
    record = copy.deepcopy(played("gin", seed=7, actions=3).record)
    record["format"] = version
    with pytest.raises(RecordError, match="format"):
        Game.replay(record)


def test_missing_fields_and_unknown_variants_are_record_errors():
    record = copy.deepcopy(played("gin", seed=8, actions=3).record)
    del record["actions"]
    with pytest.raises(RecordError):
        Game.replay(record)
    record = copy.deepcopy(played("gin", seed=8, actions=3).record)
    record["variant"] = "snap"
    with pytest.raises(RecordError, match="snap"):
        Game.replay(record)


def test_the_hint_count_survives_a_replay():
    game = Game("gin", 2, seed=3)
    game.record["hints"] = 2
    assert Game.replay(game.record).record["hints"] == 2
    game.record["hints"] = "many"  # nonsense from an edited file is dropped, the game still loads
    assert "hints" not in Game.replay(game.record).record


@pytest.mark.parametrize("key", VARIANT_KEYS)
def test_the_json_of_a_game_is_its_own_copy(key):
    """Scripts and saves change what to_json gives (a save strips, a bot annotates): never the game."""
    game = played(key, seed=5)
    before = game.dumps()
    data = game.to_json()
    for part in (data["record"], data["state"]):
        for value in part.values():
            if isinstance(value, list) and value:
                if isinstance(value[0], list):
                    value[0].append("changed")
                value.append("changed")
    data["record"]["actions"].clear()
    assert game.dumps() == before
    assert json.loads(before) == game.to_json()


def changed_everywhere(data) -> None:
    """Change every list and dict inside ``data``, depth first, as a careless caller might."""
    if isinstance(data, dict):
        for value in data.values():
            changed_everywhere(value)
        data["changed"] = True
    elif isinstance(data, list):
        for value in data:
            changed_everywhere(value)
        data.append("changed")


@pytest.mark.parametrize("key", VARIANT_KEYS)
def test_an_observation_is_the_callers_own_copy(key):
    """An AI or a screen may change the observation it is given (sort a hand, mark a meld): never
    the game. A seat's view, hand and private data included, and the spectator's."""
    game = played(key, seed=5, actions=60)
    game.state.extra["kept"] = [{"nested": [1, 2]}]
    before = game.dumps()
    views = [game.observation(seat) for seat in range(game.state.players)] + [game.observation_public()]
    fresh = copy.deepcopy(views)
    for view in views:
        changed_everywhere(view)
    assert game.dumps() == before
    assert [game.observation(seat) for seat in range(game.state.players)] + [game.observation_public()] == fresh


def test_data_marshal_cannot_write_is_still_copied():
    """A variant's extra data of a type of its own (here a str and a list subclass) is copied too."""

    class Tag(str):
        pass

    class Cards(list):
        pass

    game = played("gin", seed=5, actions=10)
    game.state.extra["tag"] = [Tag("knock"), Cards([1, 2])]
    view = game.observation(0)
    assert view["extra"]["tag"] == ["knock", [1, 2]]
    view["extra"]["tag"].append("changed")
    view["extra"]["tag"][1].append(3)
    assert game.state.extra["tag"] == ["knock", [1, 2]]


@pytest.mark.parametrize("key", VARIANT_KEYS)
def test_a_game_from_json_is_its_own_copy(key):
    """A game loaded from JSON plays on without changing the data it was loaded from (a save
    read once may start several games: a retry, a comparison)."""
    data = played(key, seed=6).to_json()
    before = json.dumps(data, sort_keys=True)
    loaded = Game.from_json(data)
    rng = random.Random(6)
    for _ in range(30):
        if loaded.is_over:
            break
        loaded.apply(rng.choice(loaded.legal_actions()))
    assert json.dumps(data, sort_keys=True) == before
