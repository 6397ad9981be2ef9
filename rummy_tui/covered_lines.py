"""Lines that add nothing to the screen are not drawn.

Hidden lines: Textual 8.2.8 draws every line of every widget on screen, then keeps, cell span
by cell span, what the front-most widget drew.

A screen's own lines, and a container's wherever its children cover it, were drawn and thrown
away in every full frame: on the start screen of `rummy serve` the screen's 24 lines and three
containers' lines, about a tenth of the CPU of its complete frame. Textual paints front to back
and a span, once painted, is never painted again (there is no blending between widgets), so a
widget's line whose spans are all painted already adds nothing: it is left undrawn. What is
shown is the same, cell for cell; a line left undrawn stays to be drawn in its widget's cache
and is drawn when a frame needs it.

Blank lines: a container draws nothing but its background, and where it has no border, outline,
hatching or padding above and below, all its lines are the same line; Textual drew each (the
start form's 23 lines, twice on the way to a served game's complete start screen). One is drawn
and stands for all. Imported by the app (every app of this package).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from textual._compositor import Compositor
from textual._styles_cache import StylesCache
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

_render_chops = Compositor._render_chops  # Textual's own (tests/ui/test_covered_lines.py compares)
_render_widget = StylesCache.render_widget


def _render_uncovered_chops(
    self: Compositor, crop: Region, is_rendered_line: Callable[[int], bool]
) -> Sequence[Mapping[int, Strip]]:
    """Compositor._render_chops, each widget asked only for the lines from its first to its last
    line with a span still unpainted (none: not asked at all)."""
    cuts = self.cuts
    chops: list[dict[int, Strip | None]] = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
    crop_overlaps = crop.overlaps if crop else None
    intersection = Region.intersection
    for widget, (region, clip) in self.visible_widgets.items():  # front-most first
        if crop_overlaps is not None and not crop_overlaps(clip):
            continue
        render_region = intersection(region, clip)
        if not (render_region.width and render_region.height):
            continue
        first_cut, last_cut = render_region.column_span
        wanted = [
            y
            for y in render_region.line_range
            if is_rendered_line(y) and any(chops[y][cut] is None for cut in cuts[y] if first_cut <= cut < last_cut)
        ]
        if not wanted:
            continue
        if all(is_rendered_line(y) for y in render_region.line_range):
            # All it shows is drawn now: a repaint it asked for before (its scroll bar's new size
            # in a layout, say) would draw the same again in a frame of its own.
            widget._repaint_required = False
        top, bottom = wanted[0], wanted[-1] + 1
        strips = widget.render_lines(
            Region(render_region.x - region.x, top - region.y, render_region.width, bottom - top)
        )
        for y, strip in zip(range(top, bottom), strips, strict=False):
            if not is_rendered_line(y):
                continue
            chops_line = chops[y]
            final_cuts = [cut for cut in cuts[y] if last_cut >= cut >= first_cut]
            cut_strips = strip.divide([cut - render_region.x for cut in final_cuts[1:]])
            for cut, piece in zip(final_cuts, cut_strips, strict=False):  # a short strip: fewer pieces
                if chops_line.get(cut) is None:  # painting front to back: the first piece wins
                    chops_line[cut] = piece
    return chops  # type: ignore[return-value]  # every span painted (the screen covers them all)


Compositor._render_chops = _render_uncovered_chops  # type: ignore[method-assign]


def all_lines_alike(widget: Widget) -> bool:
    """Whether every line of ``widget`` is the same: a container drawing only its background
    (Textual's own render, a Blank), with nothing that differs from line to line."""
    if not widget.is_container or type(widget).render is not Widget.render:
        return False
    styles = widget.styles
    top, _right, bottom, _left = styles.padding
    return (
        not top
        and not bottom
        and styles.keyline[0] == "none"
        and not any(edge for edge, _color in styles.border)
        and not any(edge for edge, _color in styles.outline)
        and not (styles.has_rule("hatch") and styles.hatch != "none")
        and widget._border_title is None
        and widget._border_subtitle is None
    )


def _render_one_blank_line(self: StylesCache, widget: Widget, crop: Region) -> list[Strip]:
    """StylesCache.render_widget, a container's lines all alike drawn once."""
    if crop.height > 1 and all_lines_alike(widget):
        return _render_widget(self, widget, Region(crop.x, crop.y, crop.width, 1)) * crop.height
    return _render_widget(self, widget, crop)


StylesCache.render_widget = _render_one_blank_line  # type: ignore[method-assign]
