"""Hungarian Römi: reading, judging and carrying out a move (RULES.md C-5, C-6).

``check_action`` raises :class:`Refusal` with the reason a move is refused; ``perform`` carries
a move out. Whether a take, a handolás step or a joker exchange can still lead to a legal end of
the turn is the planner's question (``plan.py``). The registry skips this module.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rummy_tui.engine.cards import JOKER, face_of, face_text, is_joker
from rummy_tui.engine.game import bracket, bracket_all
from rummy_tui.engine.melds import RUN, Meld, exchange_joker, lay_off, meld_problem, read_meld
from rummy_tui.engine.variant import parse_card_group, parse_meld_groups, parse_target, split_action
from rummy_tui.i18n import N_
from rummy_tui.i18n import t as tr

from . import flow
from . import plan as hungarian_plan
from .common import (
    DRAW,
    PLAY,
    RULES,
    Refusal,
    bracketed,
    copy_table,
    meld_points,
    planning,
    turn_of,
)
from .duty import is_szuro as fits_table

if TYPE_CHECKING:
    from rummy_tui.engine.game import Game


# --- reading moves -------------------------------------------------------------------


def pick_cards(game: Game, faces: Sequence[int]) -> list[int]:
    """Physical cards from the hand for a table move: the taken card and freed jokers first,
    since those are the cards that must reach the table."""
    s = game.state
    turn = turn_of(game)
    hand = s.hands[s.mover]
    urgent = sorted(c for c in hand if c == turn["taken"] or c in turn["freed"])
    pool = urgent + sorted(c for c in hand if c not in urgent)  # order-free, like the planner's copy
    picked = []
    for face in faces:
        card = next((c for c in pool if face_of(c) == face), None)
        if card is None:
            raise Refusal(
                tr("You have no {card} in your hand.", card=face_text(face))
                if face != JOKER
                else tr("You have no joker in your hand.")
            )
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
        chosen = cards[start : start + len(faces)]
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
        raise Refusal(
            tr(
                "In {cards} the joker cannot stand for {wanted}.",
                cards=" ".join(face_text(face_of(c)) for c in cards),
                wanted=wanted,
            )
        )
    return meld


def table_meld(game: Game, index: int) -> Meld:
    if not 0 <= index < len(game.state.table):
        raise Refusal(tr("There is no table meld number {index}.", index=index))
    return Meld.from_json(game.state.table[index]["meld"])


def hand_after(game: Game, used: Sequence[int], gained: Sequence[int] = ()) -> list[int]:
    hand = list(game.state.hands[game.state.mover])
    for card in used:
        hand.remove(card)
    return hand + list(gained)


def check_keeps_a_card(game: Game, rest: list[int], freed_now: Sequence[int] = ()) -> None:
    """A table move must leave a card that can still be discarded (C-4, same-card rule)."""
    turn = turn_of(game)
    if not rest:
        raise Refusal(tr("You must keep one card in your hand for the final discard."))
    if all(c == turn["taken"] or c in turn["freed"] or c in freed_now for c in rest):
        raise Refusal(tr("You would keep only cards that must go on the table this turn, and nothing to discard."))


# --- judging any action --------------------------------------------------------------


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
            raise Refusal(
                tr("You have already drawn this turn.")
                if s.extra["drawn"][s.mover] or turn_of(game)["taken"] is not None
                else tr("The first player of a hand starts without drawing: discard a card.")
            )
        checks: dict[str, Callable[[Game, str], Any]] = {
            "meld": check_meld,
            "layoff": check_layoff,
            "exchange": check_exchange,
            "discard": check_discard,
            "takeback": check_takeback,
        }
        if verb in checks:
            checks[verb](game, argument)
            return
    else:
        raise Refusal(tr("The game is over."))
    raise Refusal(
        tr(
            "'{action}' is not a Römi move (draw:stock, take:discard, meld:7S-8S-9S, "
            "layoff:5C>2, exchange:9H>3, takeback, discard:QH).",
            action=action,
        )
    )


def check_take(game: Game) -> None:
    s = game.state
    if not s.discard:
        raise Refusal(tr("The discard pile is empty."))
    if not s.extra["drawn"][s.mover]:
        return  # C-6 (F): free on the first draw of the hand
    if planning(game):
        return  # a scratch copy: the planner judges the whole turn at its end
    if hungarian_plan.completion_after(game, "take:discard") is None:
        raise Refusal(take_refusal(game))


def take_refusal(game: Game) -> str:
    s = game.state
    top = s.discard[-1]
    card = bracket(top)
    if not s.extra["opened"][s.mover]:
        return tr(
            "You may take {card} only to open with it (new melds of {points} points including it, with "
            "two natural cards from your hand in its meld) or to go out this turn; your hand allows neither.",
            card=card,
            points=s.settings["opening_min"],
        )
    if fits_table(top, [m for _, m in game.table_melds()], RULES):
        return tr(
            "{card} is a szúró (it fits a meld on the table): you may take it only to meld it with two "
            "natural cards from your hand, if you hold a second {card}, or if you lay it off together "
            "with another card from your hand.",
            card=card,
        )
    return tr(
        "You may take {card} only if it goes on the table this turn: in a new meld with two natural "
        "cards from your hand, or to go out.",
        card=card,
    )


def check_meld(game: Game, argument: str) -> list[Meld]:
    s = game.state
    melds = read_melds(game, argument)
    used = [c for m in melds for c in m.cards]
    check_keeps_a_card(game, hand_after(game, used))
    if s.extra["opened"][s.mover]:
        return melds
    total = turn_of(game)["meld_points"] + sum(meld_points(m, s.settings) for m in melds)
    if total >= s.settings["opening_min"] or goes_out_after(game, "meld:" + argument):
        return melds
    if turn_of(game)["meld_points"]:
        raise Refusal(
            tr(
                "You need {points} points to open; these melds make {total} with your earlier melds.",
                points=s.settings["opening_min"],
                total=total,
            )
        )
    raise Refusal(
        tr("You need {points} points to open; these melds make {total}.", points=s.settings["opening_min"], total=total)
    )


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
            raise Refusal(
                tr(
                    "{cards} does not fit the meld {meld} (to replace a joker, use exchange).",
                    cards=shown,
                    meld=meld.text(),
                )
            )
        raise Refusal(tr("{cards} does not fit the meld {meld}.", cards=shown, meld=meld.text()))
    for i, face in hints.items():
        if dict(zip(extended.cards, extended.faces, strict=False)).get(cards[i]) != face:
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
            meanings = ", ".join(face_text(f) for c, f in zip(meld.cards, meld.faces, strict=False) if is_joker(c))
            raise Refusal(
                tr(
                    "In {meld} the joker stands for {meanings}: lay exactly that card to take it.",
                    meld=meld.text(),
                    meanings=meanings,
                )
            )
        raise Refusal(
            tr(
                "A joker leaves the group {meld} only when natural cards of every missing "
                "suit are laid together, so that the group holds all four suits.",
                meld=meld.text(),
            )
        )
    new_meld, freed = result
    check_keeps_a_card(game, hand_after(game, cards, freed), freed)
    check_may_use_table(game, f"exchange:{argument}")
    if (
        not planning(game)
        and hungarian_plan.continuation(game, f"exchange:{argument}") is None
        and hungarian_plan.completion_after(game, f"exchange:{argument}") is None
    ):
        raise Refusal(
            tr("A joker taken from the table must be placed on the table again this turn, and you could not place it.")
        )
    return index, new_meld, cards, freed


def check_may_use_table(game: Game, action: str) -> None:
    """Lay-offs and joker exchanges need an opening, or must be part of a handolás."""
    s = game.state
    if s.extra["opened"][s.mover] or completes_after(game, action):
        return
    raise Refusal(
        tr(
            "You have not opened yet: lay-offs and joker exchanges need your "
            "{points}-point opening first (or going out from hand this turn).",
            points=s.settings["opening_min"],
        )
    )


def goes_out_after(game: Game, action: str) -> bool:
    """Is ``action`` a step of some way to go out from hand this very turn (in any order)?"""
    if planning(game) or hungarian_plan.continuation(game, action) is not None:
        return True
    after = hungarian_plan.scratch_after(game, action)
    return after is not None and hungarian_plan.go_out_plan(after) is not None


def completes_after(game: Game, action: str) -> bool:
    """Can the turn still be finished legally after ``action``? (Before opening, a lay-off or
    exchange leaves only going out from hand.)"""
    if planning(game):
        return True  # the planner judges the whole plan at its end
    return (
        hungarian_plan.continuation(game, action) is not None
        or hungarian_plan.completion_after(game, action) is not None
    )


def check_discard(game: Game, argument: str) -> int:
    face_list = parse_card_group(argument)[0]
    if len(face_list) != 1:
        raise Refusal(tr("Discard exactly one card, like discard:QH."))
    card = hungarian_plan.discard_choice(game, face_list[0])
    if card is None:
        raise Refusal(tr("You have no {card} in your hand.", card=face_text(face_list[0])))
    problem = hungarian_plan.discard_problem(game, card)
    if problem:
        raise Refusal(problem)
    return card


def check_takeback(game: Game, argument: str) -> None:
    if argument:
        raise Refusal(tr("takeback takes no argument."))
    if not turn_of(game)["moved"]:
        raise Refusal(tr("You have put nothing on the table this turn."))


# --- carrying out actions ------------------------------------------------------------


def perform(game: Game, action: str) -> None:
    s = game.state
    seat = s.mover
    verb, argument = split_action(action)
    if verb == "draw":
        game.draw_from_stock(seat)
        s.extra["drawn"][seat] = True
        game.log(seat, N_("drew from the stock"))
        flow.begin_turn(game, seat, taken=None, free=False)
        return
    if verb == "take":
        free = not s.extra["drawn"][seat]
        card = game.take_discard(seat)
        s.extra["drawn"][seat] = True
        game.log(seat, N_("took {card} from the discard pile"), card=bracket(card))
        flow.begin_turn(game, seat, taken=card, free=free)
        return
    if verb == "discard":
        discard(game, check_discard(game, argument))
        return
    trusted = planning(game)
    expected = hungarian_plan.continuation(game, action) if verb != "takeback" and not trusted else None
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
        game.log(
            seat,
            N_("laid {cards} in place of the joker in {meld} and took the joker"),
            cards=bracket_all(cards),
            meld=bracketed(new_meld),
        )
    elif verb == "takeback":
        take_back(game)
    if not trusted:
        update_plan(game, expected)


def note_table_use(game: Game) -> None:
    """A lay-off or exchange before opening binds the turn to going out from hand."""
    if not game.state.extra["opened"][game.state.mover]:
        turn_of(game)["handolas_only"] = True


def move_to_table(game: Game, cards: Sequence[int]) -> None:
    s = game.state
    for card in cards:
        s.hands[s.mover].remove(card)
    turn_of(game)["moved"] = True


def put_melds(game: Game, melds: list[Meld]) -> None:
    s = game.state
    seat = s.mover
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
    seat = s.mover
    turn = turn_of(game)
    s.hands[seat] = list(s.private[seat]["hand_before"])
    s.table = copy_table(turn["table_before"])
    s.extra["opened"][seat] = turn["opened_at_start"]
    turn.update(new_melds=[], freed=[], meld_points=0, moved=False, handolas_only=False)
    game.log(seat, N_("took back the table moves of this turn"))


def update_plan(game: Game, expected: list[str] | None) -> None:
    """Keep the rest of a completion plan so the offered moves always reach a legal discard."""
    private = game.state.private[game.state.mover]
    if hungarian_plan.legal_discards(game):
        private["plan"] = []
    elif expected:
        private["plan"] = expected
    else:
        private["plan"] = hungarian_plan.completion_plan(game) or []


def discard(game: Game, card: int) -> None:
    s = game.state
    seat = s.mover
    turn = turn_of(game)
    game.discard_card(seat, card)
    game.log(seat, N_("discarded {card}"), card=bracket(card))
    if s.hands[seat]:
        flow.next_turn(game)
        return
    handolas = not turn["opened_at_start"]
    game.log(seat, N_("went out by handolás") if handolas else N_("went out"))
    s.private[seat] = {}
    s.extra["turn"] = None
    flow.end_hand(game, seat, handolas)
