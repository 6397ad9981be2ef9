"""Can a Römi turn still be finished legally? An exact search (RULES.md C-5, C-6).

A refusal of ``take:discard`` (or of a handolás step) must be a proof that no legal completion of
the turn exists, so this search never gives up early: it enumerates every way the cards still in
hand can end up, in a form that covers every order of moves.

Why the form covers every order: a finished turn is a final table plus the cards kept in hand.

* Joker exchanges only need cards from the hand, so they can come first (for a player who has
  not opened and does not go out, right after the opening melds).
* A new meld never needs lay-offs on it later in the same turn: a bigger meld does the same;
  except the opening meld of the taken card, which may grow once opened with the jokers freed
  then: the part without them is laid first (``_opening_core``).
* What a table meld receives this turn is one block below it and one block above it (a group:
  one block). Lay-offs in any order, chains included, amount to that.
* A player who stays in the hand needs only the moves his duties ask for (the taken card, freed
  jokers, the opening); more cards on the table never help him.

Cards are decided one at a time, lowest face first, as in the deadwood solver: the lowest
undecided natural card is kept, or starts a new meld whose other cards are all undecided, or
joins a block of a table meld whose other naturals are all undecided (a high ace, the lowest
face of its suit, also takes the king, queen, ... below it). Jokers are decided last (whatever
the naturals left for them: kept, or laid on any meld with room); a joker taken from the
discard pile is tried both in melds and blocks and apart from them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from rummy_tui.engine.cards import face_of, is_joker, make_face, rank_of, suit_of
from rummy_tui.engine.melds import RUN, SET, Meld, exchange_joker, lay_off

from .duty import TurnPosition, taken_card_duty
from .shapes import MeldShape, build_meld, choose_one_each, distinct_roles, jokers_in, spot_face

OUT, STAY = "out", "stay"


@dataclass
class Completion:
    """One way to finish the turn: what goes where, and what stays in hand."""

    exchanges: list[tuple[int, list[int]]] = field(default_factory=list)  # (table index, naturals)
    melds: list[Meld] = field(default_factory=list)  # new melds, opening melds first
    blocks: dict[int, list[tuple[int, int]]] = field(default_factory=dict)  # index: (card, face)
    joker_layoffs: list[tuple[int, int]] = field(default_factory=list)  # (meld index, joker)
    kept: list[int] = field(default_factory=list)
    out: bool = False


# --- the search ----------------------------------------------------------------------------


class CompletionSearch:
    """Every completion of one kind (``OUT``: keep one card; ``STAY``: keep two or more)."""

    def __init__(self, pos: TurnPosition, mode: str):
        self.pos = pos
        self.mode = mode
        self.rules = pos.rules
        self.limit = pos.rules.joker_limit()

    # entry point -----------------------------------------------------------------------

    def completions(self) -> Iterator[Completion]:
        pos = self.pos
        if self.mode == STAY and pos.handolas_only:
            return
        for exchanges, table, hand in self._exchange_choices():
            freed = [c for c in hand if c in pos.freed or c in self._newly_freed(exchanges, table)]
            self.exchanges = exchanges
            self.table = list(table)
            self.blocks: dict[int, list[tuple[int, int]]] = {}
            self.sides: set[tuple[int, str]] = set()
            self.freed_jokers = [c for c in hand if is_joker(c) and c in freed]
            self.hand_jokers = sorted((c for c in hand if is_joker(c) and c not in freed), key=self._joker_order)
            self.pool = sorted((c for c in hand if not is_joker(c)), key=lambda c: (face_of(c), c != pos.taken, c))
            self.undecided = [True] * len(self.pool)
            self.kept: list[int] = []
            self.melds: list[tuple[Meld, bool]] = []  # (meld, laid after the exchanges)
            self.cores: dict[int, tuple[Meld, list[tuple[int, int]]]] = {}  # id(meld): its opening part, the rest
            self.all_freed = pos.freed | set(self._newly_freed(exchanges, table))
            self.wide = self._stay_needs_every_meld(freed)
            yield from self._decide(0)

    def _newly_freed(self, exchanges: list[tuple[int, list[int]]], table: Sequence[Meld]) -> list[int]:
        return [j for index, _ in exchanges for j in self.pos.table[index].jokers if j not in table[index].cards]

    def _stay_needs_every_meld(self, freed: list[int]) -> bool:
        """Staying, an opened player only needs melds with the taken card, unless a freed joker
        must go somewhere; a player who has not opened needs melds for his points."""
        return not self.pos.opened or bool(freed) or bool(self.exchanges)

    # exchanges ---------------------------------------------------------------------------

    def _exchange_choices(self) -> Iterator[tuple[list[tuple[int, list[int]]], list[Meld], list[int]]]:
        pos = self.pos
        options: list[list[tuple[int, list[int]] | None]] = []
        for index, meld in enumerate(pos.table):
            if not meld.jokers:
                continue
            choices: list[tuple[int, list[int]] | None] = [None]
            for naturals in self._exchange_naturals(meld):
                choices.append((index, naturals))
            if len(choices) > 1:
                options.append(choices)
        yield from self._exchange_product(options, 0, [], list(pos.table), list(pos.hand))

    def _exchange_naturals(self, meld: Meld) -> list[list[int]]:
        hand = [c for c in self.pos.hand if not is_joker(c)]
        if meld.kind == RUN:
            wanted = [f for c, f in zip(meld.cards, meld.faces, strict=False) if is_joker(c)]
            picks: list[list[int]] = []
            for size in range(1, len(wanted) + 1):
                for faces in combinations(wanted, size):
                    picks.extend(self._physical_choices(list(faces), hand))
            return picks
        present = {suit_of(c) for c in meld.cards if not is_joker(c)}
        missing = [make_face(meld.low, s) for s in range(4) if s not in present]
        return self._physical_choices(missing, hand)

    def _physical_choices(self, faces: list[int], hand: list[int]) -> list[list[int]]:
        """Cards from ``hand`` for ``faces``; the taken card and a plain copy are both tried."""
        results: list[list[int]] = [[]]
        for face in faces:
            grown = []
            for picked in results:
                copies = [c for c in hand if face_of(c) == face and c not in picked]
                for card in distinct_roles(copies, self.pos.taken):
                    grown.append(picked + [card])
            results = grown
        return [r for r in results if len(r) == len(faces)]

    def _exchange_product(self, options, at, chosen, table, hand):
        if at == len(options):
            yield list(chosen), table, hand
            return
        for choice in options[at]:
            if choice is None:
                yield from self._exchange_product(options, at + 1, chosen, table, hand)
                continue
            index, naturals = choice
            if any(c not in hand for c in naturals):
                continue
            result = exchange_joker(table[index], naturals, self.rules)
            if result is None:
                continue
            meld, freed = result
            new_table = list(table)
            new_table[index] = meld
            new_hand = [c for c in hand if c not in naturals] + list(freed)
            chosen.append(choice)
            yield from self._exchange_product(options, at + 1, chosen, new_table, new_hand)
            chosen.pop()

    # natural cards, lowest first ---------------------------------------------------------

    def _decide(self, start: int) -> Iterator[Completion]:
        at = next((i for i in range(start, len(self.pool)) if self.undecided[i]), None)
        if at is None:
            yield from self._place_jokers()
            return
        if self._hopeless():
            return
        card = self.pool[at]
        self.undecided[at] = False
        if self.mode == STAY:
            yield from self._keep(card, at)
        yield from self._new_melds(card, at)
        yield from self._blocks(card, at)
        if self.mode == OUT:
            yield from self._keep(card, at)
        self.undecided[at] = True

    def _hopeless(self) -> bool:
        if self.mode == OUT:
            return len(self.kept) > 1
        pos = self.pos
        if pos.opened:
            return False
        reachable = pos.meld_points + sum(m_points for m_points in self._opening_points())
        reachable += sum(pos.value(face_of(c)) for c, free in zip(self.pool, self.undecided, strict=False) if free)
        reachable += 11 * len(self.hand_jokers)
        return reachable < pos.opening_min

    def _opening_points(self) -> list[int]:
        return [sum(self.pos.value(f) for f in self._laid(meld).faces) for meld, freed in self.melds if not freed]

    def _laid(self, meld: Meld) -> Meld:
        """A new meld as it is first laid: without the part laid off on it later (``_opening_core``)."""
        return self.cores[id(meld)][0] if id(meld) in self.cores else meld

    def _keep(self, card: int, at: int) -> Iterator[Completion]:
        if card == self.pos.duty_card:
            return
        if self.mode == OUT and (self.kept or card == self.pos.taken):
            return  # going out keeps one card to discard, never the taken one
        self.kept.append(card)
        yield from self._decide(at + 1)
        self.kept.pop()

    def _available(self, face: int, after: int) -> list[int]:
        return [
            self.pool[i]
            for i in range(after + 1, len(self.pool))
            if self.undecided[i] and face_of(self.pool[i]) == face
        ]

    def _take(self, cards: Sequence[int]) -> list[int]:
        indices = [i for i, c in enumerate(self.pool) if c in cards and self.undecided[i]]
        for i in indices:
            self.undecided[i] = False
        return indices

    def _give_back(self, indices: list[int]) -> None:
        for i in indices:
            self.undecided[i] = True

    def _joker_order(self, joker: int) -> tuple[bool, int]:
        return joker != self.pos.taken, joker  # a joker taken from the discard pile first

    def _joker_splits(self, count: int) -> list[tuple[list[int], list[int]]]:
        """Which jokers fill ``count`` spots: hand jokers and freed jokers in every proportion;
        a joker taken from the discard pile has duties of its own, so with it and without it."""
        splits = []
        for freed in range(max(0, count - len(self.hand_jokers)), min(count, len(self.freed_jokers)) + 1):
            wanted = count - freed
            splits.append((self.hand_jokers[:wanted], self.freed_jokers[:freed]))
            plain = [j for j in self.hand_jokers if j != self.pos.taken]
            if wanted and len(plain) < len(self.hand_jokers) and len(plain) >= wanted:
                splits.append((plain[:wanted], self.freed_jokers[:freed]))
        return splits

    def _use_jokers(self, hand: list[int], freed: list[int]) -> None:
        for joker in hand:
            self.hand_jokers.remove(joker)
        del self.freed_jokers[: len(freed)]

    def _return_jokers(self, hand: list[int], freed: list[int]) -> None:
        self.hand_jokers = sorted(self.hand_jokers + hand, key=self._joker_order)
        self.freed_jokers[:0] = freed

    # new melds -----------------------------------------------------------------------------

    def _new_melds(self, card: int, at: int) -> Iterator[Completion]:
        taken = self.pos.duty_card
        for naturals, shape in self._meld_shapes(card, at):
            for hand_j, freed_j in self._joker_splits(jokers_in(shape)):
                if self.mode == STAY and not self.wide and taken not in naturals and taken not in hand_j:
                    continue  # staying, an opened player only needs the taken card's meld
                meld = build_meld(naturals, shape, hand_j + freed_j)
                if meld is None:
                    continue
                indices = self._take(naturals[1:])
                self._use_jokers(hand_j, freed_j)
                core = self._opening_core(meld, freed_j)
                if core is not None:
                    self.cores[id(meld)] = core
                self.melds.append((meld, bool(freed_j) and core is None))
                yield from self._decide(at + 1)
                self.melds.pop()
                self.cores.pop(id(meld), None)
                self._return_jokers(hand_j, freed_j)
                self._give_back(indices)

    def _opening_core(self, meld: Meld, freed: list[int]) -> tuple[Meld, list[tuple[int, int]]] | None:
        """Opening with the taken card, a player may grow its meld once opened, with jokers he
        frees only then: the meld without them, if still a meld holding the taken card, is an
        opening meld, and the rest (card, face) is laid off on it after the exchanges."""
        taken = self.pos.duty_card
        if self.mode != STAY or self.pos.opened or not freed or taken not in meld.cards:
            return None
        if meld.kind == SET:
            keep = [i for i, c in enumerate(meld.cards) if c not in freed]
        else:  # the stretch between freed jokers that holds the taken card
            where = meld.cards.index(taken)
            first = max((i + 1 for i, c in enumerate(meld.cards) if i < where and c in freed), default=0)
            last = min((i for i, c in enumerate(meld.cards) if i > where and c in freed), default=len(meld.cards))
            keep = list(range(first, last))
        cards = [meld.cards[i] for i in keep]
        if len(cards) < 3 or all(is_joker(c) for c in cards):
            return None
        low = meld.low + keep[0] if meld.kind == RUN else meld.low
        core = Meld(meld.kind, tuple(cards), tuple(meld.faces[i] for i in keep), low)
        rest = [(c, f) for i, (c, f) in enumerate(zip(meld.cards, meld.faces, strict=True)) if i not in keep]
        return core, rest

    def _meld_shapes(self, card: int, at: int) -> Iterator[tuple[list[int], MeldShape]]:
        """Melds whose lowest natural is ``card``: its naturals (``card`` first) and the faces
        the jokers stand for (sets: the missing suits; runs: the positions)."""
        jokers = min(self.limit, len(self.hand_jokers) + len(self.freed_jokers))
        rank, suit = rank_of(card), suit_of(card)
        others = {}
        for s in range(4):
            if s != suit:
                copies = self._available(make_face(rank, s), at)
                if copies:
                    others[s] = copies
        for size in range(len(others) + 1):
            for suits in combinations(sorted(others), size):
                for picked in choose_one_each([others[s] for s in suits], self.pos.taken):
                    for spare in range(jokers + 1):
                        if 3 <= 1 + size + spare <= self.rules.set_max:
                            missing = [make_face(rank, s) for s in range(4) if s != suit and s not in suits]
                            yield [card] + picked, ("set", missing[:spare])
        for low_mode in self.rules.ace_modes():
            yield from self._run_windows(card, at, jokers, ace_high=low_mode)

    def _run_windows(self, card: int, at: int, jokers: int, ace_high: bool):
        """Runs holding ``card`` whose other naturals are undecided (higher faces): below the
        card only jokers, above it naturals or jokers; an ace may also head a run down from 14."""
        rank, suit = rank_of(card), suit_of(card)
        if ace_high and rank == 1:
            yield from self._run_down(card, at, suit, 14, [], jokers)
            return
        top = 14 if ace_high else 13
        for below in range(jokers + 1):
            low = rank - below
            if low < (2 if ace_high else 1):
                break
            for naturals, holes, high in self._run_up(card, at, suit, rank, top, jokers - below):
                if high - low >= 2 and (high == 14) == ace_high:
                    yield [card] + naturals, ("run", (low, list(range(low, rank)) + holes))

    def _run_up(self, card, at, suit, last, top, jokers, naturals=(), holes=()):
        yield list(naturals), list(holes), last
        nxt = last + 1
        if nxt > top:
            return
        if nxt <= 13:
            for copy in distinct_roles(self._available(make_face(nxt, suit), at), self.pos.taken):
                yield from self._run_up(card, at, suit, nxt, top, jokers, naturals + (copy,), holes)
        if jokers:
            yield from self._run_up(card, at, suit, nxt, top, jokers - 1, naturals, holes + (nxt,))

    def _run_down(self, card, at, suit, first, naturals, jokers, holes=()):
        """An ace at 14 with the run going down: K, Q, ... are undecided, so naturals or jokers."""
        if 14 - first >= 2:
            yield [card] + list(naturals), ("run", (first, list(holes)))
        nxt = first - 1
        if nxt < 2:
            return
        for copy in distinct_roles(self._available(make_face(nxt, suit), at), self.pos.taken):
            yield from self._run_down(card, at, suit, nxt, naturals + [copy], jokers, holes)
        if jokers:
            yield from self._run_down(card, at, suit, nxt, naturals, jokers - 1, holes + (nxt,))

    # blocks on table melds -------------------------------------------------------------------

    def _blocks(self, card: int, at: int) -> Iterator[Completion]:
        pos = self.pos
        if not pos.opened and self.mode == STAY:
            return  # lay-offs before opening only in a handolás; after it they never help a stay
        if self.mode == STAY and (not pos.opened or pos.duty_card is None):
            return  # staying, lay-offs only help the taken card
        for index, meld in enumerate(self.table):
            if meld.kind == RUN and suit_of(meld.faces[0]) == suit_of(card):
                for side in ("low", "high"):
                    if (index, side) not in self.sides:
                        yield from self._run_blocks(card, at, index, side)
            elif meld.kind == SET and meld.low == rank_of(card) and (index, "set") not in self.sides:
                yield from self._set_blocks(card, at, index)

    def _run_blocks(self, card: int, at: int, index: int, side: str) -> Iterator[Completion]:
        meld = self.table[index]
        low, high = meld.low, meld.low + len(meld.cards) - 1
        rank, suit = rank_of(card), suit_of(card)
        spots = [1, 14] if rank == 1 else [rank]
        jokers = min(self.limit - len(meld.jokers), len(self.hand_jokers) + len(self.freed_jokers))
        for spot in spots:
            if side == "low" and spot < low:
                shapes = self._low_block_shapes(card, at, suit, spot, low, jokers)
            elif side == "high" and spot > high:
                shapes = self._high_block_shapes(card, at, suit, spot, high, jokers)
            else:
                continue
            for naturals, faces_by_card in shapes:
                yield from self._try_block(card, at, index, side, naturals, faces_by_card)

    def _low_block_shapes(self, card, at, suit, spot, low, jokers):
        """Positions spot..low-1 (the card lowest natural), maybe jokers below the card."""
        for naturals, holes, _ in self._run_up(card, at, suit, spot, low - 1, jokers):
            if len(naturals) + len(holes) != low - 1 - spot:
                continue  # the block must reach the meld
            for below in range(jokers - len(holes) + 1):
                if spot - below < 1:
                    break
                faces = [make_face(p, suit) for p in range(spot - below, spot)] + [make_face(p, suit) for p in holes]
                yield [card] + naturals, faces

    def _high_block_shapes(self, card, at, suit, spot, high, jokers):
        """Jokers for high+1..spot-1, the card, then any continuation above it. A high ace is
        the lowest face of its suit, so its king, queen, ... are still undecided: they fill the
        gap below it as well as jokers do."""
        gap = list(range(high + 1, spot))
        if spot == 14:
            for naturals, faces in self._fill_down(at, suit, gap, jokers):
                yield [card] + naturals, faces
            return
        if len(gap) > jokers:
            return
        gap_faces = [spot_face(p, suit) for p in gap]
        yield from self._continue_up(card, at, suit, spot, [card], gap_faces, jokers - len(gap))

    def _continue_up(self, card, at, suit, top, naturals, joker_faces, jokers):
        yield list(naturals), list(joker_faces)
        nxt = top + 1
        if nxt > 14:
            return
        face = spot_face(nxt, suit)
        copies = [c for c in self._available(face, at) if c not in naturals] if nxt != 14 else []
        for copy in distinct_roles(copies, self.pos.taken):
            yield from self._continue_up(card, at, suit, nxt, naturals + [copy], joker_faces, jokers)
        if jokers:
            yield from self._continue_up(card, at, suit, nxt, naturals, joker_faces + [face], jokers - 1)

    def _fill_down(self, at, suit, gap, jokers, naturals=(), joker_faces=()):
        """Every way to fill the positions ``gap`` with undecided naturals or jokers."""
        if not gap:
            yield list(naturals), list(joker_faces)
            return
        face = spot_face(gap[-1], suit)
        for copy in distinct_roles(self._available(face, at), self.pos.taken):
            yield from self._fill_down(at, suit, gap[:-1], jokers, naturals + (copy,), joker_faces)
        if jokers:
            yield from self._fill_down(at, suit, gap[:-1], jokers - 1, naturals, joker_faces + (face,))

    def _set_blocks(self, card: int, at: int, index: int) -> Iterator[Completion]:
        meld = self.table[index]
        present = {suit_of(c) for c in meld.cards if not is_joker(c)} | {suit_of(card)}
        others = {}
        for s in range(4):
            if s not in present:
                copies = self._available(make_face(meld.low, s), at)
                if copies:
                    others[s] = copies
        for size in range(len(others) + 1):
            for suits in combinations(sorted(others), size):
                for picked in choose_one_each([others[s] for s in suits], self.pos.taken):
                    yield from self._try_block(card, at, index, "set", [card] + picked, [])

    def _try_block(self, card, at, index, side, naturals, joker_faces) -> Iterator[Completion]:
        pos = self.pos
        for hand_j, freed_j in self._joker_splits(len(joker_faces)):
            jokers = hand_j + freed_j
            if self.mode == STAY and pos.duty_card not in naturals + jokers + list(self.table[index].cards):
                continue  # staying, a lay-off only helps the taken card (or a toló for it)
            cards = list(naturals) + jokers
            fixed = dict(zip(jokers, joker_faces, strict=False))
            old = self.table[index]
            extended = lay_off(old, cards, self.rules, fixed)
            if extended is None:
                continue
            indices = self._take(naturals[1:])
            self._use_jokers(hand_j, freed_j)
            self.table[index] = extended
            self.sides.add((index, side))
            self.blocks.setdefault(index, []).extend((c, fixed.get(c, face_of(c))) for c in cards)
            yield from self._decide(at + 1)
            del self.blocks[index][-len(cards) :]
            if not self.blocks[index]:
                del self.blocks[index]
            self.sides.discard((index, side))
            self.table[index] = old
            self._return_jokers(hand_j, freed_j)
            self._give_back(indices)

    # jokers and the end of the turn --------------------------------------------------------------

    def _place_jokers(self) -> Iterator[Completion]:
        """The jokers still in hand: kept, or laid on melds with room. A joker taken from the
        discard pile is never the card kept to discard, and staying it must reach the table."""
        pos = self.pos
        taken = [j for j in self.hand_jokers if j == pos.taken]
        plain = [j for j in self.hand_jokers if j != pos.taken]
        final = list(self.table) + [m for m, _ in self.melds]
        if self.mode == OUT:
            keep = 1 - len(self.kept)
            if keep < 0 or keep > len(plain):
                return
            kept_jokers, bound, to_place = plain[:keep], [], list(self.freed_jokers) + plain[keep:] + taken
        else:
            bound = taken if pos.duty_card is not None else []
            kept_jokers = [j for j in self.hand_jokers if j not in bound]
            discardable = [c for c in self.kept + kept_jokers if c != pos.taken]
            if len(self.kept) + len(kept_jokers) < 2 or not discardable:
                return
            to_place = list(self.freed_jokers)
        for table, laid in self._taken_joker_spots(final, bound):
            placements = self._joker_room(final, to_place, table)
            if placements is None:
                continue
            if self.mode == STAY and not self._stay_duties_met(table):
                continue
            yield Completion(
                exchanges=list(self.exchanges),
                melds=[self._laid(m) for m in self._ordered_melds()],
                blocks=self._all_blocks(),
                joker_layoffs=sorted(laid + placements, key=lambda p: self._pick_order(p[1])),
                kept=list(self.kept) + kept_jokers,
                out=self.mode == OUT,
            )

    def _all_blocks(self) -> dict[int, list[tuple[int, int]]]:
        """The blocks on table melds, and on new melds the parts laid off after the exchanges."""
        blocks = {i: list(v) for i, v in self.blocks.items()}
        for number, meld in enumerate(self._ordered_melds()):
            if id(meld) in self.cores:
                blocks[len(self.table) + number] = list(self.cores[id(meld)][1])
        return blocks

    def _taken_joker_spots(self, final: list[Meld], bound: list[int]) -> Iterator[tuple[list[Meld], list]]:
        """The final table with a taken joker laid off alone on each meld with room for it
        (nothing to lay: the table as it is)."""
        if not bound:
            yield final, []
            return
        order = self._ordered_melds()
        for index, meld in enumerate(final):
            grown = lay_off(meld, bound, self.rules)
            if grown is not None:
                yield final[:index] + [grown] + final[index + 1 :], [(self._plan_index(index, final, order), bound[0])]

    def _pick_order(self, joker: int) -> tuple[bool, int]:
        """The order in which ``layoff:JK`` moves pick jokers from the hand (moves.pick_cards):
        the taken card and freed jokers first, each kind by id."""
        return joker != self.pos.taken and joker not in self.all_freed, joker

    def _ordered_melds(self) -> list[Meld]:
        """Melds with freed jokers last; in each kind the taken card's meld first, since a move
        gives its face's first card to the taken card (moves.pick_cards)."""
        first = lambda m: self.pos.taken not in m.cards  # noqa: E731
        plain = [m for m, freed in self.melds if not freed]
        return sorted(plain, key=first) + sorted((m for m, freed in self.melds if freed), key=first)

    def _joker_room(self, final: list[Meld], jokers: list[int], table: list[Meld]) -> list[tuple[int, int]] | None:
        """Lay each joker on some meld of ``table`` with room (meld indices as in ``final``, the
        same melds before any joker was laid alone)."""
        placements = []
        melds = list(table)
        order = self._ordered_melds()
        for joker in jokers:
            for index, meld in enumerate(melds):
                grown = lay_off(meld, [joker], self.rules)
                if grown is not None:
                    melds[index] = grown
                    placements.append((self._plan_index(index, final, order), joker))
                    break
            else:
                return None
        return placements

    def _plan_index(self, index: int, final: list[Meld], order: list[Meld]) -> int:
        """Final-table index as the plan lays the new melds (opening melds first)."""
        if index < len(self.table):
            return index
        meld = final[index]
        return len(self.table) + next(i for i, m in enumerate(order) if m is meld)

    def _stay_duties_met(self, final: list[Meld]) -> bool:
        """``final``: the table after the turn, the new melds after the old ones."""
        pos = self.pos
        placed_any = bool(self.melds or self.blocks or self.exchanges or pos.new_melds)
        if (
            not pos.opened
            and (placed_any or pos.meld_points)
            and pos.meld_points + sum(self._opening_points()) < pos.opening_min
        ):
            return False
        new = pos.new_melds | frozenset(range(len(self.table), len(final)))
        return taken_card_duty(final, pos, new) is None


def completions(pos: TurnPosition, modes: Sequence[str] = (STAY, OUT)) -> Iterator[Completion]:
    for mode in modes:
        yield from CompletionSearch(pos, mode).completions()
