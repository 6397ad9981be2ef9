"""Our Gin AI levels against OpenSpiel's SimpleGinRummyBot, in OpenSpiel's own ``gin_rummy``.

    pip install --only-binary=:all: open_spiel       # a bench tool: not in pyproject.toml
    nice -n 19 python bench/openspiel_gin.py --hands 2000 --seed 1
    python bench/openspiel_gin.py --hands 200 --levels hard   # a quick look

OpenSpiel's rules, not ours: the knock card is always 10 (not Oklahoma), a knock tied on
deadwood scores nothing, the defender may not lay off on gin, no spade doubling, one hand.
Every deal is played twice with the seats swapped (OpenSpiel's player 0, the non-dealer,
acts first).

How our AI plays there: each hand is mirrored in our engine (``Game.from_position`` with
OpenSpiel's cards, the knock limit fixed at 10), both seats' moves are replayed on it, and at
our seat's turn our AI picks an action code from the mirror's observation and legal actions.
The code becomes OpenSpiel actions (``openspiel_translate.py``): draw, pass, discard, or a whole
knock (knock, discard, the melds of our solver's least-deadwood arrangement, pass). When the
bot knocks, our seat lays off what leaves it the least deadwood (our solver's showdown) and
lays its best melds. Every action is checked against ``state.legal_actions()``; when OpenSpiel
refuses one the adapter falls back (a knock it does not allow becomes the plain discard, ...)
and the hand is counted as a fallback hand, with the reason.

A hand is won when it scores more than 0 for us. The win share is of the hands with a result
(walls, OpenSpiel's repeated-move and draw limits, and tied knocks score 0); its 95% interval
is the normal approximation, which overstates the noise a little since swapped seats pair the
deals.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import openspiel_translate as tr  # noqa: E402

from rummy_tui.engine import Game  # noqa: E402
from rummy_tui.engine.ai import choose_action, share_with_margin  # noqa: E402
from rummy_tui.engine.cards import card_text  # noqa: E402
from rummy_tui.engine.variant import split_action  # noqa: E402
from variants.gin.rules import arrangement_of, defender_showdown, ending_discards, read_arrangement  # noqa: E402

try:
    import pyspiel
    from pyspiel import gin_rummy
except ImportError:  # pragma: no cover - the message is the point
    sys.exit("This benchmark needs OpenSpiel: pip install --only-binary=:all: open_spiel")

KNOCK_CARD = 10
LEVELS = ("easy", "normal", "hard")


@dataclass
class HandResult:
    points: float
    ending: str  # "knock", "gin", "undercut", "tie", "no result"; our knock or the bot's
    by_us: bool | None
    fallbacks: list[str] = field(default_factory=list)


class Adapter:
    """One hand: an OpenSpiel state, its mirror in our engine, our AI at ``seat``."""

    def __init__(self, game, bot, utils, deck: list[int], seat: int, level: str, seed: int):
        self.state = game.new_initial_state()
        self.bot, self.utils, self.seat, self.level = bot, utils, seat, level
        self.fallbacks: list[str] = []
        for card in deck[:21]:  # 10 cards to player 0, 10 to player 1, the upcard
            self._apply(tr.openspiel_card(card))
        self.mirror = Game.from_position(
            "gin",
            2,
            hands=[deck[0:10], deck[10:20]],
            discard=[deck[20]],
            stock=list(reversed(deck[21:])),
            to_move=0,
            dealer=1,
            phase="upcard",
            settings={"single_hand": True},
            seed=seed,
        )
        self.mirror.state.extra["knock_limit"] = KNOCK_CARD  # OpenSpiel's rules, not Oklahoma
        self.mirroring = True
        self.next_stock_card: int | None = None

    # --- driving the hand ---------------------------------------------------------------

    def play(self) -> HandResult:
        self.bot.restart()
        while not self.state.is_terminal():
            if self.state.is_chance_node():
                self._deal_stock_card()
            elif self.state.current_player() == self.seat:
                self._our_turn()
            else:
                self._bot_turn()
        return self._result()

    def _phase(self) -> str:
        return self.state.current_phase().name

    def _apply(self, action: int) -> None:
        legal = self.state.legal_actions()
        assert action in legal, f"action {action} not legal in {self._phase()}: {legal}\n{self.state}"
        self.state.apply_action(action)

    def _deal_stock_card(self) -> None:
        """The card the mirror drew is the one OpenSpiel deals: both stocks stay the same."""
        assert self.next_stock_card is not None, "OpenSpiel deals a stock card nobody drew"
        self._apply(tr.openspiel_card(self.next_stock_card))
        self.next_stock_card = None

    def _mirror_apply(self, code: str) -> None:
        if code == "draw:stock":
            self.next_stock_card = self.mirror.state.stock[-1]
        self.mirror.apply(code)

    def _bot_turn(self) -> None:
        phase = self._phase()
        action = self.bot.step(self.state)
        if self.mirroring and phase in ("FIRST_UPCARD", "DRAW", "DISCARD", "WALL"):
            code = tr.opponent_code(action, phase)
            if code is None or code == "void":
                self.mirroring = False  # a knock or the wall: our AI has no more choices
            elif code.startswith("discard:") and self.mirror.why_not(code) is not None:
                # OpenSpiel lets a player throw back the card he took; our rules do not.
                self.fallbacks.append("the bot threw back the card it took (mirror allowed it)")
                self.mirror.state.extra["taken"] = None
                self._mirror_apply(code)
            else:
                self._mirror_apply(code)
        self._apply(action)

    def _our_turn(self) -> None:
        phase = self._phase()
        if phase == "LAYOFF":
            self._defend()
            return
        assert self.mirroring, f"our AI to move in {phase} after the mirror stopped"
        self._check_mirror(phase)
        code = choose_action(self.mirror, self.seat, self.level)
        hand = self.mirror.state.hands[self.seat]
        actions = tr.openspiel_actions(code, phase, hand)
        verb, argument = split_action(code)
        legal = self.state.legal_actions()
        if actions[0] not in legal:
            code, actions = self._fall_back(code, phase, legal)
            verb, argument = split_action(code)
        if verb in ("knock", "gin") or phase == "WALL" and actions == [tr.PASS]:
            self.mirroring = False
        else:
            self._mirror_apply(code)
        self._apply(actions[0])
        refused = len(self.fallbacks)
        self._lay(actions[1:])
        if verb in ("knock", "gin") and len(self.fallbacks) == refused:
            kept = [c for c in hand if card_text(c) != argument.partition("/")[0]]
            shown = read_arrangement(kept, argument.partition("/")[2]) if "/" in argument else arrangement_of(kept)
            assert self.state.deadwood()[self.seat] == shown.value, f"{code}: OpenSpiel counts other deadwood"

    def _fall_back(self, code: str, phase: str, legal: list[int]) -> tuple[str, list[int]]:
        """What to play when OpenSpiel refuses the first action of ``code``."""
        hand = self.mirror.state.hands[self.seat]
        verb, argument = split_action(code)
        if phase == "DISCARD" and verb in ("knock", "gin"):
            self.fallbacks.append("knock refused: OpenSpiel's 11-card deadwood is above 10")
            plain = f"discard:{argument.partition('/')[0]}"
            return plain, tr.openspiel_actions(plain, phase, hand)
        if phase == "WALL" and verb == "take":
            self.fallbacks.append("wall knock refused: OpenSpiel's 11-card deadwood is above 10")
            return "void", [tr.PASS]
        if phase == "KNOCK" and verb == "discard":
            self.fallbacks.append("our AI discarded after the wall take: knocked with its best discard")
            best = min(ending_discards(hand, KNOCK_CARD).items(), key=lambda item: item[1])[0]
            knock = f"knock:{card_text(best)}"
            return knock, tr.openspiel_actions(knock, phase, hand)
        raise AssertionError(f"{code} in {phase} has no OpenSpiel action among {legal}\n{self.state}")

    def _lay(self, actions: list[int]) -> None:
        """The rest of a knock: discard, melds, pass; a meld OpenSpiel refuses falls back to its
        own best meld group for the cards still in hand."""
        for action in actions:
            if action in self.state.legal_actions():
                self._apply(action)
                continue
            self.fallbacks.append(f"knock declaration: action {action} refused")
            self._lay_openspiel_melds()
            return

    def _lay_openspiel_melds(self) -> None:
        hand = self.state.hands()[self.seat]
        for meld in self.utils.best_meld_group(hand):
            self._apply(tr.MELD_BASE + self.utils.meld_to_int[meld])
        self._apply(tr.PASS)

    def _defend(self) -> None:
        """The bot knocked: lay off what leaves the least deadwood, then lay our best melds."""
        hand = [tr.our_card(i) for i in self.state.hands()[self.seat]]
        expected = arrangement_of(hand).value
        refused = len(self.fallbacks)
        if not self.state.finished_layoffs():  # no lay-offs on gin
            knocker = 1 - self.seat
            melds = [tr.our_meld(i) for i in self.state.layed_melds()[knocker]]
            expected = defender_showdown(hand, melds)[0].value
            for card in tr.layoff_order(hand, melds):
                action = tr.openspiel_card(card)
                if action in self.state.legal_actions():
                    self._apply(action)
                else:
                    self.fallbacks.append(f"lay-off of {card_text(card)} refused (OpenSpiel's lay-off chains)")
            self._apply(tr.PASS)
        left = [tr.our_card(i) for i in self.state.hands()[self.seat]]
        for action in tr.meld_actions(arrangement_of(left).melds):
            self._apply(action)
        self._apply(tr.PASS)
        if len(self.fallbacks) == refused:
            assert self.state.deadwood()[self.seat] == expected, "OpenSpiel counts other defender deadwood"

    def _check_mirror(self, phase: str) -> None:
        """The mirror must hold what OpenSpiel holds, or our AI would decide on a wrong hand."""
        ours = sorted(tr.openspiel_card(c) for c in self.mirror.state.hands[self.seat])
        assert ours == sorted(self.state.hands()[self.seat]), f"hands differ in {phase}\n{self.state}"
        assert len(self.mirror.state.stock) == self.state.stock_size(), "stock sizes differ"
        upcard = self.state.upcard()
        if upcard is not None:
            assert tr.openspiel_card(self.mirror.state.discard[-1]) == upcard, "upcards differ"
        expected = {
            "FIRST_UPCARD": ("upcard", "draw"),
            "DRAW": ("draw",),
            "DISCARD": ("discard",),
            "WALL": ("last_chance",),
            "KNOCK": ("discard",),
        }[phase]
        assert self.mirror.state.phase in expected, f"mirror in {self.mirror.state.phase}, OpenSpiel in {phase}"

    def _result(self) -> HandResult:
        points = self.state.returns()[self.seat]
        knocked = self.state.knocked()
        if not any(knocked):
            return HandResult(points, "no result", None, self.fallbacks)
        knocker = knocked.index(True)
        deadwood = self.state.deadwood()
        if points == 0:
            ending = "tie"
        elif deadwood[knocker] == 0:
            ending = "gin"
        elif (points > 0) != (knocker == self.seat):
            ending = "undercut"
        else:
            ending = "knock"
        return HandResult(points, ending, knocker == self.seat, self.fallbacks)


# --- the run ------------------------------------------------------------------------------


def check_translation(utils) -> None:
    """Our card and meld numbering must be OpenSpiel's own, card by card and meld by meld."""
    for index in range(52):
        assert tr.openspiel_card(tr.our_card(index)) == index
        assert utils.card_string(index) == tr.openspiel_card_text(index), index
    for identifier in range(tr.MELD_COUNT):
        assert sorted(utils.int_to_meld[identifier]) == tr.meld_indices(identifier), identifier
        assert tr.meld_id(utils.int_to_meld[identifier]) == identifier
    constants = (
        gin_rummy.DRAW_UPCARD_ACTION,
        gin_rummy.DRAW_STOCK_ACTION,
        gin_rummy.PASS_ACTION,
        gin_rummy.KNOCK_ACTION,
        gin_rummy.MELD_ACTION_BASE,
        gin_rummy.NUM_MELD_ACTIONS,
    )
    assert constants == (tr.DRAW_UPCARD, tr.DRAW_STOCK, tr.PASS, tr.KNOCK, tr.MELD_BASE, tr.MELD_COUNT), constants


def deal(seed: int, number: int) -> list[int]:
    deck = list(range(52))
    random.Random(f"openspiel-gin:{seed}:{number}").shuffle(deck)
    return deck


def play_level(level: str, hands: int, seed: int) -> tuple[list[HandResult], float]:
    game = pyspiel.load_game("gin_rummy", {"knock_card": KNOCK_CARD, "oklahoma": False})
    bots = [pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), player) for player in (0, 1)]
    utils = gin_rummy.GinRummyUtils(13, 4, 10)
    results = []
    started = time.process_time()
    for number in range(hands // 2):
        cards = deal(seed, number)
        for seat in (0, 1):
            adapter = Adapter(game, bots[1 - seat], utils, cards, seat, level, seed * 1_000_000 + number * 2 + seat)
            results.append(adapter.play())
    return results, time.process_time() - started


def report(level: str, results: list[HandResult], seconds: float) -> list[str]:
    won = sum(r.points > 0 for r in results)
    lost = sum(r.points < 0 for r in results)
    decided = won + lost
    share, margin = share_with_margin(won, decided)
    points = [r.points for r in results]
    mean = sum(points) / len(points)
    spread = math.sqrt(sum((p - mean) ** 2 for p in points) / max(len(points) - 1, 1))
    endings = Counter((r.ending, r.by_us) for r in results)
    fallback_hands = [r for r in results if r.fallbacks]
    reasons = Counter(reason for r in fallback_hands for reason in set(r.fallbacks))

    def ended(by_us: bool) -> str:
        kinds = [
            (name, endings[(kind, by_us)])
            for kind, name in (("knock", "knocks"), ("gin", "gins"), ("undercut", "undercut"), ("tie", "tied"))
        ]
        return f"{sum(n for _, n in kinds)} ({', '.join(f'{n} {name}' for name, n in kinds)})"

    lines = [
        f"{level:>6} vs SimpleGinRummyBot: {len(results)} hands, won {won}, lost {lost}, scored 0 in "
        f"{len(results) - decided}: {share:.1%} ± {margin:.1%} of decided hands ({won / len(results):.1%} of all), "
        f"{mean:+.2f} ± {1.96 * spread / math.sqrt(len(points)):.2f} points a hand",
        f"        we ended {ended(True)}; the bot ended {ended(False)}; nobody knocked {endings[('no result', None)]}",
        f"        fallback hands: {len(fallback_hands)}"
        + "".join(f"; {n}x {why}" for why, n in reasons.items())
        + f"; {seconds:.0f} s CPU",
    ]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per level (even: each deal twice)")
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma-separated AI levels")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    levels = [level.strip() for level in args.levels.split(",") if level.strip()]
    unknown = [level for level in levels if level not in LEVELS]
    if unknown or args.hands < 2:
        parser.error(
            f"levels are {', '.join(LEVELS)}; hands at least 2" + (f" (not {', '.join(unknown)})" if unknown else "")
        )
    check_translation(gin_rummy.GinRummyUtils(13, 4, 10))
    print(
        f"open_spiel {getattr(pyspiel, '__version__', '?')}, gin_rummy knock_card={KNOCK_CARD}, "
        f"{args.hands} hands a level (seats swapped), seed {args.seed}, load average "
        f"{os.getloadavg()[0]:.1f}",
        flush=True,
    )
    for level in levels:
        results, seconds = play_level(level, args.hands, args.seed)
        print("\n".join(report(level, results, seconds)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
