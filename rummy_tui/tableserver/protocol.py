"""The messages between a seat client and the table server: one JSON object per line.

Client to server::

    hello   {name, identity?, token?, address?}  who I am (first: anything else before it is
                                             refused); address is a served game's visitor's IP,
                                             believed only from the server's own unix user
    lobby   {}                               the public tables still being played, and those
                                             where my identity holds a seat
    create  {variant, settings?, seats, grace?, ai_level?, answer_limit?, public?, watchable?, clock?}
                                             a new table; seats is a list of "human" (an open
                                             seat) or an AI level, the creator takes seat 0, and
                                             ai_level plays the seats still open at the start and
                                             covers for away players; a seat silent answer_limit
                                             seconds (20) is away; public (false) lists it,
                                             watchable (true) lets others watch; clock
                                             ({turn, bank} seconds, or null) times each turn
    join    {code, seat?, token?}            sit at a table (a token reclaims a seat)
    watch   {code}                           look on: the public table, no hand
    start   {}                               the host starts: open seats become AI
    act     {seq, action}                    play an action code, answering view ``seq``
    why_not {action}                         would this action be legal now?
    allowed {actions}                        which of these (at most 500) could I play now?
    choices {action}                         the forms a legal action can take (Gin's knock melds)
    chat    {text}                           one line for the table log
    contribute {hand, data}                  this seat's own randomness for a sealed deal: 16
                                             bytes as 32 hex digits, for the hand a view's
                                             ``contribute`` names (docs/ENGINE.md)
    leave   {}                               give the seat to the AI now
    back    {}                               back after the clock marked me away
    daily   {variant}                        today's daily deal: answered ``daily{day,
                                             commitment, played}``, then (unless played) seated
                                             at a table of my own against the hard computer
    daily_result {variant, day?}             a day's results: ``daily_result{rank, points,
                                             rows, distribution, computer, commitment, seed}``
                                             (the seed, to verify with, once the day is over)
    pong    {n?}                             the answer to a ping (the client's reader answers it)
    seek    {variant, players, fill_ai?}     Play now: seat me with the next players who want the
                                             same (similar ratings first); fill_ai (a level): seat
                                             me now with whoever waits, the computer in the rest
    unseek  {}                               stop waiting
    ratings {variant, computer?}             the board: its top players and my own place
    hide_rating {hidden}                     hide me from the public board (or show me again)

Server to client: ``welcome{table, seat, token}``, ``view{seq, started, observation, legal,
seats, log}``, ``line{table, line}`` (one new table log line, a chat line: the client adds it to
its latest view's log), ``record{table, record}`` (to each player once the game is over, or
when they come back to it after: for their own history), ``refused{reason, message}``, ``why_not{action, reason, message}``,
``allowed{actions}``, ``choices{action, forms}``, ``lobby{tables}``, ``seeking{variant, players,
waiting, playing}`` (to a waiting player at once, and whenever the counts change; the welcome
follows when they are seated: pairing.py), ``ratings{variant, pool, rows, mine, hidden}``,
``hidden{hidden}``, ``ping{every}`` (answer
with a pong; a seat that leaves pings unanswered is away; a client hearing nothing for several
``every`` seconds takes the server to be gone), ``reveal{hand, record}`` (when a hand is
over: the game's record as far as everybody may know it, to check the deal with;
``verify.revealed_record``), ``contributed{table, hand}`` (to one seat: its randomness is in
the deal of ``hand`` and in the table's save; a deal made without it is the server's doing)
and ``error{reason}`` for a message that could not be read. A ``view`` is a full snapshot of
what that seat may see, so a client never has to merge anything. A reason's ``message`` is a template and its values
(``rummy_tui.i18n.msg``), shown in each client's own language (two players at a table may read
two languages); ``reason`` is the same in English, for a client that has no use for the message.

Bounds (every one a :class:`~.limits.TableLimits` setting where it is not a protocol constant):
a line is at most MAX_LINE_BYTES (64 KiB; a longer one is dropped whole with an ``error``),
nests objects and lists at most MAX_DEPTH deep (checked before parsing), holds no NaN or
Infinity; a connection sends at most 20 messages a second after a burst of 60 (the rest are
dropped unread, one ``error`` a second says so); a seat chats at most 20 lines a minute after a
burst of 5 (``refused``, re chat); grace is 0 to 3600 seconds or null; whole-number settings at
most 100,000. Codes are 8 letters (CODE_LETTERS, shown as KDFM-TQRB; typed with or without the
dash); 10 wrong codes, then 6 a minute, per identity and per address, before every code is
refused for a while. At most 3 open tables per creator (identity, else address) and 100 per
server; a finished table leaves the list at once and its files go after 60 minutes; a table not
started that nobody is at is closed after 30 minutes.
"""

from __future__ import annotations

import json
import math
import re
import secrets
import unicodedata
from itertools import accumulate
from typing import Any

from rich.markup import escape

from rummy_tui.i18n import N_, _, english, render

MAX_LINE_BYTES = 64 * 1024
MAX_NAME_CHARS = 16
MAX_CHAT_CHARS = 200
CODE_LETTERS = "BCDFGHJKLMNPQRSTVWXZ"  # no vowels: a code never spells a word
CODE_LENGTH = 8  # 20**8 codes: with wrong codes throttled, a private table is not found by guessing
OLD_CODE_LENGTH = 4  # tables made before codes grew; they are still joined by their code
MAX_KEY_CHARS = 200  # an identity, a seat token, an address
AI_LEVELS = ("easy", "normal", "hard")  # as rummy_tui.engine.ai.LEVELS (a test keeps them equal)
SEAT_KINDS = ("human", *AI_LEVELS)
MAX_ASKED = 500  # actions one ``allowed`` question may name (a joker menu asks about a few hundred)
MAX_DEPTH = 6  # nesting of objects and lists in one message (the deepest, create's settings, is 2)
MAX_SEATS = 8  # no variant seats more; a longer list is refused before any game is made
MAX_SETTING_NUMBER = 100_000  # a whole-number setting above this makes no game anyone can finish

# The table log's lines with a player's new rating, once a finished game is rated (ratings_desk.py)
FIRST_RATING = N_("{name}'s first rating: {after}")
FIRST_RATING_COMPUTER = N_("{name}'s first rating against the computer: {after}")
NEW_RATING = N_("{name}'s rating: {before} → {after}")
NEW_RATING_COMPUTER = N_("{name}'s rating against the computer: {before} → {after}")
RATING_TEMPLATES = (FIRST_RATING, FIRST_RATING_COMPUTER, NEW_RATING, NEW_RATING_COMPUTER)
YOUR_RATING = {  # the same line, to the player it is about
    FIRST_RATING: N_("Your first rating: {after}"),
    FIRST_RATING_COMPUTER: N_("Your first rating against the computer: {after}"),
    NEW_RATING: N_("Your rating: {before} → {after}"),
    NEW_RATING_COMPUTER: N_("Your rating against the computer: {before} → {after}"),
}

# For each message type: field -> (accepted types, required).
FIELDS: dict[str, dict[str, tuple[tuple[type, ...], bool]]] = {
    "hello": {
        "name": ((str,), True),
        "identity": ((str,), False),
        "token": ((str,), False),
        "address": ((str,), False),
    },
    "lobby": {},
    "create": {
        "variant": ((str,), True),
        "settings": ((dict,), False),
        "seats": ((list,), True),
        "grace": ((int, float, type(None)), False),
        "ai_level": ((str,), False),
        "public": ((bool,), False),
        "watchable": ((bool,), False),
        "answer_limit": ((int, float), False),
        "clock": ((dict, type(None)), False),
    },
    "join": {"code": ((str,), True), "seat": ((int,), False), "token": ((str,), False)},
    "watch": {"code": ((str,), True)},
    "start": {},
    "act": {"seq": ((int,), True), "action": ((str,), True)},
    "why_not": {"action": ((str,), True)},
    "allowed": {"actions": ((list,), True)},
    "choices": {"action": ((str,), True)},
    "chat": {"text": ((str,), True)},
    "contribute": {"hand": ((int,), True), "data": ((str,), True)},
    "leave": {},
    "back": {},
    "daily": {"variant": ((str,), True)},
    "daily_result": {"variant": ((str,), True), "day": ((str,), False)},
    "pong": {"n": ((int,), False)},
    "seek": {"variant": ((str,), True), "players": ((int,), True), "fill_ai": ((str,), False)},
    "unseek": {},
    "ratings": {"variant": ((str,), True), "computer": ((bool,), False)},
    "hide_rating": {"hidden": ((bool,), True)},
}


class BadMessage(ValueError):
    """A line that is not a message this server understands; the text says why."""


def encode(message: dict[str, Any]) -> bytes:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8") + b"\n"


_JSON_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')
_NOT_A_BRACKET = bytes(byte for byte in range(256) if byte not in b"[]{}")


def nesting_depth(line: bytes) -> int:
    """How deeply a JSON line nests objects and lists, found without parsing it (a parser
    recurses, and a line of 30,000 brackets would exhaust its stack)."""
    brackets = _JSON_STRING.sub(b"", line).translate(None, _NOT_A_BRACKET)
    return max(accumulate(1 if byte in b"[{" else -1 for byte in brackets), default=0)


def _no_constant(name: str) -> float:
    raise BadMessage(f"{name} is not a number here")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise BadMessage(f"{text} is too large a number")
    return number


def decode(line: bytes) -> dict[str, Any]:
    """A client's line as a checked message, or :class:`BadMessage` saying what is wrong."""
    if nesting_depth(line) > MAX_DEPTH:
        raise BadMessage(f"a message nests objects and lists at most {MAX_DEPTH} deep")
    try:
        message = json.loads(line.decode("utf-8"), parse_constant=_no_constant, parse_float=_finite)
    except (UnicodeDecodeError, ValueError) as error:  # ValueError: also an integer of thousands of digits
        raise BadMessage(f"not a JSON line ({error})") from None
    if not isinstance(message, dict):
        raise BadMessage('a message is a JSON object such as {"type": "hello", "name": "Anna"}')
    kind = message.get("type")
    if kind not in FIELDS:
        raise BadMessage(f"unknown message type {kind!r} (known: {', '.join(FIELDS)})")
    fields = FIELDS[kind]
    unknown = sorted(set(message) - set(fields) - {"type"})
    if unknown:
        raise BadMessage(f"unknown field(s) for {kind}: {', '.join(map(str, unknown))}")
    for name, (types, required) in fields.items():
        if name not in message:
            if required:
                raise BadMessage(f"{kind} needs the field {name!r}")
        elif not isinstance(message[name], types) or (isinstance(message[name], bool) and bool not in types):
            raise BadMessage(f"{kind}.{name} has the wrong type ({type(message[name]).__name__})")
    if kind == "hello" and any(
        len(message.get(name) or "") > MAX_KEY_CHARS for name in ("identity", "token", "address")
    ):
        raise BadMessage(f"hello's identity, token and address are at most {MAX_KEY_CHARS} characters")
    if kind == "contribute" and len(message["data"]) > MAX_KEY_CHARS:
        raise BadMessage("contribute.data is 32 hex digits")
    if kind == "allowed":
        actions = message["actions"]
        if len(actions) > MAX_ASKED or not all(isinstance(action, str) for action in actions):
            raise BadMessage(f"allowed.actions is a list of at most {MAX_ASKED} action codes")
    return message


def refusal(request: str, reason: dict[str, Any], **more: Any) -> dict[str, Any]:
    """The server's ``refused`` answer to a ``request`` (join, start, act...): ``reason`` is a
    message (template and values) that the client shows in its player's language."""
    return {"type": "refused", "re": request, "reason": english(reason), "message": reason, **more}


def reason_shown(reply: dict[str, Any]) -> str | None:
    """The reason of a ``refused``, ``why_not`` or ``error`` reply in the player's language
    (an older server sends only the English ``reason``)."""
    message = reply.get("message")
    if isinstance(message, dict) and isinstance(message.get("text"), str):
        return render(message)
    return reply.get("reason")


def clean_name(name: str) -> str:
    """A player's name: printable characters only, 1 to 16 of them; BadMessage otherwise.
    The join screens check a name with this too, so its reasons are translated."""
    name = " ".join(name.split())
    if not name:
        raise BadMessage(_("A name needs 1 to {most} printable characters.", most=MAX_NAME_CHARS))
    if len(name) > MAX_NAME_CHARS:
        raise BadMessage(_("A name has at most {most} characters.", most=MAX_NAME_CHARS))
    if any(unicodedata.category(char).startswith("C") for char in name):
        raise BadMessage(_("A name holds printable characters only."))
    return name


def clean_chat(text: str) -> str:
    """One chat line: control characters dropped, at most 200 characters."""
    text = "".join(char for char in " ".join(text.split()) if not unicodedata.category(char).startswith("C"))
    if not text:
        raise BadMessage(_("An empty chat line."))
    return text[:MAX_CHAT_CHARS]


def markup_safe(text: str) -> str:
    """Text a screen may render as Rich markup: a name like ``[bold]x`` stays literal."""
    return escape(text)


def log_line_markup(line: dict[str, Any]) -> str:
    """A table log line (from a view's ``log``) as Rich markup in the player's language, its
    names and chat text escaped."""
    template, values = line.get("template"), line.get("values")
    if not isinstance(template, str) or not isinstance(values, dict):
        return line["text"]  # written by an older server
    try:
        return _(template, **{name: markup_safe(str(value)) for name, value in values.items()})
    except (KeyError, IndexError, ValueError):  # a translation naming a value the line lacks
        return line["text"]


def new_code(taken: set[str]) -> str:
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def normal_code(code: str) -> str:
    """A code as typed ("kdfm-tqrb", "KDFM TQRB") as the server knows it ("KDFMTQRB")."""
    return "".join(char for char in code.upper() if char.isalnum())


def shown_code(code: str) -> str:
    """A code to read aloud and type: two groups of four letters ("KDFM-TQRB")."""
    return f"{code[:4]}-{code[4:]}" if len(code) == CODE_LENGTH else code


def code_typed_well(code: str) -> bool:
    """Whether a typed code (after :func:`normal_code`) has the shape of a table code."""
    return len(code) in (CODE_LENGTH, OLD_CODE_LENGTH) and code.isalpha() and code.isascii()
