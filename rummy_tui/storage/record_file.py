"""Reading a game record from a file: a save, an exported record, or ``Game.to_json()`` output.

``rummy replay FILE`` reads its record here; the viewer is ``rummy_tui/screens/replay.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rummy_tui.engine import Game, RecordError
from rummy_tui.storage.jsonfile import NotJson, parse_json


class ReplayFileError(ValueError):
    """A file that holds no game record; the message names the file."""


def record_from_file(path: str | Path) -> dict[str, Any]:
    """The game record in a save file, an exported record, or ``Game.to_json()`` output."""
    record = record_in_file(path)
    try:
        Game.replay(record)
    except RecordError as error:
        raise ReplayFileError(f"{path} cannot be replayed: {error}") from None
    return record


def record_in_file(path: str | Path) -> Any:
    """What ``record_from_file`` reads, not yet replayed (``rummy verify`` judges it itself)."""
    path = Path(path)
    try:
        data = parse_json(path.read_bytes())
    except FileNotFoundError:
        raise ReplayFileError(f"{path}: no such file") from None
    except OSError as error:
        raise ReplayFileError(f"{path} cannot be read ({error.strerror or error})") from None
    except NotJson as error:
        raise ReplayFileError(f"{path} is not a game record: {error}") from None
    return data.get("record", data) if isinstance(data, dict) else data


def record_text(record: dict[str, Any]) -> str:
    """A record as ``rummy export`` writes it (and ``rummy simulate --records``)."""
    import json

    return json.dumps(record, indent=2, ensure_ascii=False) + "\n"
