"""Ratings: openskill's own Plackett-Luce results, provisional marks, leavers, the board."""

from __future__ import annotations

import sqlite3

import pytest
from openskill.models import PlackettLuce

from rummy_tui.storage.ratings import (
    AI_RATINGS,
    AI_SIGMA,
    COMPUTER,
    PLAYERS,
    PROVISIONAL_SIGMA,
    SCHEMA_VERSION,
    Entrant,
    RatingStore,
    finishing_ranks,
    rated_identity,
    shown,
)


@pytest.fixture
def store(tmp_path):
    return RatingStore(tmp_path / "ratings.sqlite3")


def people(count: int) -> list[Entrant]:
    return [Entrant(f"P{n}", identity=f"key-{n}") for n in range(count)]


def openskill_result(ratings: list[tuple[float, float]], ranks: list[int]) -> list[tuple[float, float]]:
    model = PlackettLuce()
    teams = [[model.rating(mu=mu, sigma=sigma)] for mu, sigma in ratings]
    return [(team[0].mu, team[0].sigma) for team in model.rate(teams, ranks=ranks)]


@pytest.mark.parametrize(("count", "ranks"), [(2, [2, 1]), (3, [1, 3, 2]), (4, [3, 1, 4, 2]), (4, [1, 2, 2, 4])])
def test_first_games_match_openskill(store, count, ranks):
    changes = store.record_game("g1", "gin", people(count), ranks)
    expected = openskill_result([(25.0, 25 / 3)] * count, ranks)
    assert [(c.after, c.sigma) for c in changes] == pytest.approx(expected)
    assert all(c.before is None and c.games == 1 and c.pool == PLAYERS for c in changes)


def test_second_game_starts_from_the_stored_ratings(store):
    store.record_game("g1", "gin", people(3), [1, 2, 3])
    before = [store.rating(f"key-{n}", "gin")[:2] for n in range(3)]
    changes = store.record_game("g2", "gin", people(3), [3, 2, 1])
    assert [(c.after, c.sigma) for c in changes] == pytest.approx(openskill_result(before, [3, 2, 1]))
    assert [c.before for c in changes] == pytest.approx([mu for mu, _sigma in before])
    assert store.rating("key-0", "gin")[2] == 2


def test_the_same_game_is_rated_once(store):
    assert store.record_game("g1", "gin", people(2), [1, 2])
    assert store.record_game("g1", "gin", people(2), [1, 2]) == []
    assert store.rating("key-0", "gin")[2] == 1


def test_variants_and_pools_are_kept_apart(store):
    store.record_game("g1", "gin", people(2), [1, 2])
    assert store.rating("key-0", "romi") is None
    assert store.rating("key-0", "gin", COMPUTER) is None


def test_computer_seats_carry_a_fixed_rating_in_their_own_pool(store):
    entrants = [Entrant("Me", identity="key-me"), Entrant("Computer 2", level="hard")]
    [change] = store.record_game("g1", "gin", entrants, [1, 2])
    expected = openskill_result([(25.0, 25 / 3), (AI_RATINGS["hard"], AI_SIGMA)], [1, 2])[0]
    assert (change.after, change.sigma) == pytest.approx(expected)
    assert change.pool == COMPUTER
    assert store.rating("key-me", "gin", PLAYERS) is None


def test_two_humans_with_a_computer_count_among_players(store):
    entrants = [*people(2), Entrant("Computer 3", level="easy")]
    changes = store.record_game("g1", "gin", entrants, [2, 3, 1])
    expected = openskill_result([(25.0, 25 / 3), (25.0, 25 / 3), (AI_RATINGS["easy"], AI_SIGMA)], [2, 3, 1])
    assert [(c.after, c.sigma) for c in changes] == pytest.approx(expected[:2])
    assert {c.pool for c in changes} == {PLAYERS}


def test_guests_are_not_rated_and_one_identity_twice_is_no_game(store):
    assert rated_identity("guest-bob") is None
    assert rated_identity(None) == "local" and rated_identity("key-abc") == "key-abc"
    guest = Entrant("Bob")  # a human seat with no rated identity
    assert store.record_game("g1", "gin", [Entrant("A", identity="key-a"), guest], [1, 2]) == []
    twice = [Entrant("A", identity="key-a"), Entrant("A again", identity="key-a")]
    assert store.record_game("g2", "gin", twice, [1, 2]) == []


def test_provisional_until_the_uncertainty_falls(store):
    entrants = [Entrant("Me", identity="key-me"), Entrant("Computer", level="normal")]
    game = 0
    while True:
        game += 1
        [change] = store.record_game(f"g{game}", "gin", entrants, [1 + game % 2, 2 - game % 2])
        if not change.provisional:
            break
        assert change.sigma > PROVISIONAL_SIGMA
        assert store.board("gin", COMPUTER, viewer="key-me").mine.provisional
    assert 5 < game < 40
    assert not store.board("gin", COMPUTER, viewer="key-me").mine.provisional


def test_a_leaver_loses_and_the_others_are_ranked_as_they_played(store):
    leaver = Entrant("Gone", identity="key-gone", left=True)
    entrants = [leaver, Entrant("B", identity="key-b"), Entrant("C", identity="key-c")]
    changes = store.record_game("g1", "gin", entrants, [1, 3, 2])  # the AI won the leaver's seat
    expected = openskill_result([(25.0, 25 / 3)] * 3, [3, 2, 1])
    assert [(c.after, c.sigma) for c in changes] == pytest.approx(expected)
    assert changes[0].after < 25


def test_nobody_stayed_nothing_is_rated(store):
    entrants = [Entrant("A", identity="key-a", left=True), Entrant("B", identity="key-b", left=True)]
    assert store.record_game("g1", "gin", entrants, [1, 2]) == []


def test_finishing_ranks_follow_the_totals_either_way():
    assert finishing_ranks({"winners": [1], "final": [40, 120, 80]}, 3) == [3, 1, 2]  # points won
    assert finishing_ranks({"winners": [2], "final": [40, 120, 10]}, 3) == [2, 3, 1]  # penalty points
    assert finishing_ranks({"winners": [0], "final": [50, 50]}, 2) == [1, 2]  # a tie broken by the winner
    assert finishing_ranks({"winners": [0, 1], "final": [5, 5, 9]}, 3) == [1, 1, 3]


def test_board_order_hiding_and_own_place(store):
    for game, ranks in enumerate([[1, 2, 3, 4], [1, 3, 2, 4], [1, 2, 4, 3]]):
        store.record_game(f"g{game}", "gin", people(4), ranks)
    board = store.board("gin", viewer="key-3")
    assert [row.identity for row in board.rows] == ["key-0", "key-1", "key-2", "key-3"]
    assert [row.place for row in board.rows] == [1, 2, 3, 4]
    assert board.rows == sorted(board.rows, key=lambda row: -row.mu)
    assert board.mine.place == 4 and board.mine.rating == shown(board.mine.mu)
    store.set_hidden("key-0", True)
    public = store.board("gin", viewer="key-3")
    assert [row.identity for row in public.rows] == ["key-1", "key-2", "key-3"]
    assert public.mine.place == 3
    own = store.board("gin", viewer="key-0")
    assert own.hidden and own.mine.place == 1 and own.rows[0].identity == "key-0"
    store.set_hidden("key-0", False)
    assert store.board("gin", viewer="key-3").rows[0].identity == "key-0"


def test_settled_ratings_come_before_provisional_ones(store):
    veteran = [Entrant("Vet", identity="key-vet"), Entrant("Computer", level="easy")]
    for game in range(30):
        store.record_game(f"v{game}", "gin", veteran, [2, 1] if game % 3 == 0 else [1, 2])
    store.record_game("n1", "gin", [Entrant("New", identity="key-new"), Entrant("Computer", level="hard")], [1, 2])
    board = store.board("gin", COMPUTER)
    newcomer = next(row for row in board.rows if row.identity == "key-new")
    assert newcomer.provisional and newcomer.mu > board.rows[0].mu
    assert [row.identity for row in board.rows] == ["key-vet", "key-new"]


def test_migrations_are_versioned(tmp_path):
    path = tmp_path / "ratings.sqlite3"
    sqlite3.connect(path).close()  # an empty file: version 0
    store = RatingStore(path)
    assert store.schema_version() == SCHEMA_VERSION == 1
    with sqlite3.connect(path) as connection:
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(sqlite3.DatabaseError, match="schema version"):
        RatingStore(path)
