"""Variant A, Gin Römi: Oklahoma-style gin for two (RULES.md section A).

Phases (``state.phase``) and the actions offered in each:

* ``upcard``: the non-dealer, then the dealer, may ``take:upcard`` or ``pass``.
* ``draw``: ``draw:stock`` or ``take:discard`` (only ``draw:stock`` right after both passed).
* ``discard``: ``discard:X``, ``knock:X`` (deadwood after the discard ≤ the knock limit; with
  no deadwood it counts as gin), ``gin:X`` (no deadwood after the discard). A knock may name the
  melds to show (A-6.1): ``knock:X/6H-7H-8H+9H-9S-9D-9C``, any arrangement whose deadwood is
  within the limit; plain ``knock:X`` shows the default: among the least-deadwood arrangements,
  the one that leaves the defender the most deadwood after his lay-offs.
* ``last_chance``: the stock is down to 2 cards (A-9): ``take:discard`` only if a knock or gin
  is then possible, or ``void``. A plain discard after that take voids the hand too.

The upcard fixes the knock limit for the whole hand; it stays in ``state.extra`` with the
boxes (hands won). The showdown is automatic: the knocker shows the arrangement of his knock,
the defender the melds and lay-offs that leave him the least deadwood.
"""

from __future__ import annotations

from typing import Any

from rummy_tui.engine.cards import SUITS, card_text, find_card, held_card, parse_face, rank_of, suit_of
from rummy_tui.engine.game import Game, bracket, bracket_all
from rummy_tui.engine.melds import Meld, MeldRules
from rummy_tui.engine.solver import Arrangement
from rummy_tui.engine.variant import Setting, Variant, split_action
from rummy_tui.i18n import N_, Message, msg
from rummy_tui.i18n import t as tr

from .scoring import (  # the card arithmetic; the AI and tests import it from here too
    GIN_RULES,
    arrangement_code,
    arrangement_of,
    card_points,
    deadwood_of,
    default_arrangement,
    defender_showdown,
    ending_discards,
    hand_score,
    knock_arrangements,
    knock_limit_for,
    match_settlement,
    read_arrangement,
)

HAND_SIZE = 10
STOCK_FLOOR = 2  # nobody draws the last two stock cards
SPADES = SUITS.index("S")


def dealer_by_cut(cut: list[int]) -> int | None:
    """A-3: the seat whose cut card has the higher rank deals; equal ranks mean a redraw (None)."""
    first, second = rank_of(cut[0]), rank_of(cut[1])
    if first == second:
        return None
    return 0 if first > second else 1


# --- the variant ------------------------------------------------------------------------------


class GinRummy(Variant):
    key = "gin"
    scores_deadwood = True
    endings_crib = (
        N_("Knock (k): deadwood ≤ limit,"),
        N_("  scores theirs − yours"),
        N_("Undercut (theirs ≤ yours):"),
        N_("  they score the gap + {undercut_bonus}"),
        N_("Gin (g): all 10 melded, +{gin_bonus}"),
        N_("No lay-offs onto a gin"),
    )
    game_crib = (N_("Game: first to {target} points,"), N_("  +{game_bonus}, and +{box_bonus} a hand won"))
    name = N_("Gin Rummy (Oklahoma)")
    hungarian_name = "Gin Römi"
    description = N_("Two players, ten cards, knock or go gin; the upcard sets the knock limit. First to 150.")
    rules_summary = N_(
        "Two players, one 52-card deck. Aces count 1, court cards 10, the rest face value. "
        "Melds are runs of 3+ cards of one suit (ace low only: A-2-3, never Q-K-A) and sets of 3 "
        "or 4 cards of one rank. Each player gets 10 cards; the 21st card is turned up.\n\n"
        "The upcard sets the knock limit for the whole hand: an ace means no knocking, 2-9 their "
        "value, 10 and court cards 10. The non-dealer, then the dealer, may take the upcard; if "
        "both pass, the non-dealer draws from the stock. On a turn you draw from the stock or take "
        "the top discard, then discard. Instead of a plain discard you may knock, if the cards you "
        "keep leave no more unmatched value (deadwood) than the limit, or go gin with everything "
        "melded. You may not discard the card you just took from the discard pile.\n\n"
        "When someone knocks, the defender lays off unmatched cards onto the knocker's melds. A "
        "knocker with less deadwood scores the difference; otherwise (ties too) the defender "
        "undercuts and scores the difference plus 25. Gin scores the defender's deadwood plus 25, "
        "with no lay-offs. With the optional spade rule a spade upcard doubles the hand. When only "
        "two stock cards remain, the next player may only take the discard to knock or go gin; "
        "otherwise the hand is void.\n\n"
        "The loser of a hand deals the next. The first to 150 points wins the game: +150, another "
        "+150 for a shutout, and 25 per hand won for both players."
    )
    min_players = 2
    max_players = 2
    settings = {
        "spade_doubling": Setting(False, N_("A spade upcard doubles the hand's score, bonuses included")),
        "target": Setting(
            150, N_("The game ends once a player's hand points reach this total"), minimum=1, label=N_("Target points")
        ),
        "game_bonus": Setting(150, N_("Bonus for winning the game")),
        "shutout_extra": Setting(150, N_("Extra bonus when the loser scored nothing")),
        "box_bonus": Setting(25, N_("Paid at game end to both players per hand won (0 turns it off)")),
        "undercut_bonus": Setting(25, N_("Bonus for undercutting the knocker")),
        "gin_bonus": Setting(25, N_("Bonus for going gin")),
        "single_hand": Setting(False, N_("Play one hand only, scored by hand points")),
    }

    def crib(self, settings: dict[str, Any]) -> tuple[str, ...]:
        return self.endings_crib + (() if settings.get("single_hand") else self.game_crib)

    def deck(self, settings: dict[str, Any]) -> tuple[int, int]:
        return 1, 0

    def meld_rules(self, settings: dict[str, Any]) -> MeldRules:
        return GIN_RULES

    def card_value(self, card: int, settings: dict[str, Any]) -> int:
        return card_points(card)

    # --- dealing --------------------------------------------------------------------------

    def start_game(self, game: Game) -> None:
        state = game.state
        state.extra = {"boxes": [0, 0], "cut": []}
        state.dealer = self._cut_for_dealer(game)
        self._deal_hand(game)

    def _cut_for_dealer(self, game: Game) -> int:
        while True:
            deck = game.shuffled_deck()
            cut = [deck.pop(), deck.pop()]
            game.state.extra["cut"].append(cut)
            for seat, card in enumerate(cut):
                game.log(seat, N_("cut {card}"), card=bracket(card))
            dealer = dealer_by_cut(cut)
            if dealer is not None:
                game.log(dealer, N_("deals first (higher cut card)"))
                return dealer
            game.log(None, N_("Equal ranks: both cut again."))

    def _deal_hand(self, game: Game) -> None:
        state = game.state
        state.hand_no += 1
        non_dealer = game.next_seat(state.dealer)
        game.deal([HAND_SIZE, HAND_SIZE], first=non_dealer)
        upcard = state.stock.pop()
        state.discard.append(upcard)
        limit = knock_limit_for(upcard)
        state.extra.update(
            {
                "upcard": upcard,
                "knock_limit": limit,
                "doubled": bool(state.settings["spade_doubling"] and suit_of(upcard) == SPADES),
                "passed": [],
                "stock_only": False,
                "taken": None,
                "last_chance": False,
                "picked": [[], []],
                "discarded": [[], []],
                "declined": [[], []],
            }
        )
        state.phase = "upcard"
        state.to_move = non_dealer
        limit_text = msg(N_("no knocking (ace)")) if limit == 0 else msg(N_("knock limit {limit}"), limit=limit)
        if state.extra["doubled"]:
            limit_text = msg(N_("{limit}, spades double"), limit=limit_text)
        game.log(
            state.dealer,
            N_("dealt hand {hand}; the upcard is {card}: {limit}"),
            hand=state.hand_no,
            card=bracket(upcard),
            limit=limit_text,
        )

    # --- legality -------------------------------------------------------------------------

    def legal_actions(self, game: Game) -> list[str]:
        state = game.state
        extra = state.extra
        hand = state.hands[state.mover]
        if state.phase == "upcard":
            return ["take:upcard", "pass"]
        if state.phase == "draw":
            return ["draw:stock"] if extra["stock_only"] else ["draw:stock", "take:discard"]
        if state.phase == "last_chance":
            top_helps = bool(ending_discards(hand + state.discard[-1:], extra["knock_limit"], state.discard[-1]))
            return (["take:discard"] if top_helps else []) + ["void"]
        if state.phase == "discard":
            endings = ending_discards(hand, extra["knock_limit"], extra["taken"])
            actions = [f"discard:{_code(c)}" for c in hand if c != extra["taken"]]
            for card, left in endings.items():
                if extra["knock_limit"] >= 1 or left == 0:
                    actions.append(f"knock:{_code(card)}")  # with no deadwood it counts as gin
                if left == 0:
                    actions.append(f"gin:{_code(card)}")
            return actions
        return []

    def why_not(self, game: Game, action: str) -> str | None:
        state = game.state
        verb, argument = split_action(action)
        phase_check = {
            "upcard": self._why_not_upcard,
            "draw": self._why_not_draw,
            "last_chance": self._why_not_last_chance,
            "discard": self._why_not_discard,
        }.get(state.phase)
        if phase_check is None:
            return tr("The game is over.")
        return phase_check(game, verb, argument)

    def _why_not_upcard(self, game: Game, verb: str, argument: str) -> str | None:
        if (verb, argument) in (("take", "upcard"), ("pass", "")):
            return None
        return tr("First take the upcard {card} or pass.", card=_code(game.state.extra["upcard"]))

    def _why_not_draw(self, game: Game, verb: str, argument: str) -> str | None:
        if (verb, argument) == ("draw", "stock"):
            return None
        if (verb, argument) == ("take", "discard"):
            if game.state.extra["stock_only"]:
                return tr("Both players passed the upcard: the first card comes from the stock.")
            return None
        if verb in ("discard", "knock", "gin"):
            return tr("Draw a card first, from the stock or the discard pile.")
        return _unknown(verb, argument)

    def _why_not_last_chance(self, game: Game, verb: str, argument: str) -> str | None:
        state = game.state
        if (verb, argument) == ("void", ""):
            return None
        if (verb, argument) == ("draw", "stock"):
            return tr(
                "Only 2 cards are left in the stock and nobody may draw them: take the top "
                "discard to knock or go gin, or declare the hand void."
            )
        if (verb, argument) == ("take", "discard"):
            top = state.discard[-1]
            hand = state.hands[state.mover] + [top]
            if ending_discards(hand, state.extra["knock_limit"], top):
                return None
            return tr(
                "Taking {card} would not let you knock or go gin, and only that is allowed "
                "with 2 cards left in the stock: the hand is void.",
                card=_code(top),
            )
        if verb in ("discard", "knock", "gin"):
            return tr("Take the top discard to knock or go gin, or declare the hand void.")
        return _unknown(verb, argument)

    def _why_not_discard(self, game: Game, verb: str, argument: str) -> str | None:
        state = game.state
        extra = state.extra
        if verb in ("draw", "take", "pass"):
            return tr("You already have 11 cards: discard, knock or go gin.")
        if verb not in ("discard", "knock", "gin") or not argument:
            return _unknown(verb, argument)
        argument, _, shown = argument.partition("/")
        if shown and verb != "knock":
            return tr("Only a knock names the melds it shows, like knock:QH/6H-7H-8H+9S-9D-9C.")
        face = parse_face(argument)
        hand = state.hands[state.mover]
        card = find_card(hand, face)
        if card is None:
            return tr("You do not hold {card}.", card=argument.upper())
        if card == extra["taken"]:
            return tr("You took {card} from the discard pile this turn: you may not discard it.", card=_code(card))
        if verb == "discard":
            return None
        left = deadwood_of([c for c in hand if c != card])
        limit = extra["knock_limit"]
        if shown:
            arrangement = read_arrangement([c for c in hand if c != card], shown)
            if isinstance(arrangement, str):
                return arrangement
            left = arrangement.value
        if verb == "gin":
            if left:
                return tr("Gin needs all 10 remaining cards in melds; your deadwood would be {left}.", left=left)
            return None
        if left == 0:
            return None  # a knock with no deadwood counts as gin
        if limit == 0:
            return tr(
                "The upcard was an ace, so nobody may knock this hand: only gin ends it "
                "(your deadwood would be {left}).",
                left=left,
            )
        if left > limit:
            if shown:
                return tr(
                    "The knock limit is {limit}; your deadwood with those melds would be {left}.",
                    limit=limit,
                    left=left,
                )
            return tr("The knock limit is {limit}; your deadwood would be {left}.", limit=limit, left=left)
        return None

    # --- carrying out actions ---------------------------------------------------------------

    def apply(self, game: Game, action: str) -> None:
        verb, argument = split_action(action)
        if verb in ("discard", "knock", "gin"):
            seat = game.state.mover
            argument, _, shown = argument.partition("/")
            card = held_card(game.state.hands[seat], parse_face(argument))
            if verb == "knock":
                self._knock(game, seat, card, shown)
            else:
                getattr(self, f"_{verb}")(game, seat, card)
        else:
            {"take": self._take, "pass": self._pass, "draw": self._draw_stock, "void": self._declare_void}[verb](game)

    def _take(self, game: Game) -> None:
        state = game.state
        seat = state.mover
        card = game.take_discard(seat)
        state.extra["taken"] = card
        state.extra["picked"][seat].append(card)
        if state.phase == "upcard":
            game.log(seat, N_("took the upcard {card}"), card=bracket(card))
        else:
            game.log(seat, N_("took {card} from the discard pile"), card=bracket(card))
        state.extra["last_chance"] = state.phase == "last_chance"
        state.phase = "discard"

    def _pass(self, game: Game) -> None:
        state = game.state
        seat = state.mover
        state.extra["passed"].append(seat)
        game.log(seat, N_("passed the upcard"))
        if seat == state.dealer:  # both passed: the non-dealer draws from the stock
            state.phase = "draw"
            state.extra["stock_only"] = True
        state.to_move = game.next_seat(seat)

    def _draw_stock(self, game: Game) -> None:
        state = game.state
        if state.discard and not state.extra["stock_only"]:  # he left the top discard: it is public
            state.extra.setdefault("declined", [[], []])[state.mover].append(state.discard[-1])
        game.draw_from_stock(state.mover)
        game.log(state.mover, N_("drew from the stock"))
        state.extra.update({"taken": None, "stock_only": False})
        state.phase = "discard"

    def _discard(self, game: Game, seat: int, card: int) -> None:
        state = game.state
        game.discard_card(seat, card)
        state.extra.setdefault("discarded", [[], []])[seat].append(card)
        game.log(seat, N_("discarded {card}"), card=bracket(card))
        if state.extra["last_chance"]:
            game.log(None, N_("No knock with the last discard: the hand is void."))
            self._end_void_hand(game)
            return
        state.extra["taken"] = None
        state.to_move = game.next_seat(seat)
        state.phase = "last_chance" if len(state.stock) <= STOCK_FLOOR else "draw"

    def _declare_void(self, game: Game) -> None:
        game.log(game.state.to_move, N_("cannot knock with 2 cards left in the stock: the hand is void"))
        self._end_void_hand(game)

    def _knock(self, game: Game, seat: int, card: int, shown: str = "") -> None:
        state = game.state
        game.discard_card(seat, card)
        hand = state.hands[seat]
        if shown:
            arrangement = read_arrangement(hand, shown)
            if isinstance(arrangement, str):  # why_not refuses a knock showing what cannot be shown
                raise ValueError(arrangement)
        else:
            defender = state.hands[game.next_seat(seat)]
            arrangement = default_arrangement(hand, defender, state.extra["knock_limit"])
        if arrangement.value == 0:
            game.log(seat, N_("discarded {card} and knocked with no deadwood: that is gin"), card=bracket(card))
            self._showdown(game, seat, gin=True, shown=arrangement)
        else:
            game.log(seat, N_("discarded {card} and knocked"), card=bracket(card))
            self._showdown(game, seat, gin=False, shown=arrangement)

    def _gin(self, game: Game, seat: int, card: int) -> None:
        game.discard_card(seat, card)
        game.log(seat, N_("discarded face down and went gin"))
        self._showdown(game, seat, gin=True)

    # --- end of a hand ----------------------------------------------------------------------

    phases = ("upcard", "draw", "discard", "last_chance")

    def prepare_position(self, game: Game, extra: dict[str, Any]) -> None:
        """A crafted position: the upcard (and so the knock limit) is the bottom card of the
        discard pile unless ``extra`` names one (``upcard``: a card id or text like ``"7D"``)."""
        state = game.state
        upcard = extra.pop("upcard", state.discard[0] if state.discard else state.extra["upcard"])
        if isinstance(upcard, str):
            upcard = parse_face(upcard)
        state.extra.update(
            {
                "upcard": upcard,
                "knock_limit": knock_limit_for(upcard),
                "doubled": bool(state.settings["spade_doubling"] and suit_of(upcard) == SPADES),
                "passed": [],
                "stock_only": False,
                "taken": None,
                "last_chance": state.phase == "last_chance",
                "picked": [[], []],
                "discarded": [[], []],
                "declined": [[], []],
            }
        )
        super().prepare_position(game, extra)

    def showdown(self, last_hand: dict[str, Any], settings: dict[str, Any]) -> dict[str, Any] | None:
        """A knock, an undercut or a gin, from the hand's summary (read only)."""
        kind = last_hand.get("ending", last_hand.get("kind"))
        knocker = last_hand.get("finisher", last_hand.get("knocker"))
        if kind not in ("knock", "undercut", "gin") or knocker is None:
            return None
        defender = 1 - knocker

        def deadwood(seat: int) -> int:
            cards = (last_hand.get("deadwood") or [[], []])[seat] or []
            return sum(self.card_value(card, settings) for card in cards)

        return {
            "ending": kind,
            "knocker": knocker,
            "defender": defender,
            "knocker_deadwood": deadwood(knocker),
            "defender_deadwood": deadwood(defender),
            "knock_limit": last_hand.get("knock_limit"),
            "upcard": last_hand.get("upcard"),
        }

    def pile_history(self, extra: dict[str, Any], seat: int) -> tuple[list[int], list[int]]:
        """What ``seat`` took from the discard pile, and what he passed: the upcard he turned down
        and each top discard he left for the stock (all public)."""
        took = list(_seat_list(extra, "picked", seat))
        passed = [extra["upcard"]] if seat in (extra.get("passed") or []) and extra.get("upcard") is not None else []
        return took, passed + _seat_list(extra, "declined", seat)

    def choices(self, game: Game, action: str) -> list[str]:
        """A knock's forms (A-6.1): ``knock:X`` (the default, chosen at the showdown) and then
        every arrangement within the knock limit, when there is more than one."""
        verb, argument = split_action(action)
        if verb != "knock" or "/" in argument or self.why_not(game, action) is not None:
            return [action]
        hand = list(game.state.hands[game.state.mover])
        hand.remove(held_card(hand, parse_face(argument)))
        options = knock_arrangements(hand, game.state.extra["knock_limit"])
        if len(options) < 2:
            return [action]
        return [action] + [f"{action}/{arrangement_code(a)}" for a in options]

    def _showdown(self, game: Game, knocker: int, gin: bool, shown: Arrangement | None = None) -> None:
        state = game.state
        defender = game.next_seat(knocker)
        shown = shown or arrangement_of(state.hands[knocker])
        layoffs: list[tuple[int, int]]
        if gin:
            defence, layoffs = arrangement_of(state.hands[defender]), []
        else:
            defence, layoffs = defender_showdown(state.hands[defender], shown.melds)
        k, d = shown.value, defence.value
        kind = "gin" if gin else ("knock" if k < d else "undercut")
        winner = defender if kind == "undercut" else knocker
        points, lines = hand_score(kind, k, d, state.extra["doubled"], state.settings)

        if k:
            game.log(knocker, N_("shows {melds}, deadwood {deadwood}"), melds=_melds_text(shown.melds), deadwood=k)
        else:
            game.log(knocker, N_("shows {melds}"), melds=_melds_text(shown.melds))
        if layoffs:
            game.log(defender, N_("lays off {cards}"), cards=bracket_all(c for c, _ in layoffs))
        game.log(defender, N_("shows {melds}, deadwood {deadwood}"), melds=_melds_text(defence.melds), deadwood=d)
        game.log(winner, N_("scores {points} ({how})"), points=points, how=lines[0])

        hand_points = [0, 0]
        hand_points[winner] = points
        laid: list[list[int]] = [[], []]
        laid[defender] = [c for c, _ in layoffs]
        melds: list[list[dict[str, Any]]] = [[], []]
        deadwood: list[list[int]] = [[], []]
        melds[knocker], deadwood[knocker] = [m.to_json() for m in shown.melds], list(shown.deadwood)
        melds[defender], deadwood[defender] = [m.to_json() for m in defence.melds], list(defence.deadwood)
        state.last_hand = {
            "hand": state.hand_no,
            "void": False,
            "winner": winner,
            "hands": [list(h) for h in state.hands],
            "melds": melds,
            "deadwood": deadwood,
            "layoffs": laid,
            "points": hand_points,
            "lines": lines,
            "ending": kind,
            "finisher": knocker,
            "knock_limit": state.extra["knock_limit"],
            "upcard": state.extra["upcard"],
            "doubled": state.extra["doubled"],
            "layoff_targets": [[c, target] for c, target in layoffs],
        }
        state.sheet.append({"hand": state.hand_no, "points": hand_points, "note": lines[0]})
        state.totals[winner] += points
        state.extra["boxes"][winner] += 1
        state.dealer = game.next_seat(winner)  # the loser deals
        self._next_hand_or_end(game, winner, lines)

    def _end_void_hand(self, game: Game) -> None:
        state = game.state
        state.last_hand = {
            "hand": state.hand_no,
            "void": True,
            "winner": None,
            "hands": [list(h) for h in state.hands],
            "melds": [[], []],
            "deadwood": [[], []],
            "layoffs": [[], []],
            "points": [0, 0],
            "lines": [msg(N_("void hand: no score, the same dealer deals again"))],
            "ending": "void",
            "finisher": None,
            "knock_limit": state.extra["knock_limit"],
            "upcard": state.extra["upcard"],
            "doubled": state.extra["doubled"],
            "layoff_targets": [],
        }
        state.sheet.append({"hand": state.hand_no, "points": [0, 0], "note": N_("void")})
        self._deal_hand(game)

    def _next_hand_or_end(self, game: Game, winner: int, hand_lines: list[Message]) -> None:
        state = game.state
        names = game.seat_names()
        if state.settings["single_hand"]:
            lines = [msg(N_("{name}: {score}"), name=names[winner], score=state.totals[winner])] + hand_lines
            game.end_game([winner], lines, list(state.totals))
            return
        if state.totals[winner] >= state.settings["target"]:
            final, lines, margin = match_settlement(state.totals, state.extra["boxes"], winner, names, state.settings)
            game.log(winner, N_("wins the game by {margin}"), margin=margin)
            game.end_game([winner], lines, final, margin=margin)
            return
        self._deal_hand(game)


def _code(card: int) -> str:
    return card_text(card)


def _melds_text(melds: list[Meld]) -> str | dict:
    return " · ".join(bracket_all(m.cards) for m in melds) or msg(N_("no melds"))


def _unknown(verb: str, argument: str) -> str:
    action = f"{verb}:{argument}" if argument else verb
    return tr("'{action}' is not a Gin Römi move now.", action=action)


VARIANT = GinRummy()


def _seat_list(extra: dict[str, Any], key: str, seat: int) -> list[int]:
    lists = extra.get(key) or []
    return list(lists[seat]) if seat < len(lists) else []
