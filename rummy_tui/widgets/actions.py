"""Action codes in a player's words, for menus and messages."""

from __future__ import annotations

from rich.text import Text

from rummy_tui.action_words import PLAIN, WITH_CARDS
from rummy_tui.engine.cards import parse_face
from rummy_tui.i18n import _, fill, plain_gettext, plain_ngettext

from .cards import CardLook, card_piece


def _cards_words(text: str, look: CardLook) -> Text:
    groups = []
    for group in text.split("+"):
        pieces = []
        for token in (t for t in group.split("-") if t):
            shown, _eq, meaning = token.partition("=")
            try:
                piece = card_piece(parse_face(shown), look)
                if meaning:
                    piece += Text("=") + card_piece(parse_face(meaning), look)
                pieces.append(piece)
            except ValueError:
                pieces.append(Text(token))
        groups.append(Text(" ").join(pieces))
    return Text(" + ").join(groups) if groups else Text(_("nothing"))


def describe(code: str, look: CardLook | None = None, endings: dict[str, str] | None = None) -> Text:
    """``knock:QH`` becomes "Knock, discarding Q♥"; ``endings`` names a variant's declarations
    (``declare:romi`` is "Declare römi")."""
    look = look or CardLook()
    if code in PLAIN:
        return Text(_(PLAIN[code]))
    verb, _sep, argument = code.partition(":")
    if verb == "knock" and "/" in argument:  # a knock that names the melds it shows (Gin)
        card, _slash, shown = argument.partition("/")
        before, _c, after = _("Knock, discarding {card}, showing {melds}").partition("{card}")
        middle, _m, end = after.partition("{melds}")
        return Text(before) + _cards_words(card, look) + Text(middle) + _cards_words(shown, look) + Text(end)
    if verb in WITH_CARDS or verb == "exchange":
        cards, _arrow, target = argument.rpartition(">") if ">" in argument else (argument, "", "")
        if verb == "exchange":  # one joker for each natural card laid in its place
            count = len([token for token in cards.split("-") if token])
            template = plain_ngettext(
                "Exchange {cards} for the joker of meld {target}",
                "Exchange {cards} for the jokers of meld {target}",
                count,
            )
        else:
            template = plain_gettext(WITH_CARDS[verb])
        before, _c, after = template.partition("{cards}")
        return (
            Text(fill(before, {"target": target})) + _cards_words(cards, look) + Text(fill(after, {"target": target}))
        )
    if verb == "declare":
        return Text(_("Declare {what}", what=(endings or {}).get(argument, argument.replace("-", " "))))
    return Text(code)
