"""The table's keys: which key sends which action, which keys the engine may refuse, and the
words for each phase of a turn. The screen (``table.py``) decides nothing from these: the seat's
legal actions and ``why_not`` do."""

from __future__ import annotations

import re
import sys

from textual.binding import Binding

from rummy_tui.engine.cards import card_text
from rummy_tui.i18n import N_, _

# Keys that carry out a game action, and the verb of the action code each one sends.
VERB_OF_ACTION = {
    "draw": "draw",
    "take": "take",
    "pass_turn": "pass",
    "discard": "discard",
    "knock": "knock",
    "gin": "gin",
    "meld": "meld",
    "layoff": "layoff",
    "exchange": "exchange",
    "takeback": "takeback",
    "void": "void",
    "throwin": "throwin",
    "reenter": "reenter",
    "newdeal": "newdeal",
    "keep": "keep",
    "declare": "declare",
    "laydown": "laydown",
    "decline": "decline",
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
    ({"take", "void"}, N_("take to knock or go gin (t), or call it void (v)")),
    ({"void"}, N_("no knock is possible: call the hand void (v)")),
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


TABLE_BINDINGS = [
    Binding("d", "draw", _("Draw"), id="draw", tooltip=_("Draw the top card of the stock (or click the stock)")),
    Binding(
        "t", "take", _("Take"), id="take", tooltip=_("Take the top discard, or the upcard (or click the discard pile)")
    ),
    Binding("p", "pass_turn", _("Pass"), id="pass", tooltip=_("Pass the upcard (Gin)")),
    Binding(
        "x",
        "discard",
        _("Discard"),
        id="discard",
        tooltip=_("Discard the card under the cursor (or the one selected card)"),
    ),
    Binding("k", "knock", _("Knock"), id="knock", tooltip=_("Knock, discarding the card under the cursor (Gin)")),
    Binding("g", "gin", _("Gin"), id="gin", tooltip=_("Go gin, discarding the card under the cursor (Gin)")),
    Binding(
        "m",
        "meld",
        _("Meld"),
        id="meld",
        tooltip=_("Lay the selected cards (and any groups put aside with +) as melds"),
    ),
    Binding(
        "o",
        "layoff",
        _("Lay off"),
        id="layoff",
        tooltip=_("Lay the selected cards off onto the target meld ([ and ] choose it)"),
    ),
    Binding(
        "e",
        "exchange",
        _("Joker"),
        id="exchange",
        tooltip=_("Lay the selected natural card(s) in place of the target meld's joker and take the joker"),
    ),
    Binding(
        "u",
        "undo",
        _("Undo"),
        id="undo",
        tooltip=_(
            "Against the computer: take back your last move, and the computer's moves after it "
            "(not a draw from the stock, nor past one or the end of a hand). "
            "Hot-seat Römi: take back this turn's table moves, before the discard"
        ),
    ),
    Binding("v", "void", _("Void"), id="void", tooltip=_("Call the hand void (Gin, stock down to two cards)")),
    Binding(
        "w",
        "throwin",
        _("Throw in"),
        id="throwin",
        tooltip=_("Throw in: leave the game rather than lay down (Tízlapos)"),
    ),
    Binding(
        "r",
        "reenter",
        _("Re-enter"),
        id="reenter",
        tooltip=_("Pay to re-enter the game after being eliminated (Tízlapos)"),
    ),
    Binding(
        "n",
        "newdeal",
        _("New deal"),
        id="newdeal",
        tooltip=_("Ask for a new deal, keeping the selected cards (at most 3; Tízlapos)"),
    ),
    Binding("K", "keep", _("Keep"), id="keep", tooltip=_("Keep the dealt hand (Tízlapos)")),
    Binding(
        "D",
        "declare",
        _("Declare"),
        id="declare",
        tooltip=_("Declare an ending: knock, römi, a flush, piccolo... (Tízlapos)"),
    ),
    Binding(
        "L",
        "laydown",
        _("Lay down"),
        id="laydown",
        tooltip=_("Lay down your melds and take your unmatched cards as penalty (Tízlapos)"),
    ),
    Binding("N", "decline", _("Decline"), id="decline", tooltip=_("Do not re-enter (Tízlapos)")),
    Binding(
        "j",
        "joker_meaning",
        _("Joker as"),
        id="joker-as",
        tooltip=_("Choose what a selected joker stands for, from the melds and lay-offs the rules allow"),
    ),
    Binding("a", "actions_menu", _("Moves"), id="moves", tooltip=_("A menu of every move possible now")),
    Binding(
        "i",
        "hint",
        _("Hint"),
        id="hint",
        tooltip=_("What would a strong player do? (each hint is counted for the player who asks)"),
    ),
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
    Binding(
        "T",
        "table_melds",
        _("Table"),
        show=False,
        id="table-melds",
        tooltip=_("Every meld on the table, full screen; Enter there makes one the target"),
    ),
    Binding("c", "score_sheet", _("Score"), show=False, id="score-sheet"),
    Binding("y", "discard_history", _("Discards"), show=False, id="discard-history"),
    Binding("R", "rules", _("Rules"), show=False, id="rules"),
    Binding(
        "H",
        "full_log",
        _("Log"),
        show=False,
        id="full-log",
        tooltip=_("The whole log, full screen, no line cut (or click the log)"),
    ),
    Binding("slash", "chat", _("Chat"), id="chat", tooltip=_("Say something to the table (a shared table)")),
    Binding("question_mark", "help", _("Keys"), id="help"),
]
