"""The table asks the engine: refused actions show its reason; hot-seat hides the cards."""

from __future__ import annotations

import io

from rummy_tui.screens.handoff import HandOffScreen
from rummy_tui.widgets.cards import card_label
from rummy_tui.widgets.hand import HandView

from .driver import at_the_table, make_app, pick_from_menu, select_cards, settle, to_play_phase_with


def _visible_text(app) -> str:
    """Everything on screen now, as plain text."""
    from rich.console import Console

    console = Console(width=app.size.width, record=True, file=io.StringIO())
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text()


async def test_a_roemi_opening_worth_28_is_refused_with_the_engines_reason():
    async with at_the_table("hungarian", 2, ["Ann"], seed=1) as (app, pilot):
        # Give Ann a 28-point run (9-10-J of spades) to try as an opening.
        game = await to_play_phase_with(pilot, app, "9S 10S JS")
        table = app.table()
        expected = game.why_not("meld:9S-10S-JS")
        assert expected and "40" in expected
        await select_cards(pilot, ["9S", "10S", "JS"])
        await pilot.press("m")
        message = str(table.query_one("#message").render())
        assert message == expected
        assert game.state.table == []  # nothing was laid


async def test_hot_seat_hides_the_next_players_cards_until_enter():
    app = make_app("gin", 2, ["Ann", "Bob"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandOffScreen)
        game = app.table().game
        first = game.current_seat
        names = ["Ann", "Bob"]
        assert f"Pass the terminal to {names[first]}" in _visible_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert app.table().viewer == first
        await pilot.press("p")  # pass the upcard: now the other human is to move
        await settle(pilot)
        assert isinstance(app.screen, HandOffScreen)
        other = game.current_seat
        assert other != first
        shown = _visible_text(app)
        assert f"Pass the terminal to {names[other]}" in shown
        hidden_hand = game.state.hands[other]
        assert not any(card_label(card) in shown for card in hidden_hand)  # no card of the waiting hand
        assert app.table().viewer is None
        await pilot.press("enter")
        await settle(pilot)
        hand = app.table().query_one(HandView)
        assert sorted(hand.order) == sorted(game.state.hands[other])
        shown = _visible_text(app)
        assert f"{names[other]} · {len(hand.order)} cards" in shown


BEFORE_THE_END = 15  # moves of the hot-seat hand left to play by keys: each human passes the terminal more than once


async def test_the_end_of_a_hot_seat_hand_never_shows_a_waiting_players_cards():
    from rummy_tui.screens.results import EndOfHandScreen

    from .driver import play_until, played_until, resumed_app

    # The table opens some moves before the hand ends (the engine plays up to there, as the keys
    # would): each hand-off on the way, and the end of the hand, are what the test looks at.
    game = played_until("ten-card", 3, ["Ann", "Bob"], 4, None, lambda game: game.state.last_hand, BEFORE_THE_END)
    app = resumed_app(game)
    hand_offs = []

    def done() -> bool:
        if isinstance(app.screen, HandOffScreen):
            game = app.table().game
            shown = _visible_text(app)
            waiting = game.state.hands[game.current_seat]
            assert not any(card_label(card) in shown for card in waiting)
            hand_offs.append(game.current_seat)
        return isinstance(app.screen, EndOfHandScreen)

    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, done, max_moves=300)
        assert isinstance(app.screen, EndOfHandScreen)
    assert {0, 1} <= set(hand_offs) and len(hand_offs) > 2, hand_offs


async def test_the_player_chooses_what_a_joker_stands_for():
    from rummy_tui.engine.melds import Meld
    from rummy_tui.screens.menus import MovesMenu

    async with at_the_table("hungarian", 2, ["Ann"], seed=1) as (app, pilot):
        game = await to_play_phase_with(pilot, app, "AH KH QH 10S JS JK")
        await select_cards(pilot, ["AH", "KH", "QH"])
        await pilot.press("plus")
        await select_cards(pilot, ["10S", "JS", "JK"], clear=False)
        await pilot.press("j")
        assert isinstance(app.screen, MovesMenu)
        offered = [code for code, _words in app.screen.moves]
        assert "meld:AH-QH-KH+10S-JS-JK=QS" in offered and "meld:AH-QH-KH+10S-JS-JK=9S" in offered
        await pick_from_menu(pilot, "meld:AH-QH-KH+10S-JS-JK=9S")
        await pilot.pause()
        assert game.state.table == []  # j only chooses (issue 13): m lays the meld
        await pilot.press("m")
        laid = [Meld.from_json(entry["meld"]) for entry in game.state.table]
        assert any("JK=9S" in meld.text() for meld in laid)
