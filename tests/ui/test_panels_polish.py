"""Issue 13, should-fix "Panels" and "Leaving a game": the whole log one key away, the dealer
mark kept when a name is cut, "? Keys" kept in a crowded footer, and ctrl+q saying how to come back."""

from __future__ import annotations

from rummy_tui.engine.cards import is_joker
from rummy_tui.screens.log_view import LogLines, LogScreen
from rummy_tui.storage import SaveStore
from rummy_tui.widgets.hand import HandView
from rummy_tui.widgets.log import GameLog, event_line

from .driver import at_the_table, make_app, play_until, played_until, resumed_app, settle
from .screen_text import screen_lines, screen_text


def roemi_four():
    app = make_app("hungarian", 4, ["You"], seed=1)
    app.table_options["seats"][3]["name"] = "Southampton"  # the dealer of hand 1, too long for the panel
    return app


async def test_a_cut_dealer_name_keeps_its_dealer_mark_at_80x24():
    app = roemi_four()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table()
        dealer = table.names[table.game.state.dealer]
        assert dealer == "Southampton"
        players = screen_lines(app)[2:7]
        row = next(line for line in players if "AI normal" in line and "(D)" in line)
        assert "So" in row and "…" in row, row  # the name is cut, its mark is not


async def test_the_footer_keeps_the_keys_help_when_a_joker_is_selected():
    async with at_the_table("hungarian", 4, ["You"], seed=1) as (app, pilot):
        hand = app.table().query_one(HandView)
        joker = next(index for index, card in enumerate(hand.order) if is_joker(card))
        hand.set_cursor(joker)
        await pilot.press("space")
        await pilot.pause()
        footer = screen_lines(app)[-1]
        assert "j Joker as" in footer and "m Meld" in footer
        assert footer.rstrip().endswith("? Keys"), footer


async def test_h_opens_every_log_line_uncut_and_escape_returns():
    game = played_until("hungarian", 4, ["You"], 1, {}, lambda game: len(game.state.events) >= 40, moves_before=4)
    app = resumed_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table()
        await play_until(pilot, lambda: len(table.game.state.events) >= 40)
        await settle(pilot)
        panel = table.query_one(GameLog)
        look = panel.card_look()
        whole = [event_line(event, table.names, look, table.viewer).plain for event in table.game.state.events]
        assert any(len(line) > panel.content_size.width for line in whole)  # the panel cuts some
        assert len(whole) > panel.content_size.height  # and shows only the last few
        await pilot.press("H")
        assert isinstance(app.screen, LogScreen)
        await pilot.pause()
        shown = app.screen.query_one(LogLines).render().plain
        for line in whole:
            assert line in shown
        assert "…" not in shown
        await pilot.press("escape")
        assert app.screen is table


async def test_a_click_on_the_log_panel_opens_the_whole_log():
    async with at_the_table("gin", 2, ["You"], seed=1) as (app, pilot):
        await pilot.click(GameLog)
        assert isinstance(app.screen, LogScreen)


async def test_the_keys_screen_says_how_to_quit():
    async with at_the_table("gin", 2, ["You"], seed=1) as (app, pilot):
        await pilot.press("question_mark")
        await pilot.pause()
        app.screen.query_one("VerticalScroll").scroll_end(animate=False)
        await pilot.pause()
        assert "ctrl+q" in screen_text(app) and "rummy resume" in screen_text(app)


async def test_ctrl_q_saves_the_game_and_says_how_to_continue_it(capsys):
    async with at_the_table("gin", 2, ["You"], seed=1) as (app, pilot):
        await pilot.press("ctrl+q")
    assert app.return_code == 0
    message = capsys.readouterr().err  # printed on the terminal once the app has left it
    assert "saved" in message and "rummy resume" in message
    saves = SaveStore().list()
    assert len(saves) == 1
    assert not SaveStore().load(saves[0].id).is_over
