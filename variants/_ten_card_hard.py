"""The hard Tízlapos player: normal's play, with card-counting discards and the choices of a
player who wants to be the last one standing.

It decides from its seat's observation only. It counts the cards it has seen (its hand and the
discard pile) to weigh each discard by the deadwood it keeps and by the chance-weighted outs of
the ten cards kept (``variants/_outs.py``): a hand a draw or two from a knock or a römi is worth
more than its deadwood says. It always lays down rather than throw in (a thrown-in player cannot
win a tie), and re-enters whenever that leaves it room to play on.
"""

from __future__ import annotations

from typing import Any

from rummy_tui.engine.cards import face_of, face_text, find_card

from ._outs import Outs, available_faces
from .ten_card import TEN_CARD_RULES, penalty_value

OUTS_WEIGHT = 2.0  # deadwood points per unit of next-draw gain
TAKE_BY_OUTS = False  # take the discard when the outs measure after it beats the hand's now
REENTRY_ROOM = 5  # re-enter when the restart total leaves at least this much below the limit


def _outs(observation: dict[str, Any]) -> Outs:
    seen = list(observation["hand"]) + list(observation["discard"])
    return Outs(TEN_CARD_RULES, available_faces(2, seen), frozenset())


def _best_loss(hand: list[int], faces: list[int], taken, joker_penalty: int, outs: Outs, hand_score):
    """(loss, -penalty, face) of the best discard: the ten cards' score less their outs."""
    def loss(face: int) -> tuple[float, int, int]:
        card = find_card(hand, face, avoid=taken)
        rest = [c for c in hand if c != card]
        gain = outs.next_draw_gain(rest)
        return hand_score(rest, joker_penalty) - OUTS_WEIGHT * gain, -penalty_value(card, joker_penalty), face

    return min((loss(face) for face in faces), default=None)


def choose_discard(observation: dict[str, Any], legal: list[str], hand_score) -> str:
    """``hand_score(cards, joker_penalty)`` is normal's score of ten cards (lower is better)."""
    from ._ten_card_ai import _discard_faces, _joker_penalty

    hand, taken = observation["hand"], observation["extra"]["taken"]
    best = _best_loss(hand, _discard_faces(legal), taken, _joker_penalty(observation), _outs(observation), hand_score)
    return f"discard:{face_text(best[2])}"


def choose_draw(observation: dict[str, Any], legal: list[str], hand_score) -> str | None:
    """Take the discard when the best ten cards with it beat the ten held now; None: as normal."""
    from ._ten_card_ai import _joker_penalty

    if not TAKE_BY_OUTS or "take:discard" not in legal or observation["extra"]["first_turn"]:
        return None
    hand, top = observation["hand"], observation["discard"][-1]
    joker_penalty, outs = _joker_penalty(observation), _outs(observation)
    now = hand_score(hand, joker_penalty) - OUTS_WEIGHT * outs.next_draw_gain(hand)
    faces = sorted({face_of(c) for c in hand})
    taking = _best_loss(hand + [top], faces, top, joker_penalty, outs, hand_score)
    return "take:discard" if taking[0] < now - 1 else "draw:stock"


def choose_reentry(observation: dict[str, Any], legal: list[str]) -> str:
    totals, active, limit = observation["totals"], observation["extra"]["active"], observation["settings"]["limit"]
    restart = max(totals[s] for s, playing in enumerate(active) if playing)
    return "reenter" if limit - restart >= REENTRY_ROOM and "reenter" in legal else "decline"
