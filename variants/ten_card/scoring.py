"""Tízlapos: the end of a hand and of the buli (penalties, money, elimination, re-entry, payout).

``TenCardScoring`` holds the end-of-hand steps of ``TenCardRummy`` (``variants/ten_card/rules.py``),
which inherits them; they use its ``arrangement``, ``card_value``, ``_active_order_after``,
``_next_active`` and ``_deal_hand``. The registry skips this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rummy_tui.engine.game import Game, bracket, bracket_all
from rummy_tui.engine.melds import Meld, lay_off
from rummy_tui.engine.solver import Arrangement
from rummy_tui.i18n import N_, Message, msg

from .endings import (
    ENDING_BONUS,
    ENDING_NAMES,
    ENDING_UNITS,
    TEN_CARD_RULES,
    knocking_card,
    penalty_value,
    piccolo_total,
)


def money_text(amount: int, unit: int, signed: bool = False) -> str:
    """Money as stake units (``+3u``); with a unit other than 1 the amount too (``+30 (3u)``)."""
    number = f"{amount:+d}" if signed else f"{amount}"
    return f"{number}u" if unit == 1 else f"{number} ({amount // unit}u)"


class TenCardScoring:
    """The end of a Tízlapos hand, mixed into ``TenCardRummy``."""

    if TYPE_CHECKING:  # what TenCardRummy provides

        def arrangement(self, cards: list[int], settings: dict[str, Any]) -> Arrangement: ...
        def card_value(self, card: int, settings: dict[str, Any]) -> int: ...
        def _active_order_after(self, game: Game, seat: int) -> list[int]: ...
        def _next_active(self, game: Game, seat: int) -> int: ...
        def _deal_hand(self, game: Game) -> None: ...

    def _score_hand(self, game: Game) -> None:
        state, extra, settings = game.state, game.state.extra, game.settings
        names = game.seat_names()
        showdown = extra["showdown"]
        finisher, ending, threw_in = showdown["finisher"], showdown["ending"], showdown["threw_in"]
        others = self._active_order_after(game, finisher)
        players = state.players
        points = [0] * players
        melds: list[list[dict[str, Any]]] = [[] for _ in range(players)]
        deadwood: list[list[int]] = [[] for _ in range(players)]
        layoffs: list[list[int]] = [[] for _ in range(players)]

        points[finisher], shown, lines = self._finisher_score(game, finisher, ending, names[finisher])
        melds[finisher], deadwood[finisher] = [m.to_json() for m in shown.melds], list(shown.deadwood)
        table = list(shown.melds)
        for seat in others:
            if seat in threw_in:
                lines.append(msg(N_("{name} threw in: out of the buli, no penalty points"), name=names[seat]))
                continue
            own = self.arrangement(state.hands[seat], settings)
            left = list(own.deadwood)
            laid: list[int] = []
            if settings["layoffs"]:
                left, laid = _lay_off_greedily(left, table, settings)
            points[seat] = sum(self.card_value(c, settings) for c in left)
            melds[seat], deadwood[seat], layoffs[seat] = [m.to_json() for m in own.melds], left, laid
            lines.append(_laydown_line(names[seat], left, laid, points[seat], settings))
            if left:
                game.log(
                    seat, N_("laid down: {cards} unmatched, +{points}"), cards=bracket_all(left), points=points[seat]
                )
            else:
                game.log(seat, N_("laid down, everything melded, +{points}"), points=points[seat])

        money = self._settle_money(game, finisher, ending, others, names, lines)
        for seat in range(players):
            state.totals[seat] += points[seat]
        eliminated = self._eliminate(game, [finisher] + others, threw_in, names, lines)
        state.last_hand = {
            "hand": state.hand_no,
            "void": False,
            "winner": finisher,
            "ending": ending,
            "finisher": finisher,
            "hands": [list(h) for h in state.hands],
            "melds": melds,
            "deadwood": deadwood,
            "layoffs": layoffs,
            "points": points,
            "lines": lines,
            "money": money,
            "threw_in": list(threw_in),
            "eliminated": eliminated,
        }
        state.sheet.append(
            {
                "hand": state.hand_no,
                "points": points,
                "note": msg(N_("{name}: {ending}"), name=names[finisher], ending=msg(ENDING_NAMES[ending])),
            }
        )
        extra["showdown"] = None
        self._after_elimination(game, finisher, [finisher] + others, threw_in, eliminated)

    def _finisher_score(self, game: Game, seat: int, ending: str, name: str) -> tuple[int, Arrangement, list[Message]]:
        hand = game.state.hands[seat]
        settings = game.settings
        if ending == "knock":
            card = knocking_card(hand)
            rest = self.arrangement([c for c in hand if c != card], settings)
            shown = Arrangement(rest.melds, [card], penalty_value(card))
            line = msg(
                N_("{name} knocks with {card}: +{points}"), name=name, card=bracket(card), points=penalty_value(card)
            )
            return penalty_value(card), shown, [line]
        shown = self.arrangement(hand, settings)
        if ending == "atkopogas":
            line = msg(
                N_("{name} knocks through (átkopogás) with {points} unmatched: +{points}"),
                name=name,
                points=shown.value,
            )
            return shown.value, shown, [line]
        bonus = ENDING_BONUS[ending]
        if ending == "piccolo":
            line = msg(
                N_("{name} declares piccolo (piccolo value {value}): {bonus}"),
                name=name,
                value=piccolo_total(hand),
                bonus=bonus,
            )
        else:
            line = msg(
                N_("{name} declares {ending}: {bonus}"), name=name, ending=msg(ENDING_NAMES[ending]), bonus=bonus
            )
        return bonus, shown, [line]

    def _settle_money(
        self, game: Game, finisher: int, ending: str, payers: list[int], names: list[str], lines: list[Message]
    ) -> list[int]:
        extra, unit = game.state.extra, game.settings["unit"]
        each = ENDING_UNITS.get(ending, 2) * unit
        money = [0] * game.state.players
        for seat in payers:
            money[seat] -= each
            money[finisher] += each
        for seat, delta in enumerate(money):
            extra["money"][seat] += delta
        if len(payers) == 1:
            lines.append(
                msg(
                    N_("money: {name} {money} ({each} from one player)"),
                    name=names[finisher],
                    money=money_text(money[finisher], unit, signed=True),
                    each=money_text(each, unit),
                )
            )
        else:
            lines.append(
                msg(
                    N_("money: {name} {money} ({each} from each of {payers})"),
                    name=names[finisher],
                    money=money_text(money[finisher], unit, signed=True),
                    each=money_text(each, unit),
                    payers=len(payers),
                )
            )
        return money

    def _eliminate(
        self, game: Game, seats: list[int], threw_in: list[int], names: list[str], lines: list[Message]
    ) -> list[int]:
        state, limit = game.state, game.settings["limit"]
        out = []
        for seat in seats:
            if seat in threw_in or state.totals[seat] > limit:
                state.extra["active"][seat] = False
                out.append(seat)
                if seat not in threw_in:
                    lines.append(
                        msg(
                            N_("{name} has {total} > {limit}: eliminated"),
                            name=names[seat],
                            total=state.totals[seat],
                            limit=limit,
                        )
                    )
                    game.log(seat, N_("is out of the buli with {total} points"), total=state.totals[seat])
        return out

    def _after_elimination(
        self, game: Game, finisher: int, played: list[int], threw_in: list[int], eliminated: list[int]
    ) -> None:
        state = game.state
        remaining = [seat for seat in range(state.players) if state.extra["active"][seat]]
        if len(remaining) == 1:
            self._end_buli(game, remaining[0], "last")
        elif not remaining:
            candidates = [seat for seat in played if seat not in threw_in]
            self._end_buli(game, _lowest_total(state.totals, candidates, finisher), "lowest")
        elif eliminated:
            # The offer is public, so a player can weigh it: its price and the total it restarts at.
            restart = max(state.totals[seat] for seat in remaining)
            cost = game.settings["reentry_cost"] * game.settings["unit"]
            state.extra["reentry"] = {"waiting": list(eliminated), "cost": cost, "restart": restart}
            state.phase = "reentry"
            state.to_move = eliminated[0]
        else:
            self._end_checks_then_next_hand(game)

    def _reentry_choice(self, game: Game, seat: int, reenter: bool) -> None:
        state, extra = game.state, game.state.extra
        waiting = extra["reentry"]["waiting"]
        waiting.pop(0)
        if reenter:
            offer = extra["reentry"]
            cost = offer.get("cost", game.settings["reentry_cost"] * game.settings["unit"])  # saves before the offer
            restart = offer.get("restart", max(state.totals[s] for s in range(state.players) if extra["active"][s]))
            extra["money"][seat] -= cost
            extra["kassza"] += cost
            extra["reentries"][seat] += 1
            extra["active"][seat] = True
            _sheet_reentry(state.sheet, state.players, seat, restart - state.totals[seat])
            state.totals[seat] = restart
            paid = money_text(cost, game.settings["unit"])
            game.log(
                seat, N_("re-entered for {money} into the kassza; total is now {total}"), money=paid, total=restart
            )
            if state.last_hand is not None:
                state.last_hand["lines"].append(
                    msg(
                        N_("{name} re-entered for {money} into the kassza; total is now {total}"),
                        name=game.seat_names()[seat],
                        money=paid,
                        total=restart,
                    )
                )
        else:
            game.log(seat, N_("stayed out of the buli"))
        if waiting:
            state.to_move = waiting[0]
        else:
            extra["reentry"] = None
            self._end_checks_then_next_hand(game)

    def _end_checks_then_next_hand(self, game: Game) -> None:
        state = game.state
        if state.settings["kis_buli"]:
            threshold = state.settings["kis_buli_threshold"]
            active = [seat for seat in range(state.players) if state.extra["active"][seat]]
            low = [seat for seat in active if state.totals[seat] <= threshold]
            if len(active) >= 2 and len(low) == 1:
                self._end_buli(game, low[0], "kis", prize=False, threshold=threshold)
                return
        state.dealer = self._next_active(game, state.dealer)
        self._deal_hand(game)

    def _end_buli(self, game: Game, winner: int, how: str, prize: bool = True, threshold: int = 0) -> None:
        """The buli is won (``how``: the ``last`` one standing, the ``lowest`` total with nobody
        left, or a ``kis`` buli): the kassza, and ``buli_payout`` from each other player unless it is a
        kis buli (B-8: the kassza only)."""
        state, extra, settings = game.state, game.state.extra, game.settings
        names = game.seat_names()
        unit = settings["unit"]
        each = settings["buli_payout"] * unit if prize else 0
        others = [seat for seat in range(state.players) if seat != winner]
        for seat in others:
            extra["money"][seat] -= each
        extra["money"][winner] += each * len(others)
        pot, extra["kassza"] = extra["kassza"], 0
        extra["money"][winner] += pot
        why = {
            "last": msg(N_("is the last one standing")),
            "lowest": msg(N_("has the lowest total; nobody is left")),
            "kis": msg(N_("wins the kis buli: the only one at {threshold} or less"), threshold=threshold),
        }[how]
        lines = [
            {
                "last": msg(N_("{name} is the last one standing and wins the buli"), name=names[winner]),
                "lowest": msg(N_("{name} has the lowest total; nobody is left and wins the buli"), name=names[winner]),
                "kis": msg(
                    N_("{name} wins the kis buli: the only one at {threshold} or less and wins the buli"),
                    name=names[winner],
                    threshold=threshold,
                ),
            }[how]
        ]
        if prize and len(others) == 1:
            lines.append(
                msg(
                    N_("{name} collects {each} from the other player: {money}"),
                    name=names[winner],
                    each=money_text(each, unit),
                    money=money_text(each * len(others), unit, signed=True),
                )
            )
        elif prize:
            lines.append(
                msg(
                    N_("{name} collects {each} from each of {others} players: {money}"),
                    name=names[winner],
                    each=money_text(each, unit),
                    others=len(others),
                    money=money_text(each * len(others), unit, signed=True),
                )
            )
        if pot:
            lines.append(
                msg(
                    N_("{name} takes the kassza: {money}"), name=names[winner], money=money_text(pot, unit, signed=True)
                )
            )
        lines += [
            msg(
                N_("{name}: {money} (total {total})"),
                name=names[seat],
                money=money_text(extra["money"][seat], unit, signed=True),
                total=state.totals[seat],
            )
            for seat in range(state.players)
        ]
        game.log(winner, N_("wins the buli ({why})"), why=why)
        game.end_game([winner], lines, list(extra["money"]), kassza=pot, totals=list(state.totals))

    def _void_hand(self, game: Game, why: dict) -> None:
        state = game.state
        players = state.players
        state.last_hand = {
            "hand": state.hand_no,
            "void": True,
            "winner": None,
            "ending": "void",
            "finisher": None,
            "hands": [list(h) for h in state.hands],
            "melds": [[] for _ in range(players)],
            "deadwood": [[] for _ in range(players)],
            "layoffs": [[] for _ in range(players)],
            "points": [0] * players,
            "lines": [msg(N_("void hand: {why}; no score, the same dealer deals again"), why=why)],
            "money": [0] * players,
            "threw_in": [],
            "eliminated": [],
        }
        state.sheet.append({"hand": state.hand_no, "points": [0] * players, "note": N_("void")})
        game.log(None, N_("The hand is void: {why}."), why=why)
        self._deal_hand(game)


def _lay_off_greedily(deadwood: list[int], table: list[Meld], settings: dict[str, Any]) -> tuple[list[int], list[int]]:
    """Lay off the costliest cards first onto ``table`` (updated in place), chains included."""
    left = sorted(deadwood, key=lambda c: -penalty_value(c, settings["joker_penalty"]))
    laid: list[int] = []
    progress = True
    while progress:
        progress = False
        for card in list(left):
            for index, meld in enumerate(table):
                extended = lay_off(meld, [card], TEN_CARD_RULES)
                if extended is not None:
                    table[index] = extended
                    left.remove(card)
                    laid.append(card)
                    progress = True
                    break
    return left, laid


def _laydown_line(name: str, left: list[int], laid: list[int], points: int, settings: dict[str, Any]) -> dict:
    if not left:
        shown = msg(N_("no unmatched cards"))
    elif len(left) > 1:
        values = " + ".join(str(penalty_value(c, settings["joker_penalty"])) for c in left)
        shown = msg(N_("unmatched {cards} = {values}"), cards=bracket_all(left), values=values)
    else:
        shown = msg(N_("unmatched {cards}"), cards=bracket_all(left))
    if laid:
        return msg(
            N_("{name} lays down, laid off {laid}: {shown}: +{points}"),
            name=name,
            laid=bracket_all(laid),
            shown=shown,
            points=points,
        )
    return msg(N_("{name} lays down: {shown}: +{points}"), name=name, shown=shown, points=points)


def _sheet_reentry(sheet: list[dict], players: int, seat: int, change: int) -> None:
    """A re-entry moves the seat's total to the restart: the hand's sheet row keeps the change
    (``"reentry"``, per seat), so the sheet still adds up to the totals."""
    if sheet:
        changes = sheet[-1].setdefault("reentry", [0] * players)
        changes[seat] += change


def _lowest_total(totals: list[int], candidates: list[int], finisher: int) -> int:
    """B-8: the lowest total; a tie goes to the finisher, else the first tied seat after him."""
    lowest = min(totals[seat] for seat in candidates)
    tied = [seat for seat in candidates if totals[seat] == lowest]
    if finisher in tied:
        return finisher
    players = len(totals)
    return min(tied, key=lambda seat: (seat - finisher) % players)
