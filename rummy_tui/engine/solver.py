"""Best arrangement of a hand into non-overlapping melds (minimum deadwood).

Two searches give the same answer:

* **Natural hands** (no joker, no face twice: every Gin hand) use tables. Cards are bits of a
  52-bit mask, 13 per suit. A rank can hold one set at most, so an arrangement is a choice of
  sets plus, in each suit, runs among what is left; the best runs of every 13-bit suit pattern
  are computed once per card-value function and ace rule. Without three cards of a rank the
  answer is four table look-ups.
* **Other hands** (jokers, two copies of a card): take the lowest remaining card and either
  leave it unmatched or put it into one of the candidate melds that contain its face, filling
  the meld's other faces with the first unused copies. Jokers are ordered last, so a joker is
  only reached once every natural card has been decided, and a joker-only meld is never
  needed. Results are memoised per remaining set.

Both minimise the deadwood value, then the number of unmatched cards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations

from .cards import JOKER, face_of, is_joker
from .melds import RUN, SET, Meld, MeldRules, candidate_melds, read_meld

SUIT_BITS = 0x1FFF  # 13 ranks, ace at bit 0
COUNT_BITS = 6  # a search key is value << 6 | unmatched cards (at most 52 < 64)


@dataclass
class Arrangement:
    melds: list[Meld] = field(default_factory=list)
    deadwood: list[int] = field(default_factory=list)
    value: int = 0  # value of the deadwood

    @property
    def melded_count(self) -> int:
        return sum(len(m.cards) for m in self.melds)


def best_arrangement(hand: Sequence[int], rules: MeldRules, card_value: Callable[[int], int]) -> Arrangement:
    """The arrangement of ``hand`` with the least deadwood value (ties: more cards melded)."""
    mask = _natural_mask(hand, rules)
    if mask is not None:
        return _table_arrangement(hand, mask, _tables_for(rules, card_value))
    return _searched_arrangement(hand, rules, card_value)


def deadwood(hand: Sequence[int], rules: MeldRules, card_value: Callable[[int], int]) -> int:
    """The least deadwood value of ``hand`` (faster than building the arrangement)."""
    mask = _natural_mask(hand, rules)
    if mask is not None:
        return _table_key(mask, _tables_for(rules, card_value))[0] >> COUNT_BITS
    return _searched_arrangement(hand, rules, card_value).value


def deadwood_without_each(hand: Sequence[int], rules: MeldRules, card_value: Callable[[int], int]) -> dict[int, int]:
    """For each card of ``hand``, the least deadwood value of the hand without it: the value of
    every possible discard, without building an arrangement for any of them."""
    mask = _natural_mask(hand, rules)
    if mask is None:
        return {card: deadwood([*hand[:i], *hand[i + 1 :]], rules, card_value) for i, card in enumerate(hand)}
    by_face = _deadwood_without_each(mask, _tables_for(rules, card_value))
    if not hand or max(hand) < 52:  # one deck: a card is its face
        return by_face
    return {card: by_face[card % 52] for card in hand}


def all_melded(hand: Sequence[int], rules: MeldRules) -> bool:
    """Can every card of ``hand`` be put into melds?"""
    return deadwood(hand, rules, _one_each) == 0


def _one_each(card: int) -> int:
    return 1


# --- natural hands: tables over 13-bit suit patterns ----------------------------------------


def _natural_mask(hand: Sequence[int], rules: MeldRules) -> int | None:
    """The hand's faces as a 52-bit mask, or None when the table search does not apply."""
    if not hand:
        return 0
    if max(hand) < 52:  # one deck: a sum of distinct powers of two has one bit per card
        mask = sum(map(_BIT.__lshift__, hand))
    elif max(hand) < JOKER:
        mask = sum(_BIT << (card % 52) for card in hand)
    else:
        return None
    if mask.bit_count() != len(hand) or rules.min_naturals > 3:
        return None  # two copies of a face, or rules the tables do not know
    return mask


_BIT = 1


@dataclass(frozen=True)
class _Tables:
    """For each suit: the best search key of every 13-bit pattern and the run chosen for it."""

    keys: tuple[list[int], ...]
    choice: tuple[list[int], ...]
    set_sizes: tuple[int, ...]
    removal: list[_RemovalTables] = field(default_factory=list, compare=False)  # built on first use


_RECENT_TABLES: dict[tuple[int, int], tuple[Callable[[int], int], MeldRules, _Tables]] = {}


def _tables_for(rules: MeldRules, card_value: Callable[[int], int]) -> _Tables:
    """The tables for a value function and rules, found by identity: the entry holds both
    objects, so their ids cannot be reused while it exists."""
    key = (id(card_value), id(rules))
    hit = _RECENT_TABLES.get(key)
    if hit is not None:
        return hit[2]
    values = tuple(card_value(face) for face in range(52))
    tables = _build_tables(values, rules.ace_low, rules.ace_high, rules.set_max)
    if len(_RECENT_TABLES) >= 256:  # throw-away lambdas must not pile up
        _RECENT_TABLES.clear()
    _RECENT_TABLES[key] = (card_value, rules, tables)
    return tables


@lru_cache(maxsize=64)
def _build_tables(values: tuple[int, ...], ace_low: bool, ace_high: bool, set_max: int) -> _Tables:
    runs_by_low = _runs_by_lowest_bit(ace_low, ace_high)
    per_suit: dict[tuple[int, ...], tuple[list[int], list[int]]] = {}
    keys, choice = [], []
    for suit in range(4):
        rank_values = tuple(values[suit * 13 : suit * 13 + 13])
        if rank_values not in per_suit:
            per_suit[rank_values] = _suit_table(rank_values, runs_by_low)
        keys.append(per_suit[rank_values][0])
        choice.append(per_suit[rank_values][1])
    set_sizes = tuple(size for size in (3, 4) if size <= set_max)
    return _Tables(tuple(keys), tuple(choice), set_sizes)


def _runs_by_lowest_bit(ace_low: bool, ace_high: bool) -> list[list[int]]:
    """Every run as a 13-bit rank mask (bit 0 is the ace, bit 12 the king), listed under its
    lowest bit; a run ending in a high ace (... Q K A) therefore sits under bit 0."""
    runs: set[int] = set()
    for length in range(3, 14):
        for low in range(14 - length):
            if ace_low or (ace_high and low >= 1):  # runs without an ace suit both modes
                runs.add(((1 << length) - 1) << low)
        if ace_high:
            runs.add(((1 << (length - 1)) - 1) << (14 - length) | 1)
    by_low: list[list[int]] = [[] for _ in range(13)]
    for run in runs:
        by_low[(run & -run).bit_length() - 1].append(run)
    return by_low


def _suit_table(rank_values: tuple[int, ...], runs_by_low: list[list[int]]) -> tuple[list[int], list[int]]:
    """Least (value, unmatched count) key of each pattern when only runs may meld, with the run
    that achieves it for the pattern's lowest card (0: that card stays unmatched)."""
    size = 1 << 13
    keys = [0] * size
    choice = [0] * size
    for pattern in range(1, size):
        low_bit = pattern & -pattern
        low = low_bit.bit_length() - 1
        best = keys[pattern ^ low_bit] + (rank_values[low] << COUNT_BITS) + 1
        chosen = 0
        for run in runs_by_low[low]:
            if run & pattern == run and keys[pattern ^ run] < best:
                best, chosen = keys[pattern ^ run], run
        keys[pattern], choice[pattern] = best, chosen
    return keys, choice


def _table_key(mask: int, tables: _Tables) -> tuple[int, tuple[int, ...]]:
    """The best key of the hand, and the set masks (52-bit) that achieve it."""
    s0 = mask & SUIT_BITS
    s1 = mask >> 13 & SUIT_BITS
    s2 = mask >> 26 & SUIT_BITS
    s3 = mask >> 39
    k0, k1, k2, k3 = tables.keys
    best = k0[s0] + k1[s1] + k2[s2] + k3[s3]
    triples = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if not triples:
        return best, ()
    best_sets: tuple[int, ...] = ()
    for sets in _set_choices(mask, triples, tables.set_sizes):
        rest = mask
        for group in sets:
            rest &= ~group
        key = k0[rest & SUIT_BITS] + k1[rest >> 13 & SUIT_BITS] + k2[rest >> 26 & SUIT_BITS] + k3[rest >> 39]
        if key < best:
            best, best_sets = key, sets
    return best, best_sets


def _deadwood_without_each(mask: int, tables: _Tables) -> dict[int, int]:
    """The least deadwood of ``mask`` without each of its faces, by face.

    The set choices of the smaller hand are exactly the choices of the whole hand that avoid the
    removed card, so one pass over the choices serves every removal; within a choice, removing a
    card changes only its own suit's look-up.
    """
    s0 = mask & SUIT_BITS
    s1 = mask >> 13 & SUIT_BITS
    s2 = mask >> 26 & SUIT_BITS
    s3 = mask >> 39
    triples = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    removal = tables.removal[0] if tables.removal else _removal_tables(tables)
    best = _runs_without_each_card((s0, s1, s2, s3), removal)
    if not triples:
        return best
    for sets in _set_choices(mask, triples, tables.set_sizes):
        rest = mask
        for group in sets:
            rest &= ~group
        patterns = (rest & SUIT_BITS, rest >> 13 & SUIT_BITS, rest >> 26 & SUIT_BITS, rest >> 39)
        for face, value in _runs_without_each_card(patterns, removal).items():
            if value < best[face]:
                best[face] = value
    return best


@dataclass(frozen=True)
class _RemovalTables:
    """Per suit and 13-bit pattern: the pattern's deadwood value, its faces (52-card numbering)
    and the value left without each of those faces."""

    values: tuple[list[int], ...]
    faces: tuple[list[tuple[int, ...]], ...]
    without: tuple[list[tuple[int, ...]], ...]


def _removal_tables(tables: _Tables) -> _RemovalTables:
    """Built once per set of tables, on first use, and kept in ``tables.removal``."""
    ranks = [tuple(rank for rank in range(13) if pattern >> rank & 1) for pattern in range(1 << 13)]
    built: dict[int, tuple[list[int], list[tuple[int, ...]]]] = {}
    for keys in tables.keys:
        if id(keys) not in built:  # suits with the same card values share a table
            built[id(keys)] = (
                [key >> COUNT_BITS for key in keys],
                [
                    tuple(keys[pattern ^ 1 << rank] >> COUNT_BITS for rank in ranks[pattern])
                    for pattern in range(1 << 13)
                ],
            )
    removal = _RemovalTables(
        values=tuple(built[id(keys)][0] for keys in tables.keys),
        faces=tuple([tuple(13 * suit + rank for rank in held) for held in ranks] for suit in range(4)),
        without=tuple(built[id(keys)][1] for keys in tables.keys),
    )
    tables.removal.append(removal)
    return removal


def _runs_without_each_card(patterns: tuple[int, int, int, int], removal: _RemovalTables) -> dict[int, int]:
    """The least deadwood of the four suit ``patterns`` without each of their faces, by face,
    melding runs only."""
    v0, v1, v2, v3 = values = removal.values
    total = v0[patterns[0]] + v1[patterns[1]] + v2[patterns[2]] + v3[patterns[3]]
    found: dict[int, int] = {}
    for suit in (0, 1, 2, 3):
        pattern = patterns[suit]
        others = total - values[suit][pattern]
        for face, value in zip(removal.faces[suit][pattern], removal.without[suit][pattern], strict=False):
            found[face] = others + value
    return found


def _set_choices(mask: int, triples: int, sizes: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every non-empty choice of at most one set per rank that has three or more suits."""
    options_per_rank = []
    while triples:
        low_bit = triples & -triples
        triples ^= low_bit
        suits_held = [low_bit << (13 * suit) for suit in range(4) if mask & low_bit << (13 * suit)]
        options = [0]
        for size in sizes:
            options += [sum(chosen) for chosen in combinations(suits_held, size)]
        options_per_rank.append(options)
    choices: list[tuple[int, ...]] = [()]
    for options in options_per_rank:
        choices = [made + ((group,) if group else ()) for made in choices for group in options]
    return [choice for choice in choices if choice]


def _table_arrangement(hand: Sequence[int], mask: int, tables: _Tables) -> Arrangement:
    key, sets = _table_key(mask, tables)
    card_of_face = {card % 52: card for card in hand}
    melds = []
    rest = mask
    for group in sets:
        rest ^= group
        cards = tuple(card_of_face[f] for f in bits(group))
        melds.append(Meld(SET, cards, tuple(c % 52 for c in cards), cards[0] % 13 + 1))
    unmatched = rest
    for suit in range(4):
        pattern = rest >> (13 * suit) & SUIT_BITS
        while pattern:
            run = tables.choice[suit][pattern]
            if not run:
                pattern &= pattern - 1
                continue
            pattern ^= run
            unmatched ^= run << (13 * suit)
            melds.append(_natural_run(run, suit, card_of_face))
    melds.sort(key=lambda m: min(m.faces))
    return Arrangement(melds, [card_of_face[f] for f in bits(unmatched)], key >> COUNT_BITS)


def _natural_run(run: int, suit: int, card_of_face: dict[int, int]) -> Meld:
    ranks = [bit + 1 for bit in bits(run)]
    positions = sorted(14 if rank == 1 and 13 in ranks else rank for rank in ranks)
    faces = tuple(suit * 13 + (0 if p == 14 else p - 1) for p in positions)
    return Meld(RUN, tuple(card_of_face[f] for f in faces), faces, positions[0])


def bits(mask: int) -> list[int]:
    """The numbers of the bits set in a mask, lowest first."""
    found = []
    while mask:
        low_bit = mask & -mask
        found.append(low_bit.bit_length() - 1)
        mask ^= low_bit
    return found


# --- other hands: search over candidate melds ------------------------------------------------


def _searched_arrangement(hand: Sequence[int], rules: MeldRules, card_value: Callable[[int], int]) -> Arrangement:
    cards = sorted(hand, key=lambda c: (is_joker(c), face_of(c), c))
    faces = [face_of(c) for c in cards]
    jokers = sum(1 for c in cards if is_joker(c))
    by_face = _candidates_by_face(tuple(sorted(f for f in faces if f != JOKER)), rules, jokers)
    values = [card_value(c) for c in cards]
    full = (1 << len(cards)) - 1
    memo: dict[int, tuple[int, int, tuple[int, ...]]] = {}

    bits_of_face: dict[int, list[int]] = {}
    for index, face in enumerate(faces):
        bits_of_face.setdefault(face, []).append(1 << index)

    def pick(mask: int, needed: tuple[int, ...]) -> int | None:
        """Bits of the first unused cards in ``mask`` showing the ``needed`` faces."""
        bits = 0
        for face in needed:
            for bit in bits_of_face.get(face, ()):
                if mask & bit and not bits & bit:
                    bits |= bit
                    break
            else:
                return None
        return bits

    def solve(mask: int) -> tuple[int, int, tuple[int, ...]]:
        """(deadwood value, -cards melded, melds as masks of card indexes)."""
        if mask == 0:
            return (0, 0, ())
        hit = memo.get(mask)
        if hit is not None:
            return hit
        low_bit = mask & -mask
        low = low_bit.bit_length() - 1
        rest = solve(mask ^ low_bit)
        best = (rest[0] + values[low], rest[1], rest[2])
        for meld_faces in by_face.get(faces[low], ()):
            bits = pick(mask, meld_faces)
            if bits is None or not bits & low_bit:
                continue
            sub = solve(mask & ~bits)
            melded = sub[1] - bits.bit_count()
            if (sub[0], melded) < best[:2]:
                best = (sub[0], melded, sub[2] + (bits,))
        memo[mask] = best
        return best

    value, _, groups = solve(full)
    used = 0
    melds = []
    for group in groups:
        used |= group
        melds.append(read_meld([cards[i] for i in range(len(cards)) if group >> i & 1], rules))
    unmatched = [cards[i] for i in range(len(cards)) if not used >> i & 1]
    return Arrangement([m for m in melds if m is not None], unmatched, value)


@lru_cache(maxsize=4096)
def _candidates_by_face(faces: tuple[int, ...], rules: MeldRules, jokers: int) -> dict[int, list[tuple[int, ...]]]:
    by_face: dict[int, list[tuple[int, ...]]] = {}
    for meld in candidate_melds(faces, rules, jokers):
        for face in set(meld):
            by_face.setdefault(face, []).append(meld)
    return by_face
