"""A deliberately tiny variant so the storage tests do not depend on any real variant's rules.

Each seat holds three cards; a turn is a draw and a discard; when the stock runs out the hand
ends and each seat scores the ranks it holds. ``register()`` adds it to the registry.
"""

from __future__ import annotations

from rummy_tui.engine.cards import card_text, face_of, find_card, parse_face, rank_of
from rummy_tui.engine.game import bracket
from rummy_tui.engine.variant import Setting, Variant, split_action


class ToyVariant(Variant):
    key = "toy"
    name = "Toy rummy"
    hungarian_name = "Játék"
    description = "Three cards, draw and discard, high cards win."
    min_players, max_players = 2, 4
    settings = {"hands": Setting(2, "Hands in a game.")}
    seat_names_hint = ("North", "East", "South", "West")

    def deck(self, settings):
        return 1, 0

    def card_value(self, card, settings):
        return rank_of(card)

    def start_game(self, game):
        game.state.dealer = 0
        self._deal(game)

    def _deal(self, game):
        state = game.state
        state.hand_no += 1
        first = game.next_seat(state.dealer)
        game.deal([3] * state.players, first)
        state.discard.append(state.stock.pop())
        state.to_move, state.phase = first, "draw"

    def legal_actions(self, game):
        state = game.state
        if state.phase == "draw":
            return ["draw:stock"] + (["take:discard"] if state.discard else [])
        return [f"discard:{card_text(face_of(card))}" for card in state.hands[state.to_move]]

    def apply(self, game, action):
        state, seat = game.state, game.state.to_move
        verb, argument = split_action(action)
        if verb == "draw":
            game.log(seat, f"drew {bracket(game.draw_from_stock(seat))}")
            state.phase = "discard"
        elif verb == "take":
            game.log(seat, f"took {bracket(game.take_discard(seat))}")
            state.phase = "discard"
        else:
            card = find_card(state.hands[seat], parse_face(argument))
            game.discard_card(seat, card)
            game.log(seat, f"discarded {bracket(card)}")
            if state.stock:
                state.to_move, state.phase = game.next_seat(seat), "draw"
            else:
                self._end_hand(game)

    def _end_hand(self, game):
        state = game.state
        points = [sum(rank_of(card) for card in hand) for hand in state.hands]
        best = max(points)
        winner = points.index(best)
        state.totals = [total + gained for total, gained in zip(state.totals, points, strict=False)]
        state.sheet.append({"hand": state.hand_no, "points": points, "note": ""})
        state.last_hand = {
            "hand": state.hand_no,
            "void": False,
            "winner": winner,
            "hands": [list(hand) for hand in state.hands],
            "melds": [[] for _ in points],
            "deadwood": [list(hand) for hand in state.hands],
            "layoffs": [[] for _ in points],
            "points": points,
            "lines": [f"seat {seat}: {gained}" for seat, gained in enumerate(points)],
        }
        if state.hand_no >= game.settings["hands"]:
            top = max(state.totals)
            game.end_game(
                [seat for seat, total in enumerate(state.totals) if total == top],
                [f"seat {seat}: {total}" for seat, total in enumerate(state.totals)],
            )
        else:
            state.dealer = game.next_seat(state.dealer)
            self._deal(game)

    def choose_ai_action(self, observation, legal, level, rng):
        if "draw:stock" in legal and rng.random() < 0.9:
            return "draw:stock"  # mostly from the stock, so that a hand ends soon
        return rng.choice(legal)


TOY = ToyVariant()


def register() -> None:
    import variants

    variants.registry()["toy"] = TOY


def unregister() -> None:
    import variants

    variants.registry().pop("toy", None)
