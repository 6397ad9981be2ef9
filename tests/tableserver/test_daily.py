"""The daily deal: the same deal for everyone on a day (from the date alone without a server,
from the server's secret with one), another deal the next day; the results table; a served
daily sealed for the day and revealed after it, checked as `rummy verify` checks a record."""

from __future__ import annotations

import pytest

from rummy_tui.engine.ai import choose_action
from rummy_tui.engine.verify import verify_record
from rummy_tui.storage.paths import data_dir
from rummy_tui.tableserver.daily import (
    DailyBook,
    DailyDesk,
    DailyResult,
    computer_in_seat,
    daily_game,
    hand_over,
    sealed_record,
    standings,
)

VARIANTS = ["gin", "ten-card", "hungarian", "traditional", "basic"]


def deal_of(game) -> tuple:
    """Every seat's hand, the stock and the discard pile as dealt."""
    state = game.state
    return tuple(tuple(hand) for hand in state.hands), tuple(state.stock), tuple(state.discard)


@pytest.mark.parametrize("variant", VARIANTS)
def test_two_data_folders_on_the_same_day_get_the_same_deal_and_the_next_day_another(variant, tmp_path, monkeypatch):
    deals = []
    for folder, name in (("anna", "Anna"), ("bob", "Bob")):
        monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(tmp_path / folder))
        assert data_dir() == tmp_path / folder
        deals.append(deal_of(daily_game(variant, "2026-12-02", name)))
    assert deals[0] == deals[1]
    assert deal_of(daily_game(variant, "2026-12-03", "Anna")) != deals[0]


def test_a_servers_deal_comes_from_its_secret(tmp_path):
    first, second = DailyDesk(tmp_path / "one"), DailyDesk(tmp_path / "two")
    assert deal_of(first.game("gin", "Anna")) == deal_of(first.game("gin", "Bob"))
    assert deal_of(first.game("gin", "Anna")) != deal_of(second.game("gin", "Anna"))
    assert deal_of(first.game("gin", "Anna")) != deal_of(daily_game("gin", first.day(), "Anna"))  # not the date's
    assert (tmp_path / "one" / "daily.key").stat().st_mode & 0o777 == 0o600
    assert DailyDesk(tmp_path / "one").secret == first.secret  # kept


def play_out(game, moves=None) -> None:
    """Seat 1 plays as the normal computer, the others as the daily's hard one, to the hand's end."""
    while not hand_over(game):
        seat = game.current_seat
        game.apply(choose_action(game, seat, "normal" if seat == 0 else "hard"))


def test_a_served_daily_is_sealed_for_the_day_and_verifies_once_revealed(tmp_path):
    days = iter(["2026-12-02", "2026-12-02", "2026-12-02", "2026-12-03", "2026-12-03"])
    desk = DailyDesk(tmp_path, day=lambda: next(days))
    sealed_at_start = desk.seal("basic")
    game = desk.game("basic", "Anna")
    play_out(game)
    kept = sealed_record(game)
    assert kept["seed"] == 0 and kept["seed_hidden"] and kept["deals"][0]["deal_commitment"] == sealed_at_start
    assert str(game.record["seed"]) not in str(kept)
    assert desk.reveal("basic", "2026-12-02") is None  # the day is not over: nothing to check with yet
    seed = desk.reveal("basic", "2026-12-02")  # the next day
    assert seed == game.record["seed"]
    revealed = {**kept, "seed": seed, "seed_hidden": False}
    revealed["deals"] = [dict(entry) for entry in game.record["deals"] if entry["hand"] == 1]
    assert verify_record(revealed).ok
    revealed["seed"] = seed + 1  # another seed is caught
    assert not verify_record(revealed).ok


def results(*rows: tuple[str, int]) -> list[dict]:
    return [{"who": name.lower(), "name": name, "points": points} for name, points in rows]


def test_the_results_table_ranks_shares_ties_and_shows_me_below_the_top():
    table = standings(results(("Anna", 25), ("Bob", 0), ("Cili", 25), ("Dani", 40), ("Eva", 0)), True, "eva", shown=3)
    assert [(row["rank"], row["name"], row["points"]) for row in table["rows"]] == [
        (1, "Dani", 40),
        (2, "Anna", 25),
        (2, "Cili", 25),
        (4, "Eva", 0),
    ]
    assert table["rows"][-1]["me"] and table["rank"] == 4 and table["players"] == 5
    assert table["distribution"] == [[40, 1], [25, 2], [0, 2]]


def test_penalty_points_rank_the_fewest_first():
    table = standings(results(("Anna", 12), ("Bob", 0), ("Cili", 30)), False, "anna")
    assert [row["name"] for row in table["rows"]] == ["Bob", "Anna", "Cili"] and table["rank"] == 2
    assert table["distribution"] == [[0, 1], [12, 1], [30, 1]]


def test_the_book_keeps_one_result_a_player_and_day_and_the_earlier_days(tmp_path):
    book = DailyBook(tmp_path)
    assert book.add(DailyResult("anna", "Anna", 25, "2026-12-02", "gin"))
    assert not book.add(DailyResult("anna", "Anna", 99, "2026-12-02", "gin"))  # played already
    assert book.add(DailyResult("anna", "Anna", 10, "2026-12-01", "gin"))
    book.set_computer("2026-12-01", "gin", 18)
    assert book.result_of("2026-12-02", "gin", "anna")["points"] == 25
    earlier = book.earlier("gin", before="2026-12-02")
    assert [(e["day"], e["points"], e["computer"]) for e in earlier] == [("2026-12-01", 10, 18)]


def test_the_hard_computer_in_seat_one_plays_the_same_deal_the_same_way():
    assert computer_in_seat("hungarian", "2026-12-02") == computer_in_seat("hungarian", "2026-12-02")


def test_players_finishing_at_once_keep_every_result(tmp_path):
    """The table service writes results from worker threads: none is lost to another's write."""
    from concurrent.futures import ThreadPoolExecutor

    book = DailyBook(tmp_path)

    def finish(number: int) -> None:
        book.add(DailyResult(f"key-{number}", f"P{number}", number, "2026-12-02", "gin"))
        book.set_computer("2026-12-02", "gin", 7)

    with ThreadPoolExecutor(8) as pool:
        list(pool.map(finish, range(40)))
    assert len(book.read("2026-12-02", "gin")["results"]) == 40


def test_a_lost_hand_scores_what_the_winner_took_and_penalties_stay_penalties():
    from rummy_tui.tableserver.daily import hand_points

    gin = daily_game("gin", "2026-12-02", "Anna")
    gin.state.sheet.append({"hand": 1, "points": [0, 27]})
    assert hand_points(gin) == -27 and hand_points(gin, 1) == 27
    romi = daily_game("hungarian", "2026-12-02", "Anna")
    romi.state.sheet.append({"hand": 1, "points": [12, 0, 30]})
    assert hand_points(romi) == 12
