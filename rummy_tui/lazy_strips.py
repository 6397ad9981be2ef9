"""A line of the screen (Textual's Strip) makes its caches when it first uses one, not all seven
as it is made.

Textual 8.2.8 gives every Strip seven small caches (of its crops, its styles, its divisions...)
the moment it is made, and a frame makes hundreds of strips, most of which never use one: a
served game made about 5,000 of them on its way to its complete start screen, each a Python call
and two objects, and more garbage to collect. Here each cache is made on the first use of it,
the same cache of the same size; a strip behaves as before. Imported by the app (every app of
this package).
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.segment import Segment
from textual.cache import FIFOCache
from textual.strip import Strip

CACHE_SIZES = {  # as Strip.__init__ makes them
    "_divide_cache": 4,
    "_crop_cache": 16,
    "_style_cache": 16,
    "_filter_cache": 4,
    "_line_length_cache": 4,
    "_crop_extend_cache": 4,
    "_offsets_cache": 4,
}


def _init_without_caches(self: Strip, segments: Iterable[Segment], cell_length: int | None = None) -> None:
    self._segments = list(segments)
    self._cell_length = cell_length
    self._render_cache = None
    self._link_ids = None
    self._cell_count = None


def _cache_on_first_use(self: Strip, name: str) -> FIFOCache:
    """A cache attribute not set yet (Python asks here only then): made now and kept."""
    size = CACHE_SIZES.get(name)
    if size is None:
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
    cache: FIFOCache = FIFOCache(size)
    setattr(self, name, cache)
    return cache


Strip.__init__ = _init_without_caches  # type: ignore[method-assign]
Strip.__getattr__ = _cache_on_first_use  # type: ignore[attr-defined]
