"""Gin's card arithmetic: card points, deadwood, the knocker's arrangements, the showdown and the score.

Pure functions of cards and settings, shared by the rules (``variants/gin/rules.py``) and the AI
(``variants/gin/ai.py``, ``hard.py``); the registry skips this module.
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Any

from rummy_tui.engine.cards import card_text, find_card, make_face, rank_of, suit_of
from rummy_tui.engine.melds import SET, Meld, MeldRules, candidate_melds, lay_off, read_meld
from rummy_tui.engine.solver import Arrangement, best_arrangement, deadwood_without_each
from rummy_tui.engine.variant import parse_meld_groups
from rummy_tui.i18n import N_, msg
from rummy_tui.i18n import t as tr

GIN_RULES = MeldRules(ace_low=True, ace_high=False, max_jokers=0)


def card_points(card: int) -> int:
    """A=1, 2-10 face value, J/Q/K=10."""
    return min(rank_of(card), 10)


def knock_limit_for(upcard: int) -> int:
    """A-4: the upcard's value is the most deadwood a knocker may keep; an ace (0) forbids knocking."""
    return 0 if rank_of(upcard) == 1 else card_points(upcard)


@lru_cache(maxsize=1 << 16)
def _arrangement_of_sorted(cards: tuple[int, ...]) -> Arrangement:
    return best_arrangement(cards, GIN_RULES, card_points)


def arrangement_of(cards) -> Arrangement:
    """The least-deadwood arrangement (cached per hand contents; do not mutate the result)."""
    return _arrangement_of_sorted(tuple(sorted(cards)))


def deadwood_of(cards) -> int:
    return arrangement_of(cards).value


def deadwood_after_discards(hand: list[int], forbidden: int | None = None) -> dict[int, int]:
    """The least deadwood left after each possible discard from ``hand`` (a value-only pass: no
    arrangement is built)."""
    options = deadwood_without_each(hand, GIN_RULES, card_points)
    if forbidden is not None:
        options.pop(forbidden, None)
    return options


def ending_discards(hand: list[int], limit: int, forbidden: int | None = None) -> dict[int, int]:
    """The discards from an 11-card hand after which the player may knock or go gin, with the
    deadwood each leaves. With a limit below 1 only gin (deadwood 0) counts."""
    threshold = limit if limit >= 1 else 0
    return {card: left for card, left in deadwood_after_discards(hand, forbidden).items() if left <= threshold}


def least_deadwood_discards(hand: list[int], forbidden: int | None = None) -> dict[int, int]:
    """The discards from an 11-card hand that leave the least deadwood, with that deadwood."""
    options = deadwood_without_each(hand, GIN_RULES, card_points)
    if forbidden is not None:
        options.pop(forbidden, None)
    best = min(options.values())
    return {card: left for card, left in options.items() if left == best}


# --- the showdown -----------------------------------------------------------------------------


def _could_extend(meld: Meld, card: int, holding: set[int]) -> bool:
    """Could ``card`` ever be laid off on ``meld``, alone or at the end of a chain of cards
    from ``holding``?"""
    if meld.kind == SET:
        return len(meld.cards) < 4 and rank_of(card) == meld.low
    suit = suit_of(meld.cards[0])
    if suit_of(card) != suit:
        return False
    low, high = meld.low, meld.low + len(meld.cards) - 1
    rank = rank_of(card)
    if rank < low:
        between = range(rank + 1, low)
    elif rank > high:
        between = range(high + 1, rank)
    else:
        return False
    return all(make_face(r, suit) in holding for r in between)


def defender_showdown(defender: list[int], knocker_melds: list[Meld]) -> tuple[Arrangement, list[tuple[int, int]]]:
    """The defender's melds and lay-offs (card, knocker meld index) leaving the least deadwood."""
    holding = set(defender)
    targets = {
        card: [i for i, meld in enumerate(knocker_melds) if _could_extend(meld, card, holding)] for card in defender
    }
    movable = [card for card, where in targets.items() if where]
    best: tuple[Arrangement, list[tuple[int, int]]] = (arrangement_of(defender), [])
    for choice in itertools.product(*[[None] + targets[card] for card in movable]):
        layoffs = [(card, target) for card, target in zip(movable, choice, strict=False) if target is not None]
        if not layoffs or not _layoffs_fit(layoffs, knocker_melds):
            continue
        laid = {card for card, _ in layoffs}
        remaining = arrangement_of([c for c in defender if c not in laid])
        if (remaining.value, len(layoffs)) < (best[0].value, len(best[1])):
            best = (remaining, sorted(layoffs))
    return best


def knock_arrangements(cards: list[int], limit: int) -> list[Arrangement]:
    """A-6.1: every way to show ``cards`` (the 10 after the knocker's discard) as melds with the
    deadwood within ``limit``, least deadwood first."""
    readings = (read_meld(list(faces), GIN_RULES) for faces in candidate_melds(sorted(cards), GIN_RULES, 0))
    melds = [meld for meld in readings if meld is not None]  # every candidate reads as a meld
    found: list[Arrangement] = []

    def extend(start: int, chosen: list[Meld], used: set[int]) -> None:
        rest = [c for c in cards if c not in used]
        value = sum(card_points(c) for c in rest)
        if value <= limit:
            found.append(Arrangement(list(chosen), sorted(rest), value))
        for index in range(start, len(melds)):
            meld = melds[index]
            if not used & set(meld.cards):
                extend(index + 1, chosen + [meld], used | set(meld.cards))

    extend(0, [], set())
    return sorted(found, key=lambda a: (a.value, arrangement_code(a)))


def arrangement_code(arrangement: Arrangement) -> str:
    """``6H-7H-8H+9H-9S-9D-9C``: the melds of a knock, as the knock action names them."""
    return "+".join("-".join(card_text(c) for c in m.cards) for m in arrangement.melds)


def default_arrangement(knocker: list[int], defender: list[int], limit: int) -> Arrangement:
    """A-6.1: among the least-deadwood arrangements, the one that leaves the defender the most
    deadwood after his best lay-offs (the first such in arrangement order on a tie)."""
    options = knock_arrangements(knocker, max(limit, deadwood_of(knocker)))
    least = [a for a in options if a.value == options[0].value]
    return max(least, key=lambda a: defender_showdown(defender, a.melds)[0].value)


def read_arrangement(cards: list[int], text: str) -> Arrangement | str:
    """The arrangement a knock names (``6H-7H-8H+9H-9S-9D-9C``), or why it cannot be shown."""
    melds: list[Meld] = []
    used: set[int] = set()
    for faces, _ in parse_meld_groups(text):
        found = [find_card(cards, face) for face in faces]
        meld_cards = [card for card in found if card is not None]
        if len(meld_cards) < len(found):
            missing = next(f for f, c in zip(faces, found, strict=False) if c is None)
            return tr("You would not hold {card} after that discard.", card=card_text(missing))
        if used & set(meld_cards):
            return tr("A card can belong to only one meld.")
        meld = read_meld(meld_cards, GIN_RULES)
        if meld is None:
            return tr("{cards} is not a meld.", cards=" ".join(card_text(c) for c in meld_cards))
        melds.append(meld)
        used |= set(meld_cards)
    rest = sorted(c for c in cards if c not in used)
    return Arrangement(melds, rest, sum(card_points(c) for c in rest))


def _layoffs_fit(layoffs: list[tuple[int, int]], melds: list[Meld]) -> bool:
    by_meld: dict[int, list[int]] = {}
    for card, target in layoffs:
        by_meld.setdefault(target, []).append(card)
    return all(lay_off(melds[target], cards, GIN_RULES) is not None for target, cards in by_meld.items())


def hand_score(
    kind: str, knocker_deadwood: int, defender_deadwood: int, doubled: bool, settings: dict[str, Any]
) -> tuple[int, list[dict]]:
    """A-7: the winner's points and the lines that explain them."""
    k, d = knocker_deadwood, defender_deadwood
    if kind == "gin":
        bonus = settings["gin_bonus"]
        points, lines = d + bonus, [msg(N_("gin: {d} + {bonus} = {points}"), d=d, bonus=bonus, points=d + bonus)]
    elif kind == "undercut":
        bonus = settings["undercut_bonus"]
        points, lines = (
            k - d + bonus,
            [msg(N_("undercut: {k} - {d} + {bonus} = {points}"), k=k, d=d, bonus=bonus, points=k - d + bonus)],
        )
    else:
        points, lines = d - k, [msg(N_("knock: {d} - {k} = {points}"), d=d, k=k, points=d - k)]
    if doubled:
        points *= 2
        lines.append(msg(N_("× 2 (spade upcard) = {points}"), points=points))
    return points, lines


def match_settlement(
    totals: list[int], boxes: list[int], winner: int, names: list[str], settings: dict[str, Any]
) -> tuple[list[int], list[dict], int]:
    """A-10: each seat's final score, the settlement lines and the winner's margin."""
    loser = 1 - winner
    final, lines = [], []
    for seat in (0, 1):
        terms = [str(totals[seat])]
        score = totals[seat]
        if seat == winner:
            bonuses = [settings["game_bonus"]]
            if totals[loser] == 0:
                bonuses.append(settings["shutout_extra"])
            for bonus in (b for b in bonuses if b):
                terms.append(str(bonus))
                score += bonus
        if settings["box_bonus"] and boxes[seat]:
            terms.append(f"{boxes[seat]} × {settings['box_bonus']}")
            score += boxes[seat] * settings["box_bonus"]
        final.append(score)
        sum_text = " + ".join(terms)
        lines.append(
            msg(N_("{name}: {sums} = {score}"), name=names[seat], sums=sum_text, score=score)
            if len(terms) > 1
            else msg(N_("{name}: {score}"), name=names[seat], score=score)
        )
    margin = final[winner] - final[loser]
    lines.append(msg(N_("Result: {margin} to {name}"), margin=margin, name=names[winner]))
    return final, lines, margin
