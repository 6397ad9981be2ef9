"""Tízlapos: a re-entry restarts the seat's total, and the score sheet says so in the hand's row
(``"reentry"``), so that every column adds up to the total (issue 13: "32 + 35 = 59")."""

from __future__ import annotations

from rummy_tui.engine.ai import choose_action
from rummy_tui.engine.game import Game
from tests.variants.ten_card.test_ten_card import B_EX7_TOTALS, play_b_ex7_hand


def column_sums(game: Game) -> list[int]:
    sheet = game.state.sheet
    return [
        sum(row["points"][seat] + row.get("reentry", [0] * game.state.players)[seat] for row in sheet)
        for seat in range(game.state.players)
    ]


def test_the_worked_example_the_reentry_row_takes_south_from_104_back_to_100():
    game = play_b_ex7_hand()
    row = game.state.sheet[-1]
    assert row["points"] == [-10, 2, 12, 0] and "reentry" not in row
    game.apply("reenter")
    assert row["reentry"] == [0, 0, -4, 0]  # 92 + 12 = 104, restart at the highest active total, 100
    assert game.state.totals == [40, 100, 100, 61]
    assert [start + change for start, change in zip(B_EX7_TOTALS, column_sums(game), strict=False)] == game.state.totals


def test_a_played_game_with_a_reentry_adds_up_after_every_move():
    game = Game("ten-card", 3, seed=11, settings={"limit": 25})
    reentries = 0
    while not game.is_over:
        if game.state.phase == "reentry":
            game.apply("reenter")  # always buy back in
            reentries += 1
        else:
            game.apply(choose_action(game, game.current_seat))
        assert column_sums(game) == game.state.totals
    assert reentries >= 1
