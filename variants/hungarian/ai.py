"""The Römi computer players (easy, normal, hard): they decide only from their seat's observation
and the offered actions (the rules module offers the openings, handolás steps and lay-offs)."""

from __future__ import annotations

import random
from typing import Any

from rummy_tui.engine.cards import JOKER, face_of, is_joker, parse_face, rank_of, suit_of
from rummy_tui.engine.melds import Meld, lay_off
from rummy_tui.engine.solver import best_arrangement
from rummy_tui.engine.variant import parse_card_group, parse_meld_groups
from rummy_tui.i18n import english

from .common import DRAW, RULES, could_fit, value_of
from .rules import VARIANT


def choose_move(observation: dict[str, Any], legal: list[str], level: str) -> str:
    if len(legal) == 1:
        return legal[0]
    settings = observation["settings"]
    if observation["phase"] == DRAW:
        return choose_draw(observation, legal, level)
    discards = [a for a in legal if a.startswith("discard:")]
    table_moves = [a for a in legal if not a.startswith("discard:") and a != "takeback"]
    if not discards:
        return table_moves[0] if table_moves else legal[0]
    seat = observation["seat"]
    hand = observation["hand"]
    opened = observation["extra"]["opened"][seat]
    move = (
        choose_opening(observation, table_moves, level, settings)
        if not opened
        else choose_table_move(table_moves, level, len(hand))
    )
    if move:
        return move
    if level == "hard":
        from .hard import choose_discard as choose_hard_discard

        return choose_hard_discard(observation, discards)
    return choose_discard(observation, discards, level)


def choose_draw(observation: dict[str, Any], legal: list[str], level: str) -> str:
    if "take:discard" not in legal:
        return "draw:stock"
    seat = observation["seat"]
    hand = observation["hand"]
    top = observation["discard"][-1]
    free = not observation["extra"]["drawn"][seat]
    if not free:
        return "take:discard" if level != "easy" else "draw:stock"
    settings = observation["settings"]
    before = best_arrangement(sorted(hand), RULES, VARIANT.value_function(settings)).melded_count
    after = best_arrangement(sorted(hand + [top]), RULES, VARIANT.value_function(settings)).melded_count
    return "take:discard" if after > before else "draw:stock"


def code_points(code: str, settings: dict[str, Any]) -> int:
    total = 0
    for faces, hints in parse_meld_groups(code.split(":", 1)[1]):
        total += sum(value_of(hints.get(i, f), settings) for i, f in enumerate(faces) if f != JOKER)
        total += sum(value_of(hints[i], settings) for i, f in enumerate(faces) if f == JOKER and i in hints)
    return total


def choose_opening(observation: dict[str, Any], moves: list[str], level: str, settings: dict) -> str | None:
    """Unopened: the offered moves are the solver's opening and the first step of a handolás."""
    if not moves:
        return None
    hand_size = len(observation["hand"])
    openings = [m for m in moves if m.startswith("meld:") and code_points(m, settings) >= settings["opening_min"]]
    going_out = [m for m in moves if m not in openings or hand_size - code_cards(m) <= 1]
    if going_out and level != "easy":
        return going_out[0]
    if not openings:
        return None
    if level == "hard":
        from .hard import waits_for_handolas

        if waits_for_handolas(observation):
            return None
    elif level != "easy" and close_to_handolas(observation):
        return None
    return openings[0]


def code_cards(code: str) -> int:
    return sum(len(faces) for faces, _ in parse_meld_groups(code.split(":", 1)[1])) if code.startswith("meld:") else 0


def close_to_handolas(observation: dict[str, Any]) -> bool:
    """Worth waiting for a doubled handolás: almost everything melds and nobody is close to out."""
    hand = sorted(observation["hand"])
    unmatched = best_arrangement(hand, RULES, lambda c: 1).deadwood
    others = [n for seat, n in enumerate(observation["hand_sizes"]) if seat != observation["seat"]]
    nobody_opened = not any(observation["extra"]["opened"])
    return len(unmatched) == 2 and observation["stock_count"] > 20 and nobody_opened and min(others) >= 10


def choose_table_move(moves: list[str], level: str, hand_size: int) -> str | None:
    exchanges = [m for m in moves if m.startswith("exchange:")]
    melds = [m for m in moves if m.startswith("meld:")]
    layoffs = [m for m in moves if m.startswith("layoff:")]
    if level != "easy" and exchanges:
        return exchanges[0]
    if melds:
        return max(melds, key=lambda m: (m.count("-") - 2 * m.count("JK"), m))
    natural_layoffs = [m for m in layoffs if not m.startswith("layoff:JK")]
    if natural_layoffs:
        return natural_layoffs[0]
    if layoffs and (level == "easy" or hand_size <= 3):
        return layoffs[0]
    return None


def choose_discard(observation: dict[str, Any], discards: list[str], level: str) -> str:
    settings = observation["settings"]
    hand = sorted(observation["hand"])
    unmatched = {face_of(c) for c in best_arrangement(hand, RULES, VARIANT.value_function(settings)).deadwood}
    table = [Meld.from_json(e["meld"]) for e in observation["table"]]
    wanted = picked_by_next_player(observation)

    def cost(code: str) -> tuple:
        face = parse_card_group(code.split(":", 1)[1])[0][0]
        if face == JOKER:
            return (2, 0, code)
        useful = 0 if face in unmatched else 1
        keep = value_of(face, settings) * -1 + 3 * connections(face, hand)
        if level != "easy" and any(could_fit(m, face) and lay_off(m, [face], RULES) for m in table):
            keep += 8  # the next player could use it
        if level != "easy" and connections(face, wanted):
            keep += 6  # he took a card from the pile that this one goes with
        return (useful, keep, code)

    return min(discards, key=cost)


def picked_by_next_player(observation: dict[str, Any]) -> list[int]:
    """Cards the next player took from the discard pile this hand (everyone saw them)."""
    following = (observation["seat"] + 1) % observation["players"]
    picked = []
    for event in observation["events"]:
        text = english(event)
        if (
            event["seat"] == following
            and event["hand"] == observation["hand_no"]
            and text.startswith("took [")
            and text.endswith("from the discard pile")
        ):
            picked.append(parse_face(text[len("took [") : text.index("]")]))
    return picked


def connections(face: int, hand: list[int]) -> int:
    """Hand cards that could meld with ``face``: same rank, or same suit within two ranks."""
    count = 0
    for card in hand:
        other = face_of(card)
        if other == face or is_joker(card):
            continue
        if rank_of(other) == rank_of(face) or (
            suit_of(other) == suit_of(face) and abs(rank_of(other) - rank_of(face)) <= 2
        ):
            count += 1
    return count


def choose_ai_action(observation: dict[str, Any], legal: list[str], level: str, rng: random.Random) -> str:
    """The engine's hook (every level of Römi plays without chance)."""
    return choose_move(observation, legal, level)
