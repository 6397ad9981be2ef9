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

from rummy_tui.engine.cards import face_text, find_card

from ._outs import Outs, available_faces
from .ten_card import TEN_CARD_RULES, penalty_value

OUTS_WEIGHT = 2.0  # deadwood points per unit of next-draw gain
REENTRY_ROOM = 5  # re-enter when the restart total leaves at least this much below the limit


def choose_discard(observation: dict[str, Any], legal: list[str], hand_score) -> str:
    """``hand_score(cards, joker_penalty)`` is normal's score of ten cards (lower is better)."""
    from ._ten_card_ai import _discard_faces, _joker_penalty

    hand, taken = observation["hand"], observation["extra"]["taken"]
    joker_penalty = _joker_penalty(observation)
    outs = Outs(TEN_CARD_RULES, available_faces(2, list(hand) + list(observation["discard"])), frozenset())

    def loss(face: int) -> tuple[float, int, int]:
        card = find_card(hand, face, avoid=taken)
        rest = [c for c in hand if c != card]
        gain = outs.next_draw_gain(rest)
        return hand_score(rest, joker_penalty) - OUTS_WEIGHT * gain, -penalty_value(card, joker_penalty), face

    return f"discard:{face_text(min(_discard_faces(legal), key=loss))}"


def choose_reentry(observation: dict[str, Any], legal: list[str]) -> str:
    totals, active, limit = observation["totals"], observation["extra"]["active"], observation["settings"]["limit"]
    restart = max(totals[s] for s, playing in enumerate(active) if playing)
    return "reenter" if limit - restart >= REENTRY_ROOM and "reenter" in legal else "decline"
