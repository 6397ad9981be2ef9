"""The words for each action code, shared by the table's menus (``widgets/actions.py``) and line
mode (``lines/``): marked for translation here, translated where shown."""

from __future__ import annotations

from rummy_tui.i18n import N_

PLAIN = {
    "draw:stock": N_("Draw from the stock"),
    "take:discard": N_("Take the top discard"),
    "take:upcard": N_("Take the upcard"),
    "pass": N_("Pass"),
    "void": N_("Declare the hand void"),
    "takeback": N_("Take back this turn's table moves"),
    "throwin": N_("Throw in"),
    "reenter": N_("Re-enter the game"),
    "keep": N_("Keep the hand"),
    "laydown": N_("Lay down and take the penalty"),
    "decline": N_("Do not re-enter"),
    "declare:none": N_("Play on without declaring"),
}
WITH_CARDS = {
    "discard": N_("Discard {cards}"),
    "knock": N_("Knock, discarding {cards}"),
    "gin": N_("Go gin, discarding {cards}"),
    "meld": N_("Meld {cards}"),
    "layoff": N_("Lay off {cards} on meld {target}"),
    "newdeal": N_("Ask for a new deal, keeping {cards}"),
}
KNOCK_SHOWING = N_("Knock, discarding {card}, showing {melds}")
