"""Action codes in a player's words, for menus and messages."""

from __future__ import annotations

from rich.text import Text

from rummy_tui.engine.cards import parse_face
from rummy_tui.i18n import _

from .cards import CardLook, card_piece

PLAIN = {
    "draw:stock": _("Draw from the stock"),
    "take:discard": _("Take the top discard"),
    "take:upcard": _("Take the upcard"),
    "pass": _("Pass"),
    "void": _("Declare the hand void"),
    "takeback": _("Take back this turn's table moves"),
    "throwin": _("Throw in"),
    "reenter": _("Re-enter the game"),
    "keep": _("Keep the hand"),
    "laydown": _("Lay down and take the penalty"),
    "decline": _("Do not re-enter"),
    "declare:none": _("Play on without declaring"),
}
WITH_CARDS = {
    "discard": _("Discard {cards}"),
    "knock": _("Knock, discarding {cards}"),
    "gin": _("Go gin, discarding {cards}"),
    "meld": _("Meld {cards}"),
    "layoff": _("Lay off {cards} on meld {target}"),
    "exchange": _("Exchange {cards} for the joker(s) of meld {target}"),
    "newdeal": _("Ask for a new deal, keeping {cards}"),
}


def _cards_words(text: str, look: CardLook) -> Text:
    groups = []
    for group in text.split("+"):
        pieces = []
        for token in (t for t in group.split("-") if t):
            shown = token.partition("=")[0]
            try:
                pieces.append(card_piece(parse_face(shown), look))
            except ValueError:
                pieces.append(Text(token))
        groups.append(Text(" ").join(pieces))
    return Text(" + ").join(groups) if groups else Text(_("nothing"))


def describe(code: str, look: CardLook = CardLook()) -> Text:
    """``knock:QH`` becomes "Knock, discarding Q♥"."""
    if code in PLAIN:
        return Text(PLAIN[code])
    verb, _sep, argument = code.partition(":")
    if verb in WITH_CARDS:
        cards, arrow, target = argument.rpartition(">") if ">" in argument else (argument, "", "")
        template = WITH_CARDS[verb]
        before, _c, after = template.partition("{cards}")
        words = Text(before) + _cards_words(cards, look) + Text(after.replace("{target}", target))
        return words
    if verb == "declare":
        return Text(_("Declare {what}", what=argument.replace("-", " ")))
    return Text(code)
