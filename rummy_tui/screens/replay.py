"""Replay a game action by action with every hand visible: from a file or from the history.

The viewer holds only the record; the position shown is ``Game.replay(record, upto=n)``
(stepping forward applies one action to the game already shown, which is the same thing).
``rummy replay`` opens it in its own app (``rummy_tui.app.ReplayApp``); the statistics screen
pushes it.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from rummy_tui.engine import Game
from rummy_tui.engine.cards import sort_key_by_suit
from rummy_tui.engine.melds import Meld
from rummy_tui.i18n import _, ngettext, pgettext, render, render_event
from rummy_tui.storage.saves import seat_names
from rummy_tui.widgets.actions import describe
from rummy_tui.widgets.base import CardWidget
from rummy_tui.widgets.cards import CardLook, cards_piece, log_line

# --- what the viewer shows, as text ---------------------------------------------------------


def position_title(game: Game, names: list[str], shown: int, total: int) -> str:
    variant = game.variant.shown_name() or game.record["variant"]
    return _(
        "Replay of {variant}: {players} | action {shown} of {total} | hand {hand}",
        variant=variant,
        players=", ".join(names),
        shown=shown,
        total=total,
        hand=max(game.state.hand_no, 1),
    )


def hands_text(game: Game, names: list[str], look: CardLook, viewer: int | None = None) -> Text:
    """Every seat's cards, face up, with totals and who moves next; with a ``viewer``, only
    that seat's cards (the others' are face down)."""
    state = game.state
    lines = []
    for seat, name in enumerate(names):
        marker = "▶ " if seat == game.current_seat else "  "
        total = state.totals[seat] if seat < len(state.totals) else 0
        cards = sorted(state.hands[seat], key=sort_key_by_suit) if state.hands else []
        header = Text(f"{marker}{name}  ", style="bold" if seat == game.current_seat else "")
        header.append(ngettext("({n} card, total {total})", "({n} cards, total {total})", len(cards), total=total))
        shown = cards_piece(cards, look) if viewer is None or seat == viewer else Text(_("(face down)"), style="dim")
        lines.append(header + Text("\n    ") + shown)
    return Text("\n").join(lines)


def table_text(game: Game, names: list[str], look: CardLook) -> Text:
    state = game.state
    text = Text(_("Stock: {count}   Discard pile: ", count=len(state.stock)))
    text.append_text(cards_piece(state.discard[-8:], look) if state.discard else Text(_("empty")))
    for index, entry in enumerate(state.table):
        owner = entry.get("owner")
        who = names[owner] if isinstance(owner, int) and 0 <= owner < len(names) else ""
        meld = Meld.from_json(entry["meld"])
        text.append(f"\n{index}. {who}: ")
        text.append_text(cards_piece(meld.cards, look))
    return text


def step_text(
    game: Game,
    names: list[str],
    look: CardLook,
    shown: int,
    mover: int | None = None,
    hand_ended: bool = False,
    viewer: int | None = None,
) -> Text:
    """The action just taken and by whom, what it did in words, and the score when a hand ends.
    With a ``viewer``, another seat's action is told only by the public log (its code may name
    cards the viewer never saw)."""
    if shown == 0:
        return Text(_("The deal. Press → to step through the game."))
    state = game.state
    who = names[mover] if mover is not None and 0 <= mover < len(names) else "?"
    code = game.record["actions"][shown - 1]
    text = Text(_("Action {number}: {name}: ", number=shown, name=who), style="bold")
    if viewer is None or mover == viewer:
        text.append_text(describe(code, look))
        text.append(f"  ({code})", style="dim")
    for event in state.events[-6:]:
        text.append("\n")
        text.append_text(log_line(render_event(event, names), look))
    ended = state.last_hand
    if (hand_ended or game.is_over) and ended and ended.get("lines"):
        text.append("\n" + _("Hand {hand} scored:", hand=ended.get("hand")), style="bold")
        for line in ended["lines"]:
            text.append("\n  ")
            text.append_text(log_line(render(line), look))
        for seat, cards in enumerate(ended.get("hands") or []):
            if seat < len(names):
                text.append(f"\n  {names[seat]}: ")
                text.append_text(cards_piece(sorted(cards, key=sort_key_by_suit), look))
    if game.is_over:
        text.append("\n" + _("Game over."), style="bold")
        for line in (state.result or {}).get("lines", []):
            text.append("\n  ")
            text.append_text(log_line(render(line), look))
    return text


# --- the screen ---------------------------------------------------------------------------


class ReplayPanel(CardWidget):
    """A Static that draws cards in the stylesheet's colours."""


class ReplayScreen(Screen):
    """Step through a game: → and ← one action, PgDn and PgUp one hand, Home and End."""

    DEFAULT_CSS = """
    ReplayScreen #replay-title { padding: 0 1; background: $boost; text-style: bold; }
    ReplayScreen ReplayPanel { padding: 0 1; border: round $primary-lighten-1; }
    ReplayScreen #replay-hands { height: auto; }
    ReplayScreen #replay-table { height: auto; }
    ReplayScreen #replay-step { height: 1fr; }
    """
    BINDINGS = [
        Binding("right,l,space", "step(1)", _("Next"), id="replay.next"),
        Binding("left,h", "step(-1)", _("Back"), id="replay.back"),
        Binding("r", "review", _("Review"), id="replay.review", tooltip=_("What hard would have done differently")),
        Binding("pagedown,n", "hand(1)", _("Next hand"), id="replay.next_hand"),
        Binding("pageup,p", "hand(-1)", _("Previous hand"), id="replay.previous_hand"),
        Binding("home,g", "go_to(0)", pgettext("replay", "Start"), id="replay.start"),
        Binding("end,G", "go_to_end", pgettext("replay", "End"), id="replay.end"),
        Binding("q,escape", "close", _("Close"), id="replay.close"),
    ]

    def __init__(self, record: dict[str, Any], start_at: int = 0, viewer: int | None = None) -> None:
        """``viewer``: show only what that seat saw (a game not yet over); None: every hand."""
        super().__init__()
        self.record, self.viewer = record, viewer
        self.names = seat_names(record)
        self.total = len(record["actions"])
        self.shown = max(0, min(start_at, self.total))
        self.game = Game.replay(record, upto=self.shown)
        self.hand_starts, self.movers = _walk(record)

    def compose(self) -> ComposeResult:
        yield Static(id="replay-title")
        with Vertical():
            yield ReplayPanel(id="replay-hands")
            yield ReplayPanel(id="replay-table")
            yield ReplayPanel(id="replay-step")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#replay-hands").border_title = (
            _("Every hand")
            if self.viewer is None
            else _("{name}'s view: the game is not over", name=self.names[self.viewer])
        )
        self.query_one("#replay-table").border_title = _("Table")
        self.query_one("#replay-step").border_title = _("What happened")
        self.show_position()

    def show_position(self) -> None:
        hands = self.query_one("#replay-hands", ReplayPanel)
        look = hands.card_look()
        self.query_one("#replay-title", Static).update(position_title(self.game, self.names, self.shown, self.total))
        hands.update(hands_text(self.game, self.names, look, self.viewer))
        self.query_one("#replay-table", ReplayPanel).update(table_text(self.game, self.names, look))
        mover = self.movers[self.shown - 1] if self.shown else None
        hand_ended = self.shown > 0 and self.hand_starts.get(self.game.state.hand_no) == self.shown
        self.query_one("#replay-step", ReplayPanel).update(
            step_text(self.game, self.names, look, self.shown, mover, hand_ended, self.viewer)
        )

    def go_to(self, position: int) -> None:
        position = max(0, min(position, self.total))
        if position == self.shown + 1:
            self.game.apply(self.record["actions"][self.shown])
        elif position != self.shown:
            self.game = Game.replay(self.record, upto=position)
        self.shown = position
        self.show_position()

    def action_step(self, delta: int) -> None:
        self.go_to(self.shown + delta)

    def action_go_to(self, position: int) -> None:
        self.go_to(position)

    def action_go_to_end(self) -> None:
        self.go_to(self.total)

    def action_hand(self, direction: int) -> None:
        """Move to the first action of the next hand, or back to the start of this or the last one."""
        if direction > 0:
            hand = self.game.state.hand_no
            while self.shown < self.total and self.game.state.hand_no == hand:
                self.go_to(self.shown + 1)
            return
        hand = self.game.state.hand_no
        at_its_start = self.hand_starts.get(hand, 0) == self.shown
        self.go_to(self.hand_starts.get(hand - 1 if at_its_start else hand, 0))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.viewer is None if action == "review" else True  # a finished game's hands only

    def action_review(self) -> None:
        """The coach on the hand shown, for the first human seat (a computer-only game: seat 1)."""
        from rummy_tui.storage.saves import seat_kinds

        from .review import ReviewScreen

        if self.viewer is not None:
            return
        played = max(self.shown - 1, 0)
        hand = max((h for h, start in self.hand_starts.items() if start <= played), default=1)
        seat = next((s for s, kind in enumerate(seat_kinds(self.record)) if kind == "human"), 0)
        self.app.push_screen(ReviewScreen(self.record, seat, max(hand, 1), self.names))

    def action_close(self) -> None:
        self.dismiss(None)  # `rummy replay`'s app exits when its only screen is dismissed


def _walk(record: dict[str, Any]) -> tuple[dict[int, int], list[int | None]]:
    """One pass through the game: the position at which each hand is first shown (its deal),
    and the seat that played each action."""
    game = Game.replay(record, upto=0)
    starts, movers = {game.state.hand_no: 0}, []
    for position, action in enumerate(record["actions"], start=1):
        movers.append(game.current_seat)
        game.apply(action)
        starts.setdefault(game.state.hand_no, position)
    return starts, movers
