"""Sealed deals: each hand committed before it is dealt, mixed with the seats' randomness and
revealed when it is over; `rummy verify` checks a record from what was revealed (issue #21)."""

from __future__ import annotations

import hashlib
import json
import random
import secrets

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import variants
from rummy_tui.engine import Game, RecordError
from rummy_tui.engine.ai import play_ai_game
from rummy_tui.engine.deals import DealStream, deal_key, hand_secret, seed_key, short
from rummy_tui.engine.verify import verify_record

SHAPES = [
    (key, players)
    for key, variant in sorted(variants.registry().items())
    for players in range(variant.min_players, variant.max_players + 1)
]
RESHUFFLE = "The discard pile was shuffled into a new stock."


def human_seats(players: int) -> list[dict]:
    return [{"name": f"P{seat + 1}", "kind": "human", "level": None} for seat in range(players)]


def secret_material(game: Game, hands: range) -> list[str]:
    """Texts from which the unrevealed deals could be worked out."""
    seed = game.state.seed
    texts = [str(seed), hex(seed)[2:], seed_key(seed).hex()]
    for hand in hands:
        secret = hand_secret(seed, hand)
        entry = game.deal_entry(hand)
        texts += [secret.hex(), secret.hex()[:8]]
        if entry is not None:
            texts.append(deal_key(secret, hand, entry["contributions"]).hex())
    return texts


def everything_shown(game: Game) -> str:
    views = [game.observation(seat) for seat in range(game.state.players)] + [game.observation_public()]
    return json.dumps(views) + json.dumps([game.why_not("discard:QH"), game.why_not("nonsense")])


GAMES, SOAK_GAMES = 1, 10  # random games per shape: every phase of the first hands comes up in one


@pytest.mark.parametrize("key, players", SHAPES)
def test_nothing_shown_before_the_reveal_holds_the_secret_or_seed(key, players, soak):
    @settings(max_examples=SOAK_GAMES if soak else GAMES, deadline=None)
    @given(choices=st.integers(0, 2**32))
    def check(choices):
        game = Game(key, players, seed=None, seats=human_seats(players))
        rng = random.Random(choices)
        for _ in range(160):
            if game.is_over:
                break
            for seat in range(players):
                game.contribute(seat, secrets.token_bytes(16))
            shown = everything_shown(game)
            for text in secret_material(game, range(game.state.deal_hand, game.state.deal_hand + 2)):
                assert text not in shown, f"hand {game.state.deal_hand}: {text[:12]} shown before its reveal"
            game.apply(rng.choice(game.legal_actions()))

    check()


def test_each_hand_is_committed_before_it_is_dealt_and_revealed_only_after():
    game = Game("gin", 2, seed=None, seats=human_seats(2))
    first = game.state.events[0]
    assert (
        first["text"] == "Deal sealed: {commitment}"
        and first["values"]["commitment"] == game.deal_entry(1)["deal_commitment"]
        and first["hand"] == 1
    )
    announced, revealed_at = {1: game.deal_entry(1)["deal_commitment"]}, {}
    rng = random.Random(3)
    while not game.is_over and game.state.hand_no < 4:
        view = game.observation_public()
        hand = view["hand_no"]
        assert view["deal_commitment"] == announced[hand]  # the hand is dealt from what was announced
        announced.setdefault(hand + 1, view["next_deal_commitment"])
        if view["last_deal"]:
            revealed_at.setdefault(view["last_deal"]["hand"], hand)
        assert view["next_deal_commitment"] == announced[hand + 1]
        game.apply(rng.choice(game.legal_actions()))
    assert revealed_at and all(shown_in > hand for hand, shown_in in revealed_at.items())
    for hand, commitment in announced.items():
        entry = game.deal_entry(hand)
        if "deal_secret" in entry:
            assert hashlib.sha256(bytes.fromhex(entry["deal_secret"])).hexdigest() == commitment


def test_the_last_hand_is_revealed_when_the_game_ends():
    game = play_ai_game("traditional", 3, ["easy"] * 3, seed=2)
    assert game.is_over and all("deal_secret" in entry for entry in game.record["deals"])
    assert [entry["hand"] for entry in game.record["deals"]] == list(range(1, game.state.deal_hand + 1))
    assert game.observation(0)["deal_secret"] == game.record["deals"][-1]["deal_secret"]


def test_a_contribution_changes_the_deal_and_counts_once():
    plain, mixed = Game("gin", 2, seed=5, chosen_seed=False), Game("gin", 2, seed=5, chosen_seed=False)
    assert mixed.contribute(1, bytes(range(16)))
    assert not mixed.contribute(1, bytes(16)), "a seat gives its part once"
    assert not mixed.contribute(0, b"short"), "a contribution is 16 bytes"
    assert mixed.deal_entry(2)["contributions"] == [None, bytes(range(16)).hex()]
    hand_one = Game("gin", 2, seed=5, chosen_seed=False, contributions={1: [None, "ab" * 16]})
    assert hand_one.state.hands != plain.state.hands
    assert Game.replay(hand_one.record).state.hands == hand_one.state.hands
    chosen = Game("gin", 2, seed=5)  # a chosen seed deals the same every time: it takes no contributions
    assert not chosen.contribute(1, bytes(16)) and chosen.deal_entry(2)["contributions"] == [None, None]


def test_a_human_seat_without_a_contribution_is_dealt_without_and_the_log_says_so():
    game = Game("gin", 2, seed=None, seats=human_seats(2), contributions={1: ["cd" * 16, None]})
    missing = [e for e in game.state.events if e["text"].startswith("Dealt without")]
    assert [e["values"]["name"] for e in missing] == ["P2"]
    chosen = Game("gin", 2, seed=5, seats=human_seats(2))  # a chosen seed repeats: nobody is asked
    assert not [e for e in chosen.state.events if e["text"].startswith("Dealt without")]


def test_the_shuffle_follows_the_documented_stream():
    """docs/ENGINE.md: a list is shuffled from the top bits of HMAC blocks, Fisher-Yates."""
    key, deck = bytes(32), list(range(10))
    DealStream(key, "deal|1").shuffle(deck)
    stream, expected = b"", list(range(10))
    import hmac

    for block in range(4):
        stream += hmac.new(key, f"deal|1|{block}".encode(), hashlib.sha256).digest()
    for place in reversed(range(1, 10)):
        bits = place.bit_length()
        while True:
            number, stream = int.from_bytes(stream[:8], "big") >> (64 - bits), stream[8:]
            if number <= place:
                break
        expected[place], expected[number] = expected[number], expected[place]
    assert deck == expected


def test_a_chosen_seed_deals_as_it_did_before_sealed_deals_and_is_still_sealed():
    from rummy_tui.engine.cards import make_deck

    game = Game("gin", 2, seed=9)
    deck = make_deck(1, 0)
    random.Random("9:0:deal:1").shuffle(deck)
    assert game.state.extra["cut"][0] == [deck[-1], deck[-2]]
    assert game.deal_entry(1)["deal_commitment"] == hashlib.sha256(hand_secret(9, 1)).hexdigest()


def test_an_old_record_replays_with_the_old_deal():
    record = {"format": 1, "variant": "gin", "players": 2, "settings": {}, "seed": 9, "actions": []}
    game = Game.replay(record)
    deck = list(range(52))
    from rummy_tui.engine.cards import make_deck

    deck = make_deck(1, 0)
    random.Random("9:0:deal:1").shuffle(deck)
    assert game.state.extra["cut"][0] == [deck[-1], deck[-2]]
    assert "deals" not in game.record and game.observation(0)["deal_commitment"] is None
    old = Game("basic", 2, seed=4)  # its record's actions are left out below: no need to play it
    old_record = {
        key: value for key, value in Game.replay({**old.record, "actions": []}).record.items() if key != "deals"
    }
    assert Game.replay({**old_record, "format": 1}).record["format"] == 1


# --- rummy verify -----------------------------------------------------------------------------


# Shorter games than the defaults, still of several hands: most of the module's time was the AI
# playing the defaults' 7 Römi deals and Rummy's hands to 150 points.
SHORTER_GAMES = {"basic": {"hands": 2}, "hungarian": {"deals": 4}, "traditional": {"rounds": 2}}


def play_drawn(key: str, players: int, seed: int) -> Game:
    """An AI game dealt the way a game nobody gave a seed is (the HMAC shuffle), from ``seed``."""
    from rummy_tui.engine.ai import choose_action

    game = Game(key, players, SHORTER_GAMES.get(key), seed=seed, chosen_seed=False)
    while not game.is_over:
        game.apply(choose_action(game, game.current_seat, "easy"))
    return game


NEVER_REBUILT = {"gin", "ten-card"}  # variants whose stock is never rebuilt: their first game is kept


def records_with_a_reshuffle() -> dict[str, dict]:
    """A finished game of every variant; in each variant that rebuilds its stock, one that did."""
    found = {}
    for key, variant in sorted(variants.registry().items()):
        for seed in range(1 if key in NEVER_REBUILT else 20):
            game = play_drawn(key, variant.max_players, seed=seed)
            if key not in found or any(e["text"] == RESHUFFLE for e in game.state.events):
                found[key] = game.record
            if any(e["text"] == RESHUFFLE for e in game.state.events) and game.state.hand_no >= 2:
                break
    return found


@pytest.fixture(scope="module")
def finished_records():
    return records_with_a_reshuffle()


def test_verify_passes_on_every_variant_with_several_hands_and_reshuffles(finished_records):
    reshuffled = 0
    for key, record in finished_records.items():
        verification = verify_record(json.loads(json.dumps(record)))
        assert verification.ok, (key, [c.text() for c in verification.hands if not c.verified])
        assert [check.hand for check in verification.hands] == [e["hand"] for e in record["deals"]]
        reshuffled += any(e["text"] == RESHUFFLE for e in Game.replay(record).state.events)
    assert reshuffled >= 3, "the records should include rebuilt stocks"
    assert sum(len(record["deals"]) >= 2 for record in finished_records.values()) >= 4


def tampered(record: dict, change) -> dict:
    copy = json.loads(json.dumps(record))
    change(copy)
    return copy


def flip(text: str, at: int = 5) -> str:
    return text[:at] + ("0" if text[at] != "0" else "1") + text[at + 1 :]


@pytest.mark.parametrize("what", ["secret", "contribution", "dealt card"])
def test_verify_fails_naming_the_hand_that_was_changed(finished_records, what):
    for key, record in finished_records.items():
        if len(record["deals"]) < 2:
            continue
        hand = record["deals"][1]["hand"]

        def change(copy):
            entry = copy["deals"][1]
            if what == "secret":
                entry["deal_secret"] = flip(entry["deal_secret"])
            elif what == "contribution":
                entry["contributions"][0] = "5a" * 16
            else:
                card = entry["dealt"][0][0]
                entry["dealt"][0][0] = "2C" if card != "2C" else "3C"

        verification = verify_record(tampered(record, change))
        assert not verification.ok, key
        failed = [check for check in verification.hands if check.outcome == "failed"]
        assert [check.hand for check in failed] == [hand], (key, [c.text() for c in failed])
        assert f"Hand {hand}: NOT VERIFIED" in failed[0].text()


@pytest.fixture(scope="module")
def chosen_seed_record() -> dict:
    """A finished game with a chosen seed; only read (each test changes a copy)."""
    return play_ai_game("basic", 3, ["easy"] * 3, seed=6).record


@pytest.mark.parametrize("what", ["secret", "contribution", "dealt card"])
def test_verify_checks_a_chosen_seed_game_from_its_seed(chosen_seed_record, what):
    record = chosen_seed_record
    assert verify_record(record).ok and len(record["deals"]) >= 2

    def change(copy):
        entry = copy["deals"][1]
        if what == "secret":
            entry["deal_secret"] = entry["deal_commitment"]  # a secret that is not the seed's
            entry["deal_commitment"] = hashlib.sha256(bytes.fromhex(entry["deal_secret"])).hexdigest()
        elif what == "contribution":
            entry["contributions"][2] = "5a" * 16
        else:
            entry["dealt"][2][1] = "2C" if entry["dealt"][2][1] != "2C" else "3C"

    verification = verify_record(tampered(record, change))
    assert [check.hand for check in verification.hands if check.outcome == "failed"] == [2]


def cli(*arguments: str):
    from rummy_tui.cli import main

    return CliRunner().invoke(main, list(arguments))


def test_rummy_verify_a_simulated_record_and_a_changed_one(tmp_path):
    result = cli(
        "simulate",
        "--variant",
        "gin",
        "--games",
        "2",
        "--seed",
        "11",
        "--seats",
        "easy,easy",
        "--records",
        str(tmp_path),
    )
    assert result.exit_code == 0, result.output
    files = sorted(tmp_path.glob("*.json"))
    assert [path.name for path in files] == ["gin-11.json", "gin-12.json"]
    good = cli("verify", str(files[0]))
    lines = good.output.splitlines()
    record = json.loads(files[0].read_text())
    assert good.exit_code == 0 and len([line for line in lines if ": deal verified" in line]) == len(record["deals"])
    record["deals"][-1]["deal_secret"] = flip(record["deals"][-1]["deal_secret"], 0)
    files[0].write_text(json.dumps(record))
    bad = cli("verify", str(files[0]))
    hand = record["deals"][-1]["hand"]
    assert bad.exit_code == 1 and f"Hand {hand}: NOT VERIFIED" in bad.output


def test_rummy_verify_refuses_an_old_record_and_a_missing_file(tmp_path):
    old = tmp_path / "old.json"
    old.write_text(json.dumps({"format": 1, "variant": "gin", "players": 2, "seed": 1, "actions": []}))
    result = cli("verify", str(old))
    assert result.exit_code == 2 and "before sealed deals" in result.output
    assert cli("verify", str(tmp_path / "nothing.json")).exit_code == 2
    assert cli("verify").exit_code == 2


def test_a_human_at_this_computer_adds_randomness_to_each_deal_unless_the_seed_was_chosen():
    from rummy_tui.tableserver.seat import LocalSeat

    seats = [{"name": "Ann", "kind": "human", "level": None}, {"name": "North", "kind": "ai", "level": "easy"}]
    game = Game("gin", 2, seed=None, seats=seats)
    LocalSeat(game, 0, seats)
    mine, ai = game.deal_entry(2)["contributions"]
    assert mine is not None and len(bytes.fromhex(mine)) == 16 and ai is None
    chosen = Game("gin", 2, seed=3, seats=seats)
    LocalSeat(chosen, 0, seats)
    assert chosen.deal_entry(2)["contributions"] == [None, None]


@pytest.mark.parametrize("language", ["en", "hu"])
def test_rummy_verify_says_which_deals_lack_a_players_randomness(tmp_path, language):
    from rummy_tui.engine.ai import choose_action
    from rummy_tui.i18n import set_language, t

    game = Game("gin", 2, seed=None, seats=human_seats(2), contributions={1: [secrets.token_hex(16), None]})
    while game.state.hand_no < 3 and not game.is_over:  # hand 2: nobody's randomness
        game.apply(choose_action(game, game.current_seat, "easy"))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.record))
    result = cli("--lang", language, "verify", str(path))
    try:
        set_language(language)
        commitments = [short(game.deal_entry(hand)["deal_commitment"]) for hand in (1, 2)]
        but = "Hand {hand}: deal verified ({commitment}), but {notes}"
        expected = [
            t(but, hand=1, commitment=commitments[0], notes=t("it was dealt without {name}'s randomness", name="P2")),
            t(
                but,
                hand=2,
                commitment=commitments[1],
                notes=t("nobody's own randomness is in it: the server's secret alone chose the cards"),
            ),
        ]
        last = t("Every revealed deal verified, but not every one with every player's randomness.")
    finally:
        set_language("en")
    assert result.exit_code == 0, result.output  # a deal without someone's randomness is not a forged one
    assert result.output.splitlines()[:2] == expected and result.output.splitlines()[-1] == last, result.output


def finished_without_seat_twos_randomness() -> dict:
    """A finished one-hand Gin record of two humans: P1's randomness in the deal, P2's not."""
    from rummy_tui.engine.ai import choose_action

    mine = secrets.token_hex(16)
    game = Game("gin", 2, {"single_hand": True}, seed=None, seats=human_seats(2), contributions={1: [mine, None]})
    while not game.is_over:
        game.apply(choose_action(game, game.current_seat, "easy"))
    return json.loads(json.dumps(game.record))


@pytest.mark.parametrize(
    "seat, sent, confirmed, outcome, said",
    [
        (0, "mine", [1], "verified", "Hand 1: deal verified ({c}), but it was dealt without P2's randomness"),
        (0, "other", [1], "failed", "Hand 1: NOT VERIFIED: the deal was not made with your randomness: the server"),
        (0, "other", [], "verified", "Hand 1: deal verified ({c}), but the randomness in it for your seat is not"),
        (1, "other", [1], "failed", "Hand 1: NOT VERIFIED: the deal was made without your randomness, which the"),
        (1, "other", [], "verified", "Hand 1: deal verified ({c}), but your randomness is not in it: it did not"),
        (1, None, [], "verified", "Hand 1: deal verified ({c}), but your randomness is not in it"),
    ],
)
def test_verify_checks_a_players_own_randomness_from_the_record_they_kept(seat, sent, confirmed, outcome, said):
    record = finished_without_seat_twos_randomness()
    given = {"mine": record["deals"][0]["contributions"][0], "other": secrets.token_hex(16), None: None}[sent]
    record["my_randomness"] = {"seat": seat, "sent": {"1": given} if given else {}, "confirmed": confirmed}
    check = verify_record(record).hands[0]
    assert check.outcome == outcome and check.text().startswith(
        said.format(c=short(record["deals"][0]["deal_commitment"]))
    ), check.text()
    assert Game.replay(record).record["my_randomness"] == record["my_randomness"]  # kept in the history


def test_verify_refuses_a_malformed_my_randomness_and_reads_a_record_without_one():
    record = finished_without_seat_twos_randomness()
    assert verify_record(record).ok  # a record kept before the field, or by someone else
    for bad in ({"seat": 2, "sent": {}, "confirmed": []}, {"seat": 0, "sent": {"x": "00"}, "confirmed": []}, []):
        with pytest.raises(RecordError, match="my_randomness"):
            verify_record({**record, "my_randomness": bad})
