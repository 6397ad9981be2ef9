"""Our Gin cards and action codes in OpenSpiel's ``gin_rummy`` terms, and back.

Pure functions (no pyspiel), so that the tests can check them anywhere; ``openspiel_gin.py``
checks them once more against pyspiel's own tables before it plays.

OpenSpiel's conventions (open_spiel/games/gin_rummy/gin_rummy.h, gin_rummy_utils.cc):

* a card is ``suit * 13 + rank - 1`` with the suits in the order ``s c d h`` (ours: ``S H D C``),
  written ``As``, ``Tc``, ``Kh``;
* actions 0-51 deal, discard or lay off that card; 52 draws the upcard, 53 draws from the
  stock, 54 passes (on the first upcard, at the wall, or to end a knock's meld declaration or
  the defender's lay-offs and melds), 55 knocks; 56 + id lays meld ``id``;
* the 185 meld ids: rank melds first, 5 per rank in rank order (the four 3-card sets by the
  suit of the missing card, then the 4-card set), then runs by length (3, 4, 5), suit and
  lowest rank. Runs longer than 5 are laid as two or more shorter runs.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy_tui.engine.cards import SUITS, card_text, make_face, parse_face, rank_of, suit_of
from rummy_tui.engine.melds import SET, Meld, read_meld
from rummy_tui.engine.variant import split_action
from variants.gin.rules import GIN_RULES, arrangement_of, defender_showdown, read_arrangement

DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD_BASE = 52, 53, 54, 55, 56
MELD_COUNT = 185
OPENSPIEL_SUITS = "scdh"
OPENSPIEL_RANKS = "A23456789TJQK"
RANK_MELDS = 65  # 13 ranks x 5
RUN_OFFSETS = {3: RANK_MELDS, 4: RANK_MELDS + 44, 5: RANK_MELDS + 44 + 40}  # 44 runs of 3, 40 of 4
LONGEST_RUN = 5


# --- cards --------------------------------------------------------------------------------


def openspiel_card(card: int) -> int:
    """OpenSpiel's index of our card (a face or physical id)."""
    suit = OPENSPIEL_SUITS.index(SUITS[suit_of(card)].lower())
    return suit * 13 + rank_of(card) - 1


def our_card(index: int) -> int:
    """Our card id of OpenSpiel's card ``index``."""
    if not 0 <= index < 52:
        raise ValueError(f"{index} is not an OpenSpiel card index (0-51)")
    suit = SUITS.index(OPENSPIEL_SUITS[index // 13].upper())
    return make_face(index % 13 + 1, suit)


def openspiel_card_text(index: int) -> str:
    """``As``, ``Tc``, ``Kh``: how OpenSpiel writes its card ``index``."""
    return OPENSPIEL_RANKS[index % 13] + OPENSPIEL_SUITS[index // 13]


# --- melds --------------------------------------------------------------------------------


def meld_id(indices: Sequence[int]) -> int:
    """OpenSpiel's meld id (0-184) of a meld given as OpenSpiel card indices."""
    cards = sorted(indices)
    ranks = [c % 13 for c in cards]
    suits = [c // 13 for c in cards]
    if len(set(ranks)) == 1 and len(cards) in (3, 4) and len(set(suits)) == len(cards):
        if len(cards) == 4:
            return ranks[0] * 5 + 4
        missing = next(s for s in range(4) if s not in suits)
        return ranks[0] * 5 + missing
    run = len(set(suits)) == 1 and ranks == list(range(ranks[0], ranks[0] + len(cards)))
    if run and len(cards) in RUN_OFFSETS:
        return RUN_OFFSETS[len(cards)] + suits[0] * (14 - len(cards)) + ranks[0]
    raise ValueError(f"{' '.join(openspiel_card_text(c) for c in cards)} is not an OpenSpiel meld")


def meld_indices(identifier: int) -> list[int]:
    """The OpenSpiel card indices of meld ``identifier`` (0-184), in ascending order."""
    if not 0 <= identifier < MELD_COUNT:
        raise ValueError(f"{identifier} is not an OpenSpiel meld id (0-{MELD_COUNT - 1})")
    if identifier < RANK_MELDS:
        rank, kind = divmod(identifier, 5)
        suits = range(4) if kind == 4 else [s for s in range(4) if s != kind]
        return [suit * 13 + rank for suit in suits]
    for length in sorted(RUN_OFFSETS, reverse=True):
        offset = RUN_OFFSETS[length]
        if identifier >= offset:
            suit, low = divmod(identifier - offset, 14 - length)
            return [suit * 13 + low + step for step in range(length)]
    raise AssertionError("unreachable")


def meld_pieces(meld: Meld) -> list[list[int]]:
    """Our meld as OpenSpiel can lay it: a run of more than 5 cards splits into runs of 3-5."""
    cards = sorted(meld.cards, key=rank_of)
    if meld.kind == SET or len(cards) <= LONGEST_RUN:
        return [cards]
    count = -(-len(cards) // LONGEST_RUN)  # as few pieces as possible, as even as possible
    sizes = [len(cards) // count + (1 if i < len(cards) % count else 0) for i in range(count)]
    starts = [sum(sizes[:i]) for i in range(count)]
    return [cards[start : start + size] for start, size in zip(starts, sizes, strict=False)]


def meld_actions(melds: Sequence[Meld]) -> list[int]:
    """The OpenSpiel actions that lay ``melds`` (ours), one piece at a time."""
    return [MELD_BASE + meld_id([openspiel_card(c) for c in piece]) for meld in melds for piece in meld_pieces(meld)]


def our_meld(identifier: int) -> Meld:
    """OpenSpiel's meld ``identifier`` as our Meld."""
    meld = read_meld([our_card(i) for i in meld_indices(identifier)], GIN_RULES)
    if meld is None:
        raise AssertionError(f"OpenSpiel meld {identifier} does not read as a meld in our rules")
    return meld


# --- actions ------------------------------------------------------------------------------


def opponent_code(action: int, phase: str) -> str | None:
    """Our action code for an OpenSpiel action of the other seat, to replay on our mirror of the
    hand; None for a knock (the hand ends there, and the mirror is no longer needed)."""
    if action == KNOCK:
        return None
    if action == DRAW_UPCARD:
        return "take:upcard" if phase == "FIRST_UPCARD" else "take:discard"
    if action == DRAW_STOCK:
        return "draw:stock"
    if action == PASS:
        if phase == "FIRST_UPCARD":
            return "pass"
        if phase == "WALL":
            return "void"
    if 0 <= action < 52 and phase == "DISCARD":
        return f"discard:{card_text(our_card(action))}"
    raise ValueError(f"no Gin Römi code for OpenSpiel action {action} in phase {phase}")


def openspiel_actions(code: str, phase: str, hand: Sequence[int]) -> list[int]:
    """The OpenSpiel actions for our action ``code`` played from ``hand`` (our card ids) in
    OpenSpiel's ``phase`` (a ``pyspiel.gin_rummy.Phase`` name).

    A knock or gin is the whole declaration: knock (unless the wall's knock already happened),
    the discard, the melds of the arrangement it names (the least-deadwood arrangement when it
    names none), and the pass that ends it."""
    verb, argument = split_action(code)
    if (verb, argument) in (("take", "upcard"), ("take", "discard")):
        return [KNOCK] if phase == "WALL" else [DRAW_UPCARD]
    if (verb, argument) == ("draw", "stock"):
        return [DRAW_STOCK]
    if verb in ("pass", "void"):
        return [PASS]
    card_code, _, shown = argument.partition("/")
    card = _held(hand, card_code)
    if verb == "discard":
        return [openspiel_card(card)]
    if verb in ("knock", "gin"):
        kept = [c for c in hand if c != card]
        arrangement = read_arrangement(kept, shown) if shown else arrangement_of(kept)
        if isinstance(arrangement, str):
            raise ValueError(f"{code}: {arrangement}")
        knock = [] if phase == "KNOCK" else [KNOCK]
        return knock + [openspiel_card(card)] + meld_actions(arrangement.melds) + [PASS]
    raise ValueError(f"no OpenSpiel action for {code}")


def _held(hand: Sequence[int], code: str) -> int:
    face = parse_face(code)
    for card in hand:
        if card % 52 == face:
            return card
    raise ValueError(f"{code} is not in the hand {' '.join(card_text(c) for c in hand)}")


def layoff_order(hand: Sequence[int], knocker_melds: Sequence[Meld]) -> list[int]:
    """The defender's lay-offs that leave him the least deadwood (our solver's showdown), in an
    order OpenSpiel accepts: on each meld the nearest card first."""
    _, layoffs = defender_showdown(list(hand), list(knocker_melds))

    def distance(layoff: tuple[int, int]) -> tuple[int, int]:
        card, target = layoff
        meld = knocker_melds[target]
        if meld.kind == SET:
            return target, 0
        low, high = meld.low, meld.low + len(meld.cards) - 1
        return target, low - rank_of(card) if rank_of(card) < low else rank_of(card) - high

    return [card for card, _ in sorted(layoffs, key=distance)]
