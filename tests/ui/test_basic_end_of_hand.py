"""Rummy's end of hand: every card left in hand counts, and the screen says so."""

from __future__ import annotations

from rummy_tui.screens.results import EndOfHandScreen

from .driver import make_app, play_until
from .test_table_rules import _visible_text


async def test_basic_end_of_hand_lists_the_cards_left_in_hand_not_unmatched():
    app = make_app("basic", 4, ["Ann"], seed=7, settings={"target": 40})
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda: isinstance(app.screen, EndOfHandScreen))
        text = _visible_text(app)
        assert "left in hand:" in text and "unmatched:" not in text


async def test_the_cards_left_in_hand_are_sorted_and_the_last_hands_message_goes():
    from rummy_tui.engine.cards import sort_key_by_suit
    from rummy_tui.widgets.cards import card_label

    app = make_app("basic", 4, ["Ann"], seed=7, settings={"target": 40})
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda: isinstance(app.screen, EndOfHandScreen))
        last = app.table().game.state.last_hand
        for cards in last["deadwood"]:
            if len(cards) > 1:
                shown = [card_label(card) for card in sorted(cards, key=lambda card: (sort_key_by_suit(card), card))]
                assert " ".join(shown) in _visible_text(app).replace("  ", " "), (shown, _visible_text(app))
        assert str(app.table().query_one("#message").render()) == ""  # no word of the hand that ended
