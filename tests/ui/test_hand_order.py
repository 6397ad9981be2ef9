"""Issue 13, should-fix "The hand": a hand the caption calls sorted stays sorted (a drawn card,
or one an undo gives back, goes in its place), and the line under the cards tells one meld from the next."""

from __future__ import annotations

from rummy_tui.engine.cards import face_of, parse_face, sort_key_by_rank, sort_key_by_suit
from rummy_tui.widgets.hand import HandView

from .driver import at_the_table, settle, to_play_phase_with
from .screen_text import screen_lines


def by_suit(cards: list[int]) -> list[int]:
    return sorted(cards, key=lambda card: (sort_key_by_suit(card), card))


def hand_rows(app) -> list[str]:
    """The message line, then the hand panel: title, marks, cards, meld lines, subtitle."""
    return screen_lines(app)[-7:-1]


async def draw_for_the_viewer(pilot, table) -> int:
    """Play on until the viewer may draw, draw from the stock; the card drawn."""
    game = table.game
    while not (game.current_seat == table.viewer and "draw:stock" in game.legal_actions()):
        if game.current_seat == table.viewer:
            await pilot.press("p" if "pass" in game.legal_actions() else "x")
        await settle(pilot)
    before = set(game.state.hands[table.viewer])
    await pilot.press("d")
    await pilot.pause()
    (drawn,) = set(game.state.hands[table.viewer]) - before
    return drawn


async def test_a_drawn_card_goes_in_its_place_in_a_sorted_hand():
    async with at_the_table("hungarian", 2, ["You"], seed=3) as (app, pilot):
        table = app.table()
        hand = table.query_one(HandView)
        drawn = await draw_for_the_viewer(pilot, table)
        assert hand.order == by_suit(hand.order)
        assert hand.cursor_card() == drawn  # the cursor follows the card to its place
        assert "sorted by suit" in hand_rows(app)[-1]


async def test_a_hand_put_in_the_players_own_order_keeps_it_and_says_so():
    async with at_the_table("hungarian", 2, ["You"], seed=3) as (app, pilot):
        table = app.table()
        hand = table.query_one(HandView)
        await pilot.press("x")  # the discard; then the others play and it is our draw
        await settle(pilot)
        await pilot.press("home", "full_stop")  # carry the first card one place right
        await pilot.pause()
        assert "your order" in hand_rows(app)[-1]
        own = list(hand.order)
        drawn = await draw_for_the_viewer(pilot, table)
        assert hand.order == own + [drawn]
        await pilot.press("s")  # sorting again keeps it sorted
        await pilot.pause()
        assert hand.order == sorted(hand.order, key=lambda card: (sort_key_by_rank(card), card))
        assert "sorted by rank" in hand_rows(app)[-1]


async def test_a_card_an_undo_gives_back_goes_in_its_place():
    async with at_the_table("gin", 2, ["You"], seed=1) as (app, pilot):
        table = app.table()
        hand = table.query_one(HandView)
        await draw_for_the_viewer(pilot, table)  # after the upcard passes; now discard one
        hand.set_cursor(0)
        discarded = hand.cursor_card()
        await pilot.press("x")
        await settle(pilot)
        assert discarded not in hand.order
        await pilot.press("u")
        await settle(pilot)
        assert discarded in hand.order
        assert hand.order == by_suit(hand.order)
        assert "sorted by suit" in hand_rows(app)[-1]


async def test_each_meld_of_the_hand_has_its_own_line_even_without_colour():
    async with at_the_table("hungarian", 2, ["You"], seed=1) as (app, pilot):
        await to_play_phase_with(pilot, app, "9S 9H 9D 4H 5H 6H")
        hand = app.table().query_one(HandView)
        cards_row, lines_row = hand_rows(app)[3], hand_rows(app)[4]
        cell = hand._cell

        def line_under(face: str) -> str:
            card = next(card for card in hand.order if face_of(card) == parse_face(face))
            index = hand.order.index(card)
            return lines_row[1 + index * cell : 1 + (index + 1) * cell].strip()

        nines = {line_under(face) for face in ("9S", "9H", "9D")}
        hearts = {line_under(face) for face in ("4H", "5H", "6H")}
        assert len(nines) == 1 and len(hearts) == 1, (cards_row, lines_row)
        assert nines != hearts and "" not in nines | hearts, lines_row
