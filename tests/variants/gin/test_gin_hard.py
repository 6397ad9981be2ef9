"""The hard Gin player's hints: the move and a reason that is true of the position."""

from __future__ import annotations

from rummy_tui.engine import Game
from rummy_tui.engine.hints import hint_for


def position(
    hand: str, *, discard: str, phase: str, opponent: str = "2C 3D 4C 5C 6D 7S 8C 9D 10S JC", extra: dict | None = None
) -> Game:
    return Game.from_position(
        "gin",
        2,
        hands=[hand, opponent],
        discard=discard,
        phase=phase,
        to_move=0,
        dealer=1,
        extra={"upcard": "9C", **(extra or {})},
        settings={"single_hand": True},
    )


def test_taking_the_card_that_completes_a_run():
    game = position("5H 6H AS AD AC QD JS 9H 3C 2H", discard="9C KC 7H", phase="draw")
    hint = hint_for(game, 0)
    assert hint.action == "take:discard"
    assert hint.text == "Take [7H]: it completes 5-6-7♥."


def test_knocking_as_soon_as_the_deadwood_allows():
    game = position("5H 6H 7H AS AD AC 2S 3S 4S KD 2H", discard="9C KC", phase="discard")
    hint = hint_for(game, 0)
    assert hint.action == "knock:KD"
    assert hint.text.startswith("Knock, throwing [KD]: 2 deadwood is low enough")


def test_shedding_the_highest_loose_card():
    game = position("5H 6H 7H AS AD AC 2S 3S 8S 6C QD", discard="9C KC", phase="discard")
    hint = hint_for(game, 0)
    assert hint.action == "discard:QD"
    assert hint.text == "Discard [QD]: it fits no meld and is your highest loose card."


def test_keeping_back_a_card_the_opponent_collects():
    """He took two eights openly: the loose eight would complete his set, so a lower card goes."""
    game = position(
        "5H 6H 7H AS AD AC 2S 3S 8S 6C 4C", discard="9C KC", phase="discard", opponent="8D 8C 4D 5S 6D 7S 2C 9D 10S JC"
    )
    game.state.extra["picked"] = [[], game.state.hands[1][:2]]
    hint = hint_for(game, 0)
    assert hint.action != "discard:8S"
    assert hint.text.endswith("your opponent is less likely to want it than [8S].")


def test_a_declined_discard_is_recorded_for_both_seats_to_see():
    game = Game("gin", 2, {"single_hand": True}, seed=5)
    while game.state.phase == "upcard":
        game.apply("pass")
    game.apply("draw:stock")  # both passed: the stock only, nothing was declined
    assert game.state.extra["declined"] == [[], []]
    game.apply(next(a for a in game.legal_actions() if a.startswith("discard:")))
    top = game.state.discard[-1]
    seat = game.current_seat
    game.apply("draw:stock")
    assert game.state.extra["declined"][seat] == [top]
    assert game.observation(1 - seat)["extra"]["declined"][seat] == [top]


def test_late_in_the_hand_a_high_card_with_live_outs_is_kept():
    """Six cards left in the stock: Q♠ J♠ still have two unseen cards each to make a run (10♠, K♠),
    and 8♦ has none (every card that would meld it is on the pile). Counting each out at 3 points
    the whole hand long, hard keeps the queen and sheds the lower dead card."""
    game = Game.from_position(
        "gin",
        2,
        hands=["5H 6H 7H AS AD AC QS JS 8D 4C 2S", "3S 4S 5S 9H 10H JH 2D 3D 4D KC"],
        stock="10S KS 6S KH 5C KD",
        discard="9C 7D 9D 6D 10D 8C 8H QH QD QC 7S 8S 9S AH 2H 3H 4H JD 5D 2C 3C 6C 7C 10C JC",
        phase="discard",
        to_move=0,
        dealer=1,
        settings={"single_hand": True},
    )
    hint = hint_for(game, 0)
    assert hint.action == "discard:8D"
    assert hint.text == "Discard [8D]: it fits no meld, and your higher cards have better chances to meld."


# --- the simulator (variants/gin/sim.py) plays normal's policy --------------------------


def _mask(cards) -> int:
    return sum(1 << card for card in cards)


def _simulated_normal_move(observation: dict) -> str:
    """What variants/gin/sim.py's normal would do from ``observation``, as an action code."""
    from rummy_tui.engine.cards import card_text
    from variants.gin import sim

    extra = observation["extra"]
    hand, limit = _mask(observation["hand"]), extra["knock_limit"]
    threshold = max(limit, 0)
    phase = observation["phase"]
    top = observation["discard"][-1] if observation["discard"] else -1
    if phase == "last_chance":
        return "take:discard" if sim.best_ending(hand | 1 << top, threshold, top)[0] >= 0 else "void"
    if phase in ("upcard", "draw"):
        takes = not extra["stock_only"] and sim.normal_take(hand, top, threshold)
        if phase == "upcard":
            return "take:upcard" if takes else "pass"
        return "take:discard" if takes else "draw:stock"
    taken = -1 if extra["taken"] is None else extra["taken"]
    kind, card = sim.normal_discard(
        hand, taken, threshold, limit, _mask(observation["discard"]), _mask(extra["picked"][1 - observation["seat"]])
    )
    return f"{kind}:{card_text(card)}"


def test_the_simulator_chooses_what_normal_chooses():
    """Every decision of 25 normal-against-normal hands (several hundred positions)."""
    from rummy_tui.engine.ai import choose_action

    compared = 0
    for seed in range(25):
        game = Game("gin", 2, {"single_hand": True}, seed=seed)
        while game.current_seat is not None:
            seat = game.current_seat
            action = choose_action(game, seat, "normal")
            if len(game.legal_actions()) > 1:
                simulated = _simulated_normal_move(game.observation(seat))
                if action.startswith("gin:"):  # which card goes face down does not matter
                    assert simulated.startswith("gin:"), (seed, action, simulated)
                else:
                    assert simulated == action, (seed, action, simulated)
                compared += 1
            game.apply(action)
    assert compared > 300


def test_a_simulated_hand_ends_as_the_engine_plays_it():
    """play_out from the deal gives the winner and the points of normal against normal."""
    from rummy_tui.engine.ai import choose_action
    from variants.gin import sim

    for seed in range(40):
        game = Game("gin", 2, {"single_hand": True}, seed=seed)
        state = game.state
        deal = sim.Deal(
            [_mask(h) for h in state.hands],
            [0, 0],
            list(state.discard),
            list(state.stock),
            state.to_move,
            state.phase,
            state.extra["knock_limit"],
            state.dealer,
        )
        simulated = sim.play_out(deal)
        while game.current_seat is not None and state.hand_no == 1:
            game.apply(choose_action(game, game.current_seat, "normal"))
        first = state.sheet[0]
        expected = (sim.VOID, 0) if first.get("note") == "void" else (state.last_hand["winner"], max(first["points"]))
        assert simulated == expected, seed


def test_a_card_that_lengthens_a_meld_extends_it_and_a_set_is_named_in_words():
    game = position("5H 6H 7H AS AD AC QD JS 9S 3C", discard="9C KC 8H", phase="draw")
    hint = hint_for(game, 0)
    assert hint.action == "take:discard"
    assert hint.text == "Take [8H]: it extends 5-6-7-8♥."
    game = position("JS JH 5H 6H 7H AS AD AC 9S 3C", discard="9C KC JD", phase="draw")
    hint = hint_for(game, 0)
    assert hint.action == "take:discard"
    assert hint.text == "Take [JD]: it completes a set of jacks."


def test_a_hint_letters_the_ranks_in_the_players_language(hungarian):
    game = position("JH QH 5H 6H 7H AS AD AC 9S 3C", discard="9C 4D KH", phase="draw")
    hint = hint_for(game, 0)
    assert hint.action == "take:discard"
    assert "B-D-K♥" in hint.text, hint.text
