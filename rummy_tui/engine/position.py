"""Setting up a chosen position: for tests, puzzles, tutorials and bug reports.

``Game.from_position`` deals a normal game of the variant (so every variant-specific datum has a
sensible value), then :func:`place_position` puts the cards where the caller says and lets the variant adjust what it
derives from them (``Variant.prepare_position``). Every card of the deck must be placed exactly
once; a stock left out is every card not placed elsewhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .cards import card_text, deal_cards, is_joker, make_deck, parse_face
from .melds import read_meld

if TYPE_CHECKING:
    from .game import Game

Cards = str | Sequence[int]


class PositionError(ValueError):
    """A position that cannot be set up, with the reason in words."""


def place_position(
    game: Game,
    *,
    hands: Sequence[Cards],
    stock: Cards | None = None,
    discard: Cards = (),
    table: Sequence[Any] = (),
    to_move: int = 0,
    phase: str | None = None,
    extra: dict[str, Any] | None = None,
    dealer: int | None = None,
    totals: Sequence[int] | None = None,
) -> Game:
    """Put the cards of a freshly dealt ``game`` where the caller says (see Game.from_position)."""
    players = game.state.players
    s = game.state
    phases = game.variant.phases
    phase = phase or (phases[0] if phases else s.phase)
    if phases and phase not in phases:
        raise PositionError(f"{game.variant.name} has no phase '{phase}' (its phases: {', '.join(phases)})")
    if len(hands) != players:
        raise PositionError(f"give one hand per player: {players} hands, not {len(hands)}")
    if not 0 <= to_move < players:
        raise PositionError(f"to_move must be a seat from 0 to {players - 1}, not {to_move}")
    deck = make_deck(*game.variant.deck(s.settings))
    used: list[int] = []
    new_hands = [_cards(zone, used, deck, f"hand {seat}") for seat, zone in enumerate(hands)]
    new_discard = _cards(discard, used, deck, "the discard pile")
    new_table = [_table_entry(game, entry, used, deck) for entry in table]
    if stock is None:
        new_stock = [c for c in deck if c not in set(used)]
        game.rng("position stock").shuffle(new_stock)
    else:
        new_stock = _cards(stock, used, deck, "the stock")
        missing = sorted(set(deck) - set(used))
        if missing:
            raise PositionError(
                f"{len(missing)} card(s) are placed nowhere: {' '.join(card_text(c) for c in missing[:8])}"
            )
    s.hands, s.discard, s.stock, s.table = new_hands, new_discard, new_stock, new_table
    s.to_move, s.phase = to_move, phase
    if dealer is not None:
        s.dealer = dealer
    if totals is not None:
        if len(totals) != players:
            raise PositionError(f"give one total per player: {players}, not {len(totals)}")
        s.totals = [int(t) for t in totals]
    s.events, s.last_hand = [], None
    game.variant.prepare_position(game, dict(extra or {}))
    return game


def _cards(zone: Cards, used: list[int], deck: list[int], where: str) -> list[int]:
    """Physical cards for a zone given as text (``"9H 9H JK"``: distinct copies) or as ids."""
    if isinstance(zone, str):
        try:
            cards = deal_cards(zone, used)
        except ValueError as error:
            raise PositionError(f"{where}: {error}") from None
        strangers = [c for c in cards if c not in deck]
        if strangers:
            raise PositionError(f"{where}: this deck has no more {card_text(strangers[0])}")
    else:
        cards = [int(c) for c in zone]
        for card in cards:
            if card not in deck:
                raise PositionError(f"{where}: card id {card} is not in this game's deck")
            if card in used or cards.count(card) > 1:
                raise PositionError(f"{where}: {card_text(card)} (id {card}) is placed twice")
    used.extend(cards)
    return cards


def _table_entry(game: Game, entry: Any, used: list[int], deck: list[int]) -> dict[str, Any]:
    """A table meld from ``"6H 7H JK=8H"``, ``(owner, text)`` or ``(owner, [ids])``."""
    owner, cards_given = entry if isinstance(entry, tuple) else (0, entry)
    hints: dict[int, int] = {}
    if isinstance(cards_given, str):
        tokens = cards_given.split()
        cards = _cards(" ".join(t.split("=")[0] for t in tokens), used, deck, "a table meld")
        for card, token in zip(cards, tokens, strict=False):
            if "=" in token and is_joker(card):
                hints[card] = parse_face(token.split("=", 1)[1])
    else:
        cards = _cards(cards_given, used, deck, "a table meld")
    meld = read_meld(cards, game.variant.meld_rules(game.settings), hints)
    if meld is None:
        raise PositionError(f"not a meld: {' '.join(card_text(c) for c in cards)}")
    return {"owner": owner, "meld": meld.to_json()}
