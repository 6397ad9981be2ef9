"""The Tízlapos Römi computer players (easy, normal, hard): they decide only from their seat's
observation and the offered actions."""

from __future__ import annotations

import random
from typing import Any

from rummy_tui.engine.cards import face_of, face_text, held_card, is_joker, rank_of

from .endings import ENDING_BONUS, is_colour_flush, is_figure_flush, is_piccolo, is_royal_flush
from .observation import discard_faces, joker_penalty_of
from .rules import HAND_SIZE, MAX_KEEP, _arrangement, _newdeal_code, best_ending, knocking_card, penalty_value

# --- the computer player: decides only from its observation and the offered actions -------------

# How good each ending is to the AI (lower is better; a plain hand scores its deadwood).
ENDING_AI_SCORE = {
    "royal-flush": -100,
    "colour-flush": -60,
    "figure-flush": -60,
    "piccolo": -60,
    "romi": -40,
    "knock": -20,
}


def choose_ai_action(observation: dict[str, Any], legal: list[str], level: str, rng: random.Random) -> str:
    chooser = {
        "exchange": _ai_exchange,
        "dealer_discard": _ai_discard,
        "discard": _ai_discard,
        "draw": _ai_draw,
        "declare": _ai_declare,
        "showdown": _ai_showdown,
        "reentry": _ai_reentry,
    }.get(observation["phase"])
    if chooser is None:
        return legal[0]
    if level == "hard":
        action = _hard_choice(observation, legal)
        if action is not None:
            return action if action in legal else legal[0]
    action = chooser(observation, legal, level != "easy", rng)
    return action if action in legal else legal[0]


def hint(observation: dict[str, Any], legal: list[str], rng: random.Random) -> tuple[str, str]:
    """Hard's move, with its own reason where the generic one would not be true."""
    from . import hard

    action = choose_ai_action(observation, legal, "hard", rng)
    if observation["phase"] == "reentry":
        return action, hard.reentry_reason(observation, action)
    if observation["phase"] == "showdown":
        return action, hard.showdown_reason(observation, action)
    return action, ""


def measure(observation: dict[str, Any], legal: list[str], made: str, preferred: str, rng: random.Random) -> str | None:
    """The coach's measure of a discard against hard's (hard's own figures for both)."""
    from . import hard

    return hard.review_measure(observation, legal, made, preferred, _ai_hand_score)


def _hard_choice(observation: dict[str, Any], legal: list[str]) -> str | None:
    """Where hard plays differently from normal; None: as normal."""
    from . import hard

    phase = observation["phase"]
    if phase == "discard":
        return hard.choose_discard(observation, legal, _ai_hand_score)
    if phase == "showdown":
        return hard.choose_showdown(observation)
    if phase == "reentry":
        return hard.choose_reentry(observation, legal)
    return None


def _ai_hand_score(cards: list[int], joker_penalty: int) -> int:
    """Ten cards: an ending's score, else the deadwood. Knock and römi need deadwood ≤ 3, so the
    structural search runs only for hands that close."""
    special = _special_ending(cards)
    if special is not None:
        return ENDING_AI_SCORE[special]
    value = _arrangement(tuple(sorted(cards)), joker_penalty).value
    if value <= 3:
        ending = best_ending(cards)
        if ending == "knock":
            return ENDING_AI_SCORE[ending] + penalty_value(knocking_card(cards))
        if ending is not None:
            return ENDING_AI_SCORE[ending]
    return value


def _best_discard(hand: list[int], faces: list[int], taken: int | None, joker_penalty: int) -> tuple[int, int]:
    """(score of the ten cards kept, face to discard) for the best of the allowed faces.

    Dropping a card worth v lowers the deadwood by at most v, so a candidate whose bound cannot
    beat the best found (and cannot close the hand, which needs deadwood ≤ 3) is not searched.
    """
    whole = _arrangement(tuple(sorted(hand)), joker_penalty).value
    candidates = []
    for face in faces:
        card = held_card(hand, face, avoid=taken)
        value = penalty_value(card, joker_penalty)
        candidates.append((whole - value, -value, face, card))
    best: tuple[int, int, int] | None = None
    for bound, minus_value, face, card in sorted(candidates):
        rest = [c for c in hand if c != card]
        if best is not None and bound > 3 and bound >= best[0] and not _special_ending(rest):
            continue
        option = (_ai_hand_score(rest, joker_penalty), minus_value, face)
        if best is None or option < best:
            best = option
    if best is None:
        raise ValueError("no face to discard")
    return best[0], best[2]


def _special_ending(cards: list[int]) -> str | None:
    for name, test in (
        ("royal-flush", is_royal_flush),
        ("colour-flush", is_colour_flush),
        ("figure-flush", is_figure_flush),
        ("piccolo", is_piccolo),
    ):
        if test(cards):
            return name
    return None


def _ai_discard(observation: dict[str, Any], legal: list[str], normal: bool, rng: random.Random) -> str:
    hand, taken = observation["hand"], observation["extra"]["taken"]
    joker_penalty = joker_penalty_of(observation)
    faces = discard_faces(legal)
    if normal:
        return f"discard:{face_text(_best_discard(hand, faces, taken, joker_penalty)[1])}"
    unmatched = _arrangement(tuple(sorted(hand)), joker_penalty).deadwood
    choices = [face_of(c) for c in unmatched if face_of(c) in faces]
    if not choices:
        return rng.choice(legal)
    worst = max(choices, key=lambda face: (penalty_value(face, joker_penalty), face))
    return f"discard:{face_text(worst)}"


def _ai_draw(observation: dict[str, Any], legal: list[str], normal: bool, rng: random.Random) -> str:
    if "take:discard" not in legal:
        return "draw:stock"
    hand, top = observation["hand"], observation["discard"][-1]
    joker_penalty = joker_penalty_of(observation)
    with_top = hand + [top]
    if observation["extra"]["first_turn"]:
        return "take:discard"  # offered only when it completes a flush
    if not normal:
        melded = {c for meld in _arrangement(tuple(sorted(with_top)), joker_penalty).melds for c in meld.cards}
        return "take:discard" if top in melded else "draw:stock"
    faces = sorted({face_of(c) for c in hand})
    taken_score, _ = _best_discard(with_top, faces, top, joker_penalty)
    return "take:discard" if taken_score < _ai_hand_score(hand, joker_penalty) - 1 else "draw:stock"


def _ai_declare(observation: dict[str, Any], legal: list[str], normal: bool, rng: random.Random) -> str:
    endings = [action for action in legal if action != "declare:none"]
    if not endings:
        return "declare:none"
    if endings[0] != "declare:atkopogas":
        return endings[0]
    if not normal:
        return "declare:none"
    seat, totals, settings = observation["seat"], observation["totals"], observation["settings"]
    limit = settings["limit"]
    own = _arrangement(tuple(sorted(observation["hand"])), joker_penalty_of(observation)).value
    others = [s for s, active in enumerate(observation["extra"]["active"]) if active and s != seat]
    others_near_out = all(totals[s] > limit - 15 for s in others)
    stays_in = totals[seat] + own <= limit
    return "declare:atkopogas" if stays_in and (own <= 5 or others_near_out) else "declare:none"


def _ai_showdown(observation: dict[str, Any], legal: list[str], normal: bool, rng: random.Random) -> str:
    if not normal:
        return "laydown"
    seat, totals, settings = observation["seat"], observation["totals"], observation["settings"]
    own = _arrangement(tuple(sorted(observation["hand"])), joker_penalty_of(observation)).value
    if totals[seat] + own <= settings["limit"]:
        return "laydown"
    showdown = observation["extra"]["showdown"]
    finisher = showdown["finisher"]
    worst_for_finisher = {"knock": 3, "atkopogas": 10}.get(showdown["ending"], ENDING_BONUS.get(showdown["ending"], 0))
    finisher_survives = totals[finisher] + worst_for_finisher <= settings["limit"]
    return "throwin" if finisher_survives else "laydown"  # hopeless only if someone else stays in


def _ai_reentry(observation: dict[str, Any], legal: list[str], normal: bool, rng: random.Random) -> str:
    if not normal:
        return "reenter" if rng.random() < 0.5 else "decline"
    totals, active, limit = observation["totals"], observation["extra"]["active"], observation["settings"]["limit"]
    restart = max(totals[s] for s, playing in enumerate(active) if playing)
    return "reenter" if limit - restart >= 20 else "decline"


def _ai_exchange(observation: dict[str, Any], legal: list[str], normal: bool, rng: random.Random) -> str:
    hand = observation["hand"]
    joker_penalty = joker_penalty_of(observation)
    arrangement = _arrangement(tuple(sorted(hand)), joker_penalty)
    value = arrangement.value
    if len(hand) > HAND_SIZE:  # the dealer will discard his worst unmatched card
        value -= max((penalty_value(c, joker_penalty) for c in arrangement.deadwood), default=0)
    jokers = [c for c in hand if is_joker(c)]
    if not normal:
        return "keep" if value <= 60 else _newdeal_code(face_of(c) for c in jokers[:MAX_KEEP])
    if value <= 40 or len(jokers) >= 2:
        return "keep"
    melded = [
        c for meld in sorted(arrangement.melds, key=lambda m: len(m.cards)) for c in meld.cards if not is_joker(c)
    ]
    low = sorted((c for c in hand if not is_joker(c) and rank_of(c) in (2, 3)), key=rank_of)
    keep: list[int] = []
    for card in jokers + melded + low:
        if card not in keep and len(keep) < MAX_KEEP:
            keep.append(card)
    return _newdeal_code(face_of(c) for c in keep)
