"""What the terminal shows, as text: the whole screen, one string per row."""

from __future__ import annotations


def screen_lines(app) -> list[str]:
    strips = app.screen._compositor.render_strips()
    return ["".join(segment.text for segment in strip) for strip in strips]


def screen_text(app) -> str:
    return "\n".join(screen_lines(app))
