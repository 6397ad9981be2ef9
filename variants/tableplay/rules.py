"""Draw, meld, lay off, discard: the turn shared by Traditional Rummy (D) and basic Rummy (E).

A variant built on :class:`TablePlayVariant` only sets its parameters (deck, hand size, how the
stock is rebuilt, whether the last card must be a discard) and its scoring hooks. The turn is:

* phase ``draw``: ``draw:stock`` or ``take:discard``;
* phase ``play``: any number of ``meld:4D-5D-6D`` (several melds: ``meld:4D-5D-6D+QS-QH-QC``)
  and ``layoff:7H>0`` / ``layoff:7H-JH>0`` (cards onto table meld number 0, any player's), then
  ``discard:9C``, which ends the turn.

A player goes out when his hand is empty: after his discard, or (where the variant allows it)
after a meld or lay-off. The same-card rule (RULES.md 0.2): the card just taken from the discard
pile may not be discarded this turn, and no table action may leave it as the only card of a hand
that would still have to discard. For table actions the engine uses that very copy when the
hand holds two identical cards, since that is always the player's best choice.

Public data in ``state.extra``: ``taken`` (the card taken from the discard pile this turn),
``tabled`` (per seat: laid a meld or lay-off this hand), ``rummy_chance`` (the seat to move had
tabled nothing before this turn), ``picked`` (per seat: faces taken from the discard pile this
hand, which everyone saw), ``laid_off`` (per seat: cards laid off this hand), ``hands_played``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rummy_tui.engine.cards import (
    JOKER,
    face_of,
    face_text,
    find_card,
    held_card,
    make_deck,
    parse_face,
    rank_of,
    suit_of,
)
from rummy_tui.engine.game import bracket, bracket_all
from rummy_tui.engine.melds import RUN, SET, Meld, MeldRules, candidate_melds, lay_off, read_meld
from rummy_tui.engine.variant import Variant, parse_card_group, parse_meld_groups, parse_target, split_action
from rummy_tui.i18n import N_, Message, msg, ngettext
from rummy_tui.i18n import t as tr

if TYPE_CHECKING:
    from rummy_tui.engine.game import Game

DRAW, PLAY = "draw", "play"
DRAW_STOCK, TAKE_DISCARD = ("draw", "stock"), ("take", "discard")  # plans for the two draws
MOVES_HELP = "draw:stock, take:discard, meld:4D-5D-6D, layoff:7H>0, discard:9C"


def faces_label(faces: Sequence[int]) -> str:
    return " ".join(face_text(f) for f in faces)


class TablePlayVariant(Variant):
    """Rummy with melds on the table during play; subclasses set the parameters and scoring."""

    min_players = 2
    max_players = 6
    decks = 1
    rebuild_on_last_draw = False  # D-6: drawing the last stock card rebuilds at once
    rebuild_keeps_top = True  # E-6: the top discard stays; D-6: the whole pile is shuffled
    # Settings of the ``hard`` computer player (variants/tableplay/hard.py), not rules; a
    # variant that sets none gets these. Its melds stay in hand (for a rummy, and so nobody lays
    # off on them) until an opponent holds this few cards, by the number of players (missing: 0,
    # never before it can go out in one turn):
    hard_lays_down_when_opponent_holds: dict[int, int] = {}
    # ... and it searches for the melds and lay-offs (chained, on anybody's melds) that take it
    # out this turn, instead of trusting its quick count of the cards that are done:
    hard_plans_going_out = False
    # ... and, by the number of players, in how many sampled worlds it plays its candidate
    # discards a few turns ahead to see which kept cards go out soonest (race.py;
    # missing: 0, no look-ahead):
    hard_race_worlds: dict[int, int] = {}

    # --- parameters and hooks for subclasses ----------------------------------------------

    def hand_size(self, players: int) -> int:
        raise NotImplementedError

    def must_discard_to_go_out(self, settings: dict[str, Any]) -> bool:
        return True

    def keep_card_reason(self, settings: dict[str, Any]) -> str:
        return tr("You must keep a card to discard: you go out by discarding your last card.")

    def hand_points(self, game: Game, winner: int, rummy: bool) -> tuple[list[int], list[Message]]:
        """What the hand adds to each seat's total, and the score explained line by line."""
        raise NotImplementedError

    def finish_game_if_over(self, game: Game) -> bool:
        """After a scored hand: end the game (game.end_game) and return True, or return False."""
        raise NotImplementedError

    def deck(self, settings: dict[str, Any]) -> tuple[int, int]:
        return self.decks, 0

    def hand_value(self, cards: Sequence[int], settings: dict[str, Any]) -> int:
        return sum(self.card_value(c, settings) for c in cards)

    def value_line(self, cards: Sequence[int], settings: dict[str, Any]) -> str | dict:
        """``[AS] [KH] [5D] = 11 + 10 + 5 = 26`` (log notation: a screen draws the cards)."""
        values = [self.card_value(c, settings) for c in cards]
        if not cards:
            return msg(N_("no cards = 0"))
        shown = " ".join(f"[{face_text(face_of(c))}]" for c in cards)
        if len(cards) == 1:
            return f"{shown} = {values[0]}"
        return f"{shown} = {' + '.join(map(str, values))} = {sum(values)}"

    # --- dealing --------------------------------------------------------------------------

    def start_game(self, game: Game) -> None:
        s = game.state
        s.extra = {"hands_played": 0}
        s.dealer = game.rng("first dealer").randrange(s.players)
        game.log(None, N_("{name} was chosen at random to deal first."), name=game.seat_name(s.dealer))
        self.deal_hand(game)

    def deal_hand(self, game: Game) -> None:
        s = game.state
        s.hand_no += 1
        size = self.hand_size(s.players)
        first = game.next_seat(s.dealer)
        game.deal([size] * s.players, first)
        upcard = s.stock.pop()
        s.discard.append(upcard)
        n = s.players
        s.extra.update(
            taken=None,
            tabled=[False] * n,
            rummy_chance=True,
            picked=[[] for _ in range(n)],
            laid_off=[[] for _ in range(n)],
        )
        s.phase, s.to_move = DRAW, first
        game.log(
            None,
            N_("Hand {hand}: {name} deals {size} cards each and turns up {card}."),
            hand=s.hand_no,
            name=game.seat_name(s.dealer),
            size=size,
            card=bracket(upcard),
        )

    # --- legal actions --------------------------------------------------------------------

    def legal_actions(self, game: Game) -> list[str]:
        s = game.state
        if s.phase == DRAW:
            return ["draw:stock"] + (["take:discard"] if s.discard else [])
        return self._offered_melds(game) + self._offered_layoffs(game) + self._offered_discards(game)

    def _offered_melds(self, game: Game) -> list[str]:
        hand = game.state.hands[game.state.mover]
        rules = self.meld_rules(game.settings)
        offered = []
        for faces in candidate_melds([face_of(c) for c in hand], rules, 0):
            plan = self._plan_meld(game, [list(faces)])
            if not isinstance(plan, str):
                offered.append("meld:" + "-".join(face_text(f) for f in plan[0][0].faces))
        return offered

    def _offered_layoffs(self, game: Game) -> list[str]:
        hand = game.state.hands[game.state.mover]
        rules = self.meld_rules(game.settings)
        table = [m for _, m in game.table_melds()]
        offered = []
        for card in sorted({face_of(c): c for c in hand}.values(), key=face_of):
            face = face_of(card)
            for index, meld in enumerate(table):
                if lay_off(meld, [card], rules) is None:  # cheap test first; the plan words refusals
                    continue
                if not isinstance(self._plan_layoff(game, [face], index), str):
                    offered.append(f"layoff:{face_text(face)}>{index}")
        return offered

    def _offered_discards(self, game: Game) -> list[str]:
        s = game.state
        faces = sorted({face_of(c) for c in s.hands[s.mover]})
        return [f"discard:{face_text(f)}" for f in faces if not isinstance(self._plan_discard(game, f), str)]

    # --- judging any action ---------------------------------------------------------------

    def why_not(self, game: Game, action: str) -> str | None:
        plan = self._plan(game, action)
        return plan if isinstance(plan, str) else None

    def _plan(self, game: Game, action: str) -> Any:
        """The checked plan for an action, or the reason it is refused (a str)."""
        s = game.state
        verb, argument = split_action(action)
        if verb in ("draw", "take"):
            if s.phase != DRAW:
                return tr("You have already drawn this turn: now meld, lay off, or discard to end your turn.")
            if action == "draw:stock":
                return DRAW_STOCK
            if action == "take:discard":
                return TAKE_DISCARD if s.discard else tr("The discard pile is empty: draw from the stock.")
            return tr("'{action}' is not a move: write draw:stock or take:discard.", action=action)
        if verb not in ("meld", "layoff", "discard"):
            return tr(
                "'{action}' is not a move in {variant} (moves: {moves}).",
                action=action,
                variant=tr(self.name),
                moves=MOVES_HELP,
            )
        if s.phase != PLAY:
            return tr("Draw first: from the stock or the discard pile.")
        if verb == "meld":
            groups = [faces for faces, _ in parse_meld_groups(argument)]
            return self._plan_meld(game, groups) if groups else tr("Name the cards to meld, like meld:4D-5D-6D.")
        if verb == "layoff":
            cards_text, index = parse_target(argument)
            faces, _ = parse_card_group(cards_text)
            return (
                self._plan_layoff(game, faces, index) if faces else tr("Name the cards to lay off, like layoff:7H>0.")
            )
        return self._plan_discard(game, parse_face(argument))

    def _plan_meld(self, game: Game, groups: list[list[int]]) -> str | list[tuple[Meld, list[int]]]:
        rules = self.meld_rules(game.settings)
        all_faces = [f for faces in groups for f in faces]
        cards = self._cards_for_table(game, all_faces)
        if isinstance(cards, str):
            return cards
        planned, start = [], 0
        for faces in groups:
            chunk = cards[start : start + len(faces)]
            start += len(faces)
            meld = read_meld(chunk, rules)
            if meld is None:
                return meld_reason(faces, rules)
            planned.append((meld, chunk))
        new_table = [m for _, m in game.table_melds()] + [m for m, _ in planned]
        problem = self._leftover_problem(game, cards, new_table)
        return problem if problem else planned

    def _plan_layoff(self, game: Game, faces: list[int], index: int) -> str | tuple[int, Meld, list[int]]:
        table = [m for _, m in game.table_melds()]
        if not table:
            return tr("There are no melds on the table to lay off on.")
        if index >= len(table):
            return tr(
                "There is no table meld {index}: the table has {count} meld(s), numbered from 0.",
                index=index,
                count=len(table),
            )
        cards = self._cards_for_table(game, faces)
        if isinstance(cards, str):
            return cards
        rules = self.meld_rules(game.settings)
        extended = lay_off(table[index], cards, rules)
        if extended is None:
            return tr(
                "{cards} cannot go on {meld}: {reason}.",
                cards=faces_label(faces),
                meld=table[index].text(),
                reason=layoff_reason(table[index], faces, rules),
            )
        table[index] = extended
        problem = self._leftover_problem(game, cards, table)
        return problem if problem else (index, extended, cards)

    def _plan_discard(self, game: Game, face: int) -> str | int:
        s = game.state
        taken = s.extra.get("taken")
        card = find_card(s.hands[s.mover], face, avoid=taken)
        if card is None:
            return tr("You do not hold {card}.", card=face_text(face))
        if card == taken:
            return tr("You took {card} from the discard pile this turn: you may not discard it.", card=face_text(face))
        return card

    def _cards_for_table(self, game: Game, faces: list[int]) -> str | list[int]:
        """Physical cards for ``faces`` from the hand (the just-taken copy first), or why not."""
        if JOKER in faces:
            return tr("This game is played without jokers.")
        hand = game.state.hands[game.state.mover]
        held = Counter(face_of(c) for c in hand)
        for face, needed in Counter(faces).items():
            if held[face] < needed:
                have = held[face]
                return (
                    tr("You do not hold {card}.", card=face_text(face))
                    if have == 0
                    else tr(
                        "You hold only {have} {card}, not {needed}.", have=have, card=face_text(face), needed=needed
                    )
                )
        taken = game.state.extra.get("taken")
        pool = list(hand)
        picked: list[int] = []
        for face in faces:
            card = taken if taken in pool and face_of(taken) == face else held_card(pool, face)
            pool.remove(card)
            picked.append(card)
        return picked

    def _leftover_problem(self, game: Game, leaving: list[int], new_table: list[Meld]) -> str | None:
        """Why the hand left after a table action would break the going-out or same-card rule."""
        s = game.state
        remaining = list(s.hands[s.mover])
        for card in leaving:
            remaining.remove(card)
        must_discard = self.must_discard_to_go_out(game.settings)
        if not remaining:
            return self.keep_card_reason(game.settings) if must_discard else None
        taken = s.extra.get("taken")
        if taken is None or remaining != [taken]:
            return None
        shown = face_text(face_of(taken))
        if must_discard:
            return tr(
                "That would leave only {card}, which you took from the discard pile this turn: "
                "you could not discard it.",
                card=shown,
            )
        rules = self.meld_rules(game.settings)
        if any(lay_off(meld, [taken], rules) is not None for meld in new_table):
            return None  # he can still go out by laying it off too
        return tr(
            "That would leave only {card}, which you took from the discard pile this turn: "
            "you could not discard it, and it cannot be laid off.",
            card=shown,
        )

    # --- carrying out ---------------------------------------------------------------------

    def apply(self, game: Game, action: str) -> None:
        s = game.state
        seat = s.mover
        plan = self._plan(game, action)
        verb = split_action(action)[0]
        if plan is DRAW_STOCK:
            self._draw_stock(game, seat)
        elif plan is TAKE_DISCARD:
            card = game.take_discard(seat)
            s.extra["picked"][seat].append(face_of(card))
            game.log(seat, N_("took {card} from the discard pile."), card=bracket(card))
            self._begin_play(game, seat, card)
        elif verb == "meld":
            for meld, cards in plan:
                self._remove_from_hand(game, seat, cards)
                game.put_meld(seat, meld)
                game.log(seat, N_("melded {cards}."), cards=bracket_all(meld.cards))
            self._after_table_action(game, seat)
        elif verb == "layoff":
            index, extended, cards = plan
            self._remove_from_hand(game, seat, cards)
            game.put_meld(s.table[index]["owner"], extended, index)
            s.extra["laid_off"][seat].extend(cards)
            game.log(
                seat, N_("laid off {cards}, making {meld}."), cards=bracket_all(cards), meld=bracket_all(extended.cards)
            )
            self._after_table_action(game, seat)
        else:
            game.discard_card(seat, plan)
            game.log(seat, N_("discarded {card}."), card=bracket(plan))
            if not s.hands[seat]:
                self._go_out(game, seat)
            else:
                s.extra["taken"] = None
                s.phase, s.to_move = DRAW, game.next_seat(seat)

    def _draw_stock(self, game: Game, seat: int) -> None:
        s = game.state
        if not s.stock:
            if len(s.discard) <= (1 if self.rebuild_keeps_top else 0):
                self._void_hand(game, msg(N_("nothing is left to draw")))
                return
            if not game.rebuild_stock(keep_top=self.rebuild_keeps_top):
                self._void_hand(game, msg(N_("the stock ran out once too often")))
                return
        game.draw_from_stock(seat)
        game.log(seat, N_("drew from the stock."))
        self._begin_play(game, seat, None)
        if self.rebuild_on_last_draw and not s.stock:
            # D-6; when no rebuild is allowed any more he still plays his turn in full (RULES
            # 0.2): the hand is void only once someone must draw from the empty stock
            game.rebuild_stock(keep_top=False)

    phases = (DRAW, PLAY)

    def prepare_position(self, game: Game, extra: dict[str, Any]) -> None:
        """A crafted position: nobody has tabled or taken anything unless ``extra`` says so
        (``tabled`` per seat, ``taken``: the card taken from the discard pile this turn)."""
        s = game.state
        n = s.players
        s.extra.update(taken=None, tabled=[False] * n, picked=[[] for _ in range(n)], laid_off=[[] for _ in range(n)])
        super().prepare_position(game, extra)
        s.extra["rummy_chance"] = not s.extra["tabled"][s.to_move]

    def _begin_play(self, game: Game, seat: int, taken: int | None) -> None:
        s = game.state
        s.extra["taken"] = taken
        s.extra["rummy_chance"] = not s.extra["tabled"][seat]
        s.phase = PLAY

    def _remove_from_hand(self, game: Game, seat: int, cards: list[int]) -> None:
        for card in cards:
            game.state.hands[seat].remove(card)

    def _after_table_action(self, game: Game, seat: int) -> None:
        game.state.extra["tabled"][seat] = True
        if not game.state.hands[seat]:
            self._go_out(game, seat)

    # --- end of a hand --------------------------------------------------------------------

    def _go_out(self, game: Game, winner: int) -> None:
        s = game.state
        rummy = bool(s.extra["rummy_chance"])
        game.log(winner, N_("went rummy: every card in one turn!") if rummy else N_("went out."))
        points, lines = self.hand_points(game, winner, rummy)
        s.totals = [t + p for t, p in zip(s.totals, points, strict=False)]
        s.last_hand = self._hand_summary(game, winner, points, lines, rummy)
        s.sheet.append(
            {
                "hand": s.hand_no,
                "points": points,
                "note": msg(N_("{name} went rummy") if rummy else N_("{name} went out"), name=game.seat_name(winner)),
            }
        )
        s.extra["hands_played"] += 1
        if not self.finish_game_if_over(game):
            s.dealer = game.next_seat(s.dealer)
            self.deal_hand(game)

    def _void_hand(self, game: Game, why: dict) -> None:
        s = game.state
        limit = game.settings.get("max_reshuffles", 3)
        line = msg(
            N_("void hand: {why} (max_reshuffles = {limit}); no score, {dealer} deals again"),
            why=why,
            limit=limit,
            dealer=game.seat_name(s.dealer),
        )
        game.log(None, N_("The hand is void: {why}. {dealer} deals again."), why=why, dealer=game.seat_name(s.dealer))
        s.last_hand = self._hand_summary(game, None, [0] * s.players, [line], False)
        s.last_hand.update(void=True, ending="void")
        s.sheet.append({"hand": s.hand_no, "points": [0] * s.players, "note": N_("void")})
        self.deal_hand(game)

    def _hand_summary(
        self, game: Game, winner: int | None, points: list[int], lines: list[Message], rummy: bool
    ) -> dict[str, Any]:
        s = game.state
        return {
            "hand": s.hand_no,
            "void": False,
            "winner": winner,
            "finisher": winner,
            "ending": "rummy" if rummy else "out",
            "hands": [list(h) for h in s.hands],
            "melds": [[e["meld"] for e in s.table if e["owner"] == seat] for seat in range(s.players)],
            "deadwood": [list(h) for h in s.hands],
            "layoffs": [list(cards) for cards in s.extra["laid_off"]],
            "points": list(points),
            "lines": lines,
        }

    def total_lines(self, game: Game) -> list[Message]:
        """``P1: 26 + 0 + 12 = 38`` for every seat, from the score sheet."""
        s = game.state
        lines = []
        for seat in range(s.players):
            parts = [row["points"][seat] for row in s.sheet if row.get("note") != "void"]
            sums = " + ".join(map(str, parts)) if len(parts) > 1 else ""
            if sums:
                lines.append(
                    msg(N_("{name}: {sums} = {score}"), name=game.seat_name(seat), sums=sums, score=s.totals[seat])
                )
            else:
                lines.append(msg(N_("{name}: {score}"), name=game.seat_name(seat), score=s.totals[seat]))
        return lines


# --- reasons a meld or lay-off is refused ----------------------------------------------------


def meld_reason(faces: Sequence[int], rules: MeldRules) -> str:
    text = faces_label(faces)
    if len(faces) < 3:
        return tr("{cards} is not a meld: a meld needs at least 3 cards.", cards=text)
    ranks = {rank_of(f) for f in faces}
    suits = {suit_of(f) for f in faces}
    if len(ranks) == 1:
        return tr("{cards} is not a set: a set has one card of each suit.", cards=text)
    if len(suits) == 1:
        return tr("{cards} is not a run: {reason}.", cards=text, reason=run_problem(faces, rules))
    return tr("{cards} is neither a set (one rank, different suits) nor a run (one suit, in sequence).", cards=text)


def layoff_reason(meld: Meld, faces: Sequence[int], rules: MeldRules) -> str:
    combined = list(meld.faces) + list(faces)
    if meld.kind == SET:
        if any(rank_of(f) != meld.low for f in faces):
            return tr("a set is all one rank")
        return tr("a set has one card of each suit")
    if meld.kind == RUN and any(suit_of(f) != suit_of(meld.faces[0]) for f in faces):
        return tr("a run is all one suit")
    return run_problem(combined, rules)


def run_problem(faces: Sequence[int], rules: MeldRules) -> str:
    ranks = [rank_of(f) for f in faces]
    if len(set(ranks)) < len(ranks):
        return tr("a run cannot hold the same card twice")
    if {1, 2, 13} <= set(ranks):
        return tr("a run may not turn the corner from K through A to 2")
    if 1 in ranks and not rules.ace_high and _gaps([14 if r == 1 else r for r in ranks]) == []:
        return tr("the ace counts low only in this game, so it cannot follow K")
    modes = [[14 if (high and r == 1) else r for r in ranks] for high in rules.ace_modes()]
    gaps = min((_gaps(m) for m in modes), key=len)
    suit = suit_of(faces[0])
    missing = faces_label([make_position_face(p, suit) for p in gaps])
    return ngettext(
        "a run has no gaps, and {missing} is missing",
        "a run has no gaps, and {missing} are missing",
        len(gaps),
        missing=missing,
    )


def _gaps(positions: list[int]) -> list[int]:
    present = set(positions)
    return [p for p in range(min(present), max(present) + 1) if p not in present]


def make_position_face(position: int, suit: int) -> int:
    return suit * 13 + (0 if position == 14 else position - 1)


# --- crafted positions (tests, tutorials, puzzles) ------------------------------------------


def arrange_position(
    game: Game,
    hands: dict[int, list[int]],
    discard: Sequence[int] = (),
    stock_top: Sequence[int] = (),
    table: Sequence[tuple[int, list[int]]] = (),
    to_move: int | None = None,
    phase: str = DRAW,
    stock: Sequence[int] | None = None,
    tabled: Sequence[int] = (),
) -> None:
    """Put the hand into a crafted position, keeping every card of the deck accounted for.

    Seats missing from ``hands`` keep (or are topped up to) their hand size from the cards left;
    the stock is every card not placed elsewhere, with ``stock_top`` drawn first, unless
    ``stock`` names it exactly (then nothing may be left over). ``table`` holds (owner, cards)
    melds. ``tabled`` seats count as having tabled before (no rummy for them).
    """
    s, variant = game.state, game.variant
    if not isinstance(variant, TablePlayVariant):
        raise TypeError(f"{variant.key} is not played at the table (Traditional Rummy, Rummy)")
    decks, jokers = variant.deck(game.settings)
    placed = [c for cards in hands.values() for c in cards] + list(discard) + list(stock_top)
    placed += [c for _, cards in table for c in cards] + list(stock or [])
    if len(set(placed)) != len(placed):
        raise ValueError("a card is placed twice")
    deck = make_deck(decks, jokers)
    strangers = set(placed) - set(deck)
    if strangers:
        raise ValueError(f"not in this game's deck: {sorted(strangers)} (one deck has one copy of each card)")
    free = [c for c in deck if c not in set(placed)]
    new_hands = []
    for seat in range(s.players):
        if seat in hands:
            new_hands.append(list(hands[seat]))
            continue
        size = len(s.hands[seat]) if s.hands else variant.hand_size(s.players)
        kept = [c for c in s.hands[seat] if c in free][:size]
        for card in kept:
            free.remove(card)
        while len(kept) < size:
            kept.append(free.pop())
        new_hands.append(kept)
    if stock is not None:
        if free:
            raise ValueError(f"{len(free)} cards are not placed anywhere")
        new_stock = list(stock)
    else:
        new_stock = free + list(reversed(stock_top))
    rules = variant.meld_rules(game.settings)
    s.table = []
    for owner, cards in table:
        meld = read_meld(cards, rules)
        if meld is None:
            raise ValueError(f"not a meld: {faces_label([face_of(c) for c in cards])}")
        game.put_meld(owner, meld)
    s.hands, s.discard, s.stock = new_hands, list(discard), new_stock
    s.to_move = s.to_move if to_move is None else to_move
    s.phase = phase
    s.extra.update(
        taken=None, rummy_chance=s.to_move not in tabled, tabled=[seat in tabled for seat in range(s.players)]
    )
