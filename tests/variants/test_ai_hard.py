"""The hard AI: offered in every variant, legal, and deciding from its seat's observation only."""

from __future__ import annotations

import random

import pytest

from rummy_tui.engine import Game
from rummy_tui.engine.ai import ai_rng, choose_action
from variants import registry

VARIANT_KEYS = list(registry())


def hidden_cards_shuffled(game: Game, seat: int, rng: random.Random) -> Game:
    """The same game from ``seat``'s point of view, with every card it cannot see (the other
    hands and the stock) dealt out again at random, each hand keeping its size."""
    copy = Game.from_json(game.to_json())
    state = copy.state
    others = [s for s in range(state.players) if s != seat]
    pool = list(state.stock) + [card for s in others for card in state.hands[s]]
    rng.shuffle(pool)
    for s in others:
        size = len(state.hands[s])
        state.hands[s], pool = pool[:size], pool[size:]
    state.stock = pool
    return copy


@pytest.mark.parametrize("key", VARIANT_KEYS)
def test_hard_decides_from_the_observation_only(key):
    """Changing what the seat cannot see never changes what the hard AI does."""
    rng = random.Random(key)
    variant = registry()[key]
    checked = 0
    for players in sorted({variant.min_players, variant.max_players}):  # Gin's are the same
        game = Game(key, players, seed=23)
        for step in range(120):
            seat = game.current_seat
            if seat is None:
                break
            chosen = choose_action(game, seat, "hard")
            if len(game.legal_actions()) > 1 and step % 3 == 0:
                twin = hidden_cards_shuffled(game, seat, rng)
                if twin.observation(seat) == game.observation(seat):  # some phases show more
                    assert choose_action(twin, seat, "hard") == chosen, (key, step)
                    checked += 1
            game.apply(chosen)
    assert checked >= 5, f"only {checked} positions compared"


@pytest.mark.parametrize("key", VARIANT_KEYS)
def test_hard_seats_finish_a_game(key):
    variant = registry()[key]
    players = variant.min_players
    game = Game(key, players, settings={"single_hand": True} if key == "gin" else None, seed=31)
    for _ in range(3000):
        seat = game.current_seat
        if seat is None:
            break
        legal = game.legal_actions()
        action = variant.choose_ai_action(game.observation(seat), legal, "hard", ai_rng(game, seat))
        assert action in legal or game.why_not(action) is None, (key, action)
        game.apply(action)
    assert game.state.hand_no >= 2 or game.is_over


# --- Traditional / Rummy: melds kept in hand for a rummy -------------------------------------------


def hard_move(game: Game) -> str:
    return choose_action(game, game.current_seat, "hard")


def test_hard_keeps_its_melds_in_hand_while_nobody_is_close_to_going_out():
    from tests.support.tableplay_positions import place

    game = Game("traditional", 2, seed=3)
    place(game, {0: "4D 5D 6D 9S 9H 9C KS 2C 7H JD QS", 1: "AS 2S 3H 5C 8C 10H JH QC KD 4S"}, discard="3C", to_move=0)
    game.state.phase = "play"
    move = hard_move(game)
    assert move.startswith("discard:"), move
    assert move.split(":")[1] not in ("4D", "5D", "6D", "9S", "9H", "9C")
    _, reason = game.variant.hint(game.observation(0), game.legal_actions(), random.Random(1))
    assert (
        "keep your melds in hand" in reason
        and "if someone else's rummy comes first, what you hold costs more" in reason
    )


def test_hard_lays_everything_down_when_it_can_go_out_in_one_turn():
    from tests.support.tableplay_positions import place

    game = Game("traditional", 2, seed=3)
    place(game, {0: "4D 5D 6D 7D 9S 9H 9C KS KH KC JD", 1: "AS 2S 3H 5C 8C 10H JH QC KD 4S"}, discard="3C", to_move=0)
    game.state.phase = "play"
    for _ in range(6):
        if game.current_seat != 0 or game.state.hand_no != 1:
            break
        game.apply(hard_move(game))
    assert game.state.last_hand is not None and game.state.last_hand["winner"] == 0


def test_hard_lays_down_once_an_opponent_is_about_to_go_out():
    """In Rummy, where a loser pays the winner his whole hand, hard gives up the rummy once an
    opponent holds 2 cards (three players)."""
    from tests.support.tableplay_positions import place

    game = Game("basic", 3, seed=3)
    place(game, {0: "4D 5D 6D 9S 9H 9C 2C 7H", 1: "AS 2S", 2: "5C 8C 10H JH QC KD 4S"}, discard="3C", to_move=0)
    game.state.phase = "play"
    assert hard_move(game).startswith("meld:")


@pytest.mark.parametrize("players", [2, 3])
def test_traditional_hard_keeps_its_melds_even_when_an_opponent_is_about_to_go_out(players):
    """In Traditional only going out wins: melds laid now would only give the others places to
    lay off their last cards."""
    from tests.support.tableplay_positions import place

    hands = {0: "4D 5D 6D 9S 9H 9C KS 2C 7H JD QS", 1: "AS 2S"}
    if players == 3:
        hands[2] = "5C 8C 10H JH QC KD 4S 7C 8H 2D"
    game = Game("traditional", players, seed=3)
    place(game, hands, discard="3C", to_move=0)
    game.state.phase = "play"
    move = hard_move(game)
    assert move.startswith("discard:") and move.split(":")[1] not in ("4D", "5D", "6D", "9S", "9H", "9C"), move
    _, reason = game.variant.hint(game.observation(0), game.legal_actions(), random.Random(1))
    assert (
        "keep your melds in hand" in reason
        and "if someone else's rummy comes first, what you hold costs more" in reason
    )


def test_a_second_copy_of_a_run_card_does_not_lay_off_on_that_run():
    """Two decks: the table's 5-6-7♦ takes 4♦ or 8♦, but not a second 6♦ (which the hard
    player used to count as done, so that it thought it could go out when it could not)."""
    from rummy_tui.engine.cards import parse_face
    from rummy_tui.engine.melds import read_meld
    from variants.card_counting import faces_laying_off
    from variants.traditional.rules import MELD_RULES

    run = read_meld([parse_face(t) for t in ("5D", "6D", "7D")], MELD_RULES)
    second_deck_set = read_meld([parse_face(t) + 52 for t in ("9S", "9H", "9C")], MELD_RULES)
    faces = faces_laying_off([run, second_deck_set], MELD_RULES)
    assert faces == {parse_face(t) for t in ("4D", "8D", "9D")}


def test_done_cards_count_melds_and_lay_offs_never_jokers_and_a_second_copy_only_if_it_lays_off():
    """Outs.done_count, which every hard player of Traditional, Rummy, Römi and Tízlapos asks
    thousands of times a decision: the better of keeping the hand's melds or laying off."""
    from collections import Counter

    from rummy_tui.engine.cards import FIRST_JOKER_ID, parse_face
    from variants.card_counting import Outs
    from variants.traditional.rules import MELD_RULES

    def cards(text: str) -> list[int]:
        seen: Counter = Counter()
        found = []
        for token in text.split():
            if token == "JK":
                found.append(FIRST_JOKER_ID + seen[token])
            else:
                found.append(parse_face(token) + 52 * seen[token])  # a second copy: the second deck
            seen[token] += 1
        return found

    plain = Outs(MELD_RULES, Counter(), frozenset())
    assert plain.done_count(cards("5D 6D 7D 9S KC")) == 3
    assert plain.done_count(cards("5D 6D 7D 7D JK JK")) == 3  # a second 7D melds nowhere; jokers are not counted
    assert plain.done_count(cards("2S 3S JK")) == 0  # (the first joker's id, 104, is 52 * 2: no A♠)
    assert plain.done_count(cards("9S 9H 9C 9D 2C")) == 4
    lays_off = Outs(MELD_RULES, Counter(), frozenset({parse_face("8D"), parse_face("KC")}))
    assert lays_off.done_count(cards("5D 6D 7D 8D KC KC")) == 6  # both copies of KC lay off
    assert lays_off.done_count(cards("5D 6D 8D KC")) == 2  # 8D and KC laid off beat keeping nothing
    assert lays_off.done_count(cards("2S 3S 4S 4H")) == 3


def test_hard_does_not_count_a_second_run_card_as_laying_off():
    """Hard holds 6♦ twice with 5-6-7♦ on the table: it cannot go out, so it keeps its melds."""
    from tests.support.tableplay_positions import place

    game = Game("traditional", 2, seed=3)
    place(
        game,
        {0: "9S 9H 9C JS QS KS 2H 3H 4H 6D 5C", 1: "AS 2S 3H 5C 8C 10H JH QC KD 4S"},
        table=[(1, "5D 6D 7D")],
        discard="3C",
        to_move=0,
        tabled=(1,),
    )
    game.state.phase = "play"
    move = hard_move(game)
    assert move.startswith("discard:"), move


def test_hard_keeps_rummy_melds_longer_with_more_players():
    """Rummy heads-up lays down once the opponent holds 4 cards; with three opponents (who lay
    off on each other) it keeps its melds until one of them holds 2."""
    from tests.support.tableplay_positions import place

    hand = "4D 5D 6D 9S 9H 9C KS"
    heads_up = Game("basic", 2, seed=3)
    place(heads_up, {0: hand + " 2C", 1: "AS 2S 3H"}, discard="3C", to_move=0)
    heads_up.state.phase = "play"
    assert hard_move(heads_up).startswith("meld:")

    four = Game("basic", 4, seed=3)
    place(four, {0: hand + " 2C", 1: "AS 2S 3H", 2: "5C 8C 10H JH", 3: "QC KD 4S 7C"}, discard="3C", to_move=0)
    four.state.phase = "play"
    move = hard_move(four)
    assert move.startswith("discard:") and move.split(":")[1] not in ("4D", "5D", "6D", "9S", "9H", "9C"), move


def test_hard_finds_the_lay_offs_that_take_it_out_in_one_turn():
    """5♣ then 4♣ go on 6-7-8♣, 3♥ then 2♥ on 4-5-6♥, and the nines and kings are melds: hard
    goes out this turn (a rummy), discarding Q♦, and the hint says so."""
    from tests.support.tableplay_positions import place

    game = Game("traditional", 2, seed=3)
    place(
        game,
        {0: "4C 5C 9S 9H 9C KS KH KD 2H 3H QD", 1: "AS 2S 3S 5D 8S 10H JH QC JD 4S"},
        table=[(1, "6C 7C 8C"), (1, "4H 5H 6H")],
        discard="3C",
        to_move=0,
        tabled=(1,),
    )
    game.state.phase = "play"
    move, reason = game.variant.hint(game.observation(0), game.legal_actions(), random.Random(1))
    assert move.startswith(("layoff:", "meld:")), move
    assert "takes you out this turn" in reason
    for _ in range(12):
        if game.current_seat != 0 or game.state.hand_no != 1:
            break
        game.apply(hard_move(game))
    assert game.state.last_hand is not None and game.state.last_hand["winner"] == 0
    assert game.state.last_hand["ending"] == "rummy"
    from rummy_tui.engine.cards import face_of, parse_face

    assert face_of(game.state.discard[-1]) == parse_face("QD")


def test_hard_takes_its_settings_from_the_variant_class_not_its_key():
    """A variant that only inherits Traditional's class (another key) gets its hard settings:
    it searches for the way out, and it keeps its melds when the opponent holds 2 cards; a
    variant that sets none gets the defaults (no search)."""
    from tests.support.tableplay_positions import place
    from variants.tableplay.hard import HardTablePlayer
    from variants.traditional.rules import TraditionalRummy

    class Copy(TraditionalRummy):
        key = "traditional-copy"

    class Plain(TraditionalRummy):
        key = "plain"
        hard_plans_going_out = False

    game = Game("traditional", 2, seed=3)
    place(
        game,
        {0: "4C 5C 9S 9H 9C KS KH KD 2H 3H QD", 1: "AS 2S"},
        table=[(1, "6C 7C 8C"), (1, "4H 5H 6H")],
        discard="3C",
        to_move=0,
        tabled=(1,),
    )
    game.state.phase = "play"
    observation, legal = game.observation(0), game.legal_actions()
    copy = HardTablePlayer(Copy(), observation, legal, random.Random(1))
    assert copy.going_out_plan() and copy.keeps_rummy_back()
    assert HardTablePlayer(Plain(), observation, legal, random.Random(1)).going_out_plan() is None


def test_traditional_hard_heads_up_discards_by_the_race_look_ahead():
    """Heads-up, hard plays its best discards a few turns ahead in sampled worlds: here the
    count would throw the high Q♦, but keeping it goes out sooner more often (the same answer
    with 64 worlds as with 16), and the hint says why."""
    from tests.support.tableplay_positions import place

    game = Game("traditional", 2, seed=3)
    place(game, {0: "QH 4C AC 5S QD AH 3H JH AS 10H KH", 1: "5H AD 8S 10D 6C 3S 7H 7S 6H 9H"}, to_move=0)
    game.state.phase = "play"
    move, reason = game.variant.hint(game.observation(0), game.legal_actions(), random.Random(1))
    assert move == "discard:5S" == hard_move(game)
    assert "best chance to go out soon" in reason


def test_the_race_look_ahead_prefers_the_hand_with_more_ways_out():
    """Two kept hands one card from going out (a set and a run, Q♣ to discard): 4-5♠ waits
    for 3♠ or 6♠ (three copies may come), 4-6♠ only for 5♠ (one); in the same sampled worlds
    the first goes out sooner."""
    from collections import Counter

    from rummy_tui.engine.cards import parse_face
    from variants.tableplay.race import RaceLookAhead
    from variants.traditional.rules import MELD_RULES

    held = [parse_face(t) for t in ["9S", "9H", "9C", "9D", "2D", "3D", "4D", "QC"]]
    two_ways = held + [parse_face("4S"), parse_face("5S")]
    one_way = held + [parse_face("4S"), parse_face("6S")]
    seen = Counter(two_ways + [parse_face("6S")])
    unseen = Counter({face: 2 - seen[face] for face in range(52) if seen[face] < 2})
    race = RaceLookAhead(MELD_RULES, unseen, frozenset(), "test", worlds=32, horizon=8, survival=0.9)
    assert race.value(two_ways) > race.value(one_way) > 0
