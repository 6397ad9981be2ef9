"""The hard Römi player: normal's draws, openings and table moves, with card-counting discards.

It decides from its seat's observation only. It counts the cards it has seen (its hand, the
table, the discard pile), so it knows how many copies of each card may still come, and it keeps
the cards with the most chance-weighted outs (``variants/card_counting.py``) while throwing away the
points it would pay if someone went out soon: the closer the others are to going out, the more
a high card in hand weighs. With four players the points weigh much less (almost only once
someone is close to going out): there a deal is a race of more hands, and outs win it.
"""

from __future__ import annotations

from typing import Any

from rummy_tui.engine.cards import JOKER, face_of, is_joker
from rummy_tui.engine.melds import Meld
from rummy_tui.engine.solver import best_arrangement
from rummy_tui.engine.variant import parse_card_group
from rummy_tui.i18n import t as tr
from variants.card_counting import Outs, available_faces, faces_laying_off

from .common import RULES, value_of

PENALTY_WEIGHT = 0.3  # prospect points per penalty point of the discarded card, early on
PENALTY_WEIGHT_LATE = 0.6  # ... once another player is close to going out
# With 4 players a deal is a race between more hands: keeping the cards with the most outs,
# whatever their points, wins more deals (paired single deals, 4 players: 29.9% of deals at
# 0 / 0.15 against 27.2% at 0.3 / 0.6; docs/AI_STRENGTH.md has the runs).
MANY_PLAYERS = 4
PENALTY_WEIGHT_MANY = 0.0  # PENALTY_WEIGHT from MANY_PLAYERS players on
PENALTY_WEIGHT_MANY_LATE = 0.15
LATE_HAND_SIZE = 6
FEED_WEIGHT = 4.0  # a discard the next player could lay off
HANDOLAS_LOOSE = 2  # wait for a handolás with at most this many cards outside melds ...
HANDOLAS_STOCK = 20  # ... while the stock holds more than this ...
HANDOLAS_OTHERS = 10  # ... and every other player still holds this many cards
HANDOLAS_NOBODY_OPENED = 1


def choose_discard(observation: dict[str, Any], discards: list[str]) -> str:
    figures, weight = discard_figures(observation, discards)

    def loss(code: str) -> tuple:
        if code not in figures:  # a joker: thrown last
            return (1, 0.0, code)
        return (0, discard_loss(figures[code], weight), code)

    return min(discards, key=loss)


def discard_loss(figures: tuple[float, int, bool], weight: float) -> float:
    prospect, points, feeds = figures
    return -prospect - weight * points + FEED_WEIGHT * feeds


def discard_figures(
    observation: dict[str, Any], discards: list[str]
) -> tuple[dict[str, tuple[float, int, bool]], float]:
    """For each discard but a joker's: the chance-weighted outs of the cards kept, the card's
    points in hand, and whether the table takes it as a lay-off; and the weight of those points."""
    settings = observation["settings"]
    hand = list(observation["hand"])
    table = [Meld.from_json(e["meld"]) for e in observation["table"]]
    seen = hand + [c for meld in table for c in meld.cards] + list(observation["discard"])
    seat = observation["seat"]
    opened = observation["extra"]["opened"][seat]
    laying_off = faces_laying_off(table, RULES)  # a second copy of a card a run holds does not lay off
    outs = Outs(RULES, available_faces(2, seen), laying_off if opened else frozenset())
    others = [n for s, n in enumerate(observation["hand_sizes"]) if s != seat]
    late = min(others) <= LATE_HAND_SIZE and any(o for s, o in enumerate(observation["extra"]["opened"]) if s != seat)
    weight = penalty_weight(observation["players"], late)

    faces = {code: parse_card_group(code.split(":", 1)[1])[0][0] for code in discards}
    rests = {}
    for code, face in faces.items():
        if face != JOKER:
            rests[code] = list(hand)
            rests[code].remove(next(c for c in hand if not is_joker(c) and face_of(c) == face))
    prospects = outs.prospects(rests)
    figures = {code: (prospects[code], value_of(faces[code], settings), faces[code] in laying_off) for code in rests}
    return figures, weight


def review_measure(observation: dict[str, Any], legal: list[str], made: str, preferred: str, rng: Any) -> str | None:
    """Beside a discard hard would not have made, hard's figures for both: the outs of the
    cards kept, the card's points, whether the table takes it; None when hard rates both the same."""
    if not (made.startswith("discard:") and preferred.startswith("discard:")):
        return ""
    figures, weight = discard_figures(observation, [code for code in legal if code.startswith("discard:")])
    if made not in figures or preferred not in figures:
        return ""
    losses = [round(discard_loss(figures[code], weight), 1) for code in (made, preferred)]
    if losses[0] == losses[1]:
        return None
    words = []
    for code in (made, preferred):
        prospect, points, feeds = figures[code]
        card = "[" + code.split(":", 1)[1] + "]"
        line = tr(
            "Throwing {card}: the cards you keep have {outs} chance-weighted outs (cards that would meld them), "
            "and it counts {points} in hand.",
            card=card,
            outs=round(prospect, 1),
            points=points,
        )
        if feeds:
            line += " " + tr("It can be laid off on the table.")
        words.append(line)
    ratings = [-loss for loss in losses]
    words.append(
        tr("Hard's rating (higher is better): yours {yours}, its own {hards}.", yours=ratings[0], hards=ratings[1])
    )
    return " ".join(words)


def penalty_weight(players: int, late: bool) -> float:
    if players >= MANY_PLAYERS:
        return PENALTY_WEIGHT_MANY_LATE if late else PENALTY_WEIGHT_MANY
    return PENALTY_WEIGHT_LATE if late else PENALTY_WEIGHT


def waits_for_handolas(observation: dict[str, Any]) -> bool:
    """Keep an opening back while a handolás (everything in one turn, the others' penalties
    doubled) is near and nobody is about to go out."""
    hand = sorted(observation["hand"])
    loose = best_arrangement(hand, RULES, lambda c: 1).deadwood
    seat = observation["seat"]
    others = [n for s, n in enumerate(observation["hand_sizes"]) if s != seat]
    if HANDOLAS_NOBODY_OPENED and any(observation["extra"]["opened"]):
        return False
    return (
        len(loose) <= HANDOLAS_LOOSE and observation["stock_count"] > HANDOLAS_STOCK and min(others) >= HANDOLAS_OTHERS
    )
