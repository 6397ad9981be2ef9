"""The table: renders the game from the viewer's seat and turns keys and clicks into actions.

The screen never decides a rule. Whether a key is usable comes from ``game.legal_actions()``;
a refused action shows ``game.why_not(code)``. AI seats think in a thread worker that only
posts a message; the handler applies the move here, on the UI thread.
"""

from __future__ import annotations

import json
import re
import sys
import time

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen

from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.engine.cards import card_text, is_joker
from rummy_tui.i18n import N_, _
from rummy_tui.widgets.actions import describe
from rummy_tui.widgets.base import Panel, TableView
from rummy_tui.widgets.cards import card_piece, log_line
from rummy_tui.widgets.footer import KeepHelpFooter
from rummy_tui.widgets.hand import HandView
from rummy_tui.widgets.log import GameLog, event_line
from rummy_tui.widgets.melds import MeldTableView
from rummy_tui.widgets.opponents import OpponentsView
from rummy_tui.widgets.piles import PilesView
from rummy_tui.widgets.scores import ScoreSheet

from .jokers import JokerMeanings
from .undo import UndoMoves

# Keys that carry out a game action, and the verb of the action code each one sends.
VERB_OF_ACTION = {
    "draw": "draw", "take": "take", "pass_turn": "pass", "discard": "discard", "knock": "knock",
    "gin": "gin", "meld": "meld", "layoff": "layoff", "exchange": "exchange", "takeback": "takeback",
    "void": "void", "throwin": "throwin", "reenter": "reenter", "newdeal": "newdeal", "keep": "keep",
    "declare": "declare", "laydown": "laydown", "decline": "decline",
}
# Verbs whose code the screen composes from the selected cards; the engine judges each one.
COMPOSED_VERBS = ("meld", "layoff", "exchange", "newdeal")
PHASE_HINTS = [
    ({"take", "pass"}, N_("take the upcard (t) or pass (p)")),
    ({"keep", "newdeal"}, N_("keep (K), or select up to 3 and redeal (n)")),
    ({"declare"}, N_("declare (D) or play on")),
    ({"laydown", "throwin"}, N_("lay down (L) or throw in (w)")),
    ({"reenter"}, N_("re-enter (r) or decline (N)")),
    ({"draw", "take"}, N_("draw (d) or take the discard (t)")),
    ({"draw"}, N_("draw from the stock (d)")),
    ({"void"}, N_("take to knock (t) or call it void (v)")),
    ({"knock"}, N_("discard (x), knock (k) or go gin (g)")),
    ({"gin"}, N_("discard (x) or go gin (g)")),
    # Short enough for "Traditional Rummy · hand 12 · " and a name in 80 columns.
    ({"meld"}, N_("space select, m meld, o lay off, x discard")),
    ({"discard"}, N_("space select, m meld, o lay off, x discard")),
]
# Keys hidden when their move is impossible; pressed anyway, they show the engine's reason.
REFUSABLE_KEYS = {"d": "draw:stock", "t": "take:discard"}
# The same for keys that play the chosen card: the engine says why (over the knock limit...).
REFUSABLE_CARD_KEYS = {"k": "knock", "g": "gin", "x": "discard"}
# Verbs that need melds on the table, so only games that meld on the table offer their keys.
TABLE_VERBS = ("layoff", "exchange")
CARD_VIEW_ACTIONS = ("cursor", "move_card", "select", "stage", "clear", "sort", "target")


def variant_verbs(variant) -> set[str]:
    """The verbs a variant module lists in its docstring (ENGINE.md: each module lists them)."""
    doc = sys.modules[type(variant).__module__].__doc__ or ""
    return set(re.findall(r"``([a-z]+)(?::|``)", doc))


BARE_CARD = re.compile(r"(?<![\[\w])((?:10|[2-9AJQK])[SHDC])(?![\w\]])")
BARE_JOKER = re.compile(r"(?<![\[\w])JK(?![\w\]])")


def bracket_cards(text: str) -> str:
    """An engine reason's bare card codes (``4S QD JK=9S``) in log notation, so they are drawn as cards."""
    return BARE_JOKER.sub("[JK]", BARE_CARD.sub(r"[\1]", text))


def face_code(card: int | str) -> str:
    """A card's code, or a joker already given a meaning (``JK=9S``)."""
    return card if isinstance(card, str) else card_text(card)


class AiMoved(Message):
    """An AI seat chose ``action`` when the record held ``turn`` actions, after ``epoch`` undos."""

    def __init__(self, seat: int, action: str, turn: int, epoch: int = 0) -> None:
        super().__init__()
        self.seat, self.action, self.turn, self.epoch = seat, action, turn, epoch


class TableScreen(UndoMoves, JokerMeanings, Screen):
    BINDINGS = [
        Binding("d", "draw", _("Draw"), id="draw",
                tooltip=_("Draw the top card of the stock (or click the stock)")),
        Binding("t", "take", _("Take"), id="take",
                tooltip=_("Take the top discard, or the upcard (or click the discard pile)")),
        Binding("p", "pass_turn", _("Pass"), id="pass", tooltip=_("Pass the upcard (Gin)")),
        Binding("x", "discard", _("Discard"), id="discard",
                tooltip=_("Discard the card under the cursor (or the one selected card)")),
        Binding("k", "knock", _("Knock"), id="knock",
                tooltip=_("Knock, discarding the card under the cursor (Gin)")),
        Binding("g", "gin", _("Gin"), id="gin", tooltip=_("Go gin, discarding the card under the cursor (Gin)")),
        Binding("m", "meld", _("Meld"), id="meld",
                tooltip=_("Lay the selected cards (and any groups put aside with +) as melds")),
        Binding("o", "layoff", _("Lay off"), id="layoff",
                tooltip=_("Lay the selected cards off onto the target meld ([ and ] choose it)")),
        Binding("e", "exchange", _("Joker"), id="exchange",
                tooltip=_("Lay the selected natural card(s) in place of the target meld's joker and take the joker")),
        Binding("u", "undo", _("Undo"), id="undo",
                tooltip=_("Against the computer: take back your last move, and the computer's moves after it "
                          "(not a draw from the stock, nor past one or the end of a hand). "
                          "Hot-seat Römi: take back this turn's table moves, before the discard")),
        Binding("v", "void", _("Void"), id="void", tooltip=_("Call the hand void (Gin, stock down to two cards)")),
        Binding("w", "throwin", _("Throw in"), id="throwin",
                tooltip=_("Throw in: leave the game rather than lay down (Tízlapos)")),
        Binding("r", "reenter", _("Re-enter"), id="reenter",
                tooltip=_("Pay to re-enter the game after being eliminated (Tízlapos)")),
        Binding("n", "newdeal", _("New deal"), id="newdeal",
                tooltip=_("Ask for a new deal, keeping the selected cards (at most 3; Tízlapos)")),
        Binding("K", "keep", _("Keep"), id="keep", tooltip=_("Keep the dealt hand (Tízlapos)")),
        Binding("D", "declare", _("Declare"), id="declare",
                tooltip=_("Declare an ending: knock, römi, a flush, piccolo... (Tízlapos)")),
        Binding("L", "laydown", _("Lay down"), id="laydown",
                tooltip=_("Lay down your melds and take your unmatched cards as penalty (Tízlapos)")),
        Binding("N", "decline", _("Decline"), id="decline", tooltip=_("Do not re-enter (Tízlapos)")),
        Binding("j", "joker_meaning", _("Joker as"), id="joker-as",
                tooltip=_("Choose what a selected joker stands for, from the melds and lay-offs the rules allow")),
        Binding("a", "actions_menu", _("Moves"), id="moves", tooltip=_("A menu of every move possible now")),
        Binding("i", "hint", _("Hint"), id="hint", tooltip=_("What would a strong player do? (one human at the table)")),
        Binding("left,h", "cursor(-1)", _("Left"), show=False, id="cursor-left"),
        Binding("right,l", "cursor(1)", _("Right"), show=False, id="cursor-right"),
        Binding("home", "cursor_to(0)", _("First card"), show=False, id="cursor-first"),
        Binding("end", "cursor_to(999)", _("Last card"), show=False, id="cursor-last"),
        Binding("shift+left,comma", "move_card(-1)", _("Move card left"), show=False, id="move-left"),
        Binding("shift+right,full_stop", "move_card(1)", _("Move card right"), show=False, id="move-right"),
        Binding("space", "select", _("Select"), show=False, id="select"),
        Binding("plus", "stage", _("Put group aside"), show=False, id="stage"),
        Binding("escape", "clear", _("Clear selection"), show=False, id="clear"),
        Binding("s", "sort", _("Sort"), id="sort"),
        Binding("left_square_bracket", "target(-1)", _("Previous meld"), show=False, id="target-prev"),
        Binding("right_square_bracket", "target(1)", _("Next meld"), show=False, id="target-next"),
        Binding("T", "table_melds", _("Table"), show=False, id="table-melds",
                tooltip=_("Every meld on the table, full screen; Enter there makes one the target")),
        Binding("c", "score_sheet", _("Score"), show=False, id="score-sheet"),
        Binding("y", "discard_history", _("Discards"), show=False, id="discard-history"),
        Binding("R", "rules", _("Rules"), show=False, id="rules"),
        Binding("H", "full_log", _("Log"), show=False, id="full-log",
                tooltip=_("The whole log, full screen, no line cut (or click the log)")),
        Binding("question_mark", "help", _("Keys"), id="help"),
    ]

    def __init__(self, game: Game, seats: list[dict], ai_delay: float = 0.6, game_id: str | None = None) -> None:
        super().__init__()
        self.game = game
        self.game_id = game_id
        self.seats = seats
        self.ai_delay = ai_delay
        self.humans = [seat for seat, entry in enumerate(seats) if entry["kind"] == "human"]
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.verbs = variant_verbs(game.variant)
        self._legal: list[str] = []
        self._seen_hand = self._hand_marker()
        self._overlay = False  # a hand-off or end-of-hand screen is waiting for the players
        self._thinking: int | None = None  # the move number an AI worker is choosing
        self._epoch = 0  # counts undos: an AI move chosen before one is stale
        self.joker_meanings: dict[int, str] = {}  # joker card -> the face chosen for it with j

    # --- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Panel(id="status")
        with Horizontal(id="top"):
            yield OpponentsView(id="opponents")
            yield ScoreSheet(id="scores")
        with Horizontal(id="middle"):
            with Vertical(id="left"):
                yield PilesView(id="piles")
                yield MeldTableView(id="melds")
            yield GameLog(id="log")
        yield Panel(id="message")
        yield HandView(id="hand")
        yield KeepHelpFooter()

    def on_mount(self) -> None:
        self.query_one("#top").styles.height = self.game.state.players + 3
        self.query_one(PilesView).styles.height = 4 if "knock_limit" in self.game.state.extra else 3
        self.refresh_table()
        self.call_after_refresh(self.advance)

    def on_resize(self) -> None:
        self.call_after_refresh(self._refresh_if_shown)  # panels fit their content to the new size

    def _refresh_if_shown(self) -> None:
        if self in self.app.screen_stack:  # not replaced meanwhile (a new game from the palette)
            self.refresh_table()

    @property
    def hand(self) -> HandView:
        return self.query_one(HandView)

    @property
    def names(self) -> list[str]:
        return [entry["name"] for entry in self.seats]

    # --- rendering ----------------------------------------------------------------------

    def table_view(self) -> TableView:
        game, viewer = self.game, self.viewer
        observation = game.observation(viewer if viewer is not None else 0)
        if viewer is None:  # public parts only
            observation["hand"], observation["private"] = [], {}
        mine = viewer is not None and game.current_seat == viewer and not self._overlay
        self._legal = game.legal_actions() if mine else []
        kinds = [entry["kind"] if entry["kind"] == "human" else entry.get("level", "normal") for entry in self.seats]
        return TableView(observation, self.names, kinds, viewer, game.variant, list(self._legal))

    def refresh_table(self) -> None:
        view = self.table_view()
        for widget in (self.query_one(OpponentsView), self.query_one(PilesView), self.query_one(ScoreSheet),
                       self.query_one(MeldTableView), self.query_one(GameLog), self.hand):
            widget.show(view)
        self.query_one("#status", Panel).update(Text(self.status_text(), no_wrap=True, overflow="ellipsis"))
        self.update_keys()

    def update_keys(self) -> None:
        """Refresh the footer only when what it shows changes (a footer redraw is costly)."""
        selected = self.hand.selected
        shown = (frozenset(self._legal_verbs()), bool(selected), bool(self.hand.staged), self._joker_chosen(),
                 self.viewer, self._overlay, self.check_action("undo", ()))
        if shown != getattr(self, "_keys_shown", None):
            self._keys_shown = shown
            self.refresh_bindings()

    def status_text(self) -> str:
        game = self.game
        head = _("{variant} · hand {number}", variant=game.variant.shown_name(), number=game.state.hand_no)
        seat = game.current_seat
        if seat is None:
            return head + " · " + _("game over")
        if self.viewer == seat and not self._overlay:
            hint = _("{name}: {phase}", name=self.names[seat], phase=self.phase_hint())
            if len(head) + 3 + len(hint) > self.size.width - 2:  # the hint matters more than the game's name
                head = _("hand {number}", number=game.state.hand_no)
            return head + " · " + hint
        return head + " · " + _("{name} to play", name=self.names[seat])

    def phase_hint(self) -> str:
        """What the player can do now, in words, from the verbs the engine offers."""
        verbs = {code.partition(":")[0] for code in self._legal}
        if verbs == {"discard"} and "meld" not in self.verbs:
            return _("discard the card under the cursor (x)")
        offer = self.game.state.extra.get("reentry")
        if "reenter" in verbs and isinstance(offer, dict) and "restart" in offer:
            return _("pay {cost} to re-enter at {restart} (r), or stay out (N)", cost=offer["cost"],
                     restart=offer["restart"])
        for needed, hint in PHASE_HINTS:
            if needed <= verbs:
                return _(hint)
        return _("choose a move (a)")

    def say(self, text: str | Text, error: bool = False) -> None:
        message = self.query_one("#message", Panel)
        message.set_class(error, "refused")
        line = text.copy() if isinstance(text, Text) else log_line(bracket_cards(text), self.hand.card_look())
        line.no_wrap, line.overflow = True, "ellipsis"
        message.update(line)
        if error and line.cell_len > message.size.width - 2:
            self.notify(line.plain, severity="error")  # too long for the line: show it whole as well

    def on_key(self, event) -> None:
        """A move key whose move is not possible now reaches here: say why rather than nothing."""
        if event.key == "u" and self.check_action("undo", ()) is False:
            self.say(self._why_no_undo(), error=True)
            return
        code = REFUSABLE_KEYS.get(event.key)
        verb = REFUSABLE_CARD_KEYS.get(event.key)
        if verb and self.check_action(verb, ()) is False and len(self.hand.chosen_cards()) == 1:
            code = f"{verb}:{face_code(self.hand.chosen_cards()[0])}"
        if not code or code.partition(":")[0] not in self.verbs:
            return
        if self._legal and self.viewer == self.game.current_seat and not self._overlay:
            reason = self.game.why_not(code)
            if reason is not None:
                self.say(reason, error=True)

    # --- which keys are usable now (the engine decides) ----------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        verb = VERB_OF_ACTION.get(action)
        if verb is None:
            if action in CARD_VIEW_ACTIONS:
                return self.viewer is not None
            if action == "actions_menu":
                return bool(self._legal) or None
            if action == "hint":
                return (len(self.humans) == 1 and bool(self._legal)) or None
            if action == "undo":
                return self._undo_point() is not None or self._takeback_allowed()
            if action == "table_melds":
                return "meld" in self.verbs
            if action == "joker_meaning":
                return bool(self._legal) and "meld" in self.verbs and self._joker_chosen()
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

    # --- turning keys into action codes --------------------------------------------------

    def perform(self, code: str) -> bool:
        """Apply the viewer's action, or show the engine's reason for refusing it."""
        if self.viewer is None or self.game.current_seat != self.viewer or self._overlay:
            self.say(_("It is not your turn."), error=True)
            return False
        reason = self.game.why_not(code)
        if reason is not None:
            self.say(reason, error=True)
            return False
        hand_before = list(self.game.state.hands[self.viewer])
        self.game.apply(code)
        self.say(self._what_happened(code, hand_before))
        self.hand.clear_selection()
        self.joker_meanings.clear()
        self.after_action()
        return True

    def _what_happened(self, code: str, hand_before: list[int]) -> Text:
        """The move in words; a draw from the stock names the card it brought."""
        look = self.hand.card_look()
        drawn = [card for card in self.game.state.hands[self.viewer] if card not in hand_before]
        if code.startswith(("draw:", "take:")) and len(drawn) == 1:
            words = _("You drew {card}") if code == "draw:stock" else _("You took {card}")
            before, _c, after = words.partition("{card}")
            return Text(before) + card_piece(drawn[0], look) + Text(after)
        return describe(code, look)

    def after_action(self) -> None:
        self._autosave()
        self.refresh_table()
        self.advance()

    def _one_card(self) -> str | None:
        cards = self.hand.chosen_cards()
        if len(cards) != 1:
            self.say(_("Choose exactly one card."), error=True)
            return None
        return face_code(cards[0])

    def _cards_code(self, cards: list) -> str:
        """Cards as the engine names them; a joker given a meaning with j is ``JK=9S``."""
        return "-".join(f"JK={self.joker_meanings[card]}" if card in self.joker_meanings else face_code(card)
                        for card in cards)

    def action_draw(self) -> None:
        self.perform("draw:stock")

    def action_take(self) -> None:
        self.perform("take:upcard" if "take:upcard" in self._legal else "take:discard")

    def action_pass_turn(self) -> None:
        self.perform("pass")

    def _with_card(self, verb: str) -> None:
        card = self._one_card()
        if card is not None:
            self.perform(f"{verb}:{card}")

    def action_discard(self) -> None:
        self._with_card("discard")

    def action_knock(self) -> None:
        """Knock with the selected card; when the melds to show are a choice (Gin A-6.1), the
        engine's forms of the knock are offered first, its default at the top."""
        from .menus import MovesMenu

        card = self._one_card()
        if card is None:
            return
        code = f"knock:{card}"
        options = self.game.variant.choices(self.game, code) if self.game.current_seat == self.viewer else [code]
        if len(options) < 2:
            self.perform(code)
            return
        look = self.hand.card_look()
        words = [(options[0], describe(options[0], look)
                  + Text(_(": the default melds (least deadwood, least for him to lay off)")))]
        words += [(option, describe(option, look)) for option in options[1:]]

        def chosen(picked: str | None) -> None:
            if picked:
                self.perform(picked)

        self.app.push_screen(MovesMenu(words, title=_("Knock: which melds do you show?")), chosen)

    def action_gin(self) -> None:
        self._with_card("gin")

    def action_meld(self) -> None:
        groups = self._groups_chosen()
        if not groups:
            self.say(_("Select the cards to meld with space first."), error=True)
            return
        self.perform("meld:" + "+".join(self._cards_code(group) for group in groups))

    def _onto_target(self, verb: str) -> None:
        melds = self.query_one(MeldTableView)
        cards = self.hand.selected_cards() or self.hand.chosen_cards()
        if melds.target is None:
            if not melds.count:
                self.say(_("There is no meld on the table."), error=True)
                return
            melds.set_target(0)
        self.perform(f"{verb}:{self._cards_code(cards)}>{melds.target}")

    def action_layoff(self) -> None:
        self._onto_target("layoff")

    def action_exchange(self) -> None:
        self._onto_target("exchange")

    def action_void(self) -> None:
        self.perform("void")

    def action_throwin(self) -> None:
        self.perform("throwin")

    def action_reenter(self) -> None:
        self.perform("reenter")

    def action_newdeal(self) -> None:
        self.perform("newdeal:" + self._cards_code(self.hand.selected_cards()))

    def action_keep(self) -> None:
        self.perform("keep")

    def action_laydown(self) -> None:
        self.perform("laydown")

    def action_decline(self) -> None:
        self.perform("decline")

    def action_declare(self) -> None:
        self.choose_among([code for code in self._legal if code.startswith("declare:")])

    def _groups_chosen(self) -> list[list[int]]:
        return self.hand.staged + ([self.hand.selected_cards()] if self.hand.selected else [])

    def action_actions_menu(self) -> None:
        self.choose_among(self._legal)

    def action_hint(self) -> None:
        """The hard AI's move for the viewer, with its reason; its cards are selected, so the
        move's key plays it. Each hint is counted in the game's record (and so its history)."""
        if len(self.humans) != 1 or not self._legal:
            return
        self.find_hint(self.viewer, len(self.game.record["actions"]), self._epoch)

    @work(thread=True, group="hint", exclusive=True)
    def find_hint(self, seat: int, turn: int, epoch: int) -> None:
        """The hard AI thinks off the UI thread (a Gin hint samples the opponent's hands)."""
        from rummy_tui.engine.hints import hint_for

        try:
            hint = hint_for(self.game, seat)
        except Exception:
            if self._hint_is_stale(turn, epoch):  # the player moved meanwhile: the hint is moot
                return
            raise
        self.app.call_from_thread(self.show_hint, hint, turn, epoch)

    def _hint_is_stale(self, turn: int, epoch: int) -> bool:
        return epoch != self._epoch or turn != len(self.game.record["actions"]) or self._overlay

    def show_hint(self, hint, turn: int, epoch: int) -> None:
        if self._hint_is_stale(turn, epoch):
            return
        self.game.record["hints"] = self.game.record.get("hints", 0) + 1
        self.hand.clear_selection()
        self.hand.selected.update(hint.cards)
        self.hand.refresh()
        text = _("Hint: {text}", text=hint.text)
        self.say(text)
        if len(text) > self.query_one("#message", Panel).size.width - 2:
            self.notify(text)  # too long for the line: show it whole as well
        self.update_keys()
        self._autosave()

    def choose_among(self, codes: list[str]) -> None:
        """Let the player pick one of ``codes`` from a menu (even a single one: a menu asks)."""
        from .menus import MovesMenu

        look = self.hand.card_look()
        endings = getattr(self.game.variant, "ending_names", {})  # what a declaration is called
        self.app.push_screen(MovesMenu([(code, describe(code, look, endings)) for code in codes]),
                             lambda code: code and self.perform(code))

    # --- the cards and the meld target ----------------------------------------------------

    def action_cursor(self, step: int) -> None:
        self.hand.move_cursor(step)

    def action_cursor_to(self, index: int) -> None:
        self.hand.set_cursor(index)

    def action_move_card(self, step: int) -> None:
        self.hand.move_card(step)

    def action_select(self) -> None:
        self.hand.toggle_selected()
        self.update_keys()

    def action_stage(self) -> None:
        if not self.hand.stage_selection():
            return
        self.update_keys()
        # Tell how the groups put aside stand (an opening's 40 points, say), in the engine's words.
        code = "meld:" + "+".join(self._cards_code(group) for group in self.hand.staged)
        reason = self.game.why_not(code) if self._legal else None
        if reason is None:
            self.say(_("Put aside: select the next group, or m to lay them all."))
        else:
            self.say(_("Put aside. {reason}", reason=reason))

    def action_clear(self) -> None:
        self.hand.clear_selection()
        self.joker_meanings.clear()
        self.update_keys()

    def action_sort(self) -> None:
        key = self.hand.toggle_sort()
        self.say(_("Sorted by {key}.", key=_(key)))
        self.refresh_table()

    def action_target(self, step: int) -> None:
        target = self.query_one(MeldTableView).step_target(step)
        if target is None:
            self.say(_("There is no meld on the table."), error=True)

    @on(HandView.CardClicked)
    def card_clicked(self, message: HandView.CardClicked) -> None:
        self.hand.set_cursor(message.index)
        self.hand.toggle_selected()
        self.update_keys()

    @on(PilesView.PileClicked)
    def pile_clicked(self, message: PilesView.PileClicked) -> None:
        if message.pile == "stock":
            self.action_draw()
        else:
            self.action_take()

    @on(MeldTableView.MeldClicked)
    def meld_clicked(self, message: MeldTableView.MeldClicked) -> None:
        self.query_one(MeldTableView).set_target(message.index)

    # --- views ------------------------------------------------------------------------------

    def action_score_sheet(self) -> None:
        from .views import ScoreSheetScreen

        self.app.push_screen(ScoreSheetScreen(self.table_view()))

    def action_table_melds(self) -> None:
        from .views import TableMeldsScreen

        melds = self.query_one(MeldTableView)

        def chosen(index: int | None) -> None:
            if index is not None:
                melds.set_target(index)

        self.app.push_screen(TableMeldsScreen(self.table_view(), melds.card_look(), melds.target), chosen)

    def action_discard_history(self) -> None:
        from .views import DiscardHistoryScreen

        self.app.push_screen(DiscardHistoryScreen(self.table_view()))

    def action_full_log(self) -> None:
        from .log_view import LogScreen

        self.app.push_screen(LogScreen(self.game.state.events, self.names, self.viewer))

    @on(GameLog.Clicked)
    def log_clicked(self) -> None:
        self.action_full_log()

    def action_rules(self) -> None:
        from .help import RulesScreen

        self.app.push_screen(RulesScreen(self.game.variant, self.game.settings))

    def action_help(self) -> None:
        from .help import KeysScreen, how_to_play

        unused = {action for action, verb in VERB_OF_ACTION.items() if verb not in self.verbs}
        if "meld" not in self.verbs:
            unused.add("table_melds")
        steps = how_to_play(self.game.variant.key, self.game.settings)
        self.app.push_screen(KeysScreen(self.BINDINGS, hidden=unused, how_to=steps))

    # --- whose turn next: AI worker, hand-off, end of hand ------------------------------

    def _hand_marker(self):
        """Which ended hand ``last_hand`` describes. It stays set through the next hand, so the
        marker is its content (two void hands in a row differ in their cards), not the move count;
        lines added later (a Tízlapos re-entry) do not make it a new hand."""
        last = self.game.state.last_hand
        if last is None:
            return None
        return json.dumps({key: value for key, value in last.items() if key != "lines"}, sort_keys=True, default=str)

    def advance(self) -> None:
        """After every applied action: show the end of a hand, then hand over to the next seat."""
        if self._overlay:
            return
        marker = self._hand_marker()
        if marker != self._seen_hand and self.game.state.last_hand is not None:
            self._seen_hand = marker
            self.show_end_of_hand()
            return
        if self.game.is_over:
            self.show_end_of_game()
            return
        seat = self.game.current_seat
        if len(self.humans) > 1 and seat != self.viewer and self.viewer is not None:
            self.viewer = None  # hot-seat: the last player's cards go face down at once
            self.say("")
            self.refresh_table()
        if self.seats[seat]["kind"] != "human":
            turn = len(self.game.record["actions"])
            if self._thinking != turn:  # one worker per AI move, however often we get here
                self._thinking = turn
                self.think(seat, self.seats[seat].get("level", "normal"), turn, self._epoch)
        elif seat != self.viewer:
            self.hand_off(seat)

    def hand_off(self, seat: int) -> None:
        from .handoff import HandOffScreen

        self.viewer = None  # hide every card until the next player is at the keyboard
        self._overlay = True
        self.say("")  # the last message may name the previous player's cards
        self.refresh_table()

        def taken_over(_result) -> None:
            self._overlay = False
            self.viewer = seat
            self.refresh_table()
            self.advance()

        self.app.push_screen(HandOffScreen(self.names[seat]), taken_over)

    def show_end_of_hand(self) -> None:
        from .results import EndOfHandScreen

        self._overlay = True
        if len(self.humans) > 1:
            self.viewer = None  # the next deal is already in the hands
        self.refresh_table()

        def closed(_result) -> None:
            self._overlay = False
            self.refresh_table()
            self.advance()

        self.app.push_screen(EndOfHandScreen(self.table_view()), closed)

    def show_end_of_game(self) -> None:
        from .results import EndOfGameScreen

        self._overlay = True
        self.refresh_table()
        self.app.push_screen(EndOfGameScreen(self.table_view()))

    @work(thread=True, group="ai")  # not exclusive: a finishing worker must not be cancelled
    def think(self, seat: int, level: str, turn: int, epoch: int = 0) -> None:
        """Choose the AI's move off the UI thread, then wait so a human can follow it."""
        started = time.monotonic()
        try:
            action = choose_action(self.game, seat, level)
        except Exception:
            if epoch != self._epoch:  # an undo replaced the state under the AI's feet: moot
                return
            raise
        pause = self.ai_delay - (time.monotonic() - started)
        if pause > 0:
            time.sleep(pause)
        self.post_message(AiMoved(seat, action, turn, epoch))

    @on(AiMoved)
    def ai_moved(self, message: AiMoved) -> None:
        game = self.game
        if (game.current_seat != message.seat or len(game.record["actions"]) != message.turn or self._overlay
                or message.epoch != self._epoch):
            return  # the game moved on (a new game, an undo, or a screen took over)
        game.apply(message.action)
        self.say(self._latest_public_words(message.seat))  # never the code: it may name hidden cards
        self.after_action()

    def _latest_public_words(self, seat: int) -> Text:
        events = [event for event in self.game.state.events if event.get("seat") == seat][-1:]
        return event_line(events[0], self.names, self.hand.card_look(), self.viewer) if events else Text()

    # --- saves ----------------------------------------------------------------------------

    def save_now(self) -> bool:
        """Save the game as it stands (ctrl+q does before leaving); False if it could not be."""
        return self._autosave()

    def _autosave(self) -> bool:
        """Called after every applied action: the game is saved (and the history updated)."""
        from rummy_tui.storage import autosave, new_game_id

        if self.game_id is None:
            self.game_id = new_game_id()
        saved = True
        try:
            warning = autosave(self.game_id, self.game)
        except OSError as error:
            warning, saved = _("The game could not be saved: {error}", error=error), False
        if warning:
            self.notify(warning, severity="warning")
        return saved
