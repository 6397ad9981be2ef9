"""The Players panel: name, who plays it, cards, the running total, money where it fits, who is out."""

from __future__ import annotations

import io

from rich.console import Console

from rummy_tui.widgets.opponents import OpponentsView

from .driver import at_the_table, make_app, settle


def _panel_lines(app) -> list[str]:
    panel = app.table().query_one(OpponentsView)
    console = Console(width=panel.content_size.width, record=True, file=io.StringIO())
    console.print(panel.render())
    return console.export_text().splitlines()


async def test_six_player_tizlapos_shows_every_total_and_who_is_out_at_80x24():
    async with at_the_table("ten-card", 6, ["Ann"], seed=5) as (app, pilot):
        table = app.table()
        table.game.state.totals[:] = [12, 98, 104, 7, 55, 61]
        table.game.state.extra["active"][2] = False
        table.refresh_table()
        await pilot.pause()
        lines = _panel_lines(app)
        assert "total" in lines[0]
        for name, total in zip(table.names, [12, 98, 104, 7, 55, 61], strict=False):
            row = next(line for line in lines if name in line)
            assert row.split()[-2 if name == table.names[2] else -1] == str(total), row
        assert next(line for line in lines if table.names[2] in line).endswith("out")


async def test_at_120_columns_the_players_panel_also_shows_the_money():
    app = make_app("ten-card", 4, ["Ann"], seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = app.table()
        table.game.state.extra["money"][:] = [3, -1, -1, -1]
        table.refresh_table()
        await pilot.pause()
        lines = _panel_lines(app)
        assert lines[0].split()[-2:] == ["total", "money"]
        assert next(line for line in lines if "Ann" in line).split()[-1] == "3"


async def test_gin_players_panel_shows_the_totals_and_marks_the_dealer():
    async with at_the_table("gin", 2, ["Ann"], seed=3) as (app, pilot):
        table = app.table()
        table.game.state.totals[:] = [17, 42]
        table.refresh_table()
        await pilot.pause()
        lines = _panel_lines(app)
        dealer = table.names[table.game.state.dealer]
        assert f"{dealer} (D)" in next(line for line in lines if dealer in line)
        assert [line.split()[-1] for line in lines[1:3]] == ["17", "42"]


async def test_a_long_dealer_name_is_shortened_rather_than_the_totals_dropped():
    async with at_the_table("ten-card", 6, ["Ann"], seed=5) as (app, pilot):
        table = app.table()
        table.game.state.dealer = 5  # "Centre (D)", the longest name
        table.game.state.totals[:] = [3, 14, 25, 9, 18, 21]
        table.game.state.extra["active"][1] = False
        table.refresh_table()
        await pilot.pause()
        lines = _panel_lines(app)
        assert "total" in lines[0]
        for line, total in zip(lines[1:], [3, 14, 25, 9, 18, 21], strict=False):
            assert str(total) in line.split(), line


def four_player_roemi(names: list[str]):
    """Seed 1 deals from seat 3 (South); the AI seats are normal."""
    app = make_app("hungarian", 4, ["You"], seed=1)
    for seat, name in zip(app.table_options["seats"][1:], names, strict=False):
        seat["name"] = name
    return app


async def test_in_four_player_roemi_the_dealers_short_name_is_not_cut(hungarian):
    app = four_player_roemi(["Észak", "Kelet", "Dél"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = _panel_lines(app)
        dealer = next(line for line in lines if "(O)" in line)  # O for osztó: D is the dáma
        assert "Dél (O)" in dealer and "gép" in dealer, lines
        for name in ("Észak", "Kelet"):
            assert name in "\n".join(lines), lines


async def test_in_four_player_roemi_every_english_name_shows_whole():
    app = four_player_roemi(["North", "East", "South"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = "\n".join(_panel_lines(app))
        assert "South (D)" in lines and "North" in lines and "East" in lines and "…" not in lines, lines
