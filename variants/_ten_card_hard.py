"""The hard Tízlapos player: normal's play, with card-counting discards and the choices of a
player who wants to be the last one standing.

It decides from its seat's observation only. It counts the cards it has seen (its hand and the
discard pile) to weigh each discard by the deadwood it keeps and by the chance-weighted outs of
the ten cards kept (``variants/_outs.py``): a hand a draw or two from a knock or a römi is worth
more than its deadwood says. It always lays down rather than throw in (a thrown-in player cannot
win a tie), and re-enters whenever it is offered: staying out loses the buli for sure, while even
a restart at the limit can still win it (a römi or a special hand lowers the total, and the others
may go out first). Only money speaks against it, and hard plays to win the buli.
"""

from __future__ import annotations

from typing import Any

from rummy_tui.engine.cards import face_text, find_card
from rummy_tui.i18n import t as tr

from ._outs import Outs, available_faces
from .ten_card import TEN_CARD_RULES, penalty_value

OUTS_WEIGHT = 2.0  # deadwood points per unit of next-draw gain
# Re-enter when the restart total leaves at least this much below the limit: 0 is always. Measured
# (4 players, 400 bulis, seeds 1000+, the same seeds both ways): 0 won 10 more bulis than 5, and
# lost none, +2.5 +- 1.5 points of share.
REENTRY_ROOM = 0
ROOMY = 10  # with less room than this, the hint explains why re-entering still pays


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
    return tr("Re-enter: staying out loses the buli for sure; back in at {total}, a römi or a special hand "
              "can still win it.", total=restart)
