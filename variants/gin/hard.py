"""The hard Gin Römi player: card tracking, a one-step look-ahead, safe discards, knock timing.

Everything is computed from the seat's observation. :func:`hard_move` returns the action and
the reason a player would give for it (the hint text).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from rummy_tui.engine.cards import SUIT_SYMBOLS, card_text, make_face, parse_face, rank_of, suit_of
from rummy_tui.engine.hints import set_words
from rummy_tui.engine.melds import SET, Meld
from rummy_tui.i18n import face_label, ngettext
from rummy_tui.i18n import t as tr

from .rules import arrangement_of, card_points, deadwood_of
from .scoring import deadwood_after_discards

NOW_WEIGHT = 0.35  # a hand's value: this share of its deadwood now, the rest after the next draw
DANGER_POINTS = 10.0  # what feeding the opponent a card he can meld costs, in deadwood points
TAKE_MARGIN = 0.5  # taking the discard must beat the stock by this much (it shows our hand)
UNDERCUT_RISK = 0.6  # wait rather than knock when an undercut is at least this likely ...
LATE_STOCK = 8  # ... unless the stock is this low (waiting has little left to gain)
SAMPLES = 24  # opponent hands sampled to judge a knock
OPPONENT_SAMPLES = 200  # opponent hands sampled to judge which discards he could meld
SHUNNED_WEIGHT = 0.1  # a sampled hand's weight for each thrown or left card it would have melded
SAFE_SHARE = 0.2  # a hint calls a discard safer when the opponent melds it less often than this
OUT_POINTS = 3  # what keeping a loose card is worth for each unseen card that would meld it
NEAR_PICK_POINTS = 1  # ... and for each card the opponent took openly that it is near


@dataclass
class Knowledge:
    """What this seat knows about the cards of the current hand."""

    hand: list[int]
    known_opponent: list[int]  # cards the opponent took openly and still holds
    opponent_discards: set[int]  # cards the opponent threw away this hand
    opponent_passed: set[int]  # cards he could have taken and did not
    unseen: list[int]  # in the stock or the opponent's hand
    hidden_in_opponent: int  # how many of the opponent's cards are unseen
    stock_count: int
    limit: int
    taken: int | None
    opponent_draws: int
    outs_cache: dict = field(default_factory=dict)
    feeding: dict = field(default_factory=dict)  # card -> chance the opponent could meld it


def read_knowledge(observation: dict[str, Any]) -> Knowledge:
    seat = observation["seat"]
    opponent = 1 - seat
    extra = observation["extra"]
    hand = list(observation["hand"])
    pile = set(observation["discard"])
    discarded = extra.get("discarded") or [[], []]
    opponent_discards = set(discarded[opponent]) | _discards_in_events(observation, opponent)
    known = [c for c in extra["picked"][opponent] if c not in pile and c not in hand]
    seen = set(hand) | pile | set(known)
    unseen = [c for c in range(52) if c not in seen]
    passed = set()
    if opponent in extra.get("passed", []):
        passed.add(extra["upcard"])
    declined = extra.get("declined")
    passed |= set(declined[opponent]) if declined is not None else _declined_discards(observation, opponent)
    return Knowledge(
        hand=hand,
        known_opponent=known,
        opponent_discards=opponent_discards,
        opponent_passed=passed,
        unseen=unseen,
        hidden_in_opponent=max(observation["hand_sizes"][opponent] - len(known), 0),
        stock_count=observation["stock_count"],
        limit=extra["knock_limit"],
        taken=extra.get("taken"),
        opponent_draws=len(discarded[opponent]),
    )


def _discards_in_events(observation: dict[str, Any], seat: int) -> set[int]:
    """Discards of ``seat`` in the recent log (for games saved before discards were recorded)."""
    from rummy_tui.engine.cards import parse_face
    from rummy_tui.i18n import english

    found = set()
    for event in observation["events"]:
        text = english(event)
        if event["seat"] == seat and event["hand"] == observation["hand_no"] and text.startswith("discarded ["):
            found.add(parse_face(text[len("discarded [") : text.index("]")]))
    return found


def _declined_discards(observation: dict[str, Any], seat: int) -> set[int]:
    """Top discards ``seat`` left lying when he drew from the stock, read from the recent log
    (for games saved before gin recorded them in ``extra["declined"]``)."""
    from rummy_tui.engine.cards import parse_face
    from rummy_tui.i18n import english

    declined = set()
    top = None
    for event in observation["events"]:
        if event["hand"] != observation["hand_no"]:
            continue
        text = english(event)
        if text.startswith(("discarded [", "dealt hand")):
            top = parse_face(text[text.index("[") + 1 : text.index("]")])
        elif text.startswith("took ["):
            top = None
        elif text == "drew from the stock" and event["seat"] == seat and top is not None:
            declined.add(top)
    return declined


# --- valuing hands ------------------------------------------------------------------------------


def _connected_mask(hand: list[int]) -> int:
    """Faces that could meld with some card of ``hand``: same rank, or same suit within two."""
    mask = 0
    for card in hand:
        rank, suit = rank_of(card), suit_of(card)
        for other_suit in range(4):
            mask |= 1 << make_face(rank, other_suit)
        for step in (-2, -1, 1, 2):
            if 1 <= rank + step <= 13:
                mask |= 1 << make_face(rank + step, suit)
    return mask


def after_next_draw(hand: list[int], know: Knowledge) -> float:
    """The deadwood this 10-card hand may expect after one more draw from the unseen cards and
    the best discard. A card that connects with nothing is either thrown back or replaces the
    cheapest removable card, so only connected cards need the solver."""
    key = tuple(sorted(hand))
    hit = know.outs_cache.get(key)
    if hit is not None:
        return hit
    now = deadwood_of(hand)
    best_nine = min(deadwood_after_discards(hand).values())
    connected = _connected_mask(hand)
    total = 0.0
    for card in know.unseen:
        if connected >> card & 1:
            total += min(deadwood_after_discards(hand + [card]).values())
        else:
            total += min(now, best_nine + card_points(card))
    value = total / max(len(know.unseen), 1)
    know.outs_cache[key] = value
    return value


def hand_value(hand: list[int], know: Knowledge) -> float:
    """Lower is better: deadwood now, and what it is likely to become."""
    return NOW_WEIGHT * deadwood_of(hand) + (1 - NOW_WEIGHT) * after_next_draw(hand, know)


def meld_partners(card: int) -> list[tuple[int, int]]:
    """Pairs of cards that would meld with ``card``: two of its rank, or its run neighbours."""
    rank, suit = rank_of(card), suit_of(card)
    others = [make_face(rank, s) for s in range(4) if s != suit]
    pairs = [(others[0], others[1]), (others[0], others[2]), (others[1], others[2])]
    for low, high in ((-2, -1), (-1, 1), (1, 2)):
        if rank + low >= 1 and rank + high <= 13:
            pairs.append((make_face(rank + low, suit), make_face(rank + high, suit)))
    return pairs


def feeding_chance(card: int, know: Knowledge) -> float:
    """How likely the opponent can meld ``card`` if we throw it (from ``read_opponent``)."""
    return know.feeding.get(card, 0.0)


def _partner_masks(card: int) -> list[int]:
    return [1 << first | 1 << second for first, second in meld_partners(card)]


PARTNERS = [_partner_masks(card) for card in range(52)]


def _melds_with(card: int, mask: int) -> bool:
    for pair in PARTNERS[card]:  # noqa: SIM110 (any() over a generator costs more: millions of calls a game)
        if pair & mask == pair:
            return True
    return False


def read_opponent(know: Knowledge, cards: list[int], rng: random.Random) -> None:
    """Fill ``know.feeding`` for ``cards``: the share of the opponent's possible hands in which
    the card would meld. A possible hand is his known cards plus unseen ones; hands that could
    have melded a card he threw away or left lying, or in which a card he took does not meld,
    count far less: a player takes what melds, keeps it, and throws what does not."""
    shunned = [c for c in know.opponent_discards | know.opponent_passed if c not in know.known_opponent]
    known = 0
    for card in know.known_opponent:
        known |= 1 << card
    unseen, hidden = know.unseen, min(know.hidden_in_opponent, len(know.unseen))
    melds = dict.fromkeys(cards, 0.0)
    total = 0.0
    for _ in range(OPPONENT_SAMPLES):
        mask = known
        for card in rng.sample(unseen, hidden):
            mask |= 1 << card
        misses = sum(_melds_with(c, mask) for c in shunned)
        misses += sum(not _melds_with(c, mask & ~(1 << c)) for c in know.known_opponent)
        weight = SHUNNED_WEIGHT**misses
        total += weight
        for card in cards:
            if _melds_with(card, mask):
                melds[card] += weight
    know.feeding = {card: value / total for card, value in melds.items()}


# --- decisions ----------------------------------------------------------------------------------


def hard_move(observation: dict[str, Any], legal: list[str], rng: random.Random) -> tuple[str, str]:
    if len(legal) == 1:
        return legal[0], tr("It is the only move.")
    know = read_knowledge(observation)
    read_opponent(know, know.hand, rng)
    phase = observation["phase"]
    if phase == "last_chance":
        return _last_chance(observation, legal, know)
    if phase in ("upcard", "draw"):
        return _draw(observation, legal, know)
    if phase == "discard":
        return _discard(observation, legal, know, rng)
    return legal[0], tr("It is the only sensible move.")


def completing_cards(card: int, others: list[int]) -> set[int]:
    """The cards that would make a meld of ``card`` with one of the ``others``."""
    rank, suit = rank_of(card), suit_of(card)
    completing: set[int] = set()
    for other in others:
        if rank_of(other) == rank:
            completing.update(make_face(rank, s) for s in range(4) if s not in (suit, suit_of(other)))
        elif suit_of(other) == suit and abs(rank_of(other) - rank) <= 2:
            low, high = sorted((rank, rank_of(other)))
            wanted = [low + 1] if high - low == 2 else [low - 1, high + 1]
            completing.update(make_face(r, suit) for r in wanted if 1 <= r <= 13)
    return completing


def shedding_options(hand: list[int], know: Knowledge) -> list[tuple[float, int]]:
    """(cost, card) for every loose card, best first: the deadwood it leaves, what its outs are
    worth, and the risk of feeding the opponent. The first three terms are normal's quick cost,
    which measured faster to a knock than a look-ahead over the next draw (bench/research/gin_paired.py);
    hard adds the chance that the opponent melds the card, read from his play."""
    arrangement = arrangement_of(hand)
    loose = [c for c in arrangement.deadwood if c != know.taken]
    if not loose:
        return []
    unseen = set(know.unseen)
    options = []
    for card in loose:
        others = [c for c in arrangement.deadwood if c != card]
        outs = len(completing_cards(card, others) & unseen)
        cost = (
            arrangement.value
            - card_points(card)
            + OUT_POINTS * outs
            + NEAR_PICK_POINTS * _near_picks(card, know)
            + DANGER_POINTS * feeding_chance(card, know)
        )
        options.append((cost, card))
    options.sort(key=lambda option: (option[0], -card_points(option[1]), -rank_of(option[1])))
    return options


def _near_picks(card: int, know: Knowledge) -> int:
    """Cards the opponent took openly and still holds that share ``card``'s rank or sit within
    two of it in its suit."""
    return sum(
        rank_of(seen) == rank_of(card) or (suit_of(seen) == suit_of(card) and abs(rank_of(seen) - rank_of(card)) <= 2)
        for seen in know.known_opponent
    )


def discard_options(hand: list[int], know: Knowledge, careful: bool = True) -> list[tuple[float, int]]:
    """(cost, card) for every allowed discard, best first; ``careful`` counts the risk of
    feeding the opponent."""
    options = []
    for card in hand:
        if card == know.taken:
            continue
        rest = [c for c in hand if c != card]
        cost = hand_value(rest, know) + (DANGER_POINTS * feeding_chance(card, know) if careful else 0)
        options.append((cost, card))
    options.sort(key=lambda option: (option[0], -card_points(option[1]), -rank_of(option[1])))
    return options


def _discard(observation: dict[str, Any], legal: list[str], know: Knowledge, rng: random.Random) -> tuple[str, str]:
    hand = know.hand
    endings: dict[str, int] = {}
    for action in legal:
        verb, code = action.split(":", 1) if ":" in action else (action, "")
        if verb in ("gin", "knock"):
            endings[action] = deadwood_of([c for c in hand if card_text(c) != code])
    gins = [a for a, left in endings.items() if left == 0]
    if gins:
        thrown = gins[0].split(":", 1)[1]
        return gins[0], tr("Go gin, throwing {card}: all ten cards are in melds.", card=_show(thrown))
    if endings:
        knock = min(endings, key=endings.__getitem__)
        left = endings[knock]
        risk = undercut_risk([c for c in hand if card_text(c) != knock.split(":", 1)[1]], left, know, rng)
        if risk < UNDERCUT_RISK or know.stock_count <= LATE_STOCK:
            thrown = knock.split(":", 1)[1]
            return knock, tr(
                "Knock, throwing {card}: {deadwood} deadwood is low enough and an undercut looks unlikely ({risk}%).",
                card=_show(thrown),
                deadwood=left,
                risk=round(risk * 100),
            )
    options = shedding_options(hand, know) or discard_options(hand, know)
    card = options[0][1]
    return f"discard:{card_text(card)}", discard_reason(hand, card, know, waited=bool(endings))


def _draw(observation: dict[str, Any], legal: list[str], know: Knowledge) -> tuple[str, str]:
    take = "take:upcard" if "take:upcard" in legal else "take:discard"
    other = "pass" if "pass" in legal else "draw:stock"
    if take not in legal:
        return other, tr("Draw from the stock.")
    top = observation["discard"][-1]
    hand = know.hand
    with_top = hand + [top]
    know_after_take = _replace_taken(know, top)
    take_cost, throw = discard_options(with_top, know_after_take, careful=False)[0]
    stock_cost = _stock_estimate(hand, know)
    makes_meld = any(top in meld.cards for meld in arrangement_of(with_top).melds)
    taking = take_cost + TAKE_MARGIN < stock_cost
    if taking:
        shown = _show(card_text(top))
        if makes_meld:
            meld = _meld_of(with_top, top)
            others = [card for card in meld.cards if card != top] if meld is not None else []
            if len(others) >= 3 and not arrangement_of(others).deadwood:  # the meld was there already
                return take, tr("Take {card}: it extends {meld}.", card=shown, meld=_meld_text(meld))
            return take, tr("Take {card}: it completes {meld}.", card=shown, meld=_meld_text(meld))
        return take, tr(
            "Take {card}: it is worth more to you than a card from the stock (you would throw {throw}).",
            card=shown,
            throw=_show(card_text(throw)),
        )
    if other == "pass":
        return other, tr(
            "Pass: {card} helps your hand too little to be worth letting your opponent see what you collect.",
            card=_show(card_text(top)),
        )
    return other, tr(
        "Draw from the stock: {card} helps your hand too little to be worth letting your opponent see what you "
        "collect.",
        card=_show(card_text(top)),
    )


def _replace_taken(know: Knowledge, top: int) -> Knowledge:
    return Knowledge(**{**know.__dict__, "taken": top, "hand": know.hand + [top], "outs_cache": know.outs_cache})


def _stock_estimate(hand: list[int], know: Knowledge) -> float:
    """The value we may expect after drawing from the stock: the hand's value improves by about
    what one draw improves its deadwood."""
    now = deadwood_of(hand)
    later = after_next_draw(hand, know)
    return hand_value(hand, know) - (now - later)


def _last_chance(observation: dict[str, Any], legal: list[str], know: Knowledge) -> tuple[str, str]:
    if "take:discard" not in legal:
        return "void", tr("Nothing lets you knock: the hand is void.")
    top = observation["discard"][-1]
    return "take:discard", tr("Take {card}: it lets you knock before the hand runs out.", card=_show(card_text(top)))


# --- the knock ----------------------------------------------------------------------------------


def undercut_risk(kept: list[int], deadwood: int, know: Knowledge, rng: random.Random) -> float:
    """The share of sampled opponent hands that would tie or beat ``deadwood`` after lay-offs.

    A sampled hand is the known cards plus unseen ones, improved the way a player improves: it
    is dealt a few extra cards (one per draw he has made, at most six) and keeps the best ten.
    """
    melds = arrangement_of(kept).melds
    hidden = know.hidden_in_opponent
    extra = min(know.opponent_draws, 6)
    pool = know.unseen
    if hidden + extra > len(pool):
        extra = max(len(pool) - hidden, 0)
    undercuts = 0
    for _ in range(SAMPLES):
        cards = know.known_opponent + rng.sample(pool, hidden + extra)
        for _ in range(extra):
            options = deadwood_after_discards(cards)
            drop = min((c for c in options if c not in know.known_opponent), key=options.__getitem__)
            cards.remove(drop)
        if _defender_deadwood(cards, melds) <= deadwood:
            undercuts += 1
    return undercuts / SAMPLES


def _defender_deadwood(cards: list[int], melds: list[Meld]) -> int:
    """A quick estimate of the defender's deadwood: his best arrangement, less the unmatched
    cards that extend one of the knocker's melds directly."""
    arrangement = arrangement_of(cards)
    left = arrangement.value
    for card in arrangement.deadwood:
        if any(_extends(meld, card) for meld in melds):
            left -= card_points(card)
    return left


def _extends(meld: Meld, card: int) -> bool:
    if meld.kind == SET:
        return len(meld.cards) < 4 and rank_of(card) == meld.low
    if suit_of(card) != suit_of(meld.cards[0]):
        return False
    return rank_of(card) in (meld.low - 1, meld.low + len(meld.cards))


# --- reasons in a player's words ----------------------------------------------------------------


def discard_reason(hand: list[int], card: int, know: Knowledge, waited: bool) -> str:
    reason = _discard_words(hand, card, know)
    if waited:
        return tr("Do not knock yet: an undercut is likely. {reason}", reason=reason)
    return reason


def _discard_words(hand: list[int], card: int, know: Knowledge) -> str:
    arrangement = arrangement_of(hand)
    shown = _show(card_text(card))
    if card not in arrangement.deadwood:
        return tr("Discard {card}: breaking that meld costs least.", card=shown)
    unmatched = [c for c in arrangement.deadwood if c != know.taken]
    higher = [c for c in unmatched if card_points(c) > card_points(card)]
    wanted = max(higher, key=lambda c: feeding_chance(c, know), default=None)
    has_partner = any(
        rank_of(c) == rank_of(card) or (suit_of(c) == suit_of(card) and abs(rank_of(c) - rank_of(card)) <= 2)
        for c in hand
        if c != card
    )
    if not higher:
        if has_partner:
            return tr("Discard {card}: it fits no meld yet and is your highest loose card.", card=shown)
        return tr("Discard {card}: it fits no meld and is your highest loose card.", card=shown)
    if wanted is not None and feeding_chance(wanted, know) >= SAFE_SHARE and feeding_chance(card, know) < SAFE_SHARE:
        return tr(
            "Discard {card}: your opponent is less likely to want it than {higher}.",
            card=shown,
            higher=_show(card_text(wanted)),
        )
    if has_partner:
        return tr("Discard {card}: it fits no meld yet, and your higher cards have better chances to meld.", card=shown)
    return tr("Discard {card}: it fits no meld, and your higher cards have better chances to meld.", card=shown)


def _meld_of(cards: list[int], card: int) -> Meld | None:
    return next((m for m in arrangement_of(cards).melds if card in m.cards), None)


def _meld_text(meld: Meld | None) -> str:
    if meld is None:
        return tr("a meld")
    if meld.kind == SET:
        return set_words(meld.low)
    ranks = [_rank_word(rank_of(c)) for c in sorted(meld.cards, key=rank_of)]
    return "-".join(ranks) + SUIT_SYMBOLS[suit_of(meld.cards[0])]


def _rank_word(rank: int) -> str:
    """A rank as the player's language letters it (B and D for J and Q in Hungarian)."""
    return face_label({1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank)) + "S")[:-1]


def _show(code: str) -> str:
    """A card code as the hint shows it: ``[KS]`` is drawn with its suit glyph by the screen."""
    return f"[{code}]"


# --- the coach's measure ---------------------------------------------------------------------------


def review_measure(
    observation: dict[str, Any], legal: list[str], made: str, preferred: str, rng: random.Random
) -> str | None:
    """Beside a discard hard would not have made, hard's own figures for both cards: the deadwood
    each leaves, what the card thrown could still have become (its outs, or the hand's expected
    deadwood after the next draw), the chance the opponent melds it, and hard's cost of each.
    ``rng`` is hard's randomness at that move, so the opponent is read as hard read him. None when
    hard rates both the same (its choice was a tie-break: nothing to remark)."""
    cards = [_thrown(code) for code in (made, preferred)]
    if None in cards or cards[0] == cards[1]:
        return ""
    thrown = [card for card in cards if card is not None]
    know = read_knowledge(observation)
    read_opponent(know, know.hand, rng)
    shedding = {card: cost for cost, card in shedding_options(know.hand, know)}
    if all(card in shedding for card in thrown):
        loose = arrangement_of(know.hand)
        costs = [shedding[card] for card in thrown]
        words = [
            tr(
                "Throwing {card} leaves {deadwood} deadwood, gives up {outs} that would meld it, "
                "and he can meld it {chance}% of the time.",
                card=_show(card_text(card)),
                deadwood=loose.value - card_points(card),
                outs=_outs_words(
                    len(completing_cards(card, [c for c in loose.deadwood if c != card]) & set(know.unseen))
                ),
                chance=round(100 * feeding_chance(card, know)),
            )
            for card in thrown
        ]
    else:
        whole = {card: cost for cost, card in discard_options(know.hand, know)}
        if not all(card in whole for card in thrown):
            return ""
        costs = [whole[card] for card in thrown]
        words = [
            tr(
                "Throwing {card} leaves {deadwood} deadwood, about {expected} after the next draw, "
                "and he can meld it {chance}% of the time.",
                card=_show(card_text(card)),
                deadwood=deadwood_of(rest := [c for c in know.hand if c != card]),
                expected=round(after_next_draw(rest, know), 1),
                chance=round(100 * feeding_chance(card, know)),
            )
            for card in thrown
        ]
    if round(costs[0], 1) == round(costs[1], 1):
        return None
    cost_words = tr(
        "Hard's cost (lower is better): yours {yours}, its own {hards}.",
        yours=round(costs[0], 1),
        hards=round(costs[1], 1),
    )
    return " ".join([*words, cost_words])


def _outs_words(outs: int) -> str:
    return ngettext("{n} unseen card", "{n} unseen cards", outs, n=outs)


def _thrown(code: str) -> int | None:
    verb, _sep, argument = code.partition(":")
    if verb not in ("discard", "knock", "gin") or not argument:
        return None
    return parse_face(argument.partition("/")[0])  # one deck: a card is its face
