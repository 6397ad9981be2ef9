"""Reading a reactive attribute (a widget's scroll offset, its focus, its virtual size...) in one
Python call, not two and three attribute probes.

Textual 8.2.8's Reactive.__get__ checks on every read that the object was initialised (through
its `id` property, a Python call of its own), that the value is stored, and whether the object's
class computes it: a served game read reactives about 5,500 times on its way to its complete
start screen. Here a value already stored on an object whose class does not compute it is read
from the object at once; anything else (the first read, which stores the default; a computed
reactive; an object never initialised, which Textual reports) goes through Textual's own read.
Imported by the app (every app of this package).
"""

from __future__ import annotations

from typing import Any

from textual.reactive import Reactive

_textual_get = Reactive.__get__
_computed: dict[tuple[type, str], bool] = {}  # (class, compute method's name): whether it has one


def _get_stored(self: Reactive, obj: Any, obj_type: type) -> Any:
    if obj is None:
        return self
    try:
        value = obj.__dict__[self.internal_name]
    except (AttributeError, KeyError):
        return _textual_get(self, obj, obj_type)
    key = (type(obj), self.compute_name)
    computed = _computed.get(key)
    if computed is None:
        computed = _computed[key] = hasattr(type(obj), self.compute_name)
    return _textual_get(self, obj, obj_type) if computed else value


Reactive.__get__ = _get_stored  # type: ignore[method-assign]
