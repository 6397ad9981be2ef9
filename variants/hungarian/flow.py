"""Hungarian Römi: the flow of a hand and its score: dealing, a turn's start and end, a void
hand, the end of a hand and of the game. The rules (rules.py) and the moves (moves.py) use it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummy_tui.engine.cards import face_of
from rummy_tui.i18n import N_, msg, msg_n, names_text

from . import plan
from .common import DRAW, PLAY, RULES, copy_table, planning, value_of
from .duty import is_szuro as fits_table

if TYPE_CHECKING:
    from rummy_tui.engine.game import Game


# --- dealing, the flow of a hand and its score ---------------------------------------


def deal_hand(game: Game) -> None:
    s = game.state
    s.hand_no += 1
    starter = game.next_seat(s.dealer)
    game.deal([15 if seat == starter else 14 for seat in range(s.players)], starter)
    s.extra.update(opened=[False] * s.players, drawn=[False] * s.players, starter=starter, turn=None)
    s.private = [{} for _ in range(s.players)]
    game.log(
        None,
        N_("Hand {hand}: {dealer} dealt; {starter} has 15 cards and starts by discarding."),
        hand=s.hand_no,
        dealer=game.seat_name(s.dealer),
        starter=game.seat_name(starter),
    )
    begin_turn(game, starter, taken=None, free=False)


def begin_turn(game: Game, seat: int, taken: int | None, free: bool) -> None:
    """Enter the play phase: remember the table and hand for ``takeback`` and the taken card."""
    s = game.state
    hand = s.hands[seat]
    s.phase, s.to_move = PLAY, seat
    s.extra["turn"] = {
        "seat": seat,
        "taken": taken,
        "free": free,
        "opened_at_start": s.extra["opened"][seat],
        "table_before": copy_table(s.table),
        "new_melds": [],
        "freed": [],
        "meld_points": 0,
        "moved": False,
        "handolas_only": False,
        "szuro": taken is not None and fits_table(taken, [m for _, m in game.table_melds()], RULES),
    }
    # "dupla": he holds a second copy of the taken card (C-6 szúró rule); hidden, like his hand
    dupla = taken is not None and any(face_of(c) == face_of(taken) for c in hand if c != taken)
    s.private[seat] = {"hand_before": list(hand), "plan": [], "dupla": dupla}
    if not planning(game) and not plan.legal_discards(game):
        s.private[seat]["plan"] = plan.completion_plan(game) or []


def next_turn(game: Game) -> None:
    s = game.state
    seat = s.mover
    s.private[seat] = {}
    s.extra["turn"] = None
    s.to_move, s.phase = game.next_seat(seat), DRAW
    if s.stock or (len(s.discard) > 1 and game.rebuild_stock()):
        return
    # RULES 0.2: void only when he must draw from the empty stock; he may still take the discard
    if not (s.discard and game.variant.why_not(game, "take:discard") is None):
        void_hand(game)


def void_hand(game: Game) -> None:
    s = game.state
    game.log(None, N_("The stock ran out too often: the hand is void and the same dealer deals again."))
    zero = [0] * s.players
    s.last_hand = {
        "hand": s.hand_no,
        "void": True,
        "winner": None,
        "ending": "void",
        "finisher": None,
        "hands": [list(h) for h in s.hands],
        "melds": melds_by_owner(game),
        "deadwood": [list(h) for h in s.hands],
        "layoffs": [[] for _ in range(s.players)],
        "points": zero,
        "lines": [msg(N_("Void hand: the stock was rebuilt too often. No score; the same dealer deals again."))],
    }
    s.sheet.append({"hand": s.hand_no, "points": zero, "note": N_("void")})
    deal_hand(game)


def melds_by_owner(game: Game) -> list[list[dict]]:
    melds: list[list[dict]] = [[] for _ in range(game.state.players)]
    for entry in game.state.table:
        melds[entry["owner"]].append(entry["meld"])
    return melds


def end_hand(game: Game, winner: int, handolas: bool) -> None:
    s = game.state
    multiplier = s.settings["hand_out_multiplier"] if handolas else 1
    points, lines = [], []
    for seat in range(s.players):
        if seat == winner:
            points.append(0)
            how = N_("{name} went out by handolás: 0") if handolas else N_("{name} went out normally: 0")
            lines.append(msg(how, name=game.seat_name(seat)))
            continue
        values = [value_of(c, s.settings) for c in s.hands[seat]]
        base = sum(values)
        if multiplier != 1:
            line = msg(
                N_("{name}: {sums} × {multiplier} (handolás) = {points}"),
                name=game.seat_name(seat),
                sums=sum_text(values, base),
                multiplier=multiplier,
                points=base * multiplier,
            )
        else:
            line = msg(N_("{name}: {sums}"), name=game.seat_name(seat), sums=sum_text(values, base))
        points.append(base * multiplier)
        lines.append(line)
    s.last_hand = {
        "hand": s.hand_no,
        "void": False,
        "winner": winner,
        "finisher": winner,
        "ending": "handolas" if handolas else "out",
        "hands": [list(h) for h in s.hands],
        "melds": melds_by_owner(game),
        "deadwood": [list(h) for h in s.hands],
        "layoffs": [[] for _ in range(s.players)],
        "points": points,
        "lines": lines,
    }
    s.sheet.append(
        {
            "hand": s.hand_no,
            "points": points,
            "note": msg(
                N_("{name} went out by handolás") if handolas else N_("{name} went out"), name=game.seat_name(winner)
            ),
        }
    )
    s.totals = [t + p for t, p in zip(s.totals, points, strict=False)]
    s.extra["deals_played"] += 1
    if s.extra["deals_played"] >= s.settings["deals"]:
        finish_game(game)
        return
    s.dealer = game.next_seat(s.dealer)
    deal_hand(game)


def finish_game(game: Game) -> None:
    s = game.state
    best = min(s.totals)
    winners = [seat for seat, total in enumerate(s.totals) if total == best]
    lines = []
    for seat in range(s.players):
        rows = [row["points"][seat] for row in s.sheet if row.get("note") != "void"]
        lines.append(msg(N_("{name}: {sums}"), name=game.seat_name(seat), sums=sum_text(rows, s.totals[seat])))
    names = names_text([game.seat_name(w) for w in winners])
    lines.append(
        msg_n(
            "Lowest total {best}: {names} wins.",
            "Lowest total {best}: {names} win.",
            len(winners),
            best=best,
            names=names,
        )
    )
    game.log(
        None,
        N_("Game over: {names} with {best} penalty points."),
        best=best,
        names=msg_n("{names} wins", "{names} win", len(winners), names=names),
    )
    game.end_game(winners, lines, list(s.totals))


def sum_text(values: list[int], total: int) -> str:
    """``3 + 10 = 13``; a single value (or none) is just the total, not ``5 = 5``."""
    return f"{' + '.join(map(str, values))} = {total}" if len(values) > 1 else str(total)
