"""Cards drawn by pure functions; red and black stay apart in 16 colours."""

from __future__ import annotations

from rich.color import ColorSystem

from rummy_tui.engine.cards import parse_face
from rummy_tui.widgets.cards import CardLook, card_label, colour_class, log_line
from rummy_tui.widgets.hand import HandView

from .driver import at_the_table


def test_labels_use_glyphs_or_letters():
    assert card_label(parse_face("10H")) == "10♥"
    assert card_label(parse_face("10H"), ascii_only=True) == "10H"
    assert card_label(104) == "JK"


def test_two_and_four_colour_classes():
    spade, heart, diamond, club = (parse_face(t) for t in ("AS", "AH", "AD", "AC"))
    assert [colour_class(c) for c in (spade, heart, diamond, club)] == [
        "card--black",
        "card--red",
        "card--red",
        "card--black",
    ]
    assert [colour_class(c, four_colour=True) for c in (spade, heart, diamond, club)] == [
        "card--black",
        "card--red",
        "card--diamond",
        "card--club",
    ]
    assert colour_class(105) == "card--joker"


def test_log_text_cards_become_glyphs():
    assert log_line("took [7D] from the discard pile", CardLook()).plain == "took 7♦ from the discard pile"
    assert log_line("shows [10S] [JK]", CardLook(ascii_only=True)).plain == "shows 10S JK"


async def test_red_and_black_suits_differ_after_16_colour_quantisation():
    async with at_the_table("gin", 2, ["Ann"], seed=3) as (app, pilot):
        hand = app.table().query_one(HandView)
        styles = hand.card_look().styles
        red = styles["card--red"].color.downgrade(ColorSystem.STANDARD).number
        black = styles["card--black"].color.downgrade(ColorSystem.STANDARD).number
        assert red in (1, 9)  # red or bright red
        assert black not in (1, 9) and black != red
