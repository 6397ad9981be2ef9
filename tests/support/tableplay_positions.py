"""Crafted positions for the draw/meld/lay-off/discard variants (basic and traditional)."""

from __future__ import annotations

from rummy_tui.engine.cards import deal_cards, face_of, face_text
from variants.tableplay.rules import arrange_position


def place(game, hands, discard="", stock_top="", table=(), to_move=0, tabled=(), stock=None):
    """Lay out a crafted position from card text; table melds take the first copies, every
    card not named goes to the stock."""
    used: list[int] = []

    def take(text):
        cards = deal_cards(text, used) if text else []
        used.extend(cards)
        return cards

    melds = [(owner, take(text)) for owner, text in table]
    hand_cards = {seat: take(text) for seat, text in hands.items()}
    arrange_position(
        game,
        hand_cards,
        take(discard),
        take(stock_top),
        melds,
        to_move=to_move,
        tabled=tabled,
        stock=None if stock is None else take(stock),
    )


def texts(cards):
    return sorted(face_text(face_of(c)) for c in cards)


def play(game, *actions):
    for action in actions:
        game.apply(action)
