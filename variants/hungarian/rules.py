"""Variant C: Hungarian Römi ("Römi 40", handolás, szúrás), RULES.md section C.

Phases: ``draw`` (``draw:stock`` or ``take:discard``) and ``play`` (table moves, then
``discard:X``, which ends the turn). The 15-card starter begins in ``play`` without drawing.

Table moves (RULES.md C-5, codes of docs/ENGINE.md):

* ``meld:7S-8S-JK=9S+KH-KC-KD``: one or more new melds. A player who has not opened needs 40
  points in the melds he lays this turn; a meld short of that is accepted only as a step of a
  handolás (going out from hand in this turn).
* ``layoff:5C>2`` and ``exchange:9H>3`` (a group needs every missing suit: ``exchange:6S-6D>3``):
  for opened players, or in a handolás turn. A freed joker must reach the table this turn.
* ``takeback``: undo this turn's table moves (back to just after the draw).

Taking the top discard T (C-6) is free on a player's first draw; otherwise T must reach the
table this turn (to open with it, in a new meld with two natural cards from the hand, on a
table meld with a second copy held or a toló laid past it, or to go out). Such duties are
checked at the discard. A take, a handolás step or a joker exchange is accepted if and only if
a legal completion of the turn exists after it: the exact search of ``variants/hungarian/turn.py``
decides, and its plan is kept in ``state.private`` so that the offered moves always lead to a
legal discard.

Public data in ``state.extra``: ``opened`` and ``drawn`` per seat, ``starter``,
``deals_played``, and ``turn`` (this turn's taken card, freed jokers, new melds, the table as it
was when the turn began, the points melded so far this turn).

The rules span five modules, each importing only those after it: this one (the variant),
``moves.py`` (reading, judging and carrying out a move), ``flow.py`` (dealing, the turns, the end
of a hand and its score), ``plan.py`` (the moves offered, which discards are allowed, and the
completion planner, which tries moves through ``game.variant``) and ``common.py`` (what they
share, card values included). The computer players are ``ai.py`` and ``hard.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rummy_tui.engine.melds import MeldRules
from rummy_tui.engine.variant import Setting, Variant
from rummy_tui.i18n import N_

from . import moves as hungarian_moves
from . import plan as hungarian_plan
from .common import DRAW, PLAY, RULES, Refusal, value_of
from .flow import begin_turn, deal_hand

if TYPE_CHECKING:
    from rummy_tui.engine.game import Game


class HungarianRomi(Variant):
    key = "hungarian"
    name = N_("Hungarian Rummy")
    points_are_penalties = True
    hungarian_name = "Römi"
    description = N_("2-4 players, two decks and jokers: open with 40 points, lay off, steal jokers, go out from hand.")
    rules_summary = N_(
        "Two 52-card decks and 2 jokers (or 4), 2 to 4 players. The player after the dealer gets 15 "
        "cards and starts without drawing: he may lay down (open, or go out by handolás) before his "
        "first discard. Everyone else gets 14. On a turn you draw "
        "(from the stock or the discard pile), make table moves, and discard one card. The hand ends "
        "when someone discards his last card.\n\n"
        "Melds are runs (3+ cards of one suit in sequence; the ace is low A-2-3 or high Q-K-A, never "
        "K-A-2) and groups (3 or 4 cards of one rank, all suits different). A meld may hold up to 2 "
        "jokers and needs one natural card. Values: 2-10 face value, J/Q/K 10, ace 11; a joker in a "
        "meld counts as the card it stands for, 20 when left in hand.\n\n"
        "Your first melds must total at least 40 points in one turn (opening). After that you may "
        "meld freely, lay cards off on anyone's melds, and take a joker from a run by laying the card "
        "it stands for (from a group: lay every missing suit). A joker taken must go back on the table "
        "in the same turn. Handolás: lay all your cards but one in a single turn without having put "
        "anything down before; no 40 minimum is needed and the others' penalties are doubled.\n\n"
        "The top discard may be taken freely on your first draw of the hand. Later it must reach the "
        "table that turn: to open with it, in a new meld with two natural cards from your hand, or to "
        "go out. A card that could be laid off (szúró) may be taken only to meld it with two natural "
        "cards from your hand, when you hold a second copy, or when you lay it off together with a "
        "toló: another card from your hand that extends the run past it.\n\n"
        "The others score the value of every card left in hand as penalty. A game is 7 deals; the "
        "lowest total wins."
    )
    min_players = 2
    max_players = 4
    settings = {
        "jokers": Setting(2, N_("jokers in the deck (2, or 4 as many tables play)"), (2, 4)),
        "opening_min": Setting(40, N_("points the first melds of a player must reach"), label=N_("Opening minimum")),
        "hand_out_multiplier": Setting(
            2, N_("the others' penalties are multiplied by this after a handolás"), label=N_("Handolás factor")
        ),
        "deals": Setting(7, N_("deals in a game (10 for a long game)"), minimum=1),
        "joker_in_hand": Setting(20, N_("penalty of a joker left in hand"), label=N_("Joker in hand")),
        "ace": Setting(11, N_("value of an ace, low or high"), label=N_("Ace value")),
        "max_reshuffles": Setting(3, N_("stock rebuilds per hand before the hand is void"), label=N_("Stock rebuilds")),
    }

    # --- parameters ---------------------------------------------------------------------

    def deck(self, settings: dict[str, Any]) -> tuple[int, int]:
        return 2, settings["jokers"]

    def meld_rules(self, settings: dict[str, Any]) -> MeldRules:
        return RULES

    def card_value(self, card: int, settings: dict[str, Any]) -> int:
        return value_of(card, settings)

    # --- hooks --------------------------------------------------------------------------

    def start_game(self, game: Game) -> None:
        s = game.state
        s.totals = [0] * s.players
        s.extra = {"deals_played": 0}
        s.dealer = game.rng("first dealer").randrange(s.players)
        deal_hand(game)

    def legal_actions(self, game: Game) -> list[str]:
        if game.state.phase == DRAW:
            return hungarian_plan.draw_actions(game)
        if game.state.phase == PLAY:
            return hungarian_plan.play_actions(game)
        return []

    phases = (DRAW, PLAY)

    def prepare_position(self, game: Game, extra: dict[str, Any]) -> None:
        """A crafted position: nobody has opened and everybody has drawn (not the first round)
        unless ``extra`` says otherwise (``opened``, ``drawn``, ``starter``, ``deals_played``)."""
        s = game.state
        s.extra.update(opened=[False] * s.players, drawn=[True] * s.players, turn=None)
        super().prepare_position(game, extra)
        s.private = [{} for _ in range(s.players)]
        if s.phase == PLAY:
            begin_turn(game, s.mover, taken=None, free=False)

    def why_not(self, game: Game, action: str) -> str | None:
        try:
            hungarian_moves.check_action(game, action)
        except Refusal as refusal:
            return str(refusal)
        return None

    def apply(self, game: Game, action: str) -> None:
        hungarian_moves.perform(game, action)


VARIANT = HungarianRomi()
