"""What a seat may know about a game, and a check that some data tells it nothing more.

A card is *hidden* from a viewer while it lies in another seat's hand or in the stock and,
this hand, has neither been face up (on the discard pile or the table, or shown when the hand
ended) nor in the viewer's own hand. Data leaks if it names the face of a hidden card that no
card known to the viewer shows: as a number in a card field, or as card text (``[7D]``,
``discard:7D``).

The check works on faces, not card ids, because variants record some public cards by face
(``picked``, ``laid_off``), a joker's meaning (``JK=AD``) names a face and no card, and two
decks hold two copies of each face: a face is only a leak when the viewer cannot know any card
showing it. Numbers under :data:`NOT_CARDS` are counts, seats, points or settings, and
:data:`EARLIER_DEALS` hold cards of a shuffle before this deal.
Events and hand summaries of an earlier hand are about cards that were dealt again since.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from rummy_tui.engine import Game
from rummy_tui.engine.cards import card_text, face_of, parse_face
from rummy_tui.i18n import english

NOT_CARDS = frozenset(
    {
        "seq",
        "seat",
        "players",
        "hand_no",
        "dealer",
        "to_move",
        "hand_sizes",
        "stock_count",
        "totals",
        "settings",
        "points",
        "low",
        "owner",
        "winner",
        "winners",
        "final",
        "knocker",
        "knock_limit",
        "boxes",
        "passed",
        "money",
        "kassza",
        "reentries",
        "turns",
        "deals_played",
        "hands_played",
        "starter",
        "meld_points",
        "new_melds",
        "waiting",
        "finisher",
        "threw_in",
        "eliminated",
        "cost",
        "margin",
        "grace",
        "seats",
        "index",
        "restart",
        "penalties",
        "reentry",  # a sheet row's change of total at a re-entry (Tízlapos)
        "faces",  # what a meld's cards stand for (a joker's meaning); the cards are under "cards"
        "token",  # a random seat token, which may well contain "JK" or "7D"
    }
)
NUMBER_SLOTS = re.compile(r"\.layoff_targets\[\d+\]\[1\]$")  # [card, meld index] pairs
EARLIER_DEALS = frozenset({"cut"})  # gin's cut for the first dealer, from its own shuffle
JOKER_MEANING = re.compile(r"=\[?(10|[2-9TJQKA])[SHDC♠♥♦♣]\]?")  # JK=AD: what a joker stands for
CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(10|[2-9TJQKA])([SHDC♠♥♦♣])(?![A-Za-z0-9])|(?<![A-Za-z])JK(?![A-Za-z])")


class Knowledge:
    """Follows one game and remembers, for the current hand, which cards have been face up and
    which cards each seat has held. Call :meth:`update` after every applied action."""

    def __init__(self, game: Game):
        self.hand_no: int | None = None
        self.face_up: set[int] = set()
        self.held: list[set[int]] = []
        self.update(game)

    def update(self, game: Game) -> None:
        state = game.state
        if state.hand_no != self.hand_no:
            self.hand_no, self.face_up = state.hand_no, set()
            self.held = [set() for _ in range(state.players)]
        self.face_up |= set(state.discard)
        self.face_up |= {card for entry in state.table for card in entry["meld"]["cards"]}
        summary = state.last_hand or {}
        if summary.get("hand") == state.hand_no:  # the hand just ended: every hand was shown
            self.face_up |= {card for hand in summary.get("hands", []) for card in hand}
        self.face_up |= shown_by_a_declaration(game)
        for seat, hand in enumerate(state.hands):
            self.held[seat] |= set(hand)

    def hidden_faces(self, game: Game, viewer: int | None) -> set[int]:
        """Faces the viewer (None: a spectator) cannot know any card of."""
        state = game.state
        known = set(self.face_up) | (self.held[viewer] if viewer is not None else set())
        elsewhere = set(state.stock).union(*(set(h) for seat, h in enumerate(state.hands) if seat != viewer))
        known_faces = {face_of(card) for card in known}
        return {face_of(card) for card in elsewhere - known} - known_faces


def shown_by_a_declaration(game: Game) -> set[int]:
    """Cards the rules put face up without moving them: in Tízlapos the player who ends the hand
    lays down his hand (and names his knock card) before the others answer."""
    showdown = game.state.extra.get("showdown") if game.variant.key == "ten-card" else None
    return set(game.state.hands[showdown["finisher"]]) if showdown else set()


def leaks(data: Any, hidden_faces: set[int], hand_no: int) -> list[str]:
    """Where ``data`` names a hidden face, as readable paths; empty when it tells nothing."""
    found: list[str] = []
    _walk(data, (), "", hidden_faces, hand_no, found)
    return found


# The walk carries its path as a tuple of steps (".name", "[3]") and the key it is under, and
# joins the path into text only for a finding: most of the check's time went on building paths.
def _walk(value: Any, steps: tuple[str, ...], key: str, hidden: set[int], hand_no: int, found: list[str]) -> None:
    if key in NOT_CARDS or key in EARLIER_DEALS:
        return
    if isinstance(value, dict):
        if _from_earlier_hand(key, value, hand_no):
            return
        if isinstance(value.get("text"), str):  # a log line or message: check it as it reads
            _walk(english(value), (*steps, ".text"), "text", hidden, hand_no, found)
            return
        for name, item in value.items():
            if _tells_nothing(item, hidden):
                continue
            step = f".{name}"
            _walk(item, (*steps, step), _key_of(step), hidden, hand_no, found)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            if _tells_nothing(item, hidden):
                continue
            _walk(item, (*steps, f"[{index}]"), key, hidden, hand_no, found)
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int):
        if face_of(value) in hidden:  # a card's number, unless its place says it is a plain number
            path = "".join(steps)
            if not ((key == "hand" and not path.endswith("]")) or NUMBER_SLOTS.search(path)):
                found.append(f"{path} = {value} ({card_text(value)})")
    elif isinstance(value, str):
        for token, face in _card_tokens(value):
            if face in hidden:
                found.append(f"{''.join(steps)} says {token!r}: {value[:120]!r}")


def _tells_nothing(item: Any, hidden: set[int]) -> bool:
    """A plain number, text or nothing that names no hidden face, whatever its place: most of the
    data, decided without walking into it."""
    kind = type(item)
    if kind is int:
        return face_of(item) not in hidden
    if kind is str:
        return all(face not in hidden for _, face in _card_tokens(item))
    return item is None or kind is bool


def _key_of(step: str) -> str:
    """The dict key a step is under, as the key was read from the whole path's text."""
    return step.rsplit(".", 1)[-1].split("[", 1)[0]


@functools.lru_cache(maxsize=65536)
def _card_tokens(text: str) -> tuple[tuple[str, int], ...]:
    """The card tokens a text names and their faces, a joker's meaning (``JK=AD``) left out: the
    same log lines come back in every observation."""
    return tuple(
        (match.group(0), parse_face(match.group(0))) for match in CARD_TOKEN.finditer(JOKER_MEANING.sub("", text))
    )


def _from_earlier_hand(key: str, value: dict, hand_no: int) -> bool:
    """An event or hand summary of an earlier hand (its cards have been dealt again since)."""
    return (
        isinstance(value.get("hand"), int)
        and value["hand"] != hand_no
        and (key in ("last_hand", "") or "text" in value)
    )
