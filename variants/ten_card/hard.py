"""The hard Tízlapos player: normal's play, with card-counting discards and the choices of a
player who wants to be the last one standing.

It decides from its seat's observation only. It counts the cards it has seen (its hand and the
discard pile) to weigh each discard by the deadwood it keeps and by the chance-weighted outs of
the ten cards kept (``variants/card_counting.py``): a hand a draw or two from a knock or a römi is worth
more than its deadwood says. It always lays down rather than throw in (a thrown-in player cannot
win a tie), and re-enters whenever it is offered: staying out loses the buli for sure, while even
a restart at the limit can still win it (a römi or a special hand lowers the total, and the others
may go out first). Only money speaks against it, and hard plays to win the buli.
"""

from __future__ import annotations

from typing import Any

from rummy_tui.engine.cards import face_text, held_card, parse_face
from rummy_tui.i18n import t as tr
from variants.card_counting import Outs, available_faces

from .endings import ENDING_BONUS
from .observation import discard_faces, joker_penalty_of
from .rules import TEN_CARD_RULES, _arrangement, penalty_value

OUTS_WEIGHT = 2.0  # deadwood points per unit of next-draw gain
# Re-enter when the restart total leaves at least this much below the limit: 0 is always. Measured
# (4 players, 400 bulis, seeds 1000+, the same seeds both ways): 0 won 10 more bulis than 5, and
# lost none, +2.5 +- 1.5 points of share.
REENTRY_ROOM = 0
ROOMY = 10  # with less room than this, the hint explains why re-entering still pays

# Throwing in and buying back in restarts at the highest total still in the buli, which can be
# lower than laying down would leave. Another player's unmatched points at the showdown are
# unseen: their mean for a normal seat falls with the rounds played (3 players, all normal, 40
# bulis, 522 showdowns), and a player counts as staying in only with twice that much room (about
# nine hands in ten). Throw in when laying down would leave hard at least the margin above the
# restart it expects. Measured only at a table of 3 (seeds 1000-1339, the same bulis with and
# without the rule: 167 against 159 won, about +2.4 +- 2.6 points; docs/AI_STRENGTH.md's 2,000 games from
# seed 1: 47.0% against 43.6%); at a table of 4 it was level (62 against 62 of 160), so there hard
# lays down as before.
UNMATCHED_BY_ROUND = (37, 28, 22, 21, 18, 15, 15, 12)  # then 12
SAFE_FACTOR = 2
THROWIN_MARGIN = {3: 5}  # by the number of players at the table; not listed: never throw in
FINISHER_POINTS = {"knock": 3, "atkopogas": 10, **ENDING_BONUS}  # what the finisher adds (a knock: at most 3)


def choose_discard(observation: dict[str, Any], legal: list[str], hand_score) -> str:
    """``hand_score(cards, joker_penalty)`` is normal's score of ten cards (lower is better)."""
    figures = discard_figures(observation, discard_faces(legal), hand_score)

    def loss(face: int) -> tuple[float, int, int]:
        score, gain, points = figures[face]
        return score - OUTS_WEIGHT * gain, -points, face

    return f"discard:{face_text(min(discard_faces(legal), key=loss))}"


def discard_figures(observation: dict[str, Any], faces: list[int], hand_score) -> dict[int, tuple[int, float, int]]:
    """For each face that may be thrown: normal's score of the ten cards kept, their next-draw
    gain (the chance-weighted cards the next draw completes), and the card's penalty points."""
    hand, taken = observation["hand"], observation["extra"]["taken"]
    joker_penalty = joker_penalty_of(observation)
    outs = Outs(TEN_CARD_RULES, available_faces(2, list(hand) + list(observation["discard"])), frozenset())
    figures = {}
    for face in faces:
        card = held_card(hand, face, avoid=taken)
        rest = [c for c in hand if c != card]
        figures[face] = (hand_score(rest, joker_penalty), outs.next_draw_gain(rest), penalty_value(card, joker_penalty))
    return figures


def review_measure(observation: dict[str, Any], legal: list[str], made: str, preferred: str, hand_score) -> str | None:
    """Beside a discard hard would not have made, hard's figures for both (None: it rates them the same)."""
    if not (made.startswith("discard:") and preferred.startswith("discard:")):
        return ""
    faces = discard_faces(legal)
    figures = discard_figures(observation, faces, hand_score)
    chosen = [parse_face(code.split(":", 1)[1]) for code in (made, preferred)]
    if not all(face in figures for face in chosen):
        return ""
    losses = [round(figures[face][0] - OUTS_WEIGHT * figures[face][1], 1) for face in chosen]
    if losses[0] == losses[1]:
        return None
    words = [
        tr(
            "Throwing {card}: the ten cards kept count {score} (their unmatched points, less for a hand that "
            "can end), and the next draw may complete {gain} of them.",
            card=f"[{face_text(face)}]",
            score=figures[face][0],
            gain=round(figures[face][1], 1),
        )
        for face in chosen
    ]
    words.append(tr("Hard's cost (lower is better): yours {yours}, its own {hards}.", yours=losses[0], hards=losses[1]))
    return " ".join(words)


def choose_showdown(observation: dict[str, Any]) -> str:
    """Lay down, unless throwing in and re-entering restarts clearly lower (and safely: at least
    two others must stay in, or there is no re-entry)."""
    margin = THROWIN_MARGIN.get(observation["players"])
    laid_down = observation["totals"][observation["seat"]] + _unmatched(observation)
    if margin is None or laid_down > observation["settings"]["limit"]:
        return "laydown"  # out either way; a laid-down player can still win a tie
    expected = _expected_restart(observation)
    if expected is not None and laid_down - expected >= margin:
        return "throwin"
    return "laydown"


def _unmatched(observation: dict[str, Any]) -> int:

    return _arrangement(tuple(sorted(observation["hand"])), joker_penalty_of(observation)).value


def _expected_restart(observation: dict[str, Any]) -> int | None:
    """The highest total expected among the others after this hand, or None when fewer than two
    of them are sure enough to stay in."""
    seat, totals, limit = observation["seat"], observation["totals"], observation["settings"]["limit"]
    extra = observation["extra"]
    showdown = extra["showdown"]
    finisher, threw_in = showdown["finisher"], showdown["threw_in"]
    unmatched = _others_unmatched(extra["turns"], sum(extra["active"]))
    staying, expected = 0, []
    for other, playing in enumerate(extra["active"]):
        if not playing or other == seat or other in threw_in:
            continue
        if other == finisher:
            after = totals[other] + FINISHER_POINTS[showdown["ending"]]
            safe = after <= limit
        else:
            after = totals[other] + unmatched
            safe = totals[other] + SAFE_FACTOR * unmatched <= limit
        staying += safe
        if after <= limit:
            expected.append(after)
    return max(expected) if staying >= 2 else None


def _others_unmatched(turns: int, players: int) -> int:
    """The unmatched points expected of a player who lays down after ``turns`` turns."""
    rounds = turns // max(players, 1)
    return UNMATCHED_BY_ROUND[min(rounds, len(UNMATCHED_BY_ROUND) - 1)]


def choose_reentry(observation: dict[str, Any], legal: list[str]) -> str:
    room = observation["settings"]["limit"] - _restart(observation)
    return "reenter" if room >= REENTRY_ROOM and "reenter" in legal else "decline"


def _restart(observation: dict[str, Any]) -> int:
    """The total a re-entry restarts at: the highest total still in the buli."""
    totals, active = observation["totals"], observation["extra"]["active"]
    return max(totals[s] for s, playing in enumerate(active) if playing)


def reentry_reason(observation: dict[str, Any], action: str) -> str:
    """The reason for re-entering with little room (an empty text lets the generic one stand)."""
    restart = _restart(observation)
    if action != "reenter" or observation["settings"]["limit"] - restart >= ROOMY:
        return ""
    return tr(
        "Re-enter: staying out loses the buli for sure; back in at {total}, a römi or a special hand can still win it.",
        total=restart,
    )


def showdown_reason(observation: dict[str, Any], action: str) -> str:
    """The reason for throwing in a hand hard would survive (empty: the generic one is true)."""
    if action != "throwin":
        return ""
    laid_down = observation["totals"][observation["seat"]] + _unmatched(observation)
    return tr(
        "Throw in and buy back in: you restart at the highest total still in (about {restart}), "
        "lower than the {total} laying down leaves you.",
        restart=_expected_restart(observation),
        total=laid_down,
    )
