"""Hungarian Römi: the moves offered, and the completion planner that keeps them honest.

``legal_actions`` offers a useful subset of the huge move space (``draw_actions``,
``play_actions``). A plan is a list of moves after which the seat to move has a legal discard;
the exact search of ``variants/hungarian/turn.py`` finds it and each step is checked on a scratch
copy of the game. The registry skips this module.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

from rummy_tui.engine.cards import face_of, face_text, is_joker, make_face, suit_of
from rummy_tui.engine.game import Game, bracket
from rummy_tui.engine.melds import RUN, Meld, candidate_melds, lay_off
from rummy_tui.engine.solver import best_arrangement
from rummy_tui.i18n import N_
from rummy_tui.i18n import t as tr

from .common import (
    PLAY,
    RULES,
    copy_table,
    could_fit,
    holds_dupla,
    meld_code,
    meld_points,
    turn_of,
)
from .duty import TurnPosition, taken_card_duty
from .duty import is_szuro as fits_table
from .shapes import card_code
from .turn import OUT, STAY, Completion, completions

PLAN_CACHE_SIZE = 4096


# --- offered actions -----------------------------------------------------------------


def draw_actions(game: Game) -> list[str]:
    actions = ["draw:stock"] if game.state.stock else []
    if game.state.discard and game.variant.why_not(game, "take:discard") is None:
        actions.append("take:discard")
    return actions


def legal_discards(game: Game) -> list[str]:
    s = game.state
    codes = []
    for face in sorted({face_of(c) for c in s.hands[s.mover]}):
        card = discard_choice(game, face)
        if card is not None and discard_problem(game, card) is None:
            codes.append(f"discard:{face_text(face)}")
    return codes


def play_actions(game: Game) -> list[str]:
    s = game.state
    seat = s.mover
    discards = legal_discards(game)
    if not discards:  # duties remain: offer only the next step of a plan that meets them
        for plan in (s.private[seat].get("plan"), completion_plan(game)):
            if plan and game.variant.why_not(game, plan[0]) is None:
                return [plan[0]]
        return ["takeback"] if turn_of(game)["moved"] else []
    moves = opening_moves(game) if not s.extra["opened"][seat] else opened_moves(game)
    return [m for m in dict.fromkeys(moves) if game.variant.why_not(game, m) is None] + discards


def opening_moves(game: Game) -> list[str]:
    moves = []
    opening = best_opening(game)
    if opening:
        moves.append("meld:" + meld_code(opening))
    out = go_out_plan(game)
    if out:
        moves.append(out[0])
    return moves


def best_opening(game: Game) -> list[Meld] | None:
    """The solver's melds for an opening of at least the minimum, keeping a card to discard."""
    s = game.state
    hand = sorted(s.hands[s.mover])
    arrangement = best_arrangement(hand, RULES, game.variant.value_function(s.settings))
    melds = sorted(arrangement.melds, key=lambda m: -meld_points(m, s.settings))
    return fit_opening(melds, s.settings["opening_min"], arrangement.deadwood, s.settings)


def fit_opening(melds: list[Meld], needed: int, leftover: list[int], settings: dict) -> list[Meld] | None:
    """Drop the smallest melds while the rest still reach ``needed``, so at least a card stays."""
    if sum(meld_points(m, settings) for m in melds) < needed:
        return None
    chosen = list(melds)
    while not leftover and chosen:
        smallest = min(chosen, key=lambda m: meld_points(m, settings))
        if sum(meld_points(m, settings) for m in chosen) - meld_points(smallest, settings) < needed:
            return None
        chosen.remove(smallest)
        leftover = list(smallest.cards)
    return chosen or None


def opened_moves(game: Game) -> list[str]:
    s = game.state
    hand = s.hands[s.mover]
    moves = []
    naturals = sorted(face_of(c) for c in hand if not is_joker(c))
    jokers = sum(1 for c in hand if is_joker(c))
    for faces in candidate_melds(naturals, RULES, jokers):
        moves.append("meld:" + "-".join(face_text(f) for f in faces))
    distinct = sorted({face_of(c) for c in hand})
    for index, (_, meld) in enumerate(game.table_melds()):
        for face in distinct:
            if not could_fit(meld, face):
                continue
            card = next(c for c in hand if face_of(c) == face)
            if lay_off(meld, [card], RULES) is not None:
                moves.append(f"layoff:{face_text(face)}>{index}")
        moves.extend(exchange_moves(meld, index, distinct))
    return moves


def exchange_moves(meld: Meld, index: int, faces: list[int]) -> list[str]:
    if not meld.jokers:
        return []
    if meld.kind == RUN:
        return [
            f"exchange:{face_text(f)}>{index}"
            for c, f in zip(meld.cards, meld.faces, strict=False)
            if is_joker(c) and f in faces
        ]
    present = {suit_of(c) for c in meld.cards if not is_joker(c)}
    missing = [make_face(meld.low, suit) for suit in range(4) if suit not in present]
    if all(f in faces for f in missing):
        return [f"exchange:{'-'.join(face_text(f) for f in missing)}>{index}"]
    return []


# A plan is a list of action codes after which the seat to move has a legal discard. It is a
# pure function of the position (cached by a fingerprint), so why_not and replays agree.


_plan_cache: OrderedDict[str, Any] = OrderedDict()


def fingerprint(game: Game, kind: str) -> str:
    s = game.state
    seat = s.mover
    return json.dumps(
        [
            kind,
            seat,
            sorted(s.hands[seat]),
            s.table,
            s.extra.get("turn"),
            s.extra["opened"][seat],
            s.settings,
            s.private[seat].get("dupla"),
        ],
        separators=(",", ":"),
    )


def cached(kind: str, compute: Callable[[Game], Any]) -> Callable[[Game], Any]:
    def lookup(game: Game) -> Any:
        key = fingerprint(game, kind)
        if key in _plan_cache:
            _plan_cache.move_to_end(key)
            return copy.copy(_plan_cache[key])
        result = compute(game)
        _plan_cache[key] = result
        if len(_plan_cache) > PLAN_CACHE_SIZE:
            _plan_cache.popitem(last=False)
        return copy.copy(result)

    return lookup


class ScratchGame(Game):
    """A private copy of a game for trying moves: ``planning`` (common.py) skips the planner's
    own checks in it."""

    planning = True


def scratch(game: Game) -> Game:
    """A private copy of the game for trying moves; it skips the planner's own checks."""
    s = game.state
    copy_game = ScratchGame.__new__(ScratchGame)
    copy_game.variant = game.variant
    copy_game.record = {"actions": []}
    extra = dict(s.extra, opened=list(s.extra["opened"]), drawn=list(s.extra["drawn"]))
    if extra.get("turn") is not None:  # its table_before is never changed, so it may be shared
        extra["turn"] = dict(
            extra["turn"], new_melds=list(extra["turn"]["new_melds"]), freed=list(extra["turn"]["freed"])
        )
    copy_game.state = dataclasses.replace(
        s,
        hands=[sorted(h) for h in s.hands],
        stock=list(s.stock),
        discard=list(s.discard),
        table=copy_table(s.table),
        extra=extra,
        private=[dict(p) for p in s.private],
        events=[],
        sheet=[],
        totals=list(s.totals),
    )
    return copy_game


def try_step(game: Game, action: str) -> bool:
    """Apply ``action`` to a scratch game if the rules allow it there."""
    try:
        if game.variant.why_not(game, action) is not None:
            return False
    except ValueError:
        return False
    game.variant.apply(game, action)
    return True


def scratch_after(game: Game, action: str) -> Game | None:
    trial = scratch(game)
    if not try_step(trial, action):
        return None
    return trial


def completion_after(game: Game, action: str) -> list[str] | None:
    after = scratch_after(game, action)
    return None if after is None else completion_plan(after)


def continuation(game: Game, action: str) -> list[str] | None:
    """If ``action`` is the first step of the kept plan or a fresh plan, the steps after it."""
    s = game.state
    if s.phase != PLAY:
        return None
    kept = s.private[s.mover].get("plan") or []
    if kept and kept[0] == action:
        return kept[1:]
    if not legal_discards(game):
        plan = completion_plan(game)
        if plan and plan[0] == action:
            return plan[1:]
    elif not s.extra["opened"][s.mover]:
        plan = go_out_plan(game)
        if plan and plan[0] == action:
            return plan[1:]
    return None


def works(game: Game, plan: list[str]) -> bool:
    """Does ``plan`` lead, move by move, to a position with a legal discard?"""
    trial = scratch(game)
    return all(try_step(trial, step) for step in plan) and bool(legal_discards(trial))


def _completion_plan(game: Game) -> list[str] | None:
    if legal_discards(game):
        return []
    return first_working_plan(game, (STAY, OUT))


def _go_out_plan(game: Game) -> list[str] | None:
    """Lay every card but one this turn, in some order the rules accept."""
    return first_working_plan(game, (OUT,))


completion_plan = cached("complete", _completion_plan)


go_out_plan = cached("out", _go_out_plan)


def first_working_plan(game: Game, modes: Sequence[str]) -> list[str] | None:
    """The exact search's first completion, written as moves and checked move by move."""
    position = turn_position(game)
    for completion in completions(position, modes):
        plan = plan_codes(position, completion)
        if works(game, plan):
            return plan
    return None


def turn_position(game: Game) -> TurnPosition:
    s = game.state
    seat = s.mover
    turn = turn_of(game)
    before = [Meld.from_json(e["meld"]) for e in turn["table_before"]]
    taken = turn["taken"]
    szuro = turn.get("szuro")
    if szuro is None:  # a save from before the szúró was recorded
        szuro = taken is not None and fits_table(taken, before, RULES)
    return TurnPosition(
        hand=tuple(sorted(s.hands[seat])),
        table=tuple(m for _, m in game.table_melds()),
        before=tuple(before),
        new_melds=frozenset(turn["new_melds"]),
        taken=taken,
        taken_free=bool(turn["free"]),
        freed=frozenset(turn["freed"]),
        opened_at_start=turn["opened_at_start"],
        opened=s.extra["opened"][seat],
        meld_points=turn["meld_points"],
        handolas_only=bool(turn.get("handolas_only")),
        szuro=bool(szuro),
        dupla=holds_dupla(game),
        opening_min=s.settings["opening_min"],
        rules=RULES,
        value=game.variant.value_function(s.settings),
    )


def plan_codes(position: TurnPosition, completion: Completion) -> list[str]:
    """The moves of a completion: exchanges first; a player who opens and stays lays his
    opening melds before anything else; the taken card's lay-off goes before the melds, so that
    its copy in a new meld is not taken for it."""
    freed_melds = [
        m for m in completion.melds if any(j in position.freed or j in freed_by(completion, position) for j in m.jokers)
    ]
    plain_melds = [m for m in completion.melds if m not in freed_melds]
    exchanges = [
        f"exchange:{'-'.join(face_text(face_of(c)) for c in cards)}>{index}" for index, cards in completion.exchanges
    ]
    layoffs = [
        f"layoff:{'-'.join(card_code(c, f) for c, f in block)}>{index}"
        for index, block in sorted(completion.blocks.items())
    ]
    first = [
        code
        for code, (_, block) in zip(layoffs, sorted(completion.blocks.items()), strict=False)
        if any(c == position.taken for c, _ in block)
    ]
    layoffs = [code for code in layoffs if code not in first]
    jokers = [f"layoff:JK>{index}" for index, _ in completion.joker_layoffs]
    melds = lambda group: ["meld:" + meld_code(group)] if group else []  # noqa: E731
    if not position.opened and not completion.out:
        return melds(plain_melds) + exchanges + melds(freed_melds) + layoffs + first + jokers
    return exchanges + first + melds(plain_melds + freed_melds) + layoffs + jokers


def freed_by(completion: Completion, position: TurnPosition) -> set[int]:
    return {j for index, _ in completion.exchanges for j in position.table[index].jokers}


# --- which discards are allowed -------------------------------------------------------


def discard_choice(game: Game, face: int) -> int | None:
    """The copy to discard: never the taken card or a freed joker when another copy is held."""
    s = game.state
    turn = turn_of(game)
    matches = sorted(c for c in s.hands[s.mover] if face_of(c) == face)
    if not matches:
        return None
    plain = [c for c in matches if c != turn["taken"] and c not in turn["freed"]]
    return plain[0] if plain else matches[0]


def discard_problem(game: Game, card: int) -> str | None:
    s = game.state
    seat = s.mover
    turn = turn_of(game)
    hand = s.hands[seat]
    if card == turn["taken"]:
        if turn["free"]:
            return tr("You took {card} from the discard pile this turn: you may not discard it.", card=bracket(card))
        return tr(
            "You took {card} from the discard pile this turn: you may not discard it, it must go on the table.",
            card=bracket(card),
        )
    if card in turn["freed"] or any(j in hand for j in turn["freed"]):
        return tr("The joker you took from the table must be placed on the table this turn before you discard.")
    if len(hand) == 1:
        return None  # going out: no minimum, no szúró restriction (C-5 handolás, C-6 O3)
    if turn.get("handolas_only"):
        return tr(
            "Before opening you may lay off or take a joker only to go out from hand this turn. "
            "Go out, or take back your moves."
        )
    if not s.extra["opened"][seat] and turn["moved"]:
        return tr(
            "You need {points} points to open; your melds this turn make {total}. Lay more, go out from "
            "hand, or take back your moves.",
            points=s.settings["opening_min"],
            total=turn["meld_points"],
        )
    if turn["taken"] is not None and not turn["free"]:
        return taken_card_problem(game)
    return None


def taken_card_problem(game: Game) -> str | None:
    """C-6: where the card taken from the discard pile ended up, and whether that is allowed."""
    card = bracket(turn_of(game)["taken"])
    why = taken_card_duty(
        [m for _, m in game.table_melds()], turn_position(game), frozenset(turn_of(game)["new_melds"])
    )
    reason = {
        None: None,
        "on-table": N_("You took {card} from the discard pile: it must go on the table this turn."),
        "two-naturals": N_("The meld with {card} needs two natural cards from your hand besides it."),
        "opening": N_("You took {card} to open: it must be part of your opening melds."),
        "tolo": N_(
            "{card} was a szúró: laid off, it needs a second {card} in your hand, or a toló: "
            "another card from your hand laid on the same run, beyond {card}."
        ),
    }[why]
    return tr(reason, card=card) if reason else None
