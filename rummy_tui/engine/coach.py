"""The coach: a player's decisions in a hand where the ``hard`` computer would have chosen
differently, with hard's move, its reason in words and, where it has one, a measure of the
difference.

Each decision is judged from that seat's observation and the actions it was offered: what the
player could see at that moment, never another seat's cards (``review_position`` reads nothing
else of the game). The randomness of hard's judgement is the one hard itself would have had at
that move of a game with a chosen seed (``ai_rng``), so a hand that hard played has nothing to
remark; in a game with a drawn seed it comes from the seat and the move number only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from rummy_tui.i18n import t as tr

from .cards import face_text, held_card, parse_face
from .game import Game
from .hints import explain
from .lessons import move_key
from .solver import best_arrangement
from .variant import Variant, split_action

DISCARDING = ("discard", "knock", "gin")  # verbs that throw one card


@dataclass(frozen=True)
class Remark:
    position: int  # how many actions of the record were played before the decision
    hand: int  # the hand it was in
    made: str  # the player's move
    preferred: str  # the move hard prefers
    reason: str  # hard's reason, in the player's language, cards as [KS]
    measure: str = ""  # what the difference is worth, in words, where there is a measure
    view: dict[str, Any] = field(default_factory=dict)  # the seat's observation then: the table as it saw it


def decision_rng(game: Game, seat: int) -> random.Random:
    """Hard's randomness at this move: what it had as a player in a game with a chosen seed."""
    moves = len(game.record["actions"])
    if game.chosen_seed:
        return random.Random(f"ai:{game.state.seed}:{seat}:{moves}")
    return random.Random(f"coach:{seat}:{moves}")


def same_move(first: str, second: str) -> bool:
    return move_key(first) == move_key(second)


def as_gin(code: str, legal: list[str]) -> str:
    """A knock with nothing unmatched counts as gin (Gin A-5.3): the same move as ``gin:`` with that card."""
    verb, argument = split_action(code)
    card = argument.partition("/")[0]
    return f"gin:{card}" if verb == "knock" and f"gin:{card}" in legal else code


def review_position(game: Game, seat: int, made: str, rng: random.Random) -> Remark | None:
    """Hard's verdict on ``made`` by ``seat`` in ``game`` (whose turn it is), from that seat's view."""
    legal = game.legal_actions()
    if len(legal) < 2:
        return None
    observation = game.observation(seat)
    randomness = rng.getstate()  # the measure reads the opponent with the same samples as hard did
    preferred, reason = game.variant.hint(observation, list(legal), rng)
    made, preferred = as_gin(made, legal), as_gin(preferred, legal)
    if game.why_not(preferred) is not None or same_move(made, preferred):
        return None
    rng.setstate(randomness)
    if not reason:
        reason = explain(game.variant, observation, preferred)
    measure = measure_difference(game.variant, observation, list(legal), made, preferred, rng)
    if measure is None:
        return None  # hard rates the two the same
    hand = game.state.hand_no
    return Remark(len(game.record["actions"]), hand, made, preferred, reason, measure, observation)


def measure_difference(
    variant: Variant, observation: dict[str, Any], legal: list[str], made: str, preferred: str, rng: random.Random
) -> str | None:
    """The variant's computer player's measure of the two moves (None: it rates them the same),
    else (where a hand is judged by its unmatched cards) the deadwood each discard leaves; empty
    when there is none."""
    measure = variant.computer.measure if variant.computer is not None else None
    if measure is not None:
        words = measure(observation, legal, made, preferred, rng)
        if words is None or words:
            return words
    if not variant.scores_deadwood:
        return ""
    left = [_deadwood_after(variant, observation, code) for code in (made, preferred)]
    if None in left or left[0] == left[1]:
        return ""
    return tr("Deadwood left: yours {yours}, hard's {hard}.", yours=left[0], hard=left[1])


def _deadwood_after(variant: Variant, observation: dict[str, Any], code: str) -> int | None:
    verb, argument = split_action(code)
    if verb not in DISCARDING or not argument:
        return None
    hand = list(observation["hand"])
    try:
        hand.remove(held_card(hand, parse_face(argument.partition("/")[0])))
    except ValueError:
        return None
    settings = observation["settings"]
    return best_arrangement(hand, variant.meld_rules(settings), variant.value_function(settings)).value


def decisions(record: dict[str, Any], seat: int, hand: int | None = None) -> Iterator[tuple[Game, str]]:
    """The game before each move ``seat`` made (in ``hand``, or every hand), with the move."""
    game = Game.replay(record, upto=0)
    for action in record["actions"]:
        if hand is not None and game.state.hand_no > hand:
            return
        if game.current_seat == seat and (hand is None or game.state.hand_no == hand):
            yield game, action
        game.apply(action)


def review(
    record: dict[str, Any], seat: int, hand: int | None = None, cancelled: Callable[[], bool] = lambda: False
) -> list[Remark]:
    """Every decision of ``seat`` (in ``hand``) where hard would have chosen differently."""
    remarks = []
    for game, made in decisions(record, seat, hand):
        if cancelled():
            break
        remark = review_position(game, seat, made, decision_rng(game, seat))
        if remark is not None:
            remarks.append(remark)
    return remarks


def card_words(code: str) -> str:
    """A move's card in log notation, for a list line (``discard:QH`` -> ``[QH]``)."""
    _verb, argument = split_action(code)
    try:
        return f"[{face_text(parse_face(argument.partition('/')[0]))}]"
    except ValueError:
        return ""
