"""`rummy --lines replay`: a game's log read out as sentences, one event a line, then its score
sheet and result. Only the public log is told (what every seat saw), so a game still in play
gives away no hand."""

from __future__ import annotations

from typing import Any

from rummy_tui.i18n import _, render, render_event

from .console import plain_text
from .words import CardWords


def replay_lines(record: dict[str, Any], viewer: int | None, words: CardWords | None = None) -> list[str]:
    import variants  # noqa: F401  (a composition root: the variant registry comes with it)
    from rummy_tui.engine import Game
    from rummy_tui.storage.saves import seat_names

    words = words or CardWords()
    game = Game.replay(record)
    names = [plain_text(name) for name in seat_names(record)]
    state = game.state
    lines = [_("{variant}, hand {number}. At the table: {names}.", variant=game.variant.shown_name(),
               number=state.hand_no, names=", ".join(names))]  # fmt: skip
    lines += [words.sentence(render_event(event, names, viewer)) for event in state.events]
    for row in state.sheet:
        points = ", ".join(f"{name} {p}" for name, p in zip(names, row.get("points") or [], strict=False))
        lines.append(_("Hand {number}: {points}.", number=row.get("hand", "?"), points=points))
    totals = ", ".join(f"{name} {total}" for name, total in zip(names, state.totals, strict=False))
    lines.append(_("Totals: {totals}.", totals=totals))
    if state.result is not None:
        lines.append(_("The game is over."))
        lines += [words.sentence(render(line)) for line in state.result.get("lines") or []]
    return lines
