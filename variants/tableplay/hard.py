"""The hard computer player of Traditional Rummy and Rummy: a card-counting player that keeps its
melds in hand until it can go out in one turn (a rummy), so that nobody can lay off on them.

It sees only its seat's observation. From it, it counts every card it has seen (its hand, the
table, the discard pile, and the cards others took from the pile, which they hold or melded),
so it knows how many copies of each card may still come. A hand is worth its cards that are
already "done" (in a meld, or able to be laid off on the table) plus, for the next draws, the
chance-weighted number of cards that would become done with each card that may still come.
It discards the card whose loss costs least on that measure, and avoids cards the next player
has been collecting or could lay off.
"""

from __future__ import annotations

from typing import Any, Literal

from rummy_tui.engine.cards import face_of, parse_face
from rummy_tui.engine.solver import best_arrangement
from rummy_tui.i18n import t as tr
from variants.card_counting import Outs, available_faces, faces_laying_off, held_by_others

from .ai import TablePlayAdvisor
from .going_out import could_place, plan_going_out
from .race import RaceLookAhead, count_one

DANGER_WEIGHT = 1.0
PENALTY_WEIGHT = 0.02  # prefer throwing high cards when all else is equal
TAKE_BY_PROSPECT = 0.0
# The race look-ahead (``race.py``), in variants whose ``hard_race_worlds`` asks for
# it at this number of players: among the RACE_CANDIDATES best discards by the count above (no
# more than RACE_MARGIN worse than the best), the one whose kept cards go out soonest in that
# many sampled worlds wins, RACE_WEIGHT times the look-ahead's value against that count.
RACE_WORLDS = None  # for tuning runs: this many worlds at every player count (0: never)
RACE_DRAW = 0.0  # > 0: take the discard when the look-ahead rates it this much above the stock
RACE_CANDIDATES = 3
RACE_MARGIN = 6.0
RACE_WEIGHT = 30.0
RACE_PARTIAL = 0.0
RACE_HORIZON = {2: 8, 3: 7, 4: 6, 5: 5, 6: 5}
RACE_SURVIVAL = {2: 0.92, 3: 0.88, 4: 0.85, 5: 0.82, 6: 0.8}
# The variant's own settings for this player (when to lay melds down, whether to search for the
# way out) are attributes of its class: see ``TablePlayVariant.hard_lays_down_when_opponent_holds``.


class HardTablePlayer(TablePlayAdvisor):
    """Decides one move from an observation only; see the module text for how."""

    def __init__(self, variant, observation: dict[str, Any], legal: list[str], rng):
        super().__init__(variant, observation, legal, rng)
        seen = list(self.hand) + [c for meld in self.table for c in meld.cards] + list(observation["discard"])
        seen += held_by_others(observation["extra"].get("picked", []), observation["seat"], self.table)
        self.laying_off = faces_laying_off(self.table, self.rules)
        self.outs = Outs(self.rules, available_faces(variant.decks, seen), self.laying_off)
        self.race_chose = False  # the race look-ahead overruled the count's best discard

    def _lays_off(self, face: int) -> bool:
        return face in self.laying_off

    def done_count(self, cards: list[int]) -> int:
        return self.outs.done_count(cards)

    # --- going out ------------------------------------------------------------------------

    def can_go_out_now(self) -> bool:
        """Everything but (at most) one card to discard goes to the table this turn."""
        done = self.done_count(self.hand)
        loose = len(self.hand) - done
        if loose > 1:
            return False
        if loose == 1:
            arrangement = best_arrangement(self.hand, self.rules, count_one)
            leftover = [c for c in arrangement.deadwood if not self._lays_off(face_of(c))]
            return leftover != [self.obs["extra"].get("taken")]
        return True

    def keeps_rummy_back(self) -> bool:
        """Keep every meld in hand while nobody is about to go out."""
        others = [n for seat, n in enumerate(self.obs["hand_sizes"]) if seat != self.obs["seat"]]
        return min(others) > self.variant.hard_lays_down_when_opponent_holds.get(self.obs["players"], 0)

    # --- the moves ------------------------------------------------------------------------

    def draw(self, careful: bool = True) -> str:
        if "take:discard" not in self.legal or not self.obs["discard"]:
            return "draw:stock"
        top = self.obs["discard"][-1]
        with_top = self.hand + [top]
        if self.done_count(with_top) > self.done_count(self.hand):
            return "take:discard"
        if RACE_DRAW and self.race_worlds() and self._race_prefers_the_discard(top):
            return "take:discard"
        if TAKE_BY_PROSPECT:
            rests = {}
            for card in self.hand:
                rest = list(with_top)
                rest.remove(card)
                rests[card] = rest
            best_with_top = max(self.outs.prospects(rests).values())
            done = self.done_count(self.hand)
            gain = self.outs.next_draw_gain(self.hand, done)
            stock_value = self.outs.prospects({0: self.hand})[0] + TAKE_BY_PROSPECT * gain / 13 * 6
            if best_with_top > stock_value:
                return "take:discard"
        return "draw:stock"

    def play(self) -> str:
        return self.play_with_reason()[0]

    def play_with_reason(self) -> tuple[str, str]:
        """The move, and a reason when it is one a player might not expect ("" otherwise)."""
        plan = self.going_out_plan()
        if plan:
            return plan[0], going_out_reason(plan[0])
        if (plan is None and self.can_go_out_now()) or not self.keeps_rummy_back():
            return self.play_normal_with(self.best_discard), ""
        discard = self.best_discard()
        card = f"[{discard.split(':', 1)[1]}]"
        if self.race_chose and self.of_verb("meld"):
            return discard, tr(
                "Discard {card} and keep your melds in hand to go out in one turn: the cards left give you the "
                "best chance to go out soon. But if someone else's rummy comes first, what you hold costs more.",
                card=card,
            )
        if self.race_chose:
            return discard, tr(
                "Discard {card}: of the cards you could throw, keeping the others gives you the best "
                "chance to go out within the next few turns.",
                card=card,
            )
        if not self.of_verb("meld"):
            return discard, ""
        return discard, tr(
            "Discard {card} and keep your melds in hand to go out in one turn (a rummy): melds on the table "
            "give the others places to lay off. But if someone else's rummy comes first, what you hold costs more.",
            card=card,
        )

    def going_out_plan(self) -> list[str] | Literal[False] | None:
        """The moves that take every card out this turn; False when there are none; None when
        that is not known (another variant, or the search gave up)."""
        if not self.variant.hard_plans_going_out:
            return None
        must_discard = self.variant.must_discard_to_go_out(self.settings)
        if could_place(self.hand, self.laying_off, self.rules) < len(self.hand) - must_discard:
            return False
        plan = plan_going_out(self.hand, self.table, self.rules, self.obs["extra"].get("taken"), must_discard)
        return None if plan and plan[0] not in self.legal else plan

    def play_normal_with(self, discard) -> str:
        return self._meld_from_best_arrangement() or self._best_layoff() or discard()

    def best_discard(self) -> str:
        discards = self.of_verb("discard") or self.legal
        taken = self.obs["extra"].get("taken")
        rests = {}
        for action in discards:
            face = parse_face(action.split(":", 1)[1])
            rest = list(self.hand)
            rest.remove(next(c for c in self.hand if face_of(c) == face and c != taken))
            rests[action] = rest
        prospects = self.outs.prospects(rests)

        def loss(action: str) -> float:
            face = parse_face(action.split(":", 1)[1])
            return -prospects[action] + DANGER_WEIGHT * self._danger(face) - PENALTY_WEIGHT * self.value(face)

        losses = {action: loss(action) for action in discards}
        ranked = sorted(discards, key=losses.__getitem__)
        near = [a for a in ranked[:RACE_CANDIDATES] if losses[a] <= losses[ranked[0]] + RACE_MARGIN]
        if self.race_worlds() and len(near) > 1:
            race = self.race_look_ahead()
            values = {a: race.value([face_of(c) for c in rests[a]]) for a in near}
            chosen = min(near, key=lambda a: losses[a] - RACE_WEIGHT * values[a])
            self.race_chose = chosen != ranked[0]
            return chosen
        return ranked[0]

    def race_worlds(self) -> int:
        if RACE_WORLDS is not None:
            return RACE_WORLDS
        return self.variant.hard_race_worlds.get(self.obs["players"], 0)

    def _race_prefers_the_discard(self, top: int) -> bool:
        """Does the hand go out sooner, on the race look-ahead, with the top discard taken (and
        its best other card thrown) than with this turn's stock card?"""
        race = self.race_look_ahead()
        faces = [face_of(c) for c in self.hand]
        with_top = faces + [face_of(top)]
        done = race.done_without_each(with_top)
        best = max(v for f, v in done.items() if f != face_of(top) or with_top.count(f) > 1)
        throws = sorted((f for f in set(faces) if done[f] == best), key=lambda f: race._partners(f, with_top))
        by_stock = race.value(faces)
        for throw in throws[:2]:
            kept = list(with_top)
            kept.remove(throw)
            if race.value(kept, delay=1) > by_stock + RACE_DRAW:
                return True
        return False

    def race_look_ahead(self) -> RaceLookAhead:
        players = self.obs["players"]
        seed = repr(
            (
                self.obs["seat"],
                sorted(self.hand),
                self.obs["discard"],
                self.obs["stock_count"],
                [e["meld"] for e in self.obs["table"]],
            )
        )
        return RaceLookAhead(
            self.rules,
            self.outs.available,
            self.laying_off,
            seed,
            self.race_worlds(),
            RACE_HORIZON.get(players, 6),
            RACE_SURVIVAL.get(players, 0.85),
            RACE_PARTIAL,
        )


def going_out_reason(action: str) -> str:
    """Why a move of a plan that goes out this turn, in a player's words."""
    verb, _, argument = action.partition(":")
    if verb == "meld":
        cards = " ".join(f"[{face}]" for face in argument.split("-"))
        return tr("Meld {cards}: with the rest of your cards it takes you out this turn.", cards=cards)
    if verb == "layoff":
        cards, _, target = argument.partition(">")
        return tr(
            "Lay off {cards} on meld {target}: with the rest of your cards it takes you out this turn.",
            cards=f"[{cards}]",
            target=target,
        )
    return tr("Discard {card}: it is your last card, so you go out.", card=f"[{argument}]")
