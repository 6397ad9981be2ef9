"""What the player types, read forgivingly in English and Hungarian.

``discard 7 hearts``, ``discard 7h``, ``dobom a kőr hetest``, ``meld 7h 8h 9h + qs qd qc``,
``lay off 5c on 2``: a verb (or its first letter, as on the table screen's keys), then cards and
a meld number. Cards are codes (``7h``, ``10♥``, ``jk=9s``; in Hungarian also ``bh``, ``dh``
for bubi and dáma), or a rank and a suit in words in either order (``7 of hearts``, ``kőr
hetes``), a joker ``joker as 9 of spades``. A command becomes a :class:`Typed`: a question
(hand, table, score...) or an action code for the engine, which judges it.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from rummy_tui.engine.cards import SUIT_SYMBOLS, face_text, make_face

# Questions and table commands: the name the table answers to, and the words that mean it.
ASKS = {
    "help": ("help", "?", "commands", "sugo", "segitseg", "parancsok"),
    "hand": ("hand", "cards", "kez", "lapok", "lapjaim", "lapom"),
    "table": ("table", "melds", "asztal", "kombinaciok"),
    "score": ("score", "scores", "points", "pont", "pontok", "allas", "eredmeny"),
    "discards": ("discards", "pile", "dobottak", "dobott", "dobopakli"),
    "moves": ("moves", "options", "lepesek", "lehetosegek"),
    "turn": ("turn", "who", "status", "ki", "kor", "allapot"),
    "undo": ("undo", "back", "vissza", "visszavon"),
    "hint": ("hint", "tipp", "sugas"),
    "quit": ("quit", "exit", "bye", "kilep", "kilepes", "vege"),
    "say": ("say", "chat", "mondd", "mond", "uzenet"),
    "sort": ("sort", "rendez", "rendezes"),
    "start": ("start", "begin", "indul", "inditas", "kezdes"),
}
# Moves: the verb of the action code, and the words (and key letters) that mean it.
VERBS = {
    "draw": ("draw", "d", "stock", "huz", "huzok", "huzas", "talon"),
    "take": ("take", "t", "pick", "felvesz", "felveszem", "felvetel", "vesz", "veszem"),
    "pass": ("pass", "p", "passz", "passzol", "passzolok"),
    "discard": ("discard", "x", "drop", "throw", "dob", "dobom", "dobok", "eldob", "eldobom"),
    "knock": ("knock", "k", "kopog", "kopogok", "kopogas"),
    "gin": ("gin", "g", "romi"),
    "meld": ("meld", "m", "lay", "lerak", "lerakom", "kirak", "kirakom", "lerakas"),
    "layoff": ("layoff", "lay-off", "o", "add", "szur", "szurok", "szuras", "hozzarak", "rarak", "ratesz"),
    "exchange": ("exchange", "swap", "e", "csere", "cserel", "cserelek", "zsoker"),
    "void": ("void", "v", "ervenytelen", "semmis"),
    "takeback": ("takeback",),
    "throwin": ("throwin", "throw-in", "w", "bedob", "bedobom", "bedobas"),
    "reenter": ("reenter", "re-enter", "r", "beiratkozom", "beiratkozas", "visszaszall"),
    "newdeal": ("newdeal", "redeal", "n", "ujraosztas", "ujraosztast"),
    "keep": ("keep", "megtart", "megtartom", "tartom"),
    "laydown": ("laydown", "lay-down", "l", "leterit", "leteritem", "leterites"),
    "decline": ("decline", "nem", "no"),
    "declare": ("declare", "bemond", "bemondom", "bemondas"),
}
TWO_WORDS = {
    ("lay", "off"): "layoff",
    ("throw", "in"): "throwin",
    ("lay", "down"): "laydown",
    ("new", "deal"): "newdeal",
}
CARD_VERBS = ("discard", "knock", "gin", "meld", "layoff", "exchange", "newdeal")
ONTO_VERBS = ("layoff", "exchange")

RANKS = {
    "a": 1, "ace": 1, "asz": 1, "1": 1,
    "2": 2, "two": 2, "kettes": 2, "ketto": 2,
    "3": 3, "three": 3, "harmas": 3, "harom": 3,
    "4": 4, "four": 4, "negyes": 4, "negy": 4,
    "5": 5, "five": 5, "otos": 5, "ot": 5,
    "6": 6, "six": 6, "hatos": 6, "hat": 6,
    "7": 7, "seven": 7, "hetes": 7, "het": 7,
    "8": 8, "eight": 8, "nyolcas": 8, "nyolc": 8,
    "9": 9, "nine": 9, "kilences": 9, "kilenc": 9,
    "10": 10, "t": 10, "ten": 10, "tizes": 10, "tiz": 10,
    "j": 11, "jack": 11, "knave": 11, "b": 11, "bubi": 11, "bubit": 11,
    "q": 12, "queen": 12, "d": 12, "dama": 12, "damat": 12,
    "k": 13, "king": 13, "kiraly": 13, "kiralyt": 13,
}  # fmt: skip
SUITS = {
    "s": 0, "spade": 0, "spades": 0, "pikk": 0,
    "h": 1, "heart": 1, "hearts": 1, "kor": 1,
    "d": 2, "diamond": 2, "diamonds": 2, "karo": 2,
    "c": 3, "club": 3, "clubs": 3, "treff": 3,
}  # fmt: skip
JOKERS = ("jk", "joker", "jokers", "zsoker", "zsokert", "dzsoker", "*")
AS_WORDS = ("as", "for", "mint", "=")  # "joker as 9 of spades"
FILLERS = {"of", "the", "a", "an", "on", "onto", "to", "meld", "with", "and", "my", "az", "egy", "ra", "re", "es"}
GROUP_BREAKS = ("+", ";", "then", "majd")
_CODE = re.compile(r"^(10|[2-9atjqkbd1])([shdc♠♥♦♣])$")
# Hungarian accusative and case endings on a card word ("hetest", "kőrt", "kettőt"), and
# the ordinal dot of a meld number ("2.").
_NUMBER = re.compile(r"^(\d+)(?:[.-][a-z]*)?$")  # 2, "2.", "2-re"
_ENDINGS = re.compile(r"(?<=[a-z])(t|at|et|ot|ra|re|ba|be)$")


def plain_word(word: str) -> str:
    """Lower case without accents: "Kőr" and "kor" are the same word to a tired typist."""
    decomposed = unicodedata.normalize("NFKD", word.lower())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


@dataclass
class Typed:
    """A line read: a question (``ask``), a move (``verb`` with its cards), a move by number,
    a raw action code, or nothing understood (``problem``)."""

    ask: str | None = None
    verb: str | None = None
    groups: list[list[str]] = field(default_factory=list)  # card codes, by meld group
    target: int | None = None  # a table meld, counted from 1 as the table command reads them
    rest: str = ""  # what follows the command word (a chat line, a declaration's name)
    number: int | None = None  # a move by its number in the moves list
    code: str | None = None  # an action code typed as the engine writes it
    problem: str | None = None  # the first word not understood

    @property
    def cards(self) -> list[str]:
        return [card for group in self.groups for card in group]


def read_command(line: str) -> Typed:
    text = line.strip()
    if not text:
        return Typed()
    if re.fullmatch(r"[a-z]+:\S*", text):
        return Typed(code=text)  # the engine's own spelling (draw:stock, knock:QH)
    if text.isdigit():
        return Typed(number=int(text))
    first, _space, rest = text.partition(" ")
    word = plain_word(first)
    second = plain_word(rest.split()[0]) if rest.split() else ""
    for ask, words in ASKS.items():
        if word in words:
            return Typed(ask=ask, rest=rest.strip())
    verb: str | None
    if (word, second) in TWO_WORDS:
        verb = TWO_WORDS[(word, second)]
        rest = rest.strip().partition(" ")[2]
    else:
        verb = next((verb for verb, words in VERBS.items() if word in words), None)
    if verb is None:
        return Typed(problem=first)
    typed = Typed(verb=verb, rest=rest.strip())
    if verb in CARD_VERBS:
        read_cards(rest, typed)
    return typed


def read_cards(text: str, typed: Typed) -> None:
    """Fill ``typed.groups`` and ``typed.target`` from ``text``; ``typed.problem`` names a word
    that is neither a card nor a meld number."""
    words = _words(text)
    typed_words = [word for word in re.sub(r"([+;,])", r" \1 ", text).split() if word != ","]
    groups: list[list[str]] = [[]]
    index = 0
    while index < len(words):
        word = words[index]
        if word in GROUP_BREAKS:
            groups.append([])
            index += 1
            continue
        if word in FILLERS and _card_at(words, index + 1)[0] is not None:
            index += 1  # "a kőr hetest": the article, not an ace
            continue
        card, used = _card_at(words, index)
        if card is not None:
            if index + used < len(words) and words[index + used] in AS_WORDS and card == "JK":
                meaning, more = _card_at(words, index + used + 1)
                if meaning is not None and meaning != "JK":
                    card, used = f"JK={meaning}", used + 1 + more
            groups[-1].append(card)
            index += used
            continue
        number = _NUMBER.match(word)
        if number and typed.target is None:
            typed.target = int(number.group(1))
            index += 1
            continue
        if word in FILLERS or word in AS_WORDS:
            index += 1
            continue
        typed.problem = typed_words[index] if index < len(typed_words) else word
        return
    typed.groups = [group for group in groups if group]


def _words(text: str) -> list[str]:
    """The words of a card list, without a Hungarian ending after a hyphen ("7h-t", "2-re")."""
    spaced = re.sub(r"([+;,])", r" \1 ", text)
    return [re.sub(r"(?<=\w)-[a-z]+$", "", plain_word(word)) for word in spaced.split() if word != ","]


def _card_at(words: list[str], index: int) -> tuple[str | None, int]:
    """The card that starts at ``words[index]`` and how many words it takes."""
    if index >= len(words):
        return None, 0
    word = words[index]
    if word in JOKERS:
        return "JK", 1
    if word.startswith("jk="):
        meaning, _used = _card_at([word[3:]], 0)
        return (f"JK={meaning}", 1) if meaning and meaning != "JK" else (None, 0)
    code = _CODE.match(word)
    if code:
        rank, suit = RANKS.get(code.group(1)), _suit(code.group(2))
        if rank is not None and suit is not None:
            return face_text(make_face(rank, suit)), 1
    after = index + 1
    while after < len(words) and words[after] == "of":
        after += 1
    if after < len(words):
        following = words[after]
        for rank_word, suit_word in ((word, following), (following, word)):
            rank, suit = _rank(rank_word), _suit(suit_word)
            if rank is not None and suit is not None:
                return face_text(make_face(rank, suit)), after - index + 1
    return None, 0


def _rank(word: str) -> int | None:
    return RANKS.get(word, RANKS.get(_ENDINGS.sub("", word)))


def _suit(word: str) -> int | None:
    if word in SUIT_SYMBOLS:
        return SUIT_SYMBOLS.index(word)
    return SUITS.get(word, SUITS.get(_ENDINGS.sub("", word)))
