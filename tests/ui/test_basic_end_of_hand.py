"""Rummy's end of hand: every card left in hand counts, and the screen says so."""

from __future__ import annotations

from rummy_tui.screens.results import EndOfHandScreen

from .driver import play_until, played_until, resumed_app
from .test_table_rules import _visible_text


def near_the_end_of_a_hand():
    """Four players a few moves before the first hand ends (the engine plays up to there)."""
    return resumed_app(
        played_until("basic", 4, ["Ann"], 7, {"target": 40}, lambda game: game.state.last_hand, moves_before=4)
    )


async def test_basic_end_of_hand_lists_the_cards_left_in_hand_not_unmatched():
    app = near_the_end_of_a_hand()
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda: isinstance(app.screen, EndOfHandScreen))
        text = _visible_text(app)
        assert "left in hand:" in text and "unmatched:" not in text


async def test_the_cards_left_in_hand_are_sorted_and_the_last_hands_message_goes():
    from rummy_tui.engine.cards import sort_key_by_suit
    from rummy_tui.widgets.cards import card_label

    app = near_the_end_of_a_hand()
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda: isinstance(app.screen, EndOfHandScreen))
        last = app.table().game.state.last_hand
        for cards in last["deadwood"]:
            if len(cards) > 1:
                shown = [card_label(card) for card in sorted(cards, key=lambda card: (sort_key_by_suit(card), card))]
                assert " ".join(shown) in _visible_text(app).replace("  ", " "), (shown, _visible_text(app))
        assert str(app.table().query_one("#message").render()) == ""  # no word of the hand that ended
