"""Reading JSON a player may have edited, damaged or replaced: every failure is one reason."""

from __future__ import annotations

import json
from typing import Any


class NotJson(ValueError):
    """Bytes that are not a JSON document this game can read; the message says why."""


def parse_json(data: bytes) -> Any:
    """The document in ``data``, or :class:`NotJson` with a reason a player can read."""
    if not data.strip():
        raise NotJson("the file is empty")
    try:
        return json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise NotJson("it is not valid JSON (not UTF-8 text)") from None
    except json.JSONDecodeError as error:
        raise NotJson(f"it is not valid JSON ({error})") from None
    except RecursionError:
        raise NotJson("it is nested too deeply to be a game") from None
    except ValueError as error:  # e.g. a number longer than Python converts (4300 digits)
        raise NotJson(f"it holds a value that cannot be read ({str(error).partition(';')[0]})") from None
