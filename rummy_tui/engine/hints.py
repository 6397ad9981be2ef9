""" "What would a strong player do?": the hard AI's move for a seat, with a short reason.

The reason is written for a player, with cards in the log notation (``[KS]``) so the screen
draws them with glyphs. A variant may give its own reasons (``Variant.hint``); otherwise the
reason is worked out here from the move and the seat's cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rummy_tui.i18n import N_, face_label
from rummy_tui.i18n import t as tr

from .ai import ai_rng
from .cards import JOKER, SUIT_SYMBOLS, face_of, face_text, find_card, held_card, is_joker, parse_face, rank_of, suit_of
from .game import Game
from .melds import SET, Meld
from .solver import best_arrangement
from .variant import Variant, parse_card_group, split_action


@dataclass(frozen=True)
class Hint:
    action: str  # the suggested action code (legal now)
    text: str  # the move and its reason, in a player's words
    cards: tuple[int, ...]  # the seat's cards the move uses, to highlight in the hand


def hint_for(game: Game, seat: int) -> Hint:
    """The hard AI's move for ``seat`` (whose turn it must be), with its reason."""
    legal = game.legal_actions()
    observation = game.observation(seat)
    action, reason = game.variant.hint(observation, legal, ai_rng(game, seat))
    if game.why_not(action) is not None:  # a variant bug must not offer an illegal move
        action, reason = legal[0], ""
    if not reason:
        reason = explain(game.variant, observation, action)
    return Hint(action, reason, tuple(cards_used(game.variant, observation, action)))


def cards_used(variant: Variant, observation: dict[str, Any], action: str) -> list[int]:
    """The hand's cards an action names; for a take, the cards the taken one melds with."""
    verb, argument = split_action(action)
    hand = observation["hand"]
    if verb == "take" and observation["discard"]:
        top = observation["discard"][-1]
        meld = _meld_with(variant, observation, hand + [top], top)
        return [c for c in meld.cards if c != top] if meld else []
    if not argument or verb in ("declare", "draw"):
        return []
    faces = [face for group in argument.split(">")[0].split("+") for face in _faces(group)]
    used: list[int] = []
    for face in faces:
        card = find_card([c for c in hand if c not in used], face)
        if card is not None:
            used.append(card)
    return used


@dataclass(frozen=True)
class HintedMove:
    """Where a move's cards are: each group's cards in the hand, the meaning given to a joker
    (``JK=9S``: card -> ``9S``) and the table meld it goes onto, so the screen can arm it."""

    groups: list[list[int]]
    joker_meanings: dict[int, str]
    target: int | None


def hinted_move(hand: list[int], action: str) -> HintedMove:
    """The hand's cards ``action`` names, group by group (``meld:KS-KH-KC+5S-5H-5D`` is two)."""
    verb, argument = split_action(action)
    cards, arrow, target = argument.rpartition(">") if ">" in argument else (argument, "", "")
    groups: list[list[int]] = []
    meanings: dict[int, str] = {}
    left = list(hand)
    for group in cards.split("+") if verb not in ("declare", "draw", "take") else []:
        found = []
        for token in (t for t in group.split("-") if t):
            shown, _eq, meaning = token.partition("=")
            try:
                card = find_card(left, parse_face(shown))
            except ValueError:
                card = None
            if card is None:
                continue
            left.remove(card)
            found.append(card)
            if meaning:
                meanings[card] = meaning
        if found:
            groups.append(found)
    return HintedMove(groups, meanings, int(target) if arrow and target.isdigit() else None)


def split_into_melds(cards: list[int], variant: Variant, settings: dict[str, Any]) -> list[list[int]] | None:
    """The melds ``cards`` make when all of them are used (an opening of two melds selected at
    once), or None when some card would be left over. The engine still judges the move."""
    arrangement = best_arrangement(cards, variant.meld_rules(settings), variant.value_function(settings))
    if arrangement.deadwood or not arrangement.melds:
        return None
    return [list(meld.cards) for meld in arrangement.melds]


def _faces(group: str) -> list[int]:
    try:
        return parse_card_group(group)[0]
    except ValueError:
        return []


# --- reasons --------------------------------------------------------------------------------------


def explain(variant: Variant, observation: dict[str, Any], action: str) -> str:
    verb, argument = split_action(action)
    if verb == "discard":
        return discard_reason(variant, observation, parse_face(argument))
    if verb == "take" and observation["discard"]:
        return take_reason(variant, observation)
    if verb == "draw":
        top = observation["discard"][-1:] if observation["discard"] else []
        if top:
            return tr("Draw from the stock: {card} does not help your hand.", card=_show(top[0]))
        return tr("Draw from the stock.")
    if verb == "pass":
        return tr("Pass: the upcard does not help your hand.")
    if verb == "meld":
        return tr("Meld {cards}: cards on the table no longer count against you.", cards=_group_text(argument))
    if verb == "layoff":
        cards, _, target = argument.partition(">")
        return tr(
            "Lay off {cards} on meld {target}: one card fewer in your hand.", cards=_group_text(cards), target=target
        )
    if verb == "exchange":
        cards, _, target = argument.partition(">")
        return tr(
            "Swap {cards} for the joker of meld {target}: a joker fits anywhere.",
            cards=_group_text(cards),
            target=target,
        )
    if verb in ("knock", "gin"):
        if verb == "gin":
            return tr("Gin, discarding {card}: end the hand while you are ahead.", card=_show(parse_face(argument)))
        return tr("Knock, discarding {card}: end the hand while you are ahead.", card=_show(parse_face(argument)))
    if verb == "declare":
        if argument == "none":
            return tr("Play on: your hand can still become something better.")
        names = variant.ending_names
        ending = tr(names[argument]) if argument in names else argument.replace("-", " ")
        return tr("Declare {ending}: it is the best ending your cards allow.", ending=ending)
    words = {
        "void": N_("Call the hand void: nothing lets you knock."),
        "keep": N_("Keep the hand: it is good enough."),
        "newdeal": N_("Ask for a new deal: the hand is weak."),
        "laydown": N_("Lay down: your penalty is small enough."),
        "throwin": N_("Throw in: laying down would cost you the game."),
        "reenter": N_("Re-enter: there is still enough room below the limit."),
        "decline": N_("Do not re-enter: you would start too close to the limit."),
        "takeback": N_("Take back this turn's table moves."),
    }
    return tr(words[verb]) if verb in words else tr("Play {action}.", action=action)


def discard_reason(variant: Variant, observation: dict[str, Any], face: int) -> str:
    settings = observation["settings"]
    hand = observation["hand"]
    value = variant.value_function(settings)
    arrangement = best_arrangement(hand, variant.meld_rules(settings), value)
    shown = _show(face)
    loose_faces = [face_of(c) for c in arrangement.deadwood]
    if face not in loose_faces:
        return tr("Discard {card}: breaking that meld costs you least.", card=shown)
    if value(held_card(hand, face)) >= max(value(c) for c in arrangement.deadwood):
        return tr("Discard {card}: it fits no meld and is your highest loose card.", card=shown)
    return tr("Discard {card}: it fits no meld.", card=shown)


def take_reason(variant: Variant, observation: dict[str, Any]) -> str:
    top = observation["discard"][-1]
    meld = _meld_with(variant, observation, observation["hand"] + [top], top)
    if meld is not None:
        others = [card for card in meld.cards if card != top]
        settings = observation["settings"]
        rules, value = variant.meld_rules(settings), variant.value_function(settings)
        if len(others) >= 3 and not best_arrangement(others, rules, value).deadwood:  # a meld already
            return tr("Take {card}: it extends {meld}.", card=_show(top), meld=meld_words(meld))
        return tr("Take {card}: it completes {meld}.", card=_show(top), meld=meld_words(meld))
    return tr("Take {card}: it is worth more to you than an unknown card from the stock.", card=_show(top))


def _meld_with(variant: Variant, observation: dict[str, Any], cards: list[int], card: int) -> Meld | None:
    settings = observation["settings"]
    arrangement = best_arrangement(cards, variant.meld_rules(settings), variant.value_function(settings))
    return next((m for m in arrangement.melds if card in m.cards), None)


def meld_words(meld: Meld) -> str:
    """``5-6-7♦`` for a run, ``a set of 8s`` for a set."""
    naturals = [c for c in meld.cards if not is_joker(c)]
    if meld.kind == SET:
        return set_words(meld.low)
    ranks = [_rank_word(rank_of(f)) if f != JOKER else "JK" for f in meld.faces]
    return "-".join(ranks) + SUIT_SYMBOLS[suit_of(naturals[0])]


SETS = {  # a set of each rank, in words ("a set of Js" read badly)
    1: N_("a set of aces"),
    2: N_("a set of twos"),
    3: N_("a set of threes"),
    4: N_("a set of fours"),
    5: N_("a set of fives"),
    6: N_("a set of sixes"),
    7: N_("a set of sevens"),
    8: N_("a set of eights"),
    9: N_("a set of nines"),
    10: N_("a set of tens"),
    11: N_("a set of jacks"),
    12: N_("a set of queens"),
    13: N_("a set of kings"),
}


def set_words(rank: int) -> str:
    return tr(SETS[rank]) if rank in SETS else tr("a meld")


def _rank_word(rank: int) -> str:
    return face_label({1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank)) + "S")[:-1]


def _group_text(text: str) -> str:
    """The cards of a move, each meld apart: "[KS] [KH] [KC] + [5S] [5H] [5D]"."""
    groups = [" ".join(f"[{token.split('=')[0]}]" for token in group.split("-") if token) for group in text.split("+")]
    return " + ".join(group for group in groups if group)


def _show(face: int) -> str:
    return f"[{face_text(face)}]"
