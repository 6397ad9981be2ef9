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

The rules span four modules: this one (the variant, the flow of a hand, the score),
``moves.py`` (reading, judging and carrying out a move), ``plan.py`` (the
moves offered and the completion planner) and ``common.py`` (what they share). The
computer players are ``ai.py`` and ``hard.py``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from rummy_tui.engine.cards import face_of, is_joker, rank_of
from rummy_tui.engine.melds import Meld, MeldRules
from rummy_tui.i18n import N_, msg, msg_n, names_text
from rummy_tui.engine.variant import Setting, Variant
from . import moves as hungarian_moves
from . import plan as hungarian_plan
from .common import (  # the AI and the tests import these from here too
    DRAW, PLAY, RULES, Refusal, copy_table, could_fit, planning,
)
from .turn import is_szuro as fits_table

if TYPE_CHECKING:
    from rummy_tui.engine.game import Game


class HungarianRomi(Variant):
    key = "hungarian"
    name = N_("Hungarian Rummy")
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
        "opening_min": Setting(40, N_("points the first melds of a player must reach"),
                               label=N_("Opening minimum")),
        "hand_out_multiplier": Setting(2, N_("the others' penalties are multiplied by this after a handolás"),
                                       label=N_("Handolás factor")),
        "deals": Setting(7, N_("deals in a game (10 for a long game)"), minimum=1),
        "joker_in_hand": Setting(20, N_("penalty of a joker left in hand"),
                                 label=N_("Joker in hand")),
        "ace": Setting(11, N_("value of an ace, low or high"),
                       label=N_("Ace value")),
        "max_reshuffles": Setting(3, N_("stock rebuilds per hand before the hand is void"),
                                  label=N_("Stock rebuilds")),
    }

    # --- parameters ---------------------------------------------------------------------

    def deck(self, settings: dict[str, Any]) -> tuple[int, int]:
        return 2, settings["jokers"]

    def meld_rules(self, settings: dict[str, Any]) -> MeldRules:
        return RULES

    def card_value(self, card: int, settings: dict[str, Any]) -> int:
        if is_joker(card):
            return settings["joker_in_hand"]
        rank = rank_of(card)
        return settings["ace"] if rank == 1 else min(rank, 10)

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
            begin_turn(game, s.to_move, taken=None, free=False)

    def why_not(self, game: Game, action: str) -> str | None:
        try:
            hungarian_moves.check_action(game, action)
        except Refusal as refusal:
            return str(refusal)
        return None

    def apply(self, game: Game, action: str) -> None:
        hungarian_moves.perform(game, action)



VARIANT = HungarianRomi()


def value_of(card: int, settings: dict[str, Any]) -> int:
    return VARIANT.card_value(card, settings)


def meld_points(meld: Meld, settings: dict[str, Any]) -> int:
    return sum(value_of(face, settings) for face in meld.faces)


# --- dealing, the flow of a hand and its score ---------------------------------------

def deal_hand(game: Game) -> None:
    s = game.state
    s.hand_no += 1
    starter = game.next_seat(s.dealer)
    game.deal([15 if seat == starter else 14 for seat in range(s.players)], starter)
    s.extra.update(opened=[False] * s.players, drawn=[False] * s.players, starter=starter, turn=None)
    s.private = [{} for _ in range(s.players)]
    game.log(None, N_("Hand {hand}: {dealer} dealt; {starter} has 15 cards and starts by discarding."),
             hand=s.hand_no, dealer=game.seat_name(s.dealer), starter=game.seat_name(starter))
    begin_turn(game, starter, taken=None, free=False)


def begin_turn(game: Game, seat: int, taken: int | None, free: bool) -> None:
    """Enter the play phase: remember the table and hand for ``takeback`` and the taken card."""
    s = game.state
    hand = s.hands[seat]
    s.phase, s.to_move = PLAY, seat
    s.extra["turn"] = {
        "seat": seat, "taken": taken, "free": free,
        "opened_at_start": s.extra["opened"][seat], "table_before": copy_table(s.table),
        "new_melds": [], "freed": [], "meld_points": 0, "moved": False, "handolas_only": False,
        "szuro": taken is not None and fits_table(taken, [m for _, m in game.table_melds()], RULES),
    }
    # "dupla": he holds a second copy of the taken card (C-6 szúró rule); hidden, like his hand
    dupla = taken is not None and any(face_of(c) == face_of(taken) for c in hand if c != taken)
    s.private[seat] = {"hand_before": list(hand), "plan": [], "dupla": dupla}
    if not planning(game) and not hungarian_plan.legal_discards(game):
        s.private[seat]["plan"] = hungarian_plan.completion_plan(game) or []


def next_turn(game: Game) -> None:
    s = game.state
    seat = s.to_move
    s.private[seat] = {}
    s.extra["turn"] = None
    s.to_move, s.phase = game.next_seat(seat), DRAW
    if s.stock or (len(s.discard) > 1 and game.rebuild_stock()):
        return
    # RULES 0.2: void only when he must draw from the empty stock; he may still take the discard
    if not (s.discard and VARIANT.why_not(game, "take:discard") is None):
        void_hand(game)


def void_hand(game: Game) -> None:
    s = game.state
    game.log(None, N_("The stock ran out too often: the hand is void and the same dealer deals again."))
    zero = [0] * s.players
    s.last_hand = {
        "hand": s.hand_no, "void": True, "winner": None, "ending": "void", "finisher": None,
        "hands": [list(h) for h in s.hands],
        "melds": melds_by_owner(game), "deadwood": [list(h) for h in s.hands],
        "layoffs": [[] for _ in range(s.players)], "points": zero,
        "lines": [msg(N_("Void hand: the stock was rebuilt too often. No score; the same dealer deals again."))],
    }
    s.sheet.append({"hand": s.hand_no, "points": zero, "note": N_("void")})
    deal_hand(game)


def melds_by_owner(game: Game) -> list[list[dict]]:
    melds: list[list[dict]] = [[] for _ in range(game.state.players)]
    for entry in game.state.table:
        melds[entry["owner"]].append(entry["meld"])
    return melds


def end_hand(game: Game, winner: int, handolas: bool) -> None:
    s = game.state
    multiplier = s.settings["hand_out_multiplier"] if handolas else 1
    points, lines = [], []
    for seat in range(s.players):
        if seat == winner:
            points.append(0)
            how = N_("{name} went out by handolás: 0") if handolas else N_("{name} went out normally: 0")
            lines.append(msg(how, name=game.seat_name(seat)))
            continue
        values = [value_of(c, s.settings) for c in s.hands[seat]]
        base = sum(values)
        if multiplier != 1:
            line = msg(N_("{name}: {sums} × {multiplier} (handolás) = {points}"), name=game.seat_name(seat),
                       sums=sum_text(values, base), multiplier=multiplier, points=base * multiplier)
        else:
            line = msg(N_("{name}: {sums}"), name=game.seat_name(seat), sums=sum_text(values, base))
        points.append(base * multiplier)
        lines.append(line)
    s.last_hand = {
        "hand": s.hand_no, "void": False, "winner": winner, "finisher": winner,
        "ending": "handolas" if handolas else "out", "hands": [list(h) for h in s.hands],
        "melds": melds_by_owner(game), "deadwood": [list(h) for h in s.hands],
        "layoffs": [[] for _ in range(s.players)], "points": points, "lines": lines,
    }
    s.sheet.append({"hand": s.hand_no, "points": points,
                    "note": msg(N_("{name} went out by handolás") if handolas else N_("{name} went out"),
                                name=game.seat_name(winner))})
    s.totals = [t + p for t, p in zip(s.totals, points)]
    s.extra["deals_played"] += 1
    if s.extra["deals_played"] >= s.settings["deals"]:
        finish_game(game)
        return
    s.dealer = game.next_seat(s.dealer)
    deal_hand(game)


def finish_game(game: Game) -> None:
    s = game.state
    best = min(s.totals)
    winners = [seat for seat, total in enumerate(s.totals) if total == best]
    lines = []
    for seat in range(s.players):
        rows = [row["points"][seat] for row in s.sheet if row.get("note") != "void"]
        lines.append(msg(N_("{name}: {sums}"), name=game.seat_name(seat), sums=sum_text(rows, s.totals[seat])))
    names = names_text([game.seat_name(w) for w in winners])
    lines.append(msg_n("Lowest total {best}: {names} wins.", "Lowest total {best}: {names} win.",
                       len(winners), best=best, names=names))
    game.log(None, N_("Game over: {names} with {best} penalty points."), best=best,
             names=msg_n("{names} wins", "{names} win", len(winners), names=names))
    game.end_game(winners, lines, list(s.totals))


def sum_text(values: list[int], total: int) -> str:
    """``3 + 10 = 13``; a single value (or none) is just the total, not ``5 = 5``."""
    return f"{' + '.join(map(str, values))} = {total}" if len(values) > 1 else str(total)
