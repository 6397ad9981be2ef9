"""Variant E, basic Rummy, RULES.md section E.

One deck, 2-6 players, 10/7/6 cards by the number of players; melds and lay-offs on the table
during play; a player goes out by playing his last card, whether by meld, lay-off or discard.
The winner of a hand scores every card left in the others' hands (double after a rummy); first
to the target wins, or the most points after a fixed number of hands. The turn itself lives
in ``variants/tableplay/rules.py``; action codes: ``draw:stock``, ``take:discard``,
``meld:4D-5D-6D``, ``layoff:7H>0``, ``discard:9C``.
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

ACE_LOW_ONLY = MeldRules(ace_low=True, ace_high=False, max_jokers=0)
ACE_HIGH_OR_LOW = MeldRules(ace_low=True, ace_high=True, max_jokers=0)


class BasicRummy(TablePlayVariant):
    key = "basic"
    name = N_("Rummy")
    hungarian_name = "Römi (alapszabályok)"
    description = N_("The classic: one deck, 2-6 players, meld and lay off on the table, first to 150 wins.")
    rules_summary = N_("""
One 52-card deck, 2 to 6 players. Aces count 1, pictures 10, other cards their face value.
Sets are 3 or 4 cards of one rank; runs are 3 or more cards of one suit in sequence, with the
ace low only (A-2-3, never Q-K-A), unless the ace_high_low setting is on: then Q-K-A is a run
too and aces count 15. K-A-2 is never a run.

Two players get 10 cards each, three or four get 7, five or six get 6. The next card is turned
up to start the discard pile and the player after the dealer starts; the deal rotates. On your
turn draw the top stock card or the top discard, then lay any melds and lay off on any meld on
the table, then discard one card. You may not discard the card you just took from the discard
pile. When the stock is empty, every discard but the top one is shuffled into a new stock.

You go out by playing your last card, by meld, lay-off or discard (with must_discard_to_go_out
the last card must be a discard). You then score the value of every card left in the other
hands, doubled if you went rummy: all your cards in one turn, having laid nothing before in that
hand. The first player to reach 150 wins; or set hands to play a fixed number of hands, and the
most points win.
""")
    # The hard player (see TablePlayVariant): a loser gives the winner his whole hand, so it lays
    # its melds down once an opponent is close to going out. Heads-up (10 cards) that pays at 4;
    # with more players (7 or 6 cards each) holding on longer won far more games
    # (bench/research/table_ai_paired.py, seeds 1000-1199: 4 players 29% of games laying down at 4 cards,
    # 52% at 2; 5 and 6 players 35% and 25% at 2, 42% and 32% at 1).
    hard_lays_down_when_opponent_holds = {2: 4, 3: 2, 4: 2, 5: 1, 6: 1}
    settings = {
        "ace_high_low": Setting(
            False, N_("Aces may also be high (Q-K-A) and count 15 points."), label=N_("Ace high or low")
        ),
        "must_discard_to_go_out": Setting(
            False,
            N_("The last card must be a discard; a meld or lay-off cannot empty your hand."),
            label=N_("Go out by discard"),
        ),
        "target": Setting(150, N_("Points that win the game."), minimum=1, label=N_("Target points")),
        "hands": Setting(
            0,
            N_("Play this many hands and the most points win (0: play to the target instead)."),
            label=N_("Hands to play"),
        ),
        "max_reshuffles": Setting(
            3, N_("Stock rebuilds allowed in one hand; one more makes the hand void."), label=N_("Stock rebuilds")
        ),
    }

    def meld_rules(self, settings: dict[str, Any]) -> MeldRules:
        return ACE_HIGH_OR_LOW if settings.get("ace_high_low") else ACE_LOW_ONLY

    def card_value(self, card: int, settings: dict[str, Any]) -> int:
        rank = rank_of(card)
        if rank == 1:
            return 15 if settings.get("ace_high_low") else 1
        return min(rank, 10)

    def hand_size(self, players: int) -> int:
        return 10 if players == 2 else 7 if players <= 4 else 6

    def must_discard_to_go_out(self, settings: dict[str, Any]) -> bool:
        return bool(settings.get("must_discard_to_go_out"))

    def keep_card_reason(self, settings: dict[str, Any]) -> str:
        return tr("With must_discard_to_go_out on, you must keep a card: your last card has to be a discard.")

    def hand_points(self, game: Game, winner: int, rummy: bool) -> tuple[list[int], list[Message]]:
        s = game.state
        lines, won = [], []
        for seat in range(s.players):
            if seat != winner:
                lines.append(
                    msg(
                        N_("{name}: {sums}"), name=game.seat_name(seat), sums=self.value_line(s.hands[seat], s.settings)
                    )
                )
                won.append(self.hand_value(s.hands[seat], s.settings))
        score = sum(won) * (2 if rummy else 1)
        working = " + ".join(map(str, won))
        if rummy:
            lines.append(
                msg(
                    N_("{name} went rummy: ({sums}) × 2 = {score}"),
                    name=game.seat_name(winner),
                    sums=working,
                    score=score,
                )
            )
        else:
            lines.append(
                msg(N_("{name} went out: {sums} = {score}"), name=game.seat_name(winner), sums=working, score=score)
            )
        points = [0] * s.players
        points[winner] = score
        return points, lines

    def finish_game_if_over(self, game: Game) -> bool:
        s = game.state
        hands_limit = s.settings["hands"]
        if hands_limit > 0:
            if s.extra["hands_played"] < hands_limit:
                return False
            best = max(s.totals)
            game.end_game(
                [seat for seat, total in enumerate(s.totals) if total == best],
                self.total_lines(game)
                + [msg(N_("most points after {hands} hands: {best}"), hands=hands_limit, best=best)],
            )
            return True
        target = s.settings["target"]
        reached = [seat for seat, total in enumerate(s.totals) if total >= target]
        if not reached:
            return False
        reached_line = msg(N_("{name} reached {target}"), name=game.seat_name(reached[0]), target=target)
        game.end_game(reached, self.total_lines(game) + [reached_line])
        return True


VARIANT = BasicRummy()
