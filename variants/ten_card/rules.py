"""Variant B, Tízlapos Römi: ten-card knock rummy for 2-6, played for money (RULES.md section B).

Two decks and four jokers. A hand ends when a player, after his discard, declares an ending;
the others lay down and take their unmatched value as penalty points, or throw in. A player
whose total goes over the limit (100) is eliminated and may buy his way back in; the last one
standing wins the buli.

Phases (``state.phase``) and the actions offered in each:

* ``exchange`` (setting ``exchange``): from the player after the dealer round to the dealer,
  ``keep`` (no exchange) or ``newdeal:AS-KH-QD`` (keep the listed cards, at most 3, and get the
  rest new from the stock; ``newdeal:`` keeps none).
* ``dealer_discard``: the dealer, holding 11 cards, starts the discard pile with ``discard:X``.
* ``draw``: ``draw:stock`` or ``take:discard``. On the first turn of the hand the dealer's
  discard may be taken only to complete a colour, figure or royal flush (B-5).
* ``discard``: ``discard:X`` (same-card rule; after a first-turn take, only a discard that
  leaves a flush).
* ``declare``: entered only when the 10 cards left qualify for an ending. Offers the single most
  valuable one as ``declare:royal-flush``, ``declare:colour-flush``, ``declare:figure-flush``,
  ``declare:piccolo``, ``declare:romi`` or ``declare:knock`` (or ``declare:atkopogas`` when that
  setting is on, the player's total is within 10 of the limit and nothing else qualifies), and
  ``declare:none`` to play on (not after a first-turn take: the flush must be declared).
* ``showdown``: every other active player in turn order: ``laydown`` (penalty = unmatched value
  of his best arrangement) or ``throwin`` (eliminated at once; he still pays).
* ``reentry``: each player eliminated in this hand, if at least 2 are still active:
  ``reenter`` (pay ``reentry_cost`` units into the kassza; total = highest active total) or
  ``decline``.

``state.totals`` are penalty points (lower is better). ``state.extra`` holds the public money
ledger (``money``, in the stake's units times ``unit``), the ``kassza``, the ``active`` flags and
the re-entry counts. ``result.final`` is the money ledger after the buli payout.

Decisions beyond RULES.md: a thrown-in player scores no penalty for the hand and cannot win the
"nobody left" tie-break (he gave up); átkopogás is offered only when no regular ending
qualifies; with ``layoffs`` on, laid-down players lay off greedily, in turn order, onto the
finisher's melds. A hand that runs past ``max_reshuffles`` or ``MAX_TURNS`` turns is void.
"""

from __future__ import annotations

import itertools
from typing import Any

from rummy_tui.engine.cards import face_of, face_text, find_card, held_card, parse_face, parse_faces, take_cards
from rummy_tui.engine.game import Game, bracket
from rummy_tui.engine.melds import MeldRules
from rummy_tui.engine.solver import Arrangement
from rummy_tui.engine.variant import Setting, Variant, split_action
from rummy_tui.i18n import N_, msg, msg_n
from rummy_tui.i18n import t as tr

from .endings import (  # the card arithmetic; the AI and tests import it from here too
    ENDING_CONDITIONS,
    ENDING_NAMES,
    HAND_SIZE,
    TEN_CARD_RULES,
    _arrangement,
    _leaves_flush,
    best_ending,
    can_flush_with,
    knocking_card,
    penalty_value,
    piccolo_total,
    qualifying_endings,
)
from .scoring import TenCardScoring  # the end of a hand

MAX_KEEP = 3
MAX_TURNS = 1000  # endless-hand guard besides the reshuffle limit: a hand this long is void


# --- the variant ---------------------------------------------------------------------------------


class TenCardRummy(TenCardScoring, Variant):
    ending_names = ENDING_NAMES  # the app's declare menu says "Declare römi", not the code
    key = "ten-card"
    scores_deadwood = True
    points_are_penalties = True
    crib_lines = (
        N_("Knock: 9 melded + natural 2/3"),
        N_("Römi: all 10 melded  −10"),
        N_("Colour or figure flush  −25"),
        N_("Piccolo (A=1, JK=0) ≤ 25  −25"),
        N_("Royal flush 5..A  −50"),
        N_("Others: + their unmatched"),
        N_("Out when the total > {limit}"),
        N_("Re-enter: pay {reentry_cost}u, restart"),
        N_("  at the highest total still in"),
        N_("Last one in: {buli_payout}u from each"),
    )
    name = N_("Ten-card Rummy")
    hungarian_name = "Tízlapos Römi"
    description = N_(
        "2-6 players, two decks and 4 jokers, knock with a 2 or 3, special hands, play for money until one is left."
    )
    rules_summary = N_(
        "Two decks with four jokers, 2 to 6 players. Penalty values: 2-10 face value; J, Q, K and A "
        "10; an unmatched joker 20. Melds are runs of 3+ cards of one suit (ace low or high, never "
        "K-A-2) and sets of 3-4 cards of one rank in different suits; jokers stand for anything, "
        "but every meld needs a natural card.\n\n"
        "Everyone gets 10 cards, the dealer 11. First each player, ending with the dealer, may ask "
        "for a new hand, keeping up to 3 cards. The dealer then discards to start the pile. On a "
        "turn you draw from the stock or take the top discard, then discard. On the very first turn "
        "the dealer's discard may only be taken to complete a flush declared at once.\n\n"
        "After your discard you may end the hand: knock (9 cards melded, the tenth a natural 2 or "
        "3: you score +2 or +3 and get 1u from each player), römi (all 10 melded: -10, 2u each), "
        "colour flush, figure flush or piccolo (cards worth 25 or less counting A 1 and joker 0): "
        "-25, 2u each; royal flush 5-to-A of one suit: -50, 2u each. Only the best one counts.\n\n"
        "The others lay down and add their unmatched value, or throw in and are out. Over 100 "
        "points you are out, but you may re-enter for 3u into the kassza at the highest total still "
        "playing. The last one standing wins 10u from every other player and the kassza. Options: "
        "kis buli (alone at 50 or less: wins the kassza only) and átkopogás (knock with anything at 90-100)."
    )
    min_players = 2
    max_players = 6
    settings = {
        "unit": Setting(
            1,
            N_("Base money unit u (a knock collects 1u from each player, other endings 2u)"),
            minimum=1,
            label=N_("Money unit"),
        ),
        "limit": Setting(
            100, N_("A player whose total goes over this is eliminated"), minimum=1, label=N_("Elimination limit")
        ),
        "exchange": Setting(
            True,
            N_("New deal: before the dealer's first discard each player may swap his hand, keeping up to 3 cards"),
            label=N_("New deal swap"),
        ),
        "joker_penalty": Setting(20, N_("Penalty for an unmatched joker")),
        "kis_buli": Setting(
            False, N_("Kis buli: the only active player at the threshold or less, all others over it, wins the kassza")
        ),
        "kis_buli_threshold": Setting(50, N_("Kis buli threshold"), label=N_("Kis buli limit")),
        "atkopogas": Setting(
            False,
            N_("Átkopogás: within 10 of the limit you may knock with any hand, scoring your deadwood"),
            label=N_("Átkopogás"),
        ),
        "reentry_cost": Setting(
            3, N_("Units paid into the kassza to re-enter after elimination"), label=N_("Re-entry cost")
        ),
        "buli_payout": Setting(10, N_("Units the buli winner gets from each other player")),
        "layoffs": Setting(
            False,
            N_("At the showdown, laid-down players may lay off onto the finisher's melds"),
            label=N_("Lay-offs at end"),
        ),
        "max_reshuffles": Setting(
            3, N_("Stock rebuilds allowed in one hand before it is void"), label=N_("Stock rebuilds")
        ),
    }

    # --- parameters -----------------------------------------------------------------------------

    def crib(self, settings: dict[str, Any]) -> tuple[str, ...]:
        return self.crib_lines

    def deck(self, settings: dict[str, Any]) -> tuple[int, int]:
        return 2, 4

    def meld_rules(self, settings: dict[str, Any]) -> MeldRules:
        return TEN_CARD_RULES

    def card_value(self, card: int, settings: dict[str, Any]) -> int:
        return penalty_value(card, settings.get("joker_penalty", 20))

    def arrangement(self, cards, settings: dict[str, Any]) -> Arrangement:
        return _arrangement(tuple(sorted(cards)), settings.get("joker_penalty", 20))

    # --- set-up and dealing -----------------------------------------------------------------------

    def start_game(self, game: Game) -> None:
        state = game.state
        players = state.players
        state.extra = {
            "money": [0] * players,
            "kassza": 0,
            "active": [True] * players,
            "reentries": [0] * players,
            "first_turn": False,
            "taken": None,
            "must_flush": False,
            "opening_declare": False,
            "turns": 0,
            "showdown": None,
            "reentry": None,
        }
        state.dealer = game.rng("first dealer").randrange(players)
        self._deal_hand(game)

    def _deal_hand(self, game: Game) -> None:
        state, extra = game.state, game.state.extra
        state.hand_no += 1
        active = extra["active"]
        sizes = [(HAND_SIZE + (seat == state.dealer)) if active[seat] else 0 for seat in range(state.players)]
        game.deal(sizes, game.next_seat(state.dealer))
        extra.update(
            first_turn=False, taken=None, must_flush=False, opening_declare=False, turns=0, showdown=None, reentry=None
        )
        game.log(state.dealer, N_("dealt hand {hand}: 10 cards each, 11 to the dealer"), hand=state.hand_no)
        if state.settings["exchange"]:
            state.phase = "exchange"
            state.to_move = self._next_active(game, state.dealer)
        else:
            state.phase = "dealer_discard"
            state.to_move = state.dealer

    phases = ("exchange", "dealer_discard", "draw", "discard", "declare", "showdown", "reentry")

    def prepare_position(self, game: Game, extra: dict[str, Any]) -> None:
        """A crafted position: past the first turn, nothing taken, every seat active, unless
        ``extra`` says otherwise (``active``, ``kassza``, ``money``, ``first_turn``, ...)."""
        game.state.extra.update(
            first_turn=False, taken=None, must_flush=False, opening_declare=False, turns=0, showdown=None, reentry=None
        )
        super().prepare_position(game, extra)

    def _next_active(self, game: Game, seat: int) -> int:
        active = game.state.extra["active"]
        for step in range(1, game.state.players + 1):
            candidate = game.next_seat(seat, step)
            if active[candidate]:
                return candidate
        return seat

    def _active_order_after(self, game: Game, seat: int) -> list[int]:
        """Active seats other than ``seat``, in turn order after it."""
        active = game.state.extra["active"]
        return [s for s in (game.next_seat(seat, step) for step in range(1, game.state.players)) if active[s]]

    # --- what is offered --------------------------------------------------------------------------

    def legal_actions(self, game: Game) -> list[str]:
        state = game.state
        seat = state.mover
        phase = state.phase
        if phase == "exchange":
            return ["keep"] + [_newdeal_code(kept) for kept in _keep_choices(state.hands[seat])]
        if phase in ("dealer_discard", "discard"):
            return [f"discard:{face_text(face)}" for face in self._allowed_discards(game, seat)]
        if phase == "draw":
            return ["draw:stock"] + (["take:discard"] if self._take_problem(game, seat) is None else [])
        if phase == "declare":
            options = [f"declare:{name}" for name in self._declare_options(game, seat)]
            return options + ([] if state.extra["must_flush"] else ["declare:none"])
        if phase == "showdown":
            return ["laydown", "throwin"]
        if phase == "reentry":
            return ["reenter", "decline"]
        return []

    def _allowed_discards(self, game: Game, seat: int) -> list[int]:
        hand = game.state.hands[seat]
        faces = sorted({face_of(c) for c in hand})
        return [face for face in faces if self._discard_problem(game, seat, face) is None]

    def _declare_options(self, game: Game, seat: int) -> list[str]:
        hand = game.state.hands[seat]
        best = best_ending(hand)
        if best is not None:
            return [best]
        if self._may_atkopogas(game, seat):
            return ["atkopogas"]
        return []

    def _may_atkopogas(self, game: Game, seat: int) -> bool:
        limit = game.settings["limit"]
        return game.settings["atkopogas"] and limit - 10 <= game.state.totals[seat] <= limit

    # --- why not ----------------------------------------------------------------------------------

    def why_not(self, game: Game, action: str) -> str | None:
        state = game.state
        verb, argument = split_action(action)
        seat = state.mover
        expected = PHASE_VERBS.get(state.phase, ())
        if verb not in expected:
            return tr(
                "That is not possible now: {what}",
                what=tr(PHASE_PROMPTS.get(state.phase, N_("wait for the next hand."))),
            )
        if verb == "keep":
            return None if not argument else tr("Write just 'keep' to keep your dealt hand.")
        if verb == "newdeal":
            return self._newdeal_problem(game, seat, argument)
        if verb == "discard":
            return self._discard_problem(game, seat, parse_face(argument))
        if verb == "draw":
            return None if argument == "stock" else tr("Draw with draw:stock.")
        if verb == "take":
            return self._take_problem(game, seat) if argument == "discard" else tr("Take with take:discard.")
        if verb == "declare":
            return self._declare_problem(game, seat, argument)
        if argument:
            return tr("Write just '{verb}'.", verb=verb)
        return None

    def _newdeal_problem(self, game: Game, seat: int, argument: str) -> str | None:
        faces = parse_faces(argument)
        if len(faces) > MAX_KEEP:
            return tr(
                "You may keep at most {most} cards of your hand; you named {named}.", most=MAX_KEEP, named=len(faces)
            )
        if take_cards(game.state.hands[seat], faces) is None:
            return tr("You do not hold all of {cards}.", cards=" ".join("[" + face_text(f) + "]" for f in faces))
        return None

    def _discard_problem(self, game: Game, seat: int, face: int) -> str | None:
        extra = game.state.extra
        hand = game.state.hands[seat]
        card = find_card(hand, face, avoid=extra["taken"])
        if card is None:
            return tr("You do not hold {card}.", card=f"[{face_text(face)}]")
        if card == extra["taken"]:
            return tr(
                "You took {card} from the discard pile this turn: you may not discard it.", card=f"[{face_text(face)}]"
            )
        if extra["must_flush"] and not _leaves_flush(hand, card):
            return tr(
                "You took {taken} on the first turn, so your discard must leave "
                "a colour, figure or royal flush; discarding {card} does not.",
                taken=f"[{face_text(face_of(extra['taken']))}]",
                card=f"[{face_text(face)}]",
            )
        return None

    def _take_problem(self, game: Game, seat: int) -> str | None:
        state = game.state
        if not state.discard:
            return tr("The discard pile is empty.")
        top = state.discard[-1]
        if state.extra["first_turn"] and not can_flush_with(state.hands[seat], top):
            return tr(
                "On the first turn the dealer's discard {card} may only be taken to "
                "complete a colour, figure or royal flush declared at once, and your hand cannot make one "
                "with it: draw from the stock.",
                card=f"[{face_text(face_of(top))}]",
            )
        return None

    def _declare_problem(self, game: Game, seat: int, name: str) -> str | None:
        extra = game.state.extra
        offered = self._declare_options(game, seat)
        if name == "none":
            if extra["must_flush"]:
                return tr("You took the dealer's discard on the first turn, so you must declare your flush now.")
            return None
        if name in offered:
            return None
        if name not in ENDING_NAMES:
            return tr(
                "There is no ending called '{name}' (choose from: {names}, or none).",
                name=name,
                names=", ".join(ENDING_NAMES),
            )
        hand = game.state.hands[seat]
        if name == "atkopogas":
            return self._atkopogas_problem(game, seat, offered)
        if name in qualifying_endings(hand):
            return tr(
                "Your hand is also {ending}, which is worth more: only the most valuable ending may be declared.",
                ending=tr(ENDING_NAMES[offered[0]]),
            )
        reason = tr(ENDING_CONDITIONS[name])
        if name == "piccolo":
            reason += " " + tr("Yours is {value}.", value=piccolo_total(hand))
        if offered:
            reason += " " + tr("Your hand is {ending}: declare that.", ending=tr(ENDING_NAMES[offered[0]]))
        return reason

    def _atkopogas_problem(self, game: Game, seat: int, offered: list[str]) -> str:
        limit = game.settings["limit"]
        if not game.settings["atkopogas"]:
            return tr("Átkopogás is not played in this game (the 'atkopogas' setting is off).")
        if offered:
            return tr("Your hand is {ending}: declare that instead of átkopogás.", ending=tr(ENDING_NAMES[offered[0]]))
        return tr(
            "Átkopogás is only for a player with {low} to {limit} points; you have {total}.",
            low=limit - 10,
            limit=limit,
            total=game.state.totals[seat],
        )

    # --- doing it ---------------------------------------------------------------------------------

    def apply(self, game: Game, action: str) -> None:
        seat = game.state.mover
        verb, argument = split_action(action)
        handler = {
            "keep": lambda: self._exchange(game, seat, None),
            "newdeal": lambda: self._exchange(game, seat, parse_faces(argument)),
            "discard": lambda: self._discard(game, seat, parse_face(argument)),
            "draw": lambda: self._draw(game, seat),
            "take": lambda: self._take(game, seat),
            "declare": lambda: self._declare(game, seat, argument),
            "laydown": lambda: self._showdown_choice(game, seat, "laydown"),
            "throwin": lambda: self._showdown_choice(game, seat, "throwin"),
            "reenter": lambda: self._reentry_choice(game, seat, True),
            "decline": lambda: self._reentry_choice(game, seat, False),
        }[verb]
        handler()

    def _exchange(self, game: Game, seat: int, kept_faces: list[int] | None) -> None:
        state = game.state
        if kept_faces is None:
            game.log(seat, N_("kept the dealt hand"))
        else:
            hand = state.hands[seat]
            kept = take_cards(hand, kept_faces)
            if kept is None:  # why_not refuses a new deal keeping cards not held
                raise ValueError("kept cards not in the hand")
            returned = [c for c in hand if c not in kept]
            state.stock.extend(returned)
            game.rng("new deal").shuffle(state.stock)
            state.hands[seat] = kept + [state.stock.pop() for _ in returned]
            game.log(seat, N_("asked for a new deal, keeping {kept}"), kept=msg_n("{n} card", "{n} cards", len(kept)))
        if seat == state.dealer:
            state.phase = "dealer_discard"
            state.to_move = state.dealer
        else:
            state.to_move = self._next_active(game, seat)

    def _draw(self, game: Game, seat: int) -> None:
        game.draw_from_stock(seat)
        game.log(seat, N_("drew from the stock"))
        game.state.phase = "discard"

    def _take(self, game: Game, seat: int) -> None:
        extra = game.state.extra
        card = game.take_discard(seat)
        extra["taken"] = card
        extra["must_flush"] = extra["first_turn"]
        if extra["must_flush"]:
            game.log(seat, N_("took {card} from the discard pile to complete a flush"), card=bracket(card))
        else:
            game.log(seat, N_("took {card} from the discard pile"), card=bracket(card))
        game.state.phase = "discard"

    def _discard(self, game: Game, seat: int, face: int) -> None:
        state, extra = game.state, game.state.extra
        card = held_card(state.hands[seat], face, avoid=extra["taken"])
        game.discard_card(seat, card)
        game.log(seat, N_("discarded {card}"), card=bracket(card))
        dealer_opening = state.phase == "dealer_discard"
        if self._declare_options(game, seat):
            state.phase = "declare"
            extra["opening_declare"] = dealer_opening
            return
        self._after_turn(game, seat, dealer_opening)

    def _after_turn(self, game: Game, seat: int, dealer_opening: bool) -> None:
        extra = game.state.extra
        extra["opening_declare"] = False
        extra["first_turn"] = dealer_opening  # the next turn is the first turn of the hand
        extra["taken"], extra["must_flush"] = None, False
        extra["turns"] += 1
        self._begin_turn(game, self._next_active(game, seat))

    def _begin_turn(self, game: Game, seat: int) -> None:
        state = game.state
        if state.extra["turns"] > MAX_TURNS:
            self._void_hand(game, msg(N_("the hand went past {turns} turns"), turns=MAX_TURNS))
            return
        if not state.stock and (not game.rebuild_stock(keep_top=True) or not state.stock):
            self._void_hand(
                game, msg(N_("the stock ran out more than {times} times"), times=state.settings["max_reshuffles"])
            )
            return
        state.phase = "draw"
        state.to_move = seat

    def _declare(self, game: Game, seat: int, name: str) -> None:
        extra = game.state.extra
        if name == "none":
            self._after_turn(game, seat, extra["opening_declare"])
            return
        extra["opening_declare"] = False
        extra["taken"], extra["must_flush"], extra["first_turn"] = None, False, False
        if name == "knock":
            game.log(seat, N_("knocked with {card}"), card=bracket(knocking_card(game.state.hands[seat])))
        else:
            game.log(seat, N_("declared {ending}"), ending=msg(ENDING_NAMES[name]))
        waiting = self._active_order_after(game, seat)
        extra["showdown"] = {"finisher": seat, "ending": name, "waiting": waiting, "threw_in": []}
        game.state.phase = "showdown"
        game.state.to_move = waiting[0]

    def _showdown_choice(self, game: Game, seat: int, choice: str) -> None:
        showdown = game.state.extra["showdown"]
        showdown["waiting"].pop(0)
        if choice == "throwin":
            showdown["threw_in"].append(seat)
            game.log(seat, N_("threw in and is out of the buli"))
        if showdown["waiting"]:
            game.state.to_move = showdown["waiting"][0]
        else:
            self._score_hand(game)


# --- helpers used above ------------------------------------------------------------------------

PHASE_VERBS = {
    "exchange": ("keep", "newdeal"),
    "dealer_discard": ("discard",),
    "draw": ("draw", "take"),
    "discard": ("discard",),
    "declare": ("declare",),
    "showdown": ("laydown", "throwin"),
    "reentry": ("reenter", "decline"),
}
PHASE_PROMPTS = {
    "exchange": N_("first decide about a new deal: 'keep', or 'newdeal:' with up to 3 cards to keep."),
    "dealer_discard": N_("the dealer starts the discard pile: discard one of his 11 cards."),
    "draw": N_("draw first, from the stock or the discard pile."),
    "discard": N_("discard a card to end your turn."),
    "declare": N_("declare your ending, or declare:none to play on."),
    "showdown": N_("lay down your cards or throw in."),
    "reentry": N_("re-enter the buli or decline."),
}


def _keep_choices(hand: list[int]) -> list[tuple[int, ...]]:
    """Every choice of up to 3 cards to keep, by face, no duplicates."""
    faces = sorted(face_of(c) for c in hand)
    choices: set[tuple[int, ...]] = set()
    for size in range(MAX_KEEP + 1):
        choices.update(itertools.combinations(faces, size))
    return sorted(choices, key=lambda kept: (len(kept), kept))


def _newdeal_code(kept_faces) -> str:
    return "newdeal:" + "-".join(face_text(f) for f in sorted(kept_faces))


VARIANT = TenCardRummy()
