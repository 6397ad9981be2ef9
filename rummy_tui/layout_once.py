"""Each layout once: Textual 8.2.8 lays a screen out a second time after widgets are new.

A layout gives each new widget its size and virtual size. Textual sets the virtual size through
a reactive that asks for a layout, so every layout that placed a new widget asked for another
one of the whole screen, which found the same places and drew the widgets again (the start
screen's form: one more layout and frame after the complete one). The option list does the
same at its first draw, with the virtual size of its lines. Neither virtual size changes a place:
a widget's virtual size is what the layout found for it, and an option list's height comes from
its options, not from its virtual size. Where scroll bars appear or go, Textual asks for the
layout they need on its own (show_vertical_scrollbar and show_horizontal_scrollbar are layout
reactives), and that request is kept. The option list also drew itself twice: the Resize its
first layout sends came after its first draw and threw away the lines drawn at that width.
Imported by the app (every app of this package).
"""

from __future__ import annotations

from textual.geometry import Size
from textual.reactive import Reactive
from textual.widget import Widget
from textual.widgets import OptionList

_size_updated = Widget._size_updated
_update_lines = OptionList._update_lines
_on_resize = OptionList._on_resize


def _size_updated_by_the_layout(
    self: Widget, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
) -> bool:
    """Widget._size_updated, the virtual size set as Textual sets it when it asks for no layout
    (its scroll path), with its watchers told (screens/results.py watches a page's)."""
    before = self.virtual_size
    resized = _size_updated(self, size, virtual_size, container_size, layout=False)
    if layout and self.virtual_size != before:
        Reactive._check_watchers(self, "virtual_size", before)
    return resized


def _update_lines_in_place(self: OptionList) -> None:
    """OptionList._update_lines, without the layout and the redraw its new virtual size asked
    for (it runs as the list draws; what it drew changes with its options, which ask for their
    own); the width of lines made from scratch is kept (see _on_resize_keeping_lines)."""
    asked_already = self._layout_required, self._repaint_required
    scroll_bars = (self.show_vertical_scrollbar, self.show_horizontal_scrollbar)
    from_scratch = not self._line_cache.lines
    _update_lines(self)
    if from_scratch and self._line_cache.lines:
        self._lines_width = self.scrollable_content_region.width  # type: ignore[attr-defined]
    if scroll_bars == (self.show_vertical_scrollbar, self.show_horizontal_scrollbar):
        self._layout_required, self._repaint_required = (
            self._layout_required and asked_already[0],
            self._repaint_required and asked_already[1],
        )


def _on_resize_keeping_lines(self: OptionList) -> None:
    """OptionList._on_resize throws its lines and their renders away, to be made again at the new
    width; those made at the width it has now are kept. Its first layout sends it the Resize
    after its first draw, which made them at that very width: the list was drawn twice."""
    if not self._line_cache.lines or getattr(self, "_lines_width", None) != self.scrollable_content_region.width:
        _on_resize(self)


# Replacing methods on Textual's classes is the point of this module (undone by the pin's next bump).
Widget._size_updated = _size_updated_by_the_layout  # type: ignore[method-assign]
OptionList._update_lines = _update_lines_in_place  # type: ignore[method-assign]
OptionList._on_resize = _on_resize_keeping_lines  # type: ignore[method-assign]
