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
a legal completion of the turn exists after it: the exact search of ``variants/_romi_turn.py``
decides, and its plan is kept in ``state.private`` so that the offered moves always lead to a
legal discard.

Public data in ``state.extra``: ``opened`` and ``drawn`` per seat, ``starter``,
``deals_played``, and ``turn`` (this turn's taken card, freed jokers, new melds, the table as it
was when the turn began, the points melded so far this turn).
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rummy_tui.engine.cards import (
    JOKER, face_of, face_text, is_joker, make_face, rank_of, suit_of,
)
from rummy_tui.engine.game import bracket, bracket_all
from rummy_tui.engine.melds import (
    RUN, Meld, MeldRules, candidate_melds, exchange_joker, lay_off, meld_problem, read_meld,
)
from variants._romi_turn import OUT, STAY, Completion, TurnPosition, card_code, completions, taken_card_duty
from variants._romi_turn import is_szuro as fits_table
from rummy_tui.engine.solver import best_arrangement
from rummy_tui.i18n import N_, msg, msg_n, names_text, t as tr
from rummy_tui.engine.variant import (
    Setting, Variant, parse_card_group, parse_meld_groups, parse_target, split_action,
)

if TYPE_CHECKING:
    from rummy_tui.engine.game import Game

DRAW, PLAY = "draw", "play"
RULES = MeldRules(ace_high=True, max_jokers=2)
PLAN_CACHE_SIZE = 4096
MAX_OPENING_CANDIDATES = 8


class Refusal(Exception):
    """A move the rules refuse; the message is the reason shown to the player."""


def copy_table(table: list[dict]) -> list[dict]:
    """A copy of table entries deep enough for every change this module makes."""
    return [{"owner": e["owner"], "meld": {key: list(value) if isinstance(value, list) else value
                                            for key, value in e["meld"].items()}} for e in table]



def meld_code(melds: Sequence[Meld]) -> str:
    """The ``meld:`` argument for melds, with every joker's meaning written out."""
    return "+".join(
        "-".join(f"JK={face_text(f)}" if is_joker(c) else face_text(f) for c, f in zip(m.cards, m.faces))
        for m in melds
    )


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
        "opening_min": Setting(40, N_("points the first melds of a player must reach")),
        "hand_out_multiplier": Setting(2, N_("the others' penalties are multiplied by this after a handolás")),
        "deals": Setting(7, N_("deals in a game (10 for a long game)"), minimum=1),
        "joker_in_hand": Setting(20, N_("penalty of a joker left in hand")),
        "ace": Setting(11, N_("value of an ace, low or high")),
        "max_reshuffles": Setting(3, N_("stock rebuilds per hand before the hand is void")),
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
            return draw_actions(game)
        if game.state.phase == PLAY:
            return play_actions(game)
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
            check_action(game, action)
        except Refusal as refusal:
            return str(refusal)
        return None

    def apply(self, game: Game, action: str) -> None:
        perform(game, action)

    def choose_ai_action(self, observation: dict[str, Any], legal: list[str], level: str,
                         rng: random.Random) -> str:
        from ._hungarian_ai import choose_move

        return choose_move(observation, legal, level)


VARIANT = HungarianRomi()


def value_of(card: int, settings: dict[str, Any]) -> int:
    return VARIANT.card_value(card, settings)


def meld_points(meld: Meld, settings: dict[str, Any]) -> int:
    return sum(value_of(face, settings) for face in meld.faces)


# --- dealing and the flow of a hand ------------------------------------------------------

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
    if not planning(game) and not legal_discards(game):
        s.private[seat]["plan"] = completion_plan(game) or []


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


# --- reading moves -----------------------------------------------------------------------

def turn_of(game: Game) -> dict[str, Any]:
    return game.state.extra["turn"]


def pick_cards(game: Game, faces: Sequence[int]) -> list[int]:
    """Physical cards from the hand for a table move: the taken card and freed jokers first,
    since those are the cards that must reach the table."""
    s = game.state
    turn = turn_of(game)
    hand = s.hands[s.to_move]
    urgent = sorted(c for c in hand if c == turn["taken"] or c in turn["freed"])
    pool = urgent + sorted(c for c in hand if c not in urgent)  # order-free, like the planner's copy
    picked = []
    for face in faces:
        card = next((c for c in pool if face_of(c) == face), None)
        if card is None:
            raise Refusal(tr("You have no {card} in your hand.", card=face_text(face)) if face != JOKER
                          else tr("You have no joker in your hand."))
        pool.remove(card)
        picked.append(card)
    return picked


def read_melds(game: Game, argument: str) -> list[Meld]:
    groups = parse_meld_groups(argument)
    if not groups:
        raise Refusal(tr("Name the cards of the meld, like meld:7S-8S-9S."))
    all_faces = [face for faces, _ in groups for face in faces]
    cards = pick_cards(game, all_faces)
    melds, start = [], 0
    for faces, hints in groups:
        chosen = cards[start:start + len(faces)]
        start += len(faces)
        melds.append(read_one_meld(chosen, hints))
    return melds


def read_one_meld(cards: list[int], hints: dict[int, int]) -> Meld:
    fixed = {cards[i]: face for i, face in hints.items()}
    problem = meld_problem(cards, RULES)
    if problem:
        raise Refusal(tr("{cards}: {problem}", cards=" ".join(face_text(face_of(c)) for c in cards), problem=problem))
    meld = read_meld(cards, RULES, fixed)
    if meld is None:
        wanted = ", ".join(f"JK={face_text(f)}" for f in fixed.values())
        raise Refusal(tr("In {cards} the joker cannot stand for {wanted}.",
                         cards=" ".join(face_text(face_of(c)) for c in cards), wanted=wanted))
    return meld


def table_meld(game: Game, index: int) -> Meld:
    if not 0 <= index < len(game.state.table):
        raise Refusal(tr("There is no table meld number {index}.", index=index))
    return Meld.from_json(game.state.table[index]["meld"])


def hand_after(game: Game, used: Sequence[int], gained: Sequence[int] = ()) -> list[int]:
    hand = list(game.state.hands[game.state.to_move])
    for card in used:
        hand.remove(card)
    return hand + list(gained)


def check_keeps_a_card(game: Game, rest: list[int], freed_now: Sequence[int] = ()) -> None:
    """A table move must leave a card that can still be discarded (C-4, same-card rule)."""
    turn = turn_of(game)
    if not rest:
        raise Refusal(tr("You must keep one card in your hand for the final discard."))
    if all(c == turn["taken"] or c in turn["freed"] or c in freed_now for c in rest):
        raise Refusal(tr("You would keep only cards that must go on the table this turn, "
                         "and nothing to discard."))


# --- judging any action ------------------------------------------------------------------

def check_action(game: Game, action: str) -> None:
    s = game.state
    verb, argument = split_action(action)
    if s.phase == DRAW:
        if action == "draw:stock":
            if not s.stock:
                raise Refusal(tr("The stock is empty."))
            return
        if action == "take:discard":
            check_take(game)
            return
        if verb in ("meld", "layoff", "exchange", "discard", "takeback"):
            raise Refusal(tr("First draw a card, from the stock or the discard pile."))
    elif s.phase == PLAY:
        if verb in ("draw", "take"):
            raise Refusal(tr("You have already drawn this turn.") if s.extra["drawn"][s.to_move]
                          or turn_of(game)["taken"] is not None
                          else tr("The first player of a hand starts without drawing: discard a card."))
        checks: dict[str, Callable[[Game, str], Any]] = {
            "meld": check_meld, "layoff": check_layoff, "exchange": check_exchange,
            "discard": check_discard, "takeback": check_takeback,
        }
        if verb in checks:
            checks[verb](game, argument)
            return
    else:
        raise Refusal(tr("The game is over."))
    raise Refusal(tr("'{action}' is not a Römi move (draw:stock, take:discard, meld:7S-8S-9S, "
                     "layoff:5C>2, exchange:9H>3, takeback, discard:QH).", action=action))


def check_take(game: Game) -> None:
    s = game.state
    if not s.discard:
        raise Refusal(tr("The discard pile is empty."))
    if not s.extra["drawn"][s.to_move]:
        return  # C-6 (F): free on the first draw of the hand
    if planning(game):
        return  # a scratch copy: the planner judges the whole turn at its end
    if completion_after(game, "take:discard") is None:
        raise Refusal(take_refusal(game))


def take_refusal(game: Game) -> str:
    s = game.state
    top = s.discard[-1]
    card = bracket(top)
    if not s.extra["opened"][s.to_move]:
        return tr("You may take {card} only to open with it (new melds of {points} points including it, with "
                  "two natural cards from your hand in its meld) or to go out this turn; your hand allows neither.",
                  card=card, points=s.settings["opening_min"])
    if fits_table(top, [m for _, m in game.table_melds()], RULES):
        return tr("{card} is a szúró (it fits a meld on the table): you may take it only to meld it with two "
                  "natural cards from your hand, if you hold a second {card}, or if you lay it off together "
                  "with another card from your hand.", card=card)
    return tr("You may take {card} only if it goes on the table this turn: in a new meld with two natural "
              "cards from your hand, or to go out.", card=card)


def check_meld(game: Game, argument: str) -> list[Meld]:
    s = game.state
    melds = read_melds(game, argument)
    used = [c for m in melds for c in m.cards]
    check_keeps_a_card(game, hand_after(game, used))
    if s.extra["opened"][s.to_move]:
        return melds
    total = turn_of(game)["meld_points"] + sum(meld_points(m, s.settings) for m in melds)
    if total >= s.settings["opening_min"] or goes_out_after(game, "meld:" + argument):
        return melds
    if turn_of(game)["meld_points"]:
        raise Refusal(tr("You need {points} points to open; these melds make {total} with your earlier melds.",
                         points=s.settings["opening_min"], total=total))
    raise Refusal(tr("You need {points} points to open; these melds make {total}.", points=s.settings["opening_min"],
                     total=total))


def check_layoff(game: Game, argument: str) -> tuple[int, Meld, list[int]]:
    cards_text, index = parse_target(argument)
    meld = table_meld(game, index)
    faces, hints = parse_card_group(cards_text)
    if not faces:
        raise Refusal(tr("Name the cards to lay off, like layoff:5C>2."))
    cards = pick_cards(game, faces)
    extended = lay_off(meld, cards, RULES, {cards[i]: face for i, face in hints.items()})
    if extended is None:
        shown = " ".join(face_text(f) for f in faces)
        if meld.kind == RUN and any(f in meld.faces for f in faces):
            raise Refusal(tr("{cards} does not fit the meld {meld} (to replace a joker, use exchange).",
                             cards=shown, meld=meld.text()))
        raise Refusal(tr("{cards} does not fit the meld {meld}.", cards=shown, meld=meld.text()))
    for i, face in hints.items():
        if dict(zip(extended.cards, extended.faces)).get(cards[i]) != face:
            raise Refusal(tr("Laid off there, the joker cannot stand for {card}.", card=face_text(face)))
    check_keeps_a_card(game, hand_after(game, cards))
    check_may_use_table(game, f"layoff:{argument}")
    return index, extended, cards


def check_exchange(game: Game, argument: str) -> tuple[int, Meld, list[int], list[int]]:
    cards_text, index = parse_target(argument)
    meld = table_meld(game, index)
    faces, _ = parse_card_group(cards_text)
    if not faces or JOKER in faces:
        raise Refusal(tr("Name the natural card(s) that replace the joker, like exchange:9H>3."))
    if not meld.jokers:
        raise Refusal(tr("The meld {meld} holds no joker.", meld=meld.text()))
    cards = pick_cards(game, faces)
    result = exchange_joker(meld, cards, RULES)
    if result is None:
        if meld.kind == RUN:
            meanings = ", ".join(face_text(f) for c, f in zip(meld.cards, meld.faces) if is_joker(c))
            raise Refusal(tr("In {meld} the joker stands for {meanings}: lay exactly that card to take it.",
                             meld=meld.text(), meanings=meanings))
        raise Refusal(tr("A joker leaves the group {meld} only when natural cards of every missing "
                         "suit are laid together, so that the group holds all four suits.", meld=meld.text()))
    new_meld, freed = result
    check_keeps_a_card(game, hand_after(game, cards, freed), freed)
    check_may_use_table(game, f"exchange:{argument}")
    if not planning(game) and continuation(game, f"exchange:{argument}") is None \
            and completion_after(game, f"exchange:{argument}") is None:
        raise Refusal(tr("A joker taken from the table must be placed on the table again this turn, "
                         "and you could not place it."))
    return index, new_meld, cards, freed


def planning(game: Game) -> bool:
    """Is this a scratch copy used by the planner? Its steps are judged at the plan's end."""
    return getattr(game, "planning", False)


def check_may_use_table(game: Game, action: str) -> None:
    """Lay-offs and joker exchanges need an opening, or must be part of a handolás."""
    s = game.state
    if s.extra["opened"][s.to_move] or completes_after(game, action):
        return
    raise Refusal(tr("You have not opened yet: lay-offs and joker exchanges need your "
                     "{points}-point opening first (or going out from hand this turn).", points=s.settings["opening_min"]))


def goes_out_after(game: Game, action: str) -> bool:
    """Is ``action`` a step of some way to go out from hand this very turn (in any order)?"""
    if planning(game) or continuation(game, action) is not None:
        return True
    after = scratch_after(game, action)
    return after is not None and go_out_plan(after) is not None


def completes_after(game: Game, action: str) -> bool:
    """Can the turn still be finished legally after ``action``? (Before opening, a lay-off or
    exchange leaves only going out from hand.)"""
    if planning(game):
        return True  # the planner judges the whole plan at its end
    return continuation(game, action) is not None or completion_after(game, action) is not None


def check_discard(game: Game, argument: str) -> int:
    face_list = parse_card_group(argument)[0]
    if len(face_list) != 1:
        raise Refusal(tr("Discard exactly one card, like discard:QH."))
    card = discard_choice(game, face_list[0])
    if card is None:
        raise Refusal(tr("You have no {card} in your hand.", card=face_text(face_list[0])))
    problem = discard_problem(game, card)
    if problem:
        raise Refusal(problem)
    return card


def discard_choice(game: Game, face: int) -> int | None:
    """The copy to discard: never the taken card or a freed joker when another copy is held."""
    s = game.state
    turn = turn_of(game)
    matches = sorted(c for c in s.hands[s.to_move] if face_of(c) == face)
    if not matches:
        return None
    plain = [c for c in matches if c != turn["taken"] and c not in turn["freed"]]
    return plain[0] if plain else matches[0]


def discard_problem(game: Game, card: int) -> str | None:
    s = game.state
    seat = s.to_move
    turn = turn_of(game)
    hand = s.hands[seat]
    if card == turn["taken"]:
        if turn["free"]:
            return tr("You took {card} from the discard pile this turn: you may not discard it.", card=bracket(card))
        return tr("You took {card} from the discard pile this turn: you may not discard it, it must go on the table.",
                  card=bracket(card))
    if card in turn["freed"] or any(j in hand for j in turn["freed"]):
        return tr("The joker you took from the table must be placed on the table this turn before you discard.")
    if len(hand) == 1:
        return None  # going out: no minimum, no szúró restriction (C-5 handolás, C-6 O3)
    if turn.get("handolas_only"):
        return tr("Before opening you may lay off or take a joker only to go out from hand this turn. "
                  "Go out, or take back your moves.")
    if not s.extra["opened"][seat] and turn["moved"]:
        return tr("You need {points} points to open; your melds this turn make {total}. Lay more, go out from "
                  "hand, or take back your moves.", points=s.settings["opening_min"], total=turn["meld_points"])
    if turn["taken"] is not None and not turn["free"]:
        return taken_card_problem(game)
    return None


def taken_card_problem(game: Game) -> str | None:
    """C-6: where the card taken from the discard pile ended up, and whether that is allowed."""
    card = bracket(turn_of(game)["taken"])
    why = taken_card_duty([m for _, m in game.table_melds()], turn_position(game),
                          frozenset(turn_of(game)["new_melds"]))
    reason = {
        None: None,
        "on-table": N_("You took {card} from the discard pile: it must go on the table this turn."),
        "two-naturals": N_("The meld with {card} needs two natural cards from your hand besides it."),
        "opening": N_("You took {card} to open: it must be part of your opening melds."),
        "tolo": N_("{card} was a szúró: laid off, it needs a second {card} in your hand, or a toló: "
                   "another card from your hand laid on the same run, beyond {card}."),
    }[why]
    return tr(reason, card=card) if reason else None


def holds_dupla(game: Game) -> bool:
    return game.state.private[game.state.to_move].get("dupla", False)


def bracketed(meld: Meld) -> str:
    """A meld in log notation, each joker with what it stands for: ``[7S] [JK]=[8S] [9S]``."""
    return " ".join(f"[JK]=[{face_text(face)}]" if is_joker(card) else f"[{face_text(face)}]"
                    for card, face in zip(meld.cards, meld.faces))


def check_takeback(game: Game, argument: str) -> None:
    if argument:
        raise Refusal(tr("takeback takes no argument."))
    if not turn_of(game)["moved"]:
        raise Refusal(tr("You have put nothing on the table this turn."))


# --- carrying out actions ----------------------------------------------------------------

def perform(game: Game, action: str) -> None:
    s = game.state
    seat = s.to_move
    verb, argument = split_action(action)
    if verb == "draw":
        game.draw_from_stock(seat)
        s.extra["drawn"][seat] = True
        game.log(seat, N_("drew from the stock"))
        begin_turn(game, seat, taken=None, free=False)
        return
    if verb == "take":
        free = not s.extra["drawn"][seat]
        card = game.take_discard(seat)
        s.extra["drawn"][seat] = True
        game.log(seat, N_("took {card} from the discard pile"), card=bracket(card))
        begin_turn(game, seat, taken=card, free=free)
        return
    if verb == "discard":
        discard(game, check_discard(game, argument))
        return
    trusted = planning(game)
    expected = continuation(game, action) if verb != "takeback" and not trusted else None
    if verb == "meld":
        put_melds(game, check_meld(game, argument))
    elif verb == "layoff":
        index, extended, cards = check_layoff(game, argument)
        note_table_use(game)
        move_to_table(game, cards)
        game.put_meld(s.table[index]["owner"], extended, index)
        game.log(seat, N_("laid off {cards} on {meld}"), cards=bracket_all(cards), meld=bracketed(extended))
    elif verb == "exchange":
        index, new_meld, cards, freed = check_exchange(game, argument)
        note_table_use(game)
        move_to_table(game, cards)
        s.hands[seat].extend(freed)
        turn_of(game)["freed"].extend(freed)
        game.put_meld(s.table[index]["owner"], new_meld, index)
        game.log(seat, N_("laid {cards} in place of the joker in {meld} and took the joker"), cards=bracket_all(cards),
                 meld=bracketed(new_meld))
    elif verb == "takeback":
        take_back(game)
    if not trusted:
        update_plan(game, expected)


def note_table_use(game: Game) -> None:
    """A lay-off or exchange before opening binds the turn to going out from hand."""
    if not game.state.extra["opened"][game.state.to_move]:
        turn_of(game)["handolas_only"] = True


def move_to_table(game: Game, cards: Sequence[int]) -> None:
    s = game.state
    for card in cards:
        s.hands[s.to_move].remove(card)
    turn_of(game)["moved"] = True


def put_melds(game: Game, melds: list[Meld]) -> None:
    s = game.state
    seat = s.to_move
    turn = turn_of(game)
    was_open = s.extra["opened"][seat]
    for meld in melds:
        move_to_table(game, meld.cards)
        turn["new_melds"].append(len(s.table))
        game.put_meld(seat, meld)
    turn["meld_points"] += sum(meld_points(m, s.settings) for m in melds)
    shown = " + ".join(bracketed(m) for m in melds)
    if not was_open and turn["meld_points"] >= s.settings["opening_min"]:
        s.extra["opened"][seat] = True
        game.log(seat, N_("opened with {points} points: {melds}"), points=turn["meld_points"], melds=shown)
    else:
        game.log(seat, N_("melded {melds}"), melds=shown)


def take_back(game: Game) -> None:
    s = game.state
    seat = s.to_move
    turn = turn_of(game)
    s.hands[seat] = list(s.private[seat]["hand_before"])
    s.table = copy_table(turn["table_before"])
    s.extra["opened"][seat] = turn["opened_at_start"]
    turn.update(new_melds=[], freed=[], meld_points=0, moved=False, handolas_only=False)
    game.log(seat, N_("took back the table moves of this turn"))


def update_plan(game: Game, expected: list[str] | None) -> None:
    """Keep the rest of a completion plan so the offered moves always reach a legal discard."""
    private = game.state.private[game.state.to_move]
    if legal_discards(game):
        private["plan"] = []
    elif expected:
        private["plan"] = expected
    else:
        private["plan"] = completion_plan(game) or []


def discard(game: Game, card: int) -> None:
    s = game.state
    seat = s.to_move
    turn = turn_of(game)
    game.discard_card(seat, card)
    game.log(seat, N_("discarded {card}"), card=bracket(card))
    if s.hands[seat]:
        next_turn(game)
        return
    handolas = not turn["opened_at_start"]
    game.log(seat, N_("went out by handolás") if handolas else N_("went out"))
    s.private[seat] = {}
    s.extra["turn"] = None
    end_hand(game, seat, handolas)


# --- offered actions ---------------------------------------------------------------------

def draw_actions(game: Game) -> list[str]:
    actions = ["draw:stock"] if game.state.stock else []
    if game.state.discard and VARIANT.why_not(game, "take:discard") is None:
        actions.append("take:discard")
    return actions


def legal_discards(game: Game) -> list[str]:
    s = game.state
    codes = []
    for face in sorted({face_of(c) for c in s.hands[s.to_move]}):
        card = discard_choice(game, face)
        if card is not None and discard_problem(game, card) is None:
            codes.append(f"discard:{face_text(face)}")
    return codes


def play_actions(game: Game) -> list[str]:
    s = game.state
    seat = s.to_move
    discards = legal_discards(game)
    if not discards:  # duties remain: offer only the next step of a plan that meets them
        for plan in (s.private[seat].get("plan"), completion_plan(game)):
            if plan and VARIANT.why_not(game, plan[0]) is None:
                return [plan[0]]
        return ["takeback"] if turn_of(game)["moved"] else []
    moves = opening_moves(game) if not s.extra["opened"][seat] else opened_moves(game)
    return [m for m in dict.fromkeys(moves) if VARIANT.why_not(game, m) is None] + discards


def opening_moves(game: Game) -> list[str]:
    moves = []
    opening = best_opening(game)
    if opening:
        moves.append("meld:" + meld_code(opening))
    out = go_out_plan(game)
    if out:
        moves.append(out[0])
    return moves


def best_opening(game: Game) -> list[Meld] | None:
    """The solver's melds for an opening of at least the minimum, keeping a card to discard."""
    s = game.state
    hand = sorted(s.hands[s.to_move])
    arrangement = best_arrangement(hand, RULES, VARIANT.value_function(s.settings))
    melds = sorted(arrangement.melds, key=lambda m: -meld_points(m, s.settings))
    return fit_opening(melds, s.settings["opening_min"], arrangement.deadwood, s.settings)


def fit_opening(melds: list[Meld], needed: int, leftover: list[int], settings: dict) -> list[Meld] | None:
    """Drop the smallest melds while the rest still reach ``needed``, so at least a card stays."""
    if sum(meld_points(m, settings) for m in melds) < needed:
        return None
    chosen = list(melds)
    while not leftover and chosen:
        smallest = min(chosen, key=lambda m: meld_points(m, settings))
        if sum(meld_points(m, settings) for m in chosen) - meld_points(smallest, settings) < needed:
            return None
        chosen.remove(smallest)
        leftover = list(smallest.cards)
    return chosen or None


def opened_moves(game: Game) -> list[str]:
    s = game.state
    hand = s.hands[s.to_move]
    moves = []
    naturals = sorted(face_of(c) for c in hand if not is_joker(c))
    jokers = sum(1 for c in hand if is_joker(c))
    for faces in candidate_melds(naturals, RULES, jokers):
        moves.append("meld:" + "-".join(face_text(f) for f in faces))
    distinct = sorted({face_of(c) for c in hand})
    for index, (_, meld) in enumerate(game.table_melds()):
        for face in distinct:
            if not could_fit(meld, face):
                continue
            card = next(c for c in hand if face_of(c) == face)
            if lay_off(meld, [card], RULES) is not None:
                moves.append(f"layoff:{face_text(face)}>{index}")
        moves.extend(exchange_moves(meld, index, distinct))
    return moves


def could_fit(meld: Meld, face: int) -> bool:
    """A cheap filter before the real lay-off test: jokers, or the run's suit, or the set's rank."""
    if face == JOKER:
        return True
    if meld.kind == RUN:
        return any(suit_of(f) == suit_of(face) for f in meld.faces)
    return rank_of(face) == meld.low


def exchange_moves(meld: Meld, index: int, faces: list[int]) -> list[str]:
    if not meld.jokers:
        return []
    if meld.kind == RUN:
        return [f"exchange:{face_text(f)}>{index}" for c, f in zip(meld.cards, meld.faces)
                if is_joker(c) and f in faces]
    present = {suit_of(c) for c in meld.cards if not is_joker(c)}
    missing = [make_face(meld.low, suit) for suit in range(4) if suit not in present]
    if all(f in faces for f in missing):
        return [f"exchange:{'-'.join(face_text(f) for f in missing)}>{index}"]
    return []


# --- the completion planner --------------------------------------------------------------
# A plan is a list of action codes after which the seat to move has a legal discard. It is a
# pure function of the position (cached by a fingerprint), so why_not and replays agree.

_plan_cache: OrderedDict[str, Any] = OrderedDict()


def fingerprint(game: Game, kind: str) -> str:
    s = game.state
    seat = s.to_move
    return json.dumps([kind, seat, sorted(s.hands[seat]), s.table, s.extra.get("turn"),
                       s.extra["opened"][seat], s.settings, s.private[seat].get("dupla")],
                      separators=(",", ":"))


def cached(kind: str, compute: Callable[[Game], Any]) -> Callable[[Game], Any]:
    def lookup(game: Game) -> Any:
        key = fingerprint(game, kind)
        if key in _plan_cache:
            _plan_cache.move_to_end(key)
            return copy.copy(_plan_cache[key])
        result = compute(game)
        _plan_cache[key] = result
        if len(_plan_cache) > PLAN_CACHE_SIZE:
            _plan_cache.popitem(last=False)
        return copy.copy(result)
    return lookup


def scratch(game: Game) -> Game:
    """A private copy of the game for trying moves; it skips the planner's own checks."""
    from rummy_tui.engine.game import Game as GameClass

    s = game.state
    copy_game = GameClass.__new__(GameClass)
    copy_game.variant = game.variant
    copy_game.record = {"actions": []}
    extra = dict(s.extra, opened=list(s.extra["opened"]), drawn=list(s.extra["drawn"]))
    if extra.get("turn") is not None:  # its table_before is never changed, so it may be shared
        extra["turn"] = dict(extra["turn"], new_melds=list(extra["turn"]["new_melds"]),
                             freed=list(extra["turn"]["freed"]))
    copy_game.state = dataclasses.replace(
        s, hands=[sorted(h) for h in s.hands], stock=list(s.stock), discard=list(s.discard),
        table=copy_table(s.table), extra=extra, private=[dict(p) for p in s.private],
        events=[], sheet=[], totals=list(s.totals),
    )
    copy_game.planning = True
    return copy_game


def try_step(game: Game, action: str) -> bool:
    """Apply ``action`` to a scratch game if the rules allow it there."""
    try:
        check_action(game, action)
    except (Refusal, ValueError):
        return False
    perform(game, action)
    return True


def scratch_after(game: Game, action: str) -> Game | None:
    trial = scratch(game)
    trial.planning = True
    if not try_step(trial, action):
        return None
    return trial


def completion_after(game: Game, action: str) -> list[str] | None:
    after = scratch_after(game, action)
    return None if after is None else completion_plan(after)


def continuation(game: Game, action: str) -> list[str] | None:
    """If ``action`` is the first step of the kept plan or a fresh plan, the steps after it."""
    s = game.state
    if s.phase != PLAY:
        return None
    kept = s.private[s.to_move].get("plan") or []
    if kept and kept[0] == action:
        return kept[1:]
    if not legal_discards(game):
        plan = completion_plan(game)
        if plan and plan[0] == action:
            return plan[1:]
    elif not s.extra["opened"][s.to_move]:
        plan = go_out_plan(game)
        if plan and plan[0] == action:
            return plan[1:]
    return None


def works(game: Game, plan: list[str]) -> bool:
    """Does ``plan`` lead, move by move, to a position with a legal discard?"""
    trial = scratch(game)
    return all(try_step(trial, step) for step in plan) and bool(legal_discards(trial))


def _completion_plan(game: Game) -> list[str] | None:
    if legal_discards(game):
        return []
    return first_working_plan(game, (STAY, OUT))


def _go_out_plan(game: Game) -> list[str] | None:
    """Lay every card but one this turn, in some order the rules accept."""
    return first_working_plan(game, (OUT,))


completion_plan = cached("complete", _completion_plan)
go_out_plan = cached("out", _go_out_plan)


def first_working_plan(game: Game, modes: Sequence[str]) -> list[str] | None:
    """The exact search's first completion, written as moves and checked move by move."""
    position = turn_position(game)
    for completion in completions(position, modes):
        plan = plan_codes(position, completion)
        if works(game, plan):
            return plan
    return None


def turn_position(game: Game) -> TurnPosition:
    s = game.state
    seat = s.to_move
    turn = turn_of(game)
    before = [Meld.from_json(e["meld"]) for e in turn["table_before"]]
    taken = turn["taken"]
    szuro = turn.get("szuro")
    if szuro is None:  # a save from before the szúró was recorded
        szuro = taken is not None and fits_table(taken, before, RULES)
    return TurnPosition(
        hand=tuple(sorted(s.hands[seat])), table=tuple(m for _, m in game.table_melds()),
        before=tuple(before), new_melds=frozenset(turn["new_melds"]), taken=taken,
        taken_free=bool(turn["free"]), freed=frozenset(turn["freed"]),
        opened_at_start=turn["opened_at_start"], opened=s.extra["opened"][seat],
        meld_points=turn["meld_points"], handolas_only=bool(turn.get("handolas_only")),
        szuro=bool(szuro), dupla=holds_dupla(game), opening_min=s.settings["opening_min"],
        rules=RULES, value=VARIANT.value_function(s.settings),
    )


def plan_codes(position: TurnPosition, completion: Completion) -> list[str]:
    """The moves of a completion: exchanges first; a player who opens and stays lays his
    opening melds before anything else; the taken card's lay-off goes before the melds, so that
    its copy in a new meld is not taken for it."""
    freed_melds = [m for m in completion.melds if any(j in position.freed or j in freed_by(completion, position)
                                                       for j in m.jokers)]
    plain_melds = [m for m in completion.melds if m not in freed_melds]
    exchanges = [f"exchange:{'-'.join(face_text(face_of(c)) for c in cards)}>{index}"
                 for index, cards in completion.exchanges]
    layoffs = [f"layoff:{'-'.join(card_code(c, f) for c, f in block)}>{index}"
               for index, block in sorted(completion.blocks.items())]
    first = [code for code, (_, block) in zip(layoffs, sorted(completion.blocks.items()))
             if any(c == position.taken for c, _ in block)]
    layoffs = [code for code in layoffs if code not in first]
    jokers = [f"layoff:JK>{index}" for index, _ in completion.joker_layoffs]
    melds = lambda group: ["meld:" + meld_code(group)] if group else []  # noqa: E731
    if not position.opened and not completion.out:
        return melds(plain_melds) + exchanges + melds(freed_melds) + layoffs + first + jokers
    return exchanges + first + melds(plain_melds + freed_melds) + layoffs + jokers


def freed_by(completion: Completion, position: TurnPosition) -> set[int]:
    return {j for index, _ in completion.exchanges for j in position.table[index].jokers}


def sum_text(values: list[int], total: int) -> str:
    """``3 + 10 = 13``; a single value (or none) is just the total, not ``5 = 5``."""
    return f"{' + '.join(map(str, values))} = {total}" if len(values) > 1 else str(total)
