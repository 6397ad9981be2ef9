"""The shape a game record (and a saved state) must have before a game is built from it.

Records come from files a player can edit, so anything may be in them. Every malformed record
is turned into a :class:`RecordError` whose message says which field is wrong and what it
should hold; nothing else escapes from :meth:`Game.replay` or :meth:`Game.from_json`.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from .deals import is_commitment, is_contribution

SEED_LIMIT = 2**512  # twice the bits of the seeds the game draws; keeps the seed's text bounded
SCALARS = (str, int, float, bool, type(None))


class RecordError(ValueError):
    """A game record that cannot be replayed."""


def shown(value: Any) -> str:
    """A short, always printable picture of a value from a record (huge numbers included)."""
    if isinstance(value, (dict, list)):
        return f"a JSON {'object' if isinstance(value, dict) else 'list'}"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= SEED_LIMIT:
        return "a number too large"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def is_whole_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_record(record: Any, formats: Collection[int]) -> None:
    """Raise RecordError unless ``record`` is a record this version can replay (one of ``formats``)."""
    if not isinstance(record, dict):
        raise RecordError(f"a game record is a JSON object, not {shown(record)}")
    if not is_whole_number(record.get("format")) or record.get("format") not in formats:
        readable = " and ".join(str(number) for number in formats)
        raise RecordError(f"unknown record format {shown(record.get('format'))} (this version reads {readable})")
    for name in ("variant", "players", "seed", "actions"):
        if name not in record:
            raise RecordError(f"not a game record: it has no '{name}'")
    if not isinstance(record["variant"], str):
        raise RecordError(f"'variant' must be a variant's key such as \"gin\", not {shown(record['variant'])}")
    if not is_whole_number(record["players"]):
        raise RecordError(f"'players' must be a whole number, not {shown(record['players'])}")
    seed = record["seed"]
    if not is_whole_number(seed) or abs(seed) >= SEED_LIMIT:
        raise RecordError(f"'seed' must be a whole number below 2**512, not {shown(seed)}")
    if not isinstance(record.get("chosen_seed", False), bool):
        raise RecordError(f"'chosen_seed' must be true or false, not {shown(record['chosen_seed'])}")
    _check_settings(record.get("settings"))
    _check_seats(record.get("seats"))
    actions = record["actions"]
    if not isinstance(actions, list):
        raise RecordError(f"'actions' must be a list of action codes, not {shown(actions)}")
    for number, action in enumerate(actions, start=1):
        if not isinstance(action, str):
            raise RecordError(f'action {number} must be an action code such as "draw:stock", not {shown(action)}')
    if record["format"] >= 2:
        _check_deals(record.get("deals"), record["players"])
        _check_my_randomness(record.get("my_randomness"), record["players"])


def _check_deals(deals: Any, players: int) -> None:
    """Each hand's sealed deal: its number, commitment and contributions (one per seat); its
    secret and dealt hands once revealed."""
    if not isinstance(deals, list):
        raise RecordError(f"'deals' must be a list of the hands' sealed deals, not {shown(deals)}")
    for number, entry in enumerate(deals, start=1):
        where = f"deal {number}"
        if not isinstance(entry, dict):
            raise RecordError(f"{where} must be a JSON object, not {shown(entry)}")
        if not is_whole_number(entry.get("hand")) or not 1 <= entry["hand"] <= 100_000:
            raise RecordError(f"{where}: 'hand' must be a hand number, not {shown(entry.get('hand'))}")
        where = f"the deal of hand {entry['hand']}"
        if not is_commitment(entry.get("deal_commitment")):
            raise RecordError(
                f"{where}: 'deal_commitment' must be 64 hex digits, not {shown(entry.get('deal_commitment'))}"
            )
        if "deal_secret" in entry and not is_commitment(entry["deal_secret"]):
            raise RecordError(f"{where}: 'deal_secret' must be 64 hex digits, not {shown(entry['deal_secret'])}")
        given = entry.get("contributions")
        if (
            not isinstance(given, list)
            or len(given) != players
            or not all(c is None or is_contribution(c) for c in given)
        ):
            raise RecordError(
                f"{where}: 'contributions' must be one per seat, 32 hex digits or null, not {shown(given)}"
            )
        dealt = entry.get("dealt")
        if dealt is not None and not (
            isinstance(dealt, list)
            and len(dealt) == players
            and all(
                isinstance(hand, list) and len(hand) <= 200 and all(isinstance(card, str) for card in hand)
                for hand in dealt
            )
        ):
            raise RecordError(f"{where}: 'dealt' must be one list of cards per seat, not {shown(dealt)}")


def _check_my_randomness(mine: Any, players: int) -> None:
    """A shared game as one of its players keeps it: their seat, the bytes their program sent
    for each hand's deal (by hand number), and the hands whose bytes the server confirmed."""
    if mine is None:
        return
    if not (
        isinstance(mine, dict)
        and is_whole_number(mine.get("seat"))
        and 0 <= mine["seat"] < players
        and isinstance(mine.get("sent"), dict)
        and all(hand.isdecimal() and len(hand) <= 6 and is_contribution(data) for hand, data in mine["sent"].items())
        and isinstance(mine.get("confirmed"), list)
        and all(is_whole_number(hand) for hand in mine["confirmed"])
    ):
        raise RecordError(
            '\'my_randomness\' must be {"seat": N, "sent": {hand: 32 hex digits}, "confirmed": [hands]},'
            f" not {shown(mine)}"
        )


def _check_settings(settings: Any) -> None:
    if settings is None:
        return
    if not isinstance(settings, dict):
        raise RecordError(f"'settings' must be a JSON object of setting names and values, not {shown(settings)}")
    for name, value in settings.items():
        if not isinstance(value, SCALARS):
            raise RecordError(f"setting '{name}' must be a number, text or on/off, not {shown(value)}")


def _check_seats(seats: Any) -> None:
    if seats is None:
        return
    if not isinstance(seats, list):
        raise RecordError(f"'seats' must be a list, not {shown(seats)}")
    for number, seat in enumerate(seats, start=1):
        if isinstance(seat, str):
            continue
        if not isinstance(seat, dict) or not all(isinstance(value, SCALARS) for value in seat.values()):
            raise RecordError(f"seat {number} must be a name or an object of name, kind and level, not {shown(seat)}")


# --- a saved state (Game.to_json) ----------------------------------------------------------

_NUMBER_FIELDS = {"players", "seed", "hand_no", "dealer", "shuffles", "reshuffles", "deal_hand", "deal_draws"}
_CARD_LIST_FIELDS = {"stock", "discard"}
_OBJECT_LIST_FIELDS = {"table", "sheet", "private", "events"}
_OPTIONAL_OBJECT_FIELDS = {"last_hand", "result"}


def check_state(state: Any, record: dict[str, Any], field_names: set[str]) -> None:
    """Raise RecordError unless ``state`` has the fields of a State, each of the right kind,
    and belongs to ``record`` (same variant, players and seed)."""
    if not isinstance(state, dict):
        raise RecordError(f"a saved state is a JSON object, not {shown(state)}")
    unknown = sorted(str(name) for name in set(state) - field_names)
    if unknown:
        raise RecordError(f"the saved state has an unknown field '{unknown[0]}'")
    for name in ("variant", "players", "settings", "seed"):
        if name not in state:
            raise RecordError(f"the saved state has no '{name}'")
    for name in ("variant", "players", "seed"):
        if state[name] != record[name] or type(state[name]) is not type(record[name]):
            raise RecordError(f"the saved state's '{name}' ({shown(state[name])}) is not the record's")
    for name, value in state.items():
        problem = _state_field_problem(name, value)
        if problem:
            raise RecordError(f"the saved state's '{name}' must be {problem}, not {shown(value)}")


def _state_field_problem(name: str, value: Any) -> str | None:
    """What the field should be, when ``value`` is not that."""
    if name in _NUMBER_FIELDS:
        return None if is_whole_number(value) else "a whole number"
    if name == "to_move":
        return None if value is None or is_whole_number(value) else "a seat number or null"
    if name in ("variant", "phase"):
        return None if isinstance(value, str) else "text"
    if name in ("settings", "extra"):
        return None if isinstance(value, dict) else "a JSON object"
    if name == "hands":
        ok = isinstance(value, list) and all(_is_card_list(hand) for hand in value)
        return None if ok else "a list of hands of card numbers"
    if name in _CARD_LIST_FIELDS:
        return None if _is_card_list(value) else "a list of card numbers"
    if name == "totals":
        ok = isinstance(value, list) and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
        return None if ok else "a list of numbers"
    if name in _OBJECT_LIST_FIELDS:
        ok = isinstance(value, list) and all(isinstance(entry, dict) for entry in value)
        return None if ok else "a list of JSON objects"
    if name in _OPTIONAL_OBJECT_FIELDS:
        return None if value is None or isinstance(value, dict) else "a JSON object or null"
    return None


def _is_card_list(value: Any) -> bool:
    return isinstance(value, list) and all(is_whole_number(card) and 0 <= card < 1000 for card in value)
