"""A game is data: a :class:`State`, the legal actions of the seat to move, and ``apply(action)``.

The engine knows the shape of every rummy game (seats, hands, stock, discard pile, table,
score sheet); a :class:`Variant` (from ``variants/``, which sits above the engine and installs
its lookup by key) knows its rules. Everything in the state is plain JSON, and all randomness
is derived from the seed and the players' contributions (sealed per hand: :mod:`.deals`), so
replaying a record rebuilds the identical state.
"""

from __future__ import annotations

import copy
import json
import marshal
import random
import secrets
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar, cast

from rummy_tui.i18n import N_, Message
from rummy_tui.i18n import t as tr

from .cards import card_text, cards_text, make_deck
from .deals import DealStream, commitment_of, contribution_text, deal_key, hand_secret
from .melds import Meld
from .position import place_position
from .records import RecordError, check_record, check_state
from .state import State
from .undo import Before, Step, StepLog, undo_search
from .variant import canonical_action, variant_by_key

if TYPE_CHECKING:
    from .variant import Variant

RECORD_FORMAT = 2  # 2: sealed deals (record "deals"); 1: every shuffle from the seed alone
READABLE_FORMATS = (1, 2)
SEED_BITS = 256  # an unpredictable seed: far beyond any search, from `secrets`


def random_seed() -> int:
    """Seed material nobody can predict or recover from the cards (``secrets``, 256 bits)."""
    return secrets.randbits(SEED_BITS)


class IllegalAction(ValueError):
    """An action the rules refuse; ``str(error)`` is the reason in a player's words."""


class Game:
    """One game of one variant, driven by action codes such as ``draw:stock`` or ``discard:QH``."""

    def __init__(
        self,
        variant: str | Variant,
        players: int,
        settings: dict[str, Any] | None = None,
        seed: int | None = 0,
        seats: list[dict[str, Any]] | None = None,
        *,
        chosen_seed: bool | None = None,
        contributions: Mapping[int, Sequence[str | None]] | None = None,
        record_format: int = RECORD_FORMAT,
        known_secrets: Mapping[int, bytes] | None = None,
        _deal: bool = True,
    ):
        """``seed=None`` deals from an unpredictable seed (:func:`random_seed`); any other seed is a
        chosen one (reproducible play and tests), and the record says so in ``chosen_seed``
        (``chosen_seed`` overrides that, for a game rebuilt from its record).

        ``contributions`` are the seats' own randomness by hand number (16 bytes as hex, None
        for a seat without): hand 1's before it is dealt, later ones as a record holds them.
        ``known_secrets`` replaces the seed's hand secrets (checking a revealed record);
        ``record_format`` 1 rebuilds a game of the old record format, dealt the old way."""
        self.variant = variant_by_key(variant) if isinstance(variant, str) else variant
        self.variant.check_players(players)
        resolved = self.variant.resolve_settings(settings or {})
        if chosen_seed is None:
            chosen_seed = seed is not None
        seed = random_seed() if seed is None else int(seed)
        self.state = State(self.variant.key, players, resolved, seed)
        self.record: dict[str, Any] = {
            "format": record_format,
            "variant": self.variant.key,
            "players": players,
            "settings": resolved,
            "seed": seed,
            "chosen_seed": bool(chosen_seed),
            "actions": [],
        }
        if seats is not None:
            self.record["seats"] = seats
        if self.sealed_deals:
            self.record["deals"] = []
        self._given_contributions = {int(hand): list(given) for hand, given in (contributions or {}).items()}
        self._known_secrets = dict(known_secrets) if known_secrets is not None else None
        # What each action of the record showed (see Step); None until needed after from_json.
        self._steps: StepLog | None = StepLog() if _deal else None
        if _deal:
            self.state.private = [{} for _ in range(players)]
            self.state.totals = [0] * players
            if self.sealed_deals:
                self._seal(1)
            self.variant.start_game(self)

    # --- the interface every player, AI and test uses -------------------------------------

    @property
    def current_seat(self) -> int | None:
        return None if self.is_over else self.state.to_move

    @property
    def is_over(self) -> bool:
        return self.state.result is not None

    def legal_actions(self) -> list[str]:
        """The actions offered to the seat to move (for huge move spaces, a useful subset:
        every action offered is legal, and :meth:`why_not` judges any other)."""
        if self.is_over:
            return []
        return self.variant.legal_actions(self)

    def offers(self, action: str) -> bool:
        """Is ``action`` among :meth:`legal_actions`, whichever card spelling it uses (``TD``,
        ``10d``, ``10♦``)?"""
        return isinstance(action, str) and canonical_action(action) in self.legal_actions()

    def why_not(self, action: str) -> str | None:
        """None if ``action`` is legal now, otherwise the reason in a player's words."""
        if self.is_over:
            return tr("The game is over.")
        if not isinstance(action, str):
            return tr("An action is a code such as draw:stock, not {kind}.", kind=type(action).__name__)
        return self._why_not_canonical(canonical_action(action))

    def _why_not_canonical(self, action: str) -> str | None:
        try:
            return self.variant.why_not(self, action)
        except ValueError as error:  # a malformed card or code inside the action
            return str(error)

    def apply(self, action: str) -> None:
        if self.is_over or not isinstance(action, str):
            raise IllegalAction(self.why_not(action))
        action = canonical_action(action)
        reason = self._why_not_canonical(action)
        if reason is not None:
            raise IllegalAction(reason)
        before = Before.of(self.state)
        self.variant.apply(self, action)
        self.record["actions"].append(action)
        if self.sealed_deals:
            if self.is_over:
                self._reveal_last_deal()
            self._note_where_hands_ended()
        if self._steps is not None:
            self._steps.add(before)

    # --- taking moves back (a game against the computer) -------------------------------------

    def undo_point(self, seat: int) -> int | None:
        """How many of the record's actions stay when ``seat`` takes back its last move (with
        every move after it), or None if it may not. A move that showed ``seat`` cards it had not
        seen (a draw from the stock, a new deal) or that ended a hand cannot be taken back, and
        nor can anything before it; a discard, a taken discard, a meld or a lay-off can."""
        return undo_search(self._step_log(), seat)[0]

    def why_no_undo(self, seat: int) -> str | None:
        """None if ``seat`` may take back its last move, otherwise why not, in a player's words."""
        return undo_search(self._step_log(), seat)[1]

    def rewind(self, count: int) -> None:
        """Go back to the position after the record's first ``count`` actions: the later actions
        leave the record (which stays replayable), and the record counts the undo."""
        actions = self.record["actions"]
        if not 0 <= count <= len(actions):
            raise ValueError(f"cannot rewind to action {count} of {len(actions)}")
        replayed = Game.replay({**self.record, "actions": actions[:count]})
        self.state = replayed.state
        self._steps = replayed._steps
        self.record["actions"] = actions[:count]
        self.record["undos"] = self.record.get("undos", 0) + 1

    def _step_log(self) -> list[Step] | None:
        """The steps of the whole record; rebuilt once by replaying it for a loaded game."""
        if self._steps is None or len(self._steps) != len(self.record["actions"]):
            try:
                replayed = Game.replay(self.record)
            except RecordError:
                return None
            self._steps = replayed._steps
            return replayed._step_log()
        return self._steps.all(self.state)

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: never another seat's hidden cards."""
        s = self.state
        view = self._public_parts()
        view.update(seat=seat, hand=s.hands[seat] if s.hands else [], private=s.private[seat] if s.private else {})
        return plain_copy(view)

    def observation_public(self) -> dict[str, Any]:
        """What a spectator may see: the public table only. It has the keys of
        :meth:`observation`, with no seat, an empty hand and no private data; the stock is
        only a count."""
        return plain_copy(self._public_parts())

    def _public_parts(self) -> dict[str, Any]:
        """The public observation still holding the state's own data: copied in one go by the
        caller, which costs half of copying it part by part."""
        s = self.state
        return {
            "variant": s.variant,
            "players": s.players,
            "settings": s.settings,
            "seat": None,
            "hand_no": s.hand_no,
            "dealer": s.dealer,
            "to_move": self.current_seat,
            "phase": s.phase,
            "hand": [],
            "hand_sizes": [len(h) for h in s.hands],
            "stock_count": len(s.stock),
            "discard": s.discard,
            "table": s.table,
            "sheet": s.sheet,
            "totals": s.totals,
            "extra": s.extra,
            "private": {},
            "events": s.events[-30:],
            "last_hand": s.last_hand,
            "result": s.result,
            **self.deal_view(),
        }

    # --- records and JSON -----------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The game as JSON data, a copy of its own: changing it changes nothing in the game."""
        return {"record": plain_copy(self.record), "state": plain_copy(self.state.fields())}

    def dumps(self) -> str:
        # Written out at once, so nothing needs a copy.
        return json.dumps({"record": self.record, "state": self.state.fields()}, separators=(",", ":"))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Game:
        """The game ``to_json`` wrote; :class:`RecordError` for anything else."""
        if not isinstance(data, dict) or "record" not in data or "state" not in data:
            raise RecordError("a saved game is a JSON object with a 'record' and a 'state'")
        record = data["record"]
        check_record(record, READABLE_FORMATS)
        check_state(data["state"], record, set(State.__dataclass_fields__))
        game = cls._set_up(record, deal=False)
        try:
            game.record = plain_copy(record)
            game.state = State(**plain_copy(data["state"]))
        except RecursionError:
            raise RecordError("the saved game is nested too deeply to be a game") from None
        return game

    @classmethod
    def from_position(cls, variant: str, players: int, **position: Any) -> Game:
        """A game in a chosen position (tests, puzzles, tutorials, bug reports).

        Keywords: ``hands`` (one per seat), ``stock``, ``discard``, ``table`` (melds as text
        ``"6H 7H JK=8H"`` or ``(owner, text)``), ``to_move``, ``phase``, ``extra`` (variant data,
        such as Römi's ``opened``), ``settings``, ``seed``, ``dealer``, ``totals``. Cards are text (``"9H 9H
        JK"`` gives distinct copies) or card ids; the top of a pile is its last card. Every card
        of the deck must be placed exactly once (a stock left out takes the rest), and the phase
        must be one of the variant's: otherwise :class:`~rummy_tui.engine.position.PositionError`.
        The record of such a game does not replay: its position was not dealt.
        """
        settings, seed = position.pop("settings", None), position.pop("seed", 0)
        return place_position(cls(variant, players, settings, seed), **position)

    @classmethod
    def replay(cls, record: dict[str, Any], upto: int | None = None) -> Game:
        """Rebuild a game by applying the record's actions to a fresh deal of its seed.
        Any record that is not a game of this version gives :class:`RecordError`, with the reason."""
        check_record(record, READABLE_FORMATS)
        known = None
        if record.get("seed_hidden"):  # a record shown before its game ended: dealt from what was revealed
            known = {
                e["hand"]: bytes.fromhex(e["deal_secret"]) for e in record.get("deals") or [] if "deal_secret" in e
            }
        game = cls._set_up(record, deal=True, known_secrets=known)
        hints = record.get("hints")
        if isinstance(hints, int) and not isinstance(hints, bool) and hints > 0:
            game.record["hints"] = hints  # hints asked at the table (counted for the history)
        if record.get("my_randomness") is not None:  # a shared game's player's own knowledge (verify.py)
            game.record["my_randomness"] = copy.deepcopy(record["my_randomness"])
        actions = record["actions"]
        for number, action in enumerate(actions[:upto] if isinstance(upto, int) else actions, start=1):
            try:
                game.apply(action)
            except ValueError as error:  # IllegalAction, or a malformed code
                raise RecordError(f"action {number} ({action!r}) is not legal: {error}") from error
            except Exception as error:  # a variant tripping over a strange record must not crash its reader
                raise RecordError(
                    f"action {number} ({action!r}) cannot be played ({type(error).__name__}: {error})"
                ) from error
        return game

    @classmethod
    def _set_up(cls, record: dict[str, Any], deal: bool, known_secrets: Mapping[int, bytes] | None = None) -> Game:
        """The game a checked record describes, before its actions."""
        contributions = {entry["hand"]: entry["contributions"] for entry in record.get("deals") or []}
        try:
            return cls(
                record["variant"],
                record["players"],
                record.get("settings"),
                record["seed"],
                record.get("seats"),
                chosen_seed=record.get("chosen_seed") is not False,
                contributions=contributions,
                record_format=record["format"],
                known_secrets=known_secrets,
                _deal=deal,
            )
        except ValueError as error:  # an unknown variant, a bad setting or player count
            raise RecordError(str(error)) from error
        except Exception as error:
            raise RecordError(f"the record's game cannot be set up ({type(error).__name__}: {error})") from error

    @property
    def chosen_seed(self) -> bool:
        """Was the seed chosen (``--seed``, a test), rather than drawn unpredictably? Records from
        before the flag count as chosen: their seeds were small enough to be searched."""
        return self.record.get("chosen_seed") is not False

    # --- building blocks for variants -----------------------------------------------------

    @property
    def settings(self) -> dict[str, Any]:
        return self.state.settings

    def seat_name(self, seat: int) -> str:
        """The name the record gives a seat; otherwise the variant's hint, or Player N."""
        seats = self.record.get("seats") or []
        entry = seats[seat] if seat < len(seats) and isinstance(seats[seat], dict) else {}
        hint = self.variant.seat_names_hint
        return str(entry.get("name") or (hint[seat] if seat < len(hint) else f"Player {seat + 1}"))

    def seat_names(self) -> list[str]:
        return [self.seat_name(seat) for seat in range(self.state.players)]

    def next_seat(self, seat: int, step: int = 1) -> int:
        return (seat + step) % self.state.players

    def rng(self, purpose: str) -> random.Random | DealStream:
        """A fresh, reproducible stream for one shuffle (``shuffle``, ``randrange``): from the
        hand's sealed deal (:mod:`.deals`). A game with a chosen seed (and every game of record
        format 1) shuffles from the seed itself, as before sealed deals: the same seed deals the
        same cards in every version, and its deals are still sealed, revealed and checked."""
        s = self.state
        s.shuffles += 1
        if self.sealed_deals:
            hand = max(s.hand_no, 1)  # a first dealer is chosen with the first hand's deal
            if hand != s.deal_hand:
                self._begin_deal(hand)
            s.deal_draws += 1
        if not self.sealed_deals or self.chosen_seed:
            return random.Random(f"{s.seed}:{s.hand_no}:{purpose}:{s.shuffles}")
        entry = self._seal(hand)
        return DealStream(deal_key(self._secret(hand), hand, entry["contributions"]), f"{purpose}|{s.deal_draws}")

    # --- sealed deals: commit, mix, reveal (rummy_tui/engine/deals.py) -----------------------

    @property
    def sealed_deals(self) -> bool:
        record_format: int = self.record.get("format", RECORD_FORMAT)
        return record_format >= 2

    def deal_entry(self, hand: int) -> dict[str, Any] | None:
        """The record's entry for a hand's deal: its commitment and contributions, and once the
        hand is over its secret (``deal_secret``) and the hands as dealt (``dealt``)."""
        entry: dict[str, Any]
        for entry in reversed(self.record.get("deals") or []):
            if entry.get("hand") == hand:
                return entry
        return None

    def contribute(self, seat: int, data: bytes | str) -> bool:
        """Mix ``seat``'s own randomness (16 bytes, or their hex) into the next hand's deal, which
        is sealed but not dealt. False, changing nothing, when there is no such deal, the data is
        not 16 bytes or the seat has already given its part."""
        text = contribution_text(data)
        open_to_contributions = self.sealed_deals and not self.is_over and not self.chosen_seed
        entry = self.deal_entry(self.state.deal_hand + 1) if open_to_contributions else None
        if text is None or entry is None or not 0 <= seat < self.state.players or entry["contributions"][seat]:
            return False
        entry["contributions"][seat] = text
        return True

    def deal_view(self) -> dict[str, Any]:
        """What everybody may know of the deals: the commitment of the hand in play and of the
        next one, and the last revealed deal (secret and contributions; not the dealt cards,
        which the secret gives anyway)."""
        if not self.sealed_deals:
            return {"deal_commitment": None, "next_deal_commitment": None, "deal_secret": None, "last_deal": None}
        current = self.deal_entry(max(self.state.deal_hand, 1))
        following = None if self.is_over else self.deal_entry(self.state.deal_hand + 1)
        revealed = next((e for e in reversed(self.record["deals"]) if "deal_secret" in e), None)
        last = (
            None
            if revealed is None
            else {
                "hand": revealed["hand"],
                "deal_commitment": revealed["deal_commitment"],
                "contributions": list(revealed["contributions"]),
                "deal_secret": revealed["deal_secret"],
            }
        )
        return {
            "deal_commitment": current["deal_commitment"] if current else None,
            "next_deal_commitment": following["deal_commitment"] if following else None,
            "deal_secret": last["deal_secret"] if last else None,
            "last_deal": last,
        }

    def _secret(self, hand: int) -> bytes:
        if self._known_secrets is None:
            return hand_secret(self.state.seed, hand)
        # checking a record: a hand whose secret is not revealed yet deals from a stand-in
        return self._known_secrets.get(hand) or hand_secret(0, -hand)

    def _seal(self, hand: int) -> dict[str, Any]:
        """The hand's entry, made (its commitment published) if it is not yet."""
        entry = self.deal_entry(hand)
        if entry is None:
            given = self._given_contributions.get(hand) or []
            contributions = (
                [contribution_text(c) if c else None for c in given]
                if len(given) == self.state.players and not self.chosen_seed
                else [None] * self.state.players
            )
            entry = {"hand": hand, "deal_commitment": commitment_of(self._secret(hand)), "contributions": contributions}
            self.record["deals"].append(entry)
        return entry

    def _begin_deal(self, hand: int) -> None:
        """The hand's first shuffle: the hand before is over (its secret is revealed), the
        contributions are closed, and the next hand is sealed."""
        s = self.state
        if 0 < s.deal_hand < hand:
            self._reveal(s.deal_hand)
        entry = self._seal(hand)
        s.deal_hand, s.deal_draws = hand, 0
        self.log(None, N_("Deal sealed: {commitment}"), commitment=entry["deal_commitment"])
        self.state.events[-1]["hand"] = hand  # told with the hand it deals (a first dealer is drawn before)
        for seat in self._contributors():
            if entry["contributions"][seat] is None:
                self.log(
                    None,
                    N_("Dealt without {name}'s own randomness: it did not come in time."),
                    name=self.seat_name(seat),
                )
        self._seal(hand + 1)

    def _contributors(self) -> list[int]:
        """The seats expected to add randomness: the human ones, unless the seed was chosen (a
        game meant to be the same every time)."""
        if self.chosen_seed:
            return []
        seats = self.record.get("seats") or []
        return [
            seat
            for seat, entry in enumerate(seats[: self.state.players])
            if isinstance(entry, dict) and entry.get("kind") == "human"
        ]

    def _reveal(self, hand: int) -> None:
        entry = self.deal_entry(hand)
        if entry is not None and "deal_secret" not in entry:
            entry["deal_secret"] = self._secret(hand).hex()
            self.log(None, N_("The deal of hand {hand} is revealed: {secret}"), hand=hand, secret=entry["deal_secret"])

    def _note_where_hands_ended(self) -> None:
        """A revealed hand's ``ended_at``: how many of the record's actions it took to end it
        (a revealed record of an unfinished game stops there)."""
        for entry in self.record["deals"][-3:]:
            if "deal_secret" in entry and "ended_at" not in entry:
                entry["ended_at"] = len(self.record["actions"])

    def _reveal_last_deal(self) -> None:
        """The game is over: its last hand's secret is revealed, and a hand sealed but never
        dealt leaves the record."""
        if self.state.deal_hand:
            self._reveal(self.state.deal_hand)
        self.record["deals"] = [e for e in self.record["deals"] if e["hand"] <= self.state.deal_hand]

    def shuffled_deck(self) -> list[int]:
        decks, jokers = self.variant.deck(self.settings)
        deck = make_deck(decks, jokers)
        self.rng("deal").shuffle(deck)
        return deck

    def deal(self, sizes: Sequence[int], first: int) -> None:
        """Shuffle a new deck and deal one card at a time from seat ``first`` on, in turn order,
        until each seat has its size; the rest becomes the stock."""
        s = self.state
        deck = self.shuffled_deck()
        s.hands = [[] for _ in range(s.players)]
        s.discard, s.table, s.reshuffles = [], [], 0
        for round_no in range(max(sizes)):
            for offset in range(s.players):
                seat = self.next_seat(first, offset)
                if round_no < sizes[seat]:
                    s.hands[seat].append(deck.pop())
        s.stock = deck
        entry = self.deal_entry(s.deal_hand) if self.sealed_deals else None
        if entry is not None and "dealt" not in entry:
            entry["dealt"] = [[card_text(card) for card in hand] for hand in s.hands]

    def draw_from_stock(self, seat: int) -> int:
        card = self.state.stock.pop()
        self.state.hands[seat].append(card)
        return card

    def take_discard(self, seat: int) -> int:
        card = self.state.discard.pop()
        self.state.hands[seat].append(card)
        return card

    def discard_card(self, seat: int, card: int) -> None:
        self.state.hands[seat].remove(card)
        self.state.discard.append(card)

    def rebuild_stock(self, keep_top: bool = True) -> bool:
        """Shuffle the discard pile (all but the top card if ``keep_top``) into a new stock.
        Returns False, changing nothing, once the hand has used up ``max_reshuffles``."""
        s = self.state
        if s.reshuffles >= self.settings.get("max_reshuffles", 3):
            return False
        keep = s.discard[-1:] if keep_top else []
        pile = s.discard[:-1] if keep_top else s.discard[:]
        self.rng("reshuffle").shuffle(pile)
        s.stock = pile + s.stock
        s.discard = keep
        s.reshuffles += 1
        self.log(None, N_("The discard pile was shuffled into a new stock."))
        return True

    def table_melds(self) -> list[tuple[int, Meld]]:
        return [(entry["owner"], Meld.from_json(entry["meld"])) for entry in self.state.table]

    def put_meld(self, owner: int, meld: Meld, index: int | None = None) -> None:
        entry = {"owner": owner, "meld": meld.to_json()}
        if index is None:
            self.state.table.append(entry)
        else:
            self.state.table[index] = entry

    def log(self, seat: int | None, template: str, /, **values: Any) -> None:
        """Record what happened: an English template (marked ``N_``) and language-neutral values,
        cards as ``[7D]`` (``bracket``) so a screen can draw them; ``rummy_tui.i18n.render_event``
        words it in the language of the moment."""
        event: dict[str, Any] = {"seat": seat, "hand": self.state.hand_no, "text": template}
        if values:
            event["values"] = values
        self.state.events.append(event)
        del self.state.events[:-200]

    def end_game(
        self, winners: Iterable[int], lines: list[Message], final: list[int] | None = None, **more: Any
    ) -> None:
        s = self.state
        s.result = {"winners": list(winners), "lines": lines, "final": final if final is not None else list(s.totals)}
        s.result.update(more)
        s.to_move = None
        s.phase = "game_over"


Data = TypeVar("Data")


def plain_copy(data: Data) -> Data:
    """A deep copy of plain data (dicts, lists, scalars, tuples, sets): what copy.deepcopy gives,
    several times faster, which matters because every AI decision copies an observation. A marshal
    round trip copies in C; it refuses anything but the exact built-in types (a subclass, an
    object), which the slower walk copies as before."""
    try:
        copied: Data = marshal.loads(marshal.dumps(cast(Any, data)))
    except ValueError:
        copied = _walked_copy(data)
    return copied


def _walked_copy(data: Any) -> Any:
    if isinstance(data, dict):
        return {key: _walked_copy(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_walked_copy(value) for value in data]
    return copy.deepcopy(data) if isinstance(data, (set, tuple)) else data


def bracket(card: int) -> str:
    """A card in log notation: ``[7D]``."""
    return f"[{card_text(card)}]"


def bracket_all(cards: Iterable[int]) -> str:
    return " ".join(f"[{t}]" for t in cards_text(cards).split())
