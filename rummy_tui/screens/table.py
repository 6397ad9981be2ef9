"""The table: renders one seat's view of the game and turns keys and clicks into actions.

The screen reads only what its :class:`~rummy_tui.tableserver.seat.SeatView` gives it: this
seat's observation, its legal actions and the seats. It never decides a rule: whether a key is
usable comes from the seat's legal actions, and a refused action shows the engine's reason
(``await seat.why_not``, or the refusal ``await seat.apply`` raises). A local seat (solo and
hot-seat) brings the AI worker, the hand-off, undo, hints and saves (``table_local.py``); a
remote seat brings the server's views and the table chat (``table_remote.py``). The keys that
play a move are in ``table_moves.py``, those that open a view in ``table_views.py``; each part
is a mixin declared against ``table_parts.TableParts``.
"""

from __future__ import annotations

import json
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen

from rummy_tui.engine import Game
from rummy_tui.engine.cards import is_joker
from rummy_tui.engine.variant import Variant
from rummy_tui.i18n import _
from rummy_tui.tableserver.client import NOT_SENT
from rummy_tui.tableserver.seat import LocalSeat, RemoteSeat, SeatView, seat_name
from rummy_tui.widgets.base import Panel, TableView
from rummy_tui.widgets.cards import log_line
from rummy_tui.widgets.fresh import fresh_melds, table_copy
from rummy_tui.widgets.hand import HandView
from rummy_tui.widgets.key_line import KeyLine
from rummy_tui.widgets.log import GameLog, event_line
from rummy_tui.widgets.melds import MeldTableView
from rummy_tui.widgets.opponents import OpponentsView
from rummy_tui.widgets.piles import PilesView, piles_height
from rummy_tui.widgets.scores import ScoreSheet

from .daily_result import DailyEnd
from .jokers import JokerMeanings
from .lobby_chat import ChatLine
from .table_clock import ClockCountdown
from .table_keys import (
    CARD_VIEW_ACTIONS,
    COMPOSED_VERBS,
    PHASE_HINTS,
    REFUSABLE_CARD_KEYS,
    REFUSABLE_KEYS,
    TABLE_BINDINGS,
    TABLE_VERBS,
    VERB_OF_ACTION,
    bracket_cards,
    face_code,
    variant_verbs,
)
from .table_local import AiMoved, LocalTurns
from .table_moves import MoveKeys
from .table_remote import RemoteTurns, SeatsView, SharedTableLog
from .table_views import ViewKeys
from .undo import UndoMoves

MESSAGE_ROWS = 3  # the most lines a whole message (a hint) takes above the hand

__all__ = ["AiMoved", "PHASE_HINTS", "TableScreen", "bracket_cards", "variant_verbs"]


def hand_marker(last_hand: dict | None) -> str | None:
    """Which ended hand ``last_hand`` describes. It stays set through the next hand, so the
    marker is its content (two void hands in a row differ in their cards), not the move count;
    lines added later (a Tízlapos re-entry) do not make it a new hand."""
    if last_hand is None:
        return None
    return json.dumps({key: value for key, value in last_hand.items() if key != "lines"}, sort_keys=True, default=str)


class TableScreen(
    UndoMoves, JokerMeanings, LocalTurns, RemoteTurns, ClockCountdown, DailyEnd, MoveKeys, ViewKeys, Screen
):
    BINDINGS: ClassVar[list[BindingType]] = [*TABLE_BINDINGS]
    AUTO_FOCUS = ""  # nothing takes the table's keys by itself (a shared table's hidden chat line least of all)
    saves_the_game: ClassVar[bool] = True  # a local game is saved after every move (a lesson's is not)
    _observation_now: dict | None = None  # the observation of the redraw under way

    def __init__(self, seat: SeatView, ai_delay: float = 0.6, game_id: str | None = None) -> None:
        super().__init__()
        self.seat = seat
        self.local = isinstance(seat, LocalSeat)  # solo or hot-seat: the game is in this process
        self.game_id = game_id
        self.ai_delay = ai_delay
        self.humans = [index for index, entry in enumerate(seat.seats) if entry["kind"] == "human"]
        if self.local:
            self.viewer = self.humans[0] if len(self.humans) == 1 else None
        self._variant: Variant | None = None
        self.verbs: set[str] = set()  # the verbs the variant has (learnt with the variant)
        if seat.observation:
            self.variant  # noqa: B018 -- learns the variant's verbs
        self._legal: list[str] = []
        self._seen_hand: str | None = None
        self._table_seen: list[dict] | None = None  # the table after the viewer's last move
        self._overlay = False  # a hand-off or end-of-hand screen is waiting for the players
        self._thinking: int | None = None  # the move number an AI worker is choosing
        self._epoch = 0  # counts undos: an AI move chosen before one is stale
        self._takeback_refusal: str | None = ""  # a remote seat's why_not("takeback"), asked per view
        self.joker_meanings: dict[int, str] = {}  # joker card -> the face chosen for it with j
        self.table_lines: list[tuple[str, dict]] = []  # remote: the game's events and the table's lines, in order
        self.disk_notes: list[str] = []  # local: why saving or the history failed, in full (the full log shows them)

    # --- what the seat shows ------------------------------------------------------------

    @property
    def observation(self) -> dict:
        """The seat's observation. A local seat makes a new copy at every read (about ten per
        redraw, 0.15 ms each): a redraw reads the one it started with."""
        return self._observation_now if self._observation_now is not None else self.seat.observation

    @property
    def local_seat(self) -> LocalSeat:
        """The seat of a game in this process (solo and hot-seat); a shared table has none."""
        if not isinstance(self.seat, LocalSeat):
            raise AttributeError("a shared table's seat has no game in this process")
        return self.seat

    @property
    def remote_seat(self) -> RemoteSeat:
        """The seat at a shared table, with its connection to the table server."""
        if not isinstance(self.seat, RemoteSeat):
            raise AttributeError("a local seat has no table server")
        return self.seat

    @property
    def game(self) -> Game:
        """The game of a local seat (tests and local-only features); a remote seat has none."""
        return self.local_seat.game

    @game.setter
    def game(self, game: Game) -> None:
        self.local_seat.game = game

    @property
    def viewer(self) -> int | None:
        """Whose cards are shown: a remote seat's own; locally the player at the keyboard, or
        None while every hand is face down (hot-seat)."""
        return self.seat.seat

    @viewer.setter
    def viewer(self, seat: int | None) -> None:
        self.local_seat.seat = seat  # only a local table changes whose cards it shows

    @property
    def seats(self) -> list[dict]:
        return self.seat.seats

    @property
    def names(self) -> list[str]:
        return [seat_name(entry, index) for index, entry in enumerate(self.seats)]

    @property
    def variant(self):
        key = self.observation["variant"]
        if self._variant is None or self._variant.key != key:
            from variants import get_variant

            self._variant = get_variant(key)
            self.verbs = variant_verbs(self._variant)
        return self._variant

    @property
    def to_move(self) -> int | None:
        """The seat to move; None once the game is over."""
        observation = self.observation
        return None if observation["result"] is not None else observation["to_move"]

    # --- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Panel(id="status")
        with Horizontal(id="top"):
            yield SeatsView(id="opponents")
            yield ScoreSheet(id="scores")
        with Horizontal(id="middle"):
            with Vertical(id="left"):
                yield PilesView(id="piles")
                yield MeldTableView(id="melds")
            yield SharedTableLog(id="log")
        yield Panel(id="message")
        yield HandView(id="hand")
        if not self.local:
            yield ChatLine(self.remote_seat.client, hiding=True, id="chat")
        yield KeyLine()

    async def on_mount(self) -> None:
        if not self.local:
            await self.wait_for_first_view()
        if not self._still_shown():  # taken down as it mounted (ctrl+q just after Start): its panels are gone
            return
        observation = self.observation
        self.variant  # noqa: B018 -- learns the variant's verbs
        self._seen_hand = hand_marker(observation["last_hand"])
        self._table_seen = table_copy(observation["table"])
        self.query_one("#top").styles.height = observation["players"] + 3
        self.query_one(PilesView).styles.height = piles_height(observation)
        self.refresh_table()
        if self.local:
            self.start_local_clock()
            self.disk_writer()  # its thread finds the game's earlier save, if any
            self.call_after_refresh(self.advance)
        else:
            self.watch_views()
            # What the first view already holds: a daily deal over, or a game ended, before
            # this screen opened (no later view would bring it).
            self.call_after_refresh(self.advance)

    def on_resize(self) -> None:
        self.call_after_refresh(self._refresh_if_shown)  # panels fit their content to the new size

    def _refresh_if_shown(self) -> None:
        if self in self.app.screen_stack and self.observation:  # not replaced meanwhile
            self.refresh_table()

    @property
    def hand(self) -> HandView:
        return self.query_one(HandView)

    # --- rendering ----------------------------------------------------------------------

    def table_view(self) -> TableView:
        observation, viewer = self.observation, self.viewer
        mine = viewer is not None and self.to_move == viewer and not self._overlay
        self._legal = self.seat.legal if mine else []
        kinds = [entry["kind"] if entry["kind"] != "ai" else entry.get("level") or "normal" for entry in self.seats]
        kinds = ["human" if kind == "open" else kind for kind in kinds]
        return TableView(observation, self.names, kinds, viewer, self.variant, list(self._legal))

    def refresh_table(self) -> None:
        self._observation_now = self.seat.observation
        try:
            self._redraw_table()
        finally:
            self._observation_now = None

    def _redraw_table(self) -> None:
        view = self.table_view()
        self.mark_seats(view)
        self.query_one(MeldTableView).fresh = fresh_melds(self._table_seen, view.observation["table"])
        for widget in (
            self.query_one(OpponentsView),
            self.query_one(PilesView),
            self.query_one(ScoreSheet),
            self.query_one(MeldTableView),
            self.query_one(SharedTableLog),
            self.hand,
        ):
            widget.show(view)
        self.keep_clock_ticking()
        self.query_one("#status", Panel).update(
            Text(self.clock_prefix() + self.status_text(), no_wrap=True, overflow="ellipsis")
        )
        self.update_keys()

    def update_keys(self) -> None:
        """Tell the footer when the keys may have changed (it redraws only if they did)."""
        selected = self.hand.selected
        shown = (
            frozenset(self._legal_verbs()),
            bool(selected),
            bool(self.hand.staged),
            self._joker_chosen(),
            self.viewer,
            self._overlay,
            self.check_action("undo", ()),
        )
        if shown != getattr(self, "_keys_shown", None):
            self._keys_shown = shown
            self.query_one(KeyLine).update_keys()  # in the move's own frame

    def status_text(self) -> str:
        hand_no = self.observation["hand_no"]
        head = _("{variant} · hand {number}", variant=self.variant.shown_name(), number=hand_no)
        seat = self.to_move
        if seat is None:
            return head + " · " + _("game over")
        waiting = self.away_text() or self.waiting_text()
        if waiting:
            return head + " · " + waiting
        if self.viewer == seat and not self._overlay:
            hint = _("{name}: {phase}", name=self.names[seat], phase=self.phase_hint())
            if len(head) + 3 + len(hint) > self.size.width - 2:  # the hint matters more than the game's name
                head = _("hand {number}", number=hand_no)
            return head + " · " + hint
        return head + " · " + _("{name} to play", name=self.names[seat])

    def phase_hint(self) -> str:
        """What the player can do now, in words, from the verbs the engine offers."""
        verbs = {code.partition(":")[0] for code in self._legal}
        if verbs == {"discard"} and "meld" not in self.verbs:
            return _("discard the card under the cursor (x)")
        offer = self.observation["extra"].get("reentry")
        if "reenter" in verbs and isinstance(offer, dict) and "restart" in offer:
            return _(
                "pay {cost} to re-enter at {restart} (r), or stay out (N)", cost=offer["cost"], restart=offer["restart"]
            )
        for needed, hint in PHASE_HINTS:
            if needed <= verbs:
                return _(hint)
        return _("choose a move (a)")

    def say(self, text: str | Text, error: bool = False, whole: bool = False) -> Text:
        """Show a line in the message panel; returns it as shown (cards drawn as in the hand).
        ``whole`` (a hint) and a refusal wrap a long line onto up to three lines above the hand,
        which stay until the next message, rather than cutting it or covering the hand with a
        toast (only a message longer than that is shown whole in a toast as well)."""
        message = self.query_one("#message", Panel)
        message.set_class(error, "refused")
        line = text.copy() if isinstance(text, Text) else log_line(bracket_cards(text), self.hand.card_look())
        width = max(message.size.width - 2, 20)
        wrapped = len(line.wrap(self.app.console, width)) if whole or error else 1
        rows = min(wrapped, MESSAGE_ROWS)
        line.no_wrap, line.overflow = rows == 1, "ellipsis"
        message.styles.height = rows
        message.update(line)
        if wrapped > MESSAGE_ROWS:  # too long even for three lines: whole in a toast as well
            self.notify(line.plain, severity="error" if error else "information")
        return line

    async def on_key(self, event) -> None:
        """A move key whose move is not possible now reaches here: say why rather than nothing."""
        if await self.come_back():  # a player the clock marked away
            return
        if event.key == "u" and self.check_action("undo", ()) is False:
            self.say(self._why_no_undo(), error=True)
            return
        code = REFUSABLE_KEYS.get(event.key)
        verb = REFUSABLE_CARD_KEYS.get(event.key)
        if verb and self.check_action(verb, ()) is False and len(self.hand.chosen_cards()) == 1:
            code = f"{verb}:{face_code(self.hand.chosen_cards()[0])}"
        if not code or code.partition(":")[0] not in self.verbs:
            return
        if self._lost:  # a shared table's connection is gone: whoever's turn it is, say so
            self.say(_(NOT_SENT), error=True)
            self.connection_trouble()
        elif self._legal and self.viewer == self.to_move and not self._overlay:
            reason = await self.seat.why_not(code)
            if reason is not None:
                self.say(reason, error=True)

    # --- which keys are usable now (the engine decides) ----------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        verb = VERB_OF_ACTION.get(action)
        if verb is None:
            if action in CARD_VIEW_ACTIONS:
                return self.viewer is not None
            if action == "actions_menu":
                return bool(self._legal) or self._gave_up is not None or None
            if action == "hint":
                if not self.local:
                    return False  # a shared table gives no hints
                return bool(self._legal) or None  # each human at their own turn (hot-seat too)
            if action == "undo":
                return self._undo_point() is not None or self._takeback_allowed()
            if action == "table_melds":
                return "meld" in self.verbs
            if action == "joker_meaning":
                return bool(self._legal) and "meld" in self.verbs and self._joker_chosen()
            if action == "chat":
                return not self.local
            return True
        if verb in self._legal_verbs():
            return True
        # A code composed from the selection (a meld, a lay-off...) is shown while cards are
        # selected: the engine judges it when pressed and explains a refusal. Anything else that
        # is not possible now is hidden, to keep the footer short.
        if verb in TABLE_VERBS and "meld" not in self.verbs:
            return False
        chosen = bool(self.hand.selected) or (verb == "meld" and bool(self.hand.staged))  # + moves cards aside
        return verb in self.verbs and verb in COMPOSED_VERBS and bool(self._legal) and chosen

    def _joker_chosen(self) -> bool:
        """A joker is among the selected cards or the groups put aside."""
        return any(is_joker(card) for group in [*self.hand.staged, self.hand.selected] for card in group)

    def _legal_verbs(self) -> set[str]:
        return {code.partition(":")[0] for code in self._legal}

    # --- clicks (an @on handler must be in the screen's own class) ------------------------

    @on(HandView.CardClicked)
    def card_clicked(self, message: HandView.CardClicked) -> None:
        self.hand.set_cursor(message.index)
        self.hand.toggle_selected()
        self.update_keys()

    @on(PilesView.PileClicked)
    async def pile_clicked(self, message: PilesView.PileClicked) -> None:
        if message.pile == "stock":
            await self.action_draw()
        else:
            await self.action_take()

    @on(MeldTableView.MeldClicked)
    def meld_clicked(self, message: MeldTableView.MeldClicked) -> None:
        self.query_one(MeldTableView).set_target(message.index)

    @on(GameLog.Clicked)
    def log_clicked(self) -> None:
        self.action_full_log()

    # --- after every move: the end of a hand, the end of the game, the next turn ------------

    def after_action(self) -> None:
        if self.local:
            self._autosave()
        self.refresh_table()
        self.advance()

    def _hand_marker(self) -> str | None:
        return hand_marker(self.observation["last_hand"])

    def advance(self) -> None:
        """After every applied action: show the end of a hand, then hand over to the next seat."""
        if self._overlay:
            return
        observation = self.observation
        marker = hand_marker(observation["last_hand"])
        if marker != self._seen_hand and observation["last_hand"] is not None:
            self._seen_hand = marker
            self.show_end_of_hand()
            return
        if self.end_of_daily():  # a daily deal is its first hand
            return
        if observation["result"] is not None:
            self.show_end_of_game()
            return
        if self.local:
            self.next_local_turn(observation["to_move"])

    def show_end_of_hand(self) -> None:
        from .results import EndOfHandScreen, review_of_last_hand

        self._overlay = True
        if self.local and len(self.humans) > 1:
            self.viewer = None  # the next deal is already in the hands
        self.say("")  # the last move's words belong to the hand that ended, not to the next
        self.refresh_table()

        def closed(_result) -> None:
            self._overlay = False
            self.refresh_table()
            self.advance()

        check = getattr(self.seat, "deal_check", None)
        self.app.push_screen(EndOfHandScreen(self.table_view(), check, review_of_last_hand(self)), closed)

    def show_end_of_game(self) -> None:
        from .results import EndOfGameScreen

        self._overlay = True
        self.refresh_table()
        self.app.push_screen(EndOfGameScreen(self.table_view(), getattr(self.seat, "rating_lines", None)))

    def _latest_public_words(self, seat: int) -> Text:
        """What ``seat`` last did, from the public events (never an action code: it may name hidden cards)."""
        events = [event for event in self.observation["events"] if event.get("seat") == seat][-1:]
        return event_line(events[0], self.names, self.hand.card_look(), self.viewer) if events else Text()
