"""Variant D, Traditional Rummy (hagyományos römi), RULES.md section D.

Two decks, ten cards each, melds and lay-offs on the table during play; a player goes out by
discarding his last card. Losers score the value of every card left in hand (+25 each after a
rummy). One round with a money payout by default, or several rounds with the lowest total
winning. The turn itself lives in ``variants/tableplay/rules.py``; action codes: ``draw:stock``,
``take:discard``, ``meld:4D-5D-6D``, ``layoff:7H>0``, ``discard:9C``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rummy_tui.engine.cards import rank_of
from rummy_tui.engine.melds import MeldRules
from rummy_tui.engine.variant import Setting
from rummy_tui.i18n import N_, Message, msg
from rummy_tui.i18n import t as tr
from variants.tableplay.rules import TablePlayVariant

if TYPE_CHECKING:
    from rummy_tui.engine.game import Game

MELD_RULES = MeldRules(ace_low=True, ace_high=True, max_jokers=0)


def payout(
    penalties: list[int], winner: int, stake: int, cutoff: int, names: list[str] | None = None
) -> tuple[list[int], list[Message]]:
    """D-8: money for each seat from the pool P = stake × N, and the working, line by line.

    The losers under ``cutoff`` share the whole 25% in proportion to their weights
    w = cutoff − p: each gets floor(P × 25 × w / (100 × Σw)). The winner gets the rest: 75% plus
    the rounding, or all of P when no loser is under the cutoff.
    """
    players = len(penalties)
    names = names or [f"Player {seat + 1}" for seat in range(players)]
    pool = stake * players
    money = [0] * players
    weights = {seat: cutoff - points for seat, points in enumerate(penalties) if seat != winner and points < cutoff}
    total = sum(weights.values())
    lines = [msg(N_("pool: {players} × {stake} = {pool}"), players=players, stake=stake, pool=pool)]
    if weights:
        lines.append(
            msg(
                N_("weights ({cutoff} − points): {weights} = {total}"),
                cutoff=cutoff,
                weights=" + ".join(str(w) for w in weights.values()),
                total=total,
            )
        )
    for seat, points in enumerate(penalties):
        if seat == winner:
            continue
        if seat not in weights:
            lines.append(
                msg(N_("{name}: {points} points, {cutoff} or more → 0"), name=names[seat], points=points, cutoff=cutoff)
            )
            continue
        money[seat] = pool * 25 * weights[seat] // (100 * total)
        lines.append(
            msg(
                N_("{name}: {points} points → ⌊{pool} × 25 × {weight} / (100 × {total})⌋ = {money}"),
                name=names[seat],
                points=points,
                pool=pool,
                weight=weights[seat],
                total=total,
                money=money[seat],
            )
        )
    money[winner] = pool - sum(money)
    shares = " − ".join(str(money[s]) for s in range(players) if s != winner)
    lines.append(
        msg(
            N_("{name} (out): {pool} − {shares} = {money}"),
            name=names[winner],
            pool=pool,
            shares=shares,
            money=money[winner],
        )
    )
    return money, lines


class TraditionalRummy(TablePlayVariant):
    key = "traditional"
    name = N_("Traditional Rummy")
    points_are_penalties = True
    hungarian_name = "Hagyományos römi"
    description = N_("Two decks, 2-6 players: meld and lay off on the table, go out by discarding your last card.")
    rules_summary = N_("""
Two 52-card decks, no jokers, 2 to 6 players. Aces are worth 11, pictures 10, other cards their
face value. Sets are 3 or 4 cards of one rank in different suits; runs are 3 or more cards of one
suit in sequence, the ace low (A-2-3) or high (Q-K-A) but never both (no K-A-2).

Each player gets 10 cards and one card is turned up to start the discard pile; the player after
the dealer starts. On your turn take the top discard or the top stock card, then lay any melds
and lay off cards on any meld on the table, then discard one card. You may not discard the card
you just took from the discard pile. When someone draws the last stock card, the whole discard
pile is shuffled into a new stock at once.

You go out by discarding your last card (you must keep one to discard). Every other player
scores a penalty: the value of all cards left in hand. Going out in one turn without having laid
anything earlier in the hand is a rummy, and costs each loser 25 more.

By default one round is played and the pool (stake × players) is paid out: the winner gets
75%, and the other 25% is shared among the losers under 80 penalty points, more to the ones
nearer 0 (in proportion to 80 minus their points); if nobody is under 80 the winner gets it all.
With several rounds the penalties add up and the lowest total wins.
""")
    decks = 2
    rebuild_on_last_draw = True
    rebuild_keeps_top = False
    # The hard player (see TablePlayVariant): only going out wins a hand here, so laying melds
    # down early only hands the others places to lay off their last cards; it never does, and
    # searches for the way out. Never laying down early won 68.2% of 400 games with 2 players,
    # 51.3% and 41.0% of 300 with 3 and 4 (laying down once an opponent held 2 cards: 57.5%,
    # 42.7%, 30.0%; seeds from 1).
    hard_lays_down_when_opponent_holds: dict[int, int] = {}
    hard_plans_going_out = True
    # Heads-up, the race look-ahead picked better discards (paired runs, 600 games from seed
    # 1000: 70.2% with 16 worlds, 68.0% without); with 6 players it did not (22.8%, 23.2%).
    hard_race_worlds = {2: 16}
    settings = {
        "rounds": Setting(
            1,
            N_("Hands to play; 1 means one hand with a money payout, more add up penalties (lowest wins)."),
            minimum=1,
            label=N_("Hands to play"),
        ),
        "stake": Setting(100, N_("Each player's stake in the pool for the one-round payout.")),
        "rummy_penalty": Setting(25, N_("Extra penalty for each loser when the winner goes rummy.")),
        "payout_cutoff": Setting(
            80,
            N_("A loser with this many penalty points or more gets nothing from the pool."),
            minimum=1,
            label=N_("Payout cut-off"),
        ),
        "max_reshuffles": Setting(
            3, N_("Stock rebuilds allowed in one hand; one more makes the hand void."), label=N_("Stock rebuilds")
        ),
    }

    def meld_rules(self, settings: dict[str, Any]) -> MeldRules:
        return MELD_RULES

    def card_value(self, card: int, settings: dict[str, Any]) -> int:
        rank = rank_of(card)
        return 11 if rank == 1 else min(rank, 10)

    def hand_size(self, players: int) -> int:
        return 10

    def keep_card_reason(self, settings: dict[str, Any]) -> str:
        return tr("You must keep a card to discard: in Traditional Rummy you go out by discarding your last card.")

    def hand_points(self, game: Game, winner: int, rummy: bool) -> tuple[list[int], list[Message]]:
        s = game.state
        bonus = s.settings["rummy_penalty"] if rummy else 0
        points = [0] * s.players
        lines = [
            msg(
                N_("{name} went rummy and scores 0") if rummy else N_("{name} went out and scores 0"),
                name=game.seat_name(winner),
            )
        ]
        for seat in range(s.players):
            if seat == winner:
                continue
            cards = s.hands[seat]
            points[seat] = self.hand_value(cards, s.settings) + bonus
            line = msg(N_("{name}: {sums}"), name=game.seat_name(seat), sums=self.value_line(cards, s.settings))
            if bonus:
                line = msg(
                    N_("{name}: {sums}, + {bonus} for the rummy = {points}"),
                    name=game.seat_name(seat),
                    sums=self.value_line(cards, s.settings),
                    bonus=bonus,
                    points=points[seat],
                )
            lines.append(line)
        return points, lines

    def finish_game_if_over(self, game: Game) -> bool:
        s, last_hand = game.state, game.state.last_hand
        assert last_hand is not None  # the hand that just ended
        winner = last_hand["winner"]
        if s.settings["rounds"] <= 1:
            money, lines = payout(
                last_hand["points"], winner, s.settings["stake"], s.settings["payout_cutoff"], game.seat_names()
            )
            game.end_game([winner], lines, money, money=money, penalties=list(s.totals))
            return True
        if s.extra["hands_played"] < s.settings["rounds"]:
            return False
        lowest = min(s.totals)
        game.end_game(
            [seat for seat, total in enumerate(s.totals) if total == lowest],
            self.total_lines(game) + [msg(N_("lowest total: {lowest}"), lowest=lowest)],
        )
        return True


VARIANT = TraditionalRummy()
