"""The stock and the discard pile (and, in Gin, the knock limit the upcard set)."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message

from rummy_tui.i18n import _

from .base import CardWidget, TableView
from .cards import card_piece, cards_piece, log_line
from .fresh import taken_since_my_move


class PilesView(CardWidget):
    """Stock count, top discard, and the facts the variant keeps on view all hand."""

    class PileClicked(Message):
        def __init__(self, pile: str) -> None:
            super().__init__()
            self.pile = pile  # "stock" or "discard"

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = _("Piles")

    def show(self, view: TableView) -> None:
        obs = view.observation
        look = self.card_look()
        discard = obs["discard"]
        line = Text(_("Stock {count}", count=obs["stock_count"]))
        self._discard_from = line.cell_len + 3
        line.append("   " + _("Discard "))
        line.append_text(card_piece(discard[-1], look) if discard else Text(_("empty")))
        if discard:
            line.append(" " + _("({count})", count=len(discard)), style="dim")
        lines = [line]
        extra = obs["extra"]
        if "knock_limit" in extra:  # Gin: the upcard's limit stays in view all hand
            limit = extra["knock_limit"]
            limit_line = Text(_("Knock limit {limit}", limit=limit) if limit else _("No knocking (ace)"), style="bold")
            if "upcard" in extra:
                limit_line += Text(" · " + _("upcard ")) + card_piece(extra["upcard"], look)
            if extra.get("doubled"):  # short: the line must fit the panel at 80 columns
                limit_line += Text(" " + ("x2" if look.ascii_only else "×2"), style="bold")
            lines.append(limit_line)
        other = opponent(view)
        history = None if other is None else view.variant.pile_history(extra, other)
        if other is not None and history is not None:  # Gin: what he wants and what he does not
            self._show_pile_history(history, view.names[other], look)
        else:
            self.border_subtitle = self._taken_by_others(view, look)
        self.update(Text("\n").join(lines))

    def _show_pile_history(self, history: tuple[list[int], list[int]], seat_name: str, look) -> None:
        """The other seat's latest cards taken from the pile (on the top border) and passed (on
        the bottom one); the names are cut so that the cards, which matter, keep their room."""
        took, passed = history
        name = Text(seat_name)
        name.truncate(NAME_ROOM, overflow="ellipsis")
        self.border_title = (
            fill_text(
                _("Piles · {name} took {cards}", name="{name}", cards="{cards}"),
                {"name": name, "cards": latest(took, look)},
            )
            if took
            else _("Piles")
        )
        self.border_subtitle = (
            fill_text(
                _("{name} passed {cards}", name="{name}", cards="{cards}"),
                {"name": name, "cards": latest(passed, look)},
            )
            if passed
            else ""
        )

    def _taken_by_others(self, view: TableView, look) -> Text:
        """The cards the other seats took from the pile since the viewer's last move."""
        obs = view.observation
        taken = taken_since_my_move(obs["events"], view.viewer, obs["hand_no"])
        words = [
            fill_text(
                _("{name} took {card}", name="{name}", card="{card}"),
                {"name": view.names[seat], "card": log_line(card, look)},
            )
            for seat, card in taken
        ]
        return Text(", ").join(words)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and offset.y == 0:
            self.post_message(
                self.PileClicked("discard" if offset.x >= getattr(self, "_discard_from", 12) else "stock")
            )


def piles_height(observation: dict) -> int:
    """The panel's rows: the piles, and in Gin the knock limit."""
    return 4 if "knock_limit" in observation["extra"] else 3


# The panel's border has room for a name and the latest cards of each list; y shows them all.
LATEST = 2
NAME_ROOM = 8


def opponent(view: TableView) -> int | None:
    """The other seat of a two-seat game, seen from the viewer's."""
    if view.viewer is None or view.observation["players"] != 2:
        return None
    return 1 - view.viewer


def latest(cards: list[int], look) -> Text:
    shown = cards_piece(cards[-LATEST:], look)
    return Text("… ") + shown if len(cards) > LATEST else shown


def fill_text(template: str, values: dict) -> Text:
    """``template`` (already translated) with its placeholders replaced by (coloured) Text values."""
    line, rest = Text(), template
    while "{" in rest:
        before, _brace, after = rest.partition("{")
        key, _close, rest = after.partition("}")
        line.append(before)
        value = values.get(key, "{" + key + "}")
        line.append_text(value) if isinstance(value, Text) else line.append(str(value))
    line.append(rest)
    return line
