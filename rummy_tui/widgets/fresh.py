"""What the other seats did since the viewer's last move: the melds they laid or laid off onto,
and the cards they took from the discard pile. The table marks them until the viewer moves."""

from __future__ import annotations

import copy


def table_copy(table: list[dict]) -> list[dict]:
    """The table as it is now, to compare with later (observations may be shared)."""
    return copy.deepcopy(table)


def fresh_melds(seen: list[dict] | None, table: list[dict]) -> set[int]:
    """The melds laid, or laid off onto, since the table was ``seen`` (by their number)."""
    if seen is None:
        return set()
    return {index for index, entry in enumerate(table) if index >= len(seen) or seen[index] != entry}


def taken_since_my_move(events: list[dict], viewer: int | None, hand: int) -> list[tuple[int, str]]:
    """(seat, card) for each card another seat took from the discard pile this hand, after the
    viewer's own latest move (cards in log notation, ``[7H]``)."""
    mine = [index for index, event in enumerate(events) if event.get("seat") == viewer and viewer is not None]
    since = events[mine[-1] + 1 :] if mine else events
    return [
        (event["seat"], event["values"]["card"])
        for event in since
        if event.get("hand") == hand
        and event.get("seat") not in (None, viewer)
        and event.get("text", "").startswith("took ")
        and "card" in (event.get("values") or {})
    ]
