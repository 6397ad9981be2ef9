"""Keys for moves that are not possible now: hidden from the footer, but pressed they explain why."""

from __future__ import annotations

from rummy_tui.engine.cards import card_text
from rummy_tui.widgets.hand import HandView

from .driver import at_the_table, make_app, settle
from .test_table_rules import _visible_text


async def _gin_turn_with_eleven_cards(pilot, app):
    await settle(pilot)
    table = app.table()
    game = table.game
    while not any(code.startswith("discard:") for code in table._legal):
        await pilot.press("p" if "pass" in table._legal else "d")
        await settle(pilot)
    return table, game


async def test_k_over_the_knock_limit_shows_the_engines_reason():
    app = make_app("gin", 2, ["Ann"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        table, game = await _gin_turn_with_eleven_cards(pilot, app)
        card = card_text(table.query_one(HandView).cursor_card())
        reason = game.why_not(f"knock:{card}")
        assert reason is not None  # this deal's first turn is far over the limit
        await pilot.press("k")
        await pilot.pause()
        assert "knock limit" in reason and reason[:30] in _visible_text(app)
        await pilot.press("g")
        await pilot.pause()
        assert game.why_not(f"gin:{card}")[:30] in _visible_text(app)


async def test_end_moves_the_cursor_to_the_last_card_and_home_back_to_the_first():
    app = make_app("gin", 2, ["Ann"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await _gin_turn_with_eleven_cards(pilot, app)
        hand = app.table().query_one(HandView)
        await pilot.press("home")
        assert hand.cursor == 0
        await pilot.press("end")
        assert hand.cursor == len(hand.order) - 1 == 10


async def test_tizlapos_never_offers_the_table_keys_joker_exchange_or_joker_as():
    async with at_the_table("ten-card", 2, ["Ann"], seed=5) as (app, pilot):
        table = app.table()
        hand = table.query_one(HandView)
        jokers = [index for index, card in enumerate(hand.order) if card_text(card) == "JK"]
        hand.set_cursor(jokers[0] if jokers else 0)
        await pilot.press("space")
        await pilot.pause()
        assert table.check_action("exchange", ()) is False
        assert table.check_action("layoff", ()) is False
        assert table.check_action("joker_meaning", ()) is False


async def test_the_play_phase_hint_fits_the_status_line_at_80_columns():
    async with at_the_table("traditional", 2, ["Ann"], seed=8) as (app, pilot):
        table = app.table()
        while "draw:stock" not in table._legal:
            await settle(pilot)
        await pilot.press("d")
        await pilot.pause()
        status = table.status_text()
        assert status.endswith("x discard") and len(status) <= 78, status
        table.seats[0]["name"] = "Maximilian"  # a longer name: the game's name gives way to the hint
        status = table.status_text()
        assert status.startswith("hand 1 · Maximilian: ") and status.endswith("x discard"), status


def test_every_phase_hint_fits_the_status_line_of_the_variants_that_use_it():
    import variants
    from rummy_tui.screens.table import PHASE_HINTS, variant_verbs

    for needed, hint in PHASE_HINTS:
        for variant in variants.registry().values():
            if needed <= variant_verbs(variant) | {"pass", "takeback"}:
                status = f"hand 12 · Centre: {hint}"  # the game's name gives way when space is short
                assert len(status) <= 78, status  # 80 columns less the status line's padding
