"""Römi: the shapes of melds and the roles of cards in the exact search of a turn (``turn.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rummy_tui.engine.cards import face_of, face_text, is_joker, make_face, rank_of, suit_of
from rummy_tui.engine.melds import RUN, SET, Meld

MeldShape = tuple[str, Any]  # ("set", faces the jokers stand for) or ("run", (low position, joker positions))


def spot_face(position: int, suit: int) -> int:
    return make_face(1 if position == 14 else position, suit)


def distinct_roles(copies: list[int], taken: int | None) -> list[int]:
    """Of several copies of one face, the taken card and one plain copy are all that differ."""
    chosen = [c for c in copies if c == taken][:1]
    plain = [c for c in copies if c != taken][:1]
    return chosen + plain


def choose_one_each(groups: list[list[int]], taken: int | None) -> Iterator[list[int]]:
    yield from product([distinct_roles(g, taken) for g in groups])


def product(choices: list[list]) -> Iterator[list]:
    if not choices:
        yield []
        return
    for first in choices[0]:
        for rest in product(choices[1:]):
            yield [first] + rest


def jokers_in(shape: MeldShape) -> int:
    kind, detail = shape
    return len(detail) if kind == "set" else len(detail[1])


def build_meld(naturals: list[int], shape: MeldShape, jokers: list[int]) -> Meld | None:
    """A new meld: a set with jokers for the missing suits, or a run with jokers in the holes
    (positions, 14 being a high ace)."""
    kind, detail = shape
    if len(jokers) != jokers_in(shape):
        return None
    if kind == "set":
        faces = [face_of(c) for c in naturals] + list(detail)
        return Meld(SET, tuple(naturals) + tuple(jokers), tuple(faces), rank_of(naturals[0]))
    low, holes = detail
    suit = suit_of(naturals[0])
    ace_high = (
        any(p == 14 for p in holes)
        or (rank_of(naturals[0]) == 1 and low > 1)
        or any(rank_of(c) == 1 for c in naturals[1:])
    )
    by_position = {(14 if ace_high and rank_of(c) == 1 else rank_of(c)): c for c in naturals}
    by_position.update(zip(holes, jokers, strict=False))
    positions = sorted(by_position)
    if positions != list(range(low, low + len(positions))):
        return None
    return Meld(RUN, tuple(by_position[p] for p in positions), tuple(spot_face(p, suit) for p in positions), low)


def card_code(card: int, face: int) -> str:
    return f"JK={face_text(face)}" if is_joker(card) else face_text(face)
