"""One order for a shared table's log: the game's events and the table's own lines (joins,
chat, away and back) as they happened, for a seat that joins or comes back late as much as for
one that watched every move.

The engine trims its event list, so the table numbers each event (``n``) as it appears, and
each table line says how many events came before it (``events``). A client merges the two by
these numbers. An event the computer played for an away player says so (``for_away``).
"""

from __future__ import annotations

from typing import Any


def next_event_number(events: list[dict[str, Any]]) -> int:
    """The number the next new event gets: one past the last numbered one (0 for none)."""
    numbers = [event["n"] for event in events if isinstance(event.get("n"), int)]
    return max(numbers, default=-1) + 1


def number_new_events(events: list[dict[str, Any]], next_number: int, for_away: int | None = None) -> int:
    """Number the events at the end of ``events`` that have no number yet, oldest first. The
    first of them that belong to seat ``for_away`` tell the move the computer made for an away
    player; what follows another seat's line (a knock's score, a new hand) is not a move of theirs.
    Returns the next number."""
    start = len(events)
    while start > 0 and "n" not in events[start - 1]:
        start -= 1
    moving = for_away is not None
    for event in events[start:]:
        event["n"] = next_number
        next_number += 1
        moving = moving and event.get("seat") == for_away
        if moving:
            event["for_away"] = True
    return next_number


def in_table_order(events: list[dict[str, Any]], lines: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    """``("event", e)`` and ``("table", line)`` entries in the order they happened: each line
    after the events that came before it (a line of an older server, without its count, last)."""
    merged: list[tuple[str, dict[str, Any]]] = [("event", event) for event in events]
    last = -1  # the lines keep their own order
    for line in lines:
        before = line.get("events")
        if not isinstance(before, int):
            merged.append(("table", line))
            last = len(merged) - 1
            continue
        place = 0
        for index, (kind, entry) in enumerate(merged):
            if kind == "event" and isinstance(entry.get("n"), int) and entry["n"] < before:
                place = index + 1
        place = max(place, last + 1)
        merged.insert(place, ("table", line))
        last = place
    return merged


def numbering(events: list[dict[str, Any]], next_number: int) -> dict[str, Any]:
    """What a table saves of the numbering (a resumed game is replayed, without its numbers)."""
    return {"next": next_number, "for_away": [event["n"] for event in events if event.get("for_away")]}


def restore_numbering(events: list[dict[str, Any]], saved: Any) -> int:
    """Number a replayed game's events as they were when the table was saved (the last event
    is the one before ``next``); returns the next number."""
    if not isinstance(saved, dict) or not isinstance(saved.get("next"), int):
        return number_new_events(events, next_event_number(events))
    away = {number for number in saved.get("for_away") or [] if isinstance(number, int)}
    next_number = saved["next"]
    for offset, event in enumerate(reversed(events), start=1):
        event["n"] = next_number - offset
        if event["n"] in away:
            event["for_away"] = True
    return next_number
