"""Help, rules, the command palette's options, ASCII suits and the mouse."""

from __future__ import annotations

from rummy_tui.screens.help import KeysScreen, RulesScreen
from rummy_tui.widgets.hand import HandView

from .driver import at_the_table, settle
from .test_table_rules import _visible_text


async def test_question_mark_lists_the_keys_and_R_shows_this_variants_rules():
    async with at_the_table("gin", 2, ["Ann"], seed=3) as (app, pilot):
        await pilot.press("question_mark")
        assert isinstance(app.screen, KeysScreen)
        assert "Knock, discarding the card under the cursor" in _visible_text(app)
        await pilot.press("escape")
        await pilot.press("R")
        assert isinstance(app.screen, RulesScreen)
        assert "Gin Römi" in _visible_text(app)


async def test_the_palette_offers_new_game_sort_rules_and_display_options():
    async with at_the_table("gin", 2, ["Ann"], seed=3) as (app, pilot):
        titles = [command.title for command in app.get_system_commands(app.screen)]
        wanted_titles = ("New game", "Sort hand", "Rules", "ASCII suits", "AI speed: instant")
        for wanted in (*wanted_titles, "Four colours", "Large cards", "High contrast"):
            assert wanted in titles
        before = app.four_colour
        next(c for c in app.get_system_commands(app.screen) if c.title == "Four colours").callback()
        assert app.four_colour is not before


async def test_ascii_mode_draws_suit_letters_and_no_glyphs():
    async with at_the_table("gin", 2, ["Ann"], seed=3, ascii_only=True) as (app, pilot):
        shown = _visible_text(app)
        hand = app.table().game.state.hands[app.table().viewer]
        from rummy_tui.engine.cards import card_text

        assert all(card_text(card) in shown for card in hand)
        assert not any(glyph in shown for glyph in "♠♥♦♣")


async def test_clicks_draw_from_the_stock_and_select_a_card():
    async with at_the_table("gin", 2, ["Ann"], seed=3) as (app, pilot):
        game = app.table().game
        await pilot.press("p")  # pass the upcard; North has passed and drawn: Ann's turn to draw
        await settle(pilot)
        assert "draw:stock" in game.legal_actions()
        drawn = len(game.record["actions"])
        await pilot.click("#piles", offset=(3, 1))
        await settle(pilot)
        assert game.record["actions"][drawn:] == ["draw:stock"]
        hand = app.table().query_one(HandView)
        await pilot.click("#hand", offset=(1 + hand._cell * 2 + 2, 2))  # the third card
        assert hand.cursor == 2 and hand.order[2] in hand.selected


async def test_the_screen_answers_keys_while_the_ai_thinks(monkeypatch):
    import asyncio
    import threading

    from rummy_tui.app import RummyApp
    from rummy_tui.engine.ai import choose_action
    from rummy_tui.screens import table_local

    from .driver import seats

    # The AI thinks until the test lets it go: however loaded the machine, the key press below
    # is handled while the AI's worker is still busy (a fixed delay was overtaken under load).
    thinking, may_move = threading.Event(), threading.Event()

    def slow_choice(game, seat, level):
        thinking.set()
        if not may_move.wait(60):
            raise TimeoutError("the test never let the AI move")
        return choose_action(game, seat, level)

    monkeypatch.setattr(table_local, "choose_action", slow_choice)
    options = {"variant": "gin", "players": 2, "settings": {}, "seed": 3, "seats": seats(["Ann"], 1)}
    app = RummyApp(ai_delay=0.0, table_options=options)  # North moves first
    async with app.run_test(size=(80, 24)) as pilot:
        try:
            assert await asyncio.to_thread(thinking.wait, 60)  # North's worker is thinking
            await pilot.pause()
            game = app.table().game
            assert game.current_seat == 1 and not game.record["actions"]
            await pilot.press("question_mark")  # handled at once, while the worker thinks
            assert isinstance(app.screen, KeysScreen) and not game.record["actions"]
            may_move.set()
            for _wait in range(600):  # up to 60 s on a loaded machine
                await asyncio.sleep(0.1)
                await pilot.pause()
                if game.record["actions"]:
                    break
            assert game.record["actions"]  # the AI's move arrived meanwhile
        finally:
            may_move.set()  # a failing test must not leave the worker waiting
