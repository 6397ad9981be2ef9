"""Checking a record's sealed deals (``rummy verify``): for every hand, the revealed secret
against its commitment, and the deal replayed from that secret and the contributions against
the hands the record says were dealt and against every action of the record.

A deal that checks out but was made without a player's randomness says so (a note, not a
failure: a seat that was too slow is not cheating), and so does one made from the server's
secret alone; a seat's own client tells its player more (:mod:`rummy_tui.tableserver.witness`).

The seed plays no part: a record is checked only from what was revealed, as a player would.
A game with a chosen seed is the exception: it shuffles from its seed (which it shows), so it
is replayed from the seed, each revealed secret must be the one that seed gives, and it takes
no contributions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rummy_tui.i18n import N_
from rummy_tui.i18n import t as tr

from .deals import commitment_of, hand_secret, short
from .game import READABLE_FORMATS, Game
from .records import RecordError, check_record

VERIFIED, SEALED, FAILED, UNCHECKED = "verified", "sealed", "failed", "unchecked"


@dataclass
class HandCheck:
    """What came of checking one hand's deal."""

    hand: int
    commitment: str
    outcome: str = VERIFIED  # VERIFIED, SEALED (not revealed yet), FAILED or UNCHECKED (after a failure)
    problem: str = ""  # English template (marked N_), worded by text()
    values: dict[str, Any] = field(default_factory=dict)
    notes: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # a verified deal's warnings (N_)

    @property
    def verified(self) -> bool:
        return self.outcome == VERIFIED

    @property
    def warned(self) -> bool:
        """Verified, but with something the player should know (a randomness missing)."""
        return self.outcome == VERIFIED and bool(self.notes)

    def note(self, template: str, **values: Any) -> None:
        self.notes.append((template, values))

    def notes_text(self) -> str:
        return "; ".join(tr(template, **values) for template, values in self.notes)

    def fail(self, problem: str, **values: Any) -> None:
        if self.outcome != FAILED:  # the first difference is the one to tell
            self.outcome, self.problem, self.values = FAILED, problem, values

    def fail_dealt(self, said: list[list[str]] | None, replayed: dict[str, Any] | None) -> bool:
        """Fail (and say True) when the record's dealt hands are not the replayed deal's."""
        if said is None or replayed is None or "dealt" not in replayed or said == replayed["dealt"]:
            return False
        seat, theirs, ours = _first_difference(said, replayed["dealt"])
        self.fail(
            N_("seat {seat} was dealt {dealt} by the revealed shuffle, but the record says {said}"),
            seat=seat + 1,
            dealt=ours,
            said=theirs,
        )
        return True

    def text(self) -> str:
        """One line for a player, in the language of the moment."""
        if self.warned:
            return tr(
                "Hand {hand}: deal verified ({commitment}), but {notes}",
                hand=self.hand,
                commitment=short(self.commitment),
                notes=self.notes_text(),
            )
        if self.outcome == VERIFIED:
            return tr("Hand {hand}: deal verified ({commitment})", hand=self.hand, commitment=short(self.commitment))
        if self.outcome == SEALED:
            return tr(
                "Hand {hand}: still sealed ({commitment}), its secret is revealed when the hand is over",
                hand=self.hand,
                commitment=short(self.commitment),
            )
        if self.outcome == UNCHECKED:
            return tr(
                "Hand {hand}: not checked: the replay stopped at hand {stopped}",
                hand=self.hand,
                stopped=self.values.get("stopped"),
            )
        return tr("Hand {hand}: NOT VERIFIED: {problem}", hand=self.hand, problem=tr(self.problem, **self.values))


@dataclass
class Verification:
    hands: list[HandCheck]
    game_over: bool

    @property
    def ok(self) -> bool:
        """Every hand verified (a hand still in play may be sealed, unless the game is over)."""
        return bool(self.hands) and all(
            check.verified or (check.outcome == SEALED and not self.game_over) for check in self.hands
        )


def verify_record(record: Any) -> Verification:
    """Check every hand of a record; :class:`RecordError` when it is no record of sealed deals."""
    check_record(record, READABLE_FORMATS)
    if record["format"] < 2:
        raise RecordError("this record is from before sealed deals (format 1): its deals cannot be checked")
    checks, secrets = {}, {}
    chosen = record.get("chosen_seed") is not False and not record.get("seed_hidden")
    for entry in record["deals"]:
        check = checks[entry["hand"]] = HandCheck(entry["hand"], entry["deal_commitment"])
        if "deal_secret" not in entry:
            check.outcome = SEALED
            continue
        secret = bytes.fromhex(entry["deal_secret"])
        if commitment_of(secret) != entry["deal_commitment"]:
            check.fail(
                N_("the revealed secret {secret} does not match the commitment {commitment} shown before the deal"),
                secret=short(entry["deal_secret"]),
                commitment=short(entry["deal_commitment"]),
            )
        elif chosen and secret != hand_secret(record["seed"], entry["hand"]):
            check.fail(
                N_("the revealed secret {secret} is not the one the game's chosen seed gives"),
                secret=short(entry["deal_secret"]),
            )
        elif chosen and any(entry["contributions"]):
            check.fail(N_("a game with a chosen seed takes no contributions, but this hand lists some"))
        else:
            secrets[entry["hand"]] = secret
    game = _replay_revealed(record, secrets, checks)
    mine = record.get("my_randomness")
    for entry in record["deals"]:
        check, replayed = checks[entry["hand"]], game.deal_entry(entry["hand"])
        if check.outcome == SEALED:
            if game.is_over and entry["hand"] <= game.state.deal_hand:
                check.fail(N_("the game is over but this hand's secret was never revealed"))
            continue
        if check.outcome == UNCHECKED:
            continue
        if replayed is None or "dealt" not in replayed:
            check.fail(N_("the record's actions never reach this hand's deal"))
        elif not check.fail_dealt(entry.get("dealt"), replayed):
            note_missing_randomness(check, record, mine["seat"] if mine else None)
            if mine:
                sent = mine["sent"].get(str(check.hand))
                check_own_randomness(check, record, mine["seat"], sent, check.hand in mine["confirmed"])
    return Verification([checks[hand] for hand in sorted(checks)], game.is_over)


def _replay_revealed(record: dict[str, Any], secrets: dict[int, bytes], checks: dict[int, HandCheck]) -> Game:
    """The record's game dealt from the revealed secrets, as far as its actions stay legal."""
    game = Game._set_up(record, deal=True, known_secrets=secrets)
    for number, action in enumerate(record["actions"], start=1):
        hand = game.state.deal_hand
        try:
            game.apply(action)
        except Exception as error:  # noqa: BLE001  (any failure of a tampered record is a finding)
            check = checks.get(hand)
            if (
                hand in secrets
                and check is not None
                and not check.fail_dealt(_dealt_in(record, hand), game.deal_entry(hand))
            ):
                check.fail(
                    N_("action {number} ({action}) cannot be played with the revealed deal: {reason}"),
                    number=number,
                    action=action,
                    reason=str(error),
                )
            for later in checks.values():
                if later.hand > hand and later.outcome == VERIFIED:
                    later.outcome, later.values = UNCHECKED, {"stopped": hand}
            break
    return game


def _dealt_in(record: dict[str, Any], hand: int) -> list[list[str]] | None:
    return next((entry.get("dealt") for entry in record["deals"] if entry["hand"] == hand), None)


def _first_difference(said: list[list[str]], dealt: list[list[str]]) -> tuple[int, str, str]:
    for seat, (theirs, ours) in enumerate(zip(said, dealt, strict=False)):
        if theirs != ours:
            for mine, other in zip(ours, theirs, strict=False):
                if mine != other:
                    return seat, other, mine
            return seat, " ".join(theirs), " ".join(ours)
    return 0, "", ""


# --- what a seat can check on its own, and what it may be shown ----------------------------


def revealed_record(record: dict[str, Any], upto_hand: int | None = None) -> dict[str, Any]:
    """The record as far as everybody may know it once the hands up to ``upto_hand`` (every
    revealed one, by default) are over: their actions, secrets, contributions and dealt hands;
    the next hand's commitment and contributions; no seed (it is 0, and ``seed_hidden``) and
    nothing of a hand still sealed. A chosen seed stays: it deals the game, and whoever chose it
    knows it. ``Game.replay`` deals a record without its seed from the revealed secrets."""
    deals = record.get("deals") or []
    revealed = [entry for entry in deals if "deal_secret" in entry and "ended_at" in entry]
    if upto_hand is not None:
        revealed = [entry for entry in revealed if entry["hand"] <= upto_hand]
    last = revealed[-1]["hand"] if revealed else 0
    ended_at = revealed[-1]["ended_at"] if revealed else 0
    following = [
        {key: entry[key] for key in ("hand", "deal_commitment", "contributions")}
        for entry in deals
        if entry["hand"] == last + 1
    ]
    shown = {key: value for key, value in record.items() if key not in ("deals", "actions")}
    if record.get("chosen_seed") is False:
        shown.update(seed=0, seed_hidden=True)
    return {
        **shown,
        "deals": [dict(entry) for entry in revealed] + following,
        "actions": list(record["actions"][:ended_at]),
    }


def check_sightings(
    record: dict[str, Any], hand: int, seat: int | None, sightings: dict[int, tuple[list[int], list[int]]]
) -> HandCheck:
    """What one seat checks when hand ``hand`` is revealed: the secret against the commitment,
    then the game replayed from the revealed secrets: after each number of actions ``seq`` in
    ``sightings``, this seat's hand (sorted card ids; ignored for a spectator) and the discard
    pile must be what the seat was shown."""
    entry = next((e for e in record.get("deals") or [] if e.get("hand") == hand), None)
    if entry is None or "deal_secret" not in entry:
        check = HandCheck(hand, "")
        check.fail(N_("the server revealed nothing for this hand"))
        return check
    check = HandCheck(hand, entry["deal_commitment"])
    secrets = {e["hand"]: bytes.fromhex(e["deal_secret"]) for e in record["deals"] if "deal_secret" in e}
    if commitment_of(secrets[hand]) != entry["deal_commitment"]:
        check.fail(
            N_("the revealed secret {secret} does not match the commitment {commitment} shown before the deal"),
            secret=short(entry["deal_secret"]),
            commitment=short(entry["deal_commitment"]),
        )
        return check
    try:
        game = Game._set_up(record, deal=True, known_secrets=secrets)
        for seq in range(len(record["actions"]) + 1):
            if seq in sightings:
                problem = _sighting_problem(game, seat, *sightings[seq])
                if problem:
                    check.fail(problem[0], **problem[1])
                    return check
            if seq < len(record["actions"]):
                game.apply(record["actions"][seq])
    except Exception as error:  # noqa: BLE001  (a record that does not replay is the finding)
        check.fail(N_("the revealed game does not replay: {reason}"), reason=str(error))
        return check
    note_missing_randomness(check, record, seat)
    return check


def note_missing_randomness(check: HandCheck, record: dict[str, Any], viewer: int | None) -> None:
    """Note the human seats whose randomness is not in the hand's deal (a game with a chosen
    seed asks nobody for any): by name, or, when none of several is there, that the server's
    secret alone chose the cards. ``viewer``'s own seat is left to its client (the witness), which
    knows whether it sent its randomness and whether the server confirmed it."""
    if record.get("chosen_seed") is not False:
        return
    given = _contributions_in(record, check.hand)
    seats = [seat if isinstance(seat, dict) else {} for seat in (record.get("seats") or [])[: record["players"]]]
    humans = [number for number, seat in enumerate(seats) if seat.get("kind") == "human"]
    missing = [number for number in humans if number >= len(given) or not given[number]]
    if len(humans) > 1 and len(missing) == len(humans):
        check.note(N_("nobody's own randomness is in it: the server's secret alone chose the cards"))
        return
    for number in missing:
        if number != viewer:
            check.note(
                N_("it was dealt without {name}'s randomness"), name=str(seats[number].get("name") or number + 1)
            )


def check_own_randomness(
    check: HandCheck, record: dict[str, Any], seat: int, sent: str | None, confirmed: bool
) -> None:
    """What only ``seat``'s own program knows of its randomness in the hand's deal: the bytes it
    sent (None: none) and whether the server confirmed it held them. Other bytes or none after
    that confirmation fail the deal. Without one they are warnings: bytes too late, or other
    bytes an earlier run of the player's program gave for the seat (it came back from another)."""
    given = _contributions_in(record, check.hand)
    if check.outcome == FAILED or not 0 <= seat < len(given):
        return
    used = given[seat]
    if sent and used not in (None, sent) and confirmed:
        check.fail(N_("the deal was not made with your randomness: the server used other bytes in its place"))
    elif sent and used not in (None, sent):
        mixed_up = N_(
            "the randomness in it for your seat is not the bytes this program sent (perhaps an earlier run of it sent those)"
        )
        check.notes.insert(0, (mixed_up, {}))
    elif used is None and confirmed:
        check.fail(N_("the deal was made without your randomness, which the server had confirmed it held"))
    elif used is None and record.get("chosen_seed") is False:  # (a chosen seed asks nobody)
        why = N_("your randomness is not in it: it did not reach the table before the cards were dealt")
        check.notes.insert(0, (why if sent else N_("your randomness is not in it"), {}))


def _contributions_in(record: dict[str, Any], hand: int) -> list[Any]:
    """The hand's contributions as the record lists them ([] in a record not shaped as one)."""
    deals = record.get("deals")
    for entry in deals if isinstance(deals, list) else []:
        if isinstance(entry, dict) and entry.get("hand") == hand and isinstance(entry.get("contributions"), list):
            return list(entry["contributions"])
    return []


def _sighting_problem(
    game: Game, seat: int | None, hand: list[int], discard: list[int]
) -> tuple[str, dict[str, str]] | None:
    if seat is not None and sorted(game.state.hands[seat]) != sorted(hand):
        return N_("you held {held}, but the revealed shuffle gives {dealt}"), {
            "held": _cards(sorted(set(hand) - set(game.state.hands[seat]))),
            "dealt": _cards(sorted(set(game.state.hands[seat]) - set(hand))),
        }
    if list(game.state.discard) != list(discard):
        return N_("the discard pile showed {shown}, but the revealed shuffle gives {dealt}"), {
            "shown": _cards(discard[-3:]),
            "dealt": _cards(game.state.discard[-3:]),
        }
    return None


def _cards(cards: list[int]) -> str:
    from .cards import card_text

    return " ".join(card_text(card) for card in cards) or "-"
