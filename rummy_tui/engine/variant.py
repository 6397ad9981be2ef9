"""What a variant module in ``variants/`` provides: its parameters and its rule hooks.

A variant is a subclass of :class:`Variant` bound to the module-level name ``VARIANT``. The
registry (``variants/__init__.py``) finds every such package, so a sixth variant is one new package.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rummy_tui.i18n import t as tr

from .cards import JOKER, face_text, parse_face
from .melds import MeldRules
from .position import PositionError

if TYPE_CHECKING:
    from .game import Game


class SettingError(ValueError):
    """A bad setting or player count, worded for the command line."""


@dataclass(frozen=True)
class Setting:
    default: Any
    help: str  # English, marked N_(); shown_help() is what a player reads
    choices: tuple[Any, ...] | None = None
    minimum: int = 0  # whole-number settings are never below this
    label: str = ""  # what a form calls it; by default its name in words ("spade_doubling": "Spade doubling")

    def shown_help(self) -> str:
        return tr(self.help)

    def title(self, name: str) -> str:
        """The setting's label for a player (its ``name`` is what the command line takes)."""
        return tr(self.label or name.replace("_", " ").capitalize())  # words marked in rummy_tui/setting_titles.py

    def coerce(self, name: str, value: Any) -> Any:
        """Accept the setting's own type, or text from a command line or form."""
        kind = type(self.default)
        if isinstance(value, str) and kind is not str and self.default is not None:
            value = _from_text(name, value, kind)
        if self.default is not None and kind in (int, bool) and type(value) is not kind:
            raise SettingError(
                f"setting '{name}' must be {'on/off' if kind is bool else 'a whole number'}, not {value!r}"
            )
        if kind is int and value < self.minimum:
            raise SettingError(f"setting '{name}' must be at least {self.minimum}, not {value}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise SettingError(f"setting '{name}' must be one of {allowed}, not {value!r}")
        return value


_KIND_WORDS = {int: "a whole number", float: "a number", str: "text"}


def _from_text(name: str, text: str, kind: type) -> Any:
    lowered = text.strip().lower()
    if kind is bool:
        if lowered in ("1", "true", "yes", "on"):
            return True
        if lowered in ("0", "false", "no", "off"):
            return False
        raise SettingError(f"setting '{name}' must be on or off, not {text!r}")
    try:
        return kind(lowered)
    except ValueError:
        raise SettingError(f"setting '{name}' must be {_KIND_WORDS.get(kind, kind.__name__)}, not {text!r}") from None


@dataclass(frozen=True)
class ComputerPlayer:
    """A variant's computer player: ``choose(observation, legal, level, rng)`` gives the move of an
    AI seat, ``hint(observation, legal, rng)`` (optional) the hard move and its reason, ``measure`` (optional)
    the coach's measure of a move against hard's. The
    variant's package installs it (``VARIANT.computer = ComputerPlayer(...)``), so the rules never
    import their AI; the AI imports the rules."""

    choose: Callable[[dict[str, Any], list[str], str, random.Random], str]
    hint: Callable[[dict[str, Any], list[str], random.Random], tuple[str, str]] | None = None
    # The coach's measure of a move against hard's (observation, legal, made, preferred, rng):
    # what the difference is worth, in words; "" where it has none, None where hard rates both
    # the same (a tie-break: nothing to remark) (rummy_tui/engine/coach.py).
    measure: Callable[[dict[str, Any], list[str], str, str, random.Random], str | None] | None = None


class Variant:
    key: str = ""
    name: str = ""
    hungarian_name: str = ""
    description: str = ""  # one line, for pickers
    rules_summary: str = ""  # a few paragraphs, for `rummy rules` and the rules screen
    min_players: int = 2
    max_players: int = 2
    settings: dict[str, Setting] = {}
    seat_names_hint: tuple[str, ...] = ()
    # A hand is judged by its unmatched cards (knock games) rather than by every card in it.
    scores_deadwood: bool = False
    # A hand's points are penalties (fewer is better), not points won: the daily deal ranks by it.
    points_are_penalties: bool = False
    phases: tuple[str, ...] = ()  # the values state.phase takes during a hand (Game.from_position)
    # What each ``declare:NAME`` declares, in English marked N_ (Tízlapos: "römi"); hints and menus use it.
    ending_names: dict[str, str] = {}
    # The interactive lesson (``rummy_tui.engine.lessons.Lesson``), installed by the variant's package.
    lesson: Any = None

    def showdown(self, last_hand: dict[str, Any], settings: dict[str, Any]) -> dict[str, Any] | None:
        """The facts of a hand that ended in a two-seat showdown, for the end of the hand to tell
        in words (Gin: the ``ending`` knock, undercut or gin, the ``knocker`` and the
        ``defender``, their ``knocker_deadwood`` and ``defender_deadwood`` points after lay-offs,
        the ``knock_limit`` and the ``upcard``); None when the hand had no such showdown."""
        return None

    def pile_history(self, extra: dict[str, Any], seat: int) -> tuple[list[int], list[int]] | None:
        """The cards ``seat`` took from the discard pile this hand and the ones he passed, when the
        variant keeps that public history (Gin); None when it does not."""
        return None

    # --- words, in the language of the moment (the class attributes are English, marked N_) ---

    def shown_name(self) -> str:
        """The variant's name for a player: Hungarian players get Gin Römi, Tízlapos Römi..."""
        return tr(self.name)

    def shown_description(self) -> str:
        return tr(self.description)

    def shown_rules(self) -> str:
        return tr(self.rules_summary).strip()

    # --- parameters ---------------------------------------------------------------------

    def deck(self, settings: dict[str, Any]) -> tuple[int, int]:
        """(number of 52-card decks, number of jokers)."""
        raise NotImplementedError

    def meld_rules(self, settings: dict[str, Any]) -> MeldRules:
        raise NotImplementedError

    def card_value(self, card: int, settings: dict[str, Any]) -> int:
        """The penalty or deadwood value of a card (or face) held in hand."""
        raise NotImplementedError

    def crib(self, settings: dict[str, Any]) -> tuple[str, ...]:
        """A few short lines that remind a player how a hand ends and how the game is won, for
        games with nothing on the table to show instead; ``{setting}`` names are filled in by
        the screen (after translation). Empty for games that meld on the table."""
        return ()

    def value_function(self, settings: dict[str, Any]) -> Callable[[int], int]:
        return lambda card: self.card_value(card, settings)

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            span = (
                f"exactly {self.min_players}"
                if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}"
            )
            raise SettingError(f"{self.name} is played by {span} players, not {players}")

    def resolve_settings(self, overrides: dict[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(overrides) - set(self.settings))
        if unknown:
            known = ", ".join(self.settings) or "none"
            raise SettingError(f"{self.name} has no setting '{unknown[0]}' (its settings: {known})")
        resolved = {name: setting.default for name, setting in self.settings.items()}
        for name, value in overrides.items():
            resolved[name] = self.settings[name].coerce(name, value)
        return resolved

    # --- rule hooks ---------------------------------------------------------------------

    def start_game(self, game: Game) -> None:
        """Set up totals and variant data, choose the first dealer, deal the first hand."""
        raise NotImplementedError

    def legal_actions(self, game: Game) -> list[str]:
        raise NotImplementedError

    def choices(self, game: Game, action: str) -> list[str]:
        """The forms a legal action can take when the player has more to choose than its code
        says (Gin: the melds a knock shows), the plain action first. Default: just ``action``."""
        return [action]

    def prepare_position(self, game: Game, extra: dict[str, Any]) -> None:
        """After ``Game.from_position`` placed the cards: set what the variant derives from them,
        then the caller's ``extra`` (refuse keys the variant does not know)."""
        unknown = sorted(set(extra) - set(game.state.extra))
        if unknown:
            raise PositionError(
                f"{self.name} keeps no '{unknown[0]}' in state.extra "
                f"(it keeps: {', '.join(sorted(game.state.extra)) or 'nothing'})"
            )
        game.state.extra.update(extra)

    def why_not(self, game: Game, action: str) -> str | None:
        """None if legal; otherwise the reason. The default accepts exactly the offered actions."""
        if action in self.legal_actions(game):
            return None
        return "That move is not possible now."

    def apply(self, game: Game, action: str) -> None:
        """Carry out an action already judged legal."""
        raise NotImplementedError

    computer: ComputerPlayer | None = None  # installed by the variant's package

    def choose_ai_action(self, observation: dict[str, Any], legal: list[str], level: str, rng: random.Random) -> str:
        """The AI's move, from what its seat may see and the actions offered."""
        if self.computer is None:
            raise NotImplementedError(f"{self.name} has no computer player installed")
        return self.computer.choose(observation, legal, level, rng)

    def hint(self, observation: dict[str, Any], legal: list[str], rng: random.Random) -> tuple[str, str]:
        """What a strong player would do: the hard AI's move and its reason in a player's words
        (an empty reason lets ``rummy_tui.engine.hints`` word one)."""
        if self.computer is not None and self.computer.hint is not None:
            return self.computer.hint(observation, legal, rng)
        return self.choose_ai_action(observation, legal, "hard", rng), ""


# --- finding a variant by its key ----------------------------------------------------------
# The registry (``variants/__init__.py``) sits above the engine: importing it installs its
# lookup here, so ``Game("gin", ...)`` and replaying a record work without the engine importing it.

_lookup: Callable[[str], Variant] | None = None


def install_lookup(lookup: Callable[[str], Variant]) -> None:
    """Let the engine find variants by key (``lookup`` raises SettingError for an unknown one)."""
    global _lookup
    _lookup = lookup


def variant_by_key(key: str) -> Variant:
    if _lookup is None:
        raise LookupError(
            f"no variant registry is installed to find '{key}': import variants first, or pass the Variant itself"
        )
    return _lookup(key)


# --- action codes: `verb` or `verb:argument` -----------------------------------------------

_CARD_TOKEN = re.compile(
    r"(?<![A-Za-z0-9])(?:10|[2-9TAJQK])[SHDC♠♥♦♣♤♡♢♧](?![A-Za-z0-9])|(?<![A-Za-z])JK(?![A-Za-z])", re.IGNORECASE
)


_CANONICAL_SPELLINGS: dict[str, str] = {}  # every action is spelled out again and again: remember the last few thousand
_CANONICAL_LIMIT = 4096


def canonical_action(action: str) -> str:
    """The one spelling of an action code, as ``legal_actions()`` writes it: ``knock:td`` and
    ``knock:10♦`` become ``knock:10D``, ``MELD:7s-8s-jk=9s`` becomes ``meld:7S-8S-JK=9S``. Compare
    codes in this form (``Game.offers`` does); words that are not cards are left alone."""
    spelled = _CANONICAL_SPELLINGS.get(action)
    if spelled is None:
        spelled = _spell_canonically(action)
        if len(_CANONICAL_SPELLINGS) >= _CANONICAL_LIMIT:
            _CANONICAL_SPELLINGS.clear()
        _CANONICAL_SPELLINGS[action] = spelled
    return spelled


def _spell_canonically(action: str) -> str:
    verb, sep, argument = action.strip().partition(":")
    if not sep:
        return verb.lower()
    return verb.lower() + ":" + _CARD_TOKEN.sub(lambda m: face_text(parse_face(m.group(0))), argument.lower())


def split_action(action: str) -> tuple[str, str]:
    verb, _, argument = action.partition(":")
    return verb, argument


def parse_card_group(text: str) -> tuple[list[int], dict[int, int]]:
    """``6S-JK=7S-JK-9S`` into faces, plus the meanings chosen for jokers by their index."""
    faces, hints = [], {}
    for index, token in enumerate(t for t in text.replace(" ", "-").split("-") if t):
        shown, _, meaning = token.partition("=")
        face = parse_face(shown)
        faces.append(face)
        if meaning and face == JOKER:
            hints[index] = parse_face(meaning)
    return faces, hints


def parse_meld_groups(text: str) -> list[tuple[list[int], dict[int, int]]]:
    """``7S-8S-9S+QH-QD-QC`` into one (faces, joker hints) pair per meld."""
    return [parse_card_group(group) for group in text.split("+") if group]


def parse_target(argument: str) -> tuple[str, int]:
    """``5C-6C>2`` into (``5C-6C``, 2): cards onto the table meld with index 2."""
    cards, sep, index = argument.rpartition(">")
    if not sep or not index.strip().isdigit():
        raise ValueError(f"'{argument}' should name cards and a table meld, like 5C>2")
    return cards, int(index)
