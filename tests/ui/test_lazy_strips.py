"""rummy_tui/lazy_strips.py: a Strip makes each of its caches on first use, the same cache as
Textual's; a strip made and never cut, styled or divided holds none, and one used gives what
a strip of Textual's own gives."""

from __future__ import annotations

import pytest
from rich.segment import Segment
from rich.style import Style
from textual.cache import FIFOCache
from textual.strip import Strip

from rummy_tui import lazy_strips
from rummy_tui.app import RummyApp  # noqa: F401  (the app installs lazy_strips)


def test_a_strip_made_holds_no_cache():
    strip = Strip([Segment("Seat 1", Style(bold=True)), Segment("   ")], 9)
    for name in lazy_strips.CACHE_SIZES:
        with pytest.raises(AttributeError):
            object.__getattribute__(strip, name)


def test_a_cache_is_made_on_first_use_and_kept():
    strip = Strip([Segment("Seat 1", Style(bold=True)), Segment("   ")], 9)
    cropped = strip.crop(1, 4)
    assert cropped.text == "eat" and cropped.cell_length == 3
    assert strip.crop(1, 4) is cropped  # from the cache made at the first crop
    cache = object.__getattribute__(strip, "_crop_cache")
    assert isinstance(cache, FIFOCache) and cache._maxsize == lazy_strips.CACHE_SIZES["_crop_cache"]


def test_a_strip_cuts_styles_and_divides_as_before():
    strip = Strip([Segment("Seat 1", Style(bold=True)), Segment("   ")], 9)
    assert [piece.text for piece in strip.divide([2, 6, 9])] == ["Se", "at 1", "   "]
    assert strip.apply_style(Style(italic=True)).text == "Seat 1   "
    assert strip.extend_cell_length(12).cell_length == 12
    assert strip.crop_extend(0, 12, None).text == "Seat 1      "


def test_any_other_missing_attribute_is_still_missing():
    with pytest.raises(AttributeError):
        Strip([Segment("x")]).no_such_thing  # noqa: B018
