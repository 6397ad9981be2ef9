"""Römi (hungarian) at the table, as a new player meets it: opening, takeback, the log."""

from __future__ import annotations

from rummy_tui.widgets.cards import card_label, log_line
from tests.support.words import english, message_texts

from .driver import at_the_table, make_app, select_cards, settle, to_play_phase_with


async def test_u_takes_back_an_opening_before_the_discard():
    async with at_the_table("hungarian", 2, ["Ann"], seed=1) as (app, pilot):
        await to_play_phase_with(pilot, app, "10H JH QH 5S 5H 5D")
        game = app.table().game
        seat = app.table().viewer
        cards_before = len(game.state.hands[seat])
        await select_cards(pilot, ["10H", "JH", "QH"], clear=False)
        await pilot.press("plus")
        await select_cards(pilot, ["5S", "5H", "5D"], clear=False)
        await pilot.press("m")
        assert len(game.state.table) == 2 and game.state.extra["opened"][seat]
        opening = english(game.state.events[-1])
        assert opening.startswith("opened with 45 points") and "[QH]" in opening and " QH" not in opening
        await pilot.pause()
        assert "undo" in {active.binding.action for active in app.active_bindings.values() if active.enabled}
        await pilot.press("u")
        assert game.state.table == []
        assert len(game.state.hands[seat]) == cards_before
        assert not game.state.extra["opened"][seat]


async def test_a_draw_from_the_stock_names_the_card_drawn():
    async with at_the_table("hungarian", 2, ["Ann"], seed=1) as (app, pilot):
        table = app.table()
        game = table.game
        while not (game.current_seat == table.viewer and game.state.phase == "draw"):
            if game.current_seat == table.viewer:  # the starter's first turn: no draw
                await pilot.press("x")
            await settle(pilot)
        hand_before = list(game.state.hands[table.viewer])
        await pilot.press("d")
        drawn = [card for card in game.state.hands[table.viewer] if card not in hand_before]
        message = str(table.query_one("#message").render())
        assert message == f"You drew {card_label(drawn[0])}"


async def test_t_on_a_discard_that_may_not_be_taken_says_why_with_card_glyphs():
    app = make_app("hungarian", 2, ["Ann"], seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = app.table()
        game = table.game
        for _turn in range(40):  # play on until Ann may draw but not take the top discard
            if (
                game.current_seat == table.viewer
                and game.state.phase == "draw"
                and game.why_not("take:discard") is not None
            ):
                break
            if game.current_seat == table.viewer:
                await pilot.press("d" if game.state.phase == "draw" else "x")
            await settle(pilot)
        reason = game.why_not("take:discard")
        assert reason is not None
        await pilot.press("t")
        message = table.query_one("#message").render()
        assert str(message) == log_line(reason, table.hand.card_look()).plain
        assert "[" not in str(message)
        assert game.state.phase == "draw"  # nothing was taken


async def test_keys_screen_explains_the_roemi_moves_and_leaves_out_other_variants_keys():
    from rummy_tui.screens.help import KeysScreen

    async with at_the_table("hungarian", 2, ["Ann"], seed=1) as (app, pilot):
        await pilot.press("question_mark")
        assert isinstance(app.screen, KeysScreen)
        shown = " ".join(str(static.render()) for static in app.screen.query("Static"))
        for words in ("Handolás", "Take a joker", "press e", "u takes back"):
            assert words in shown, words
        listed = {binding.action for binding in app.screen.bindings_list}
        assert {"meld", "layoff", "exchange", "undo", "take"} <= listed
        assert not {"knock", "gin", "void", "throwin", "reenter", "keep", "declare"} & listed


async def test_putting_groups_aside_tells_how_far_the_opening_is_from_40():
    async with at_the_table("hungarian", 2, ["Ann"], seed=1) as (app, pilot):
        await to_play_phase_with(pilot, app, "9S 10S JS 5C 5H 5D")
        table = app.table()
        await select_cards(pilot, ["9S", "10S", "JS"], clear=False)
        await pilot.press("plus")
        message = str(table.query_one("#message").render())
        assert message == "Put aside. You need 40 points to open; these melds make 29."
        await select_cards(pilot, ["5C", "5H", "5D"], clear=False)
        await pilot.press("plus")
        message = str(table.query_one("#message").render())
        assert message == "Put aside: select the next group, or m to lay them all."
        await pilot.press("m")
        assert table.game.state.extra["opened"][table.viewer]


async def _table_with(pilot, app, game) -> None:
    """Seat Ann (seat 0) at a crafted position."""
    table = app.table()
    table.game = game
    table.viewer = 0
    table._seen_hand = table._hand_marker()
    table.refresh_table()
    await pilot.pause()


async def test_joker_from_a_run_by_keys_then_melded_again():
    from tests.variants.hungarian.test_hungarian import crafted

    from .driver import press_move

    async with at_the_table("hungarian", 2, ["Ann"], seed=1) as (app, pilot):
        game = crafted(["9H QC QD 4S 2D", "5C 6C"], table=((1, "7H 8H JK=9H 10H"),), opened=[True, False], phase="play")
        await _table_with(pilot, app, game)
        table = app.table()
        await press_move(pilot, "exchange:9H>0")
        assert any(card >= 104 for card in game.state.hands[0])  # the joker came to hand
        await select_cards(pilot, ["4S"])
        await pilot.press("x")
        assert "joker" in str(table.query_one("#message").render())  # it must go back first
        await pilot.press("escape")
        await press_move(pilot, "meld:JK-QC-QD")
        await press_move(pilot, "discard:4S")
        assert any(event.get("seat") == 0 and english(event) == "discarded [4S]" for event in game.state.events)


async def test_joker_from_a_group_needs_every_missing_suit_then_is_laid_off():
    from tests.variants.hungarian.test_hungarian import crafted

    from .driver import press_move

    async with at_the_table("hungarian", 2, ["Ann"], seed=1) as (app, pilot):
        game = crafted(
            ["6S 6D 2C 9D KS", "5C"], table=((1, "6C JK 6H"), (1, "3S 4S 5S")), opened=[True, False], phase="play"
        )
        await _table_with(pilot, app, game)
        table = app.table()
        await press_move(pilot, "exchange:6S>0")
        assert "every missing suit" in str(table.query_one("#message").render())
        await press_move(pilot, "exchange:6S-6D>0")
        assert any(card >= 104 for card in game.state.hands[0])
        await press_move(pilot, "layoff:JK>1")
        await press_move(pilot, "discard:2C")
        assert any(event.get("seat") == 0 and english(event) == "discarded [2C]" for event in game.state.events)


async def test_handolas_by_keys_going_out_under_40_doubles_the_penalty():
    from rummy_tui.screens.results import EndOfHandScreen
    from tests.variants.hungarian.test_hungarian import crafted

    from .driver import press_move

    async with at_the_table("hungarian", 2, ["Ann"], seed=1) as (app, pilot):
        game = crafted(["2S 3S 4S 7H 7D 7C KD", "9C 10D"], phase="play")
        await _table_with(pilot, app, game)
        await press_move(pilot, "meld:2S-3S-4S+7H-7D-7C")  # 30 points: no opening, but all but one card
        assert len(game.state.table) == 2
        await press_move(pilot, "discard:KD")
        await pilot.pause()
        assert isinstance(app.screen, EndOfHandScreen)
        assert game.state.last_hand["points"][1] == 2 * (9 + 10)
        assert any("handolás" in line for line in message_texts(game.state.last_hand["lines"]))


async def test_a_refusal_draws_the_cards_it_names():
    from tests.variants.hungarian.test_hungarian import crafted

    app = make_app("hungarian", 2, ["Ann"], seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        game = crafted(["4S QD QC 2D 9H", "9C 10D"], opened=[True, False], phase="play")
        await _table_with(pilot, app, game)
        await select_cards(pilot, ["4S", "QD", "QC"])
        await pilot.press("m")
        message = str(app.table().query_one("#message").render())
        assert "4♠" in message and "Q♦" in message and "4S" not in message and "[" not in message
        assert game.state.table == []


async def test_taking_the_discard_names_the_card_taken():
    async with at_the_table("hungarian", 2, ["Ann"], seed=1) as (app, pilot):
        table = app.table()
        game = table.game
        while not (game.current_seat == table.viewer and game.state.phase == "draw"):
            if game.current_seat == table.viewer:
                await pilot.press("x")
            await settle(pilot)
        assert game.why_not("take:discard") is None  # the first drawing round: free
        top = game.state.discard[-1]
        await pilot.press("t")
        assert str(table.query_one("#message").render()) == f"You took {card_label(top)}"


async def test_a_long_refusal_is_shown_whole_above_the_hand_at_80x24():
    app = make_app("hungarian", 2, ["Ann"], seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table()
        game = table.game
        for _turn in range(40):  # play on until Ann may draw but not take the top discard
            if game.current_seat == table.viewer and game.state.phase == "draw" and game.why_not("take:discard"):
                break
            if game.current_seat == table.viewer:
                await pilot.press("d" if game.state.phase == "draw" else "x")
            await settle(pilot)
        reason = log_line(game.why_not("take:discard"), table.hand.card_look()).plain
        assert len(reason) > 78  # longer than the line
        await pilot.press("t")
        await pilot.pause()
        message = table.query_one("#message")
        shown = " ".join(line.strip() for line in message.render().plain.splitlines())
        assert shown == reason and message.region.bottom <= table.hand.region.y
        assert not app._notifications  # nothing over the hand
