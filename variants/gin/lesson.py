"""The Gin Römi lesson: melds and deadwood, the upcard, drawing, knocking, gin (RULES.md A)."""

from rummy_tui.engine.lessons import Lesson, Step
from rummy_tui.i18n import N_

OPPONENT = "2S 2D 2C 7H 7S 7C 6C KS 9D 3H"
MELDED = "3C 4C 5C 8H 8S 8D 10S JS"  # a run and a set, and two spades towards a run

LESSON = Lesson(
    variant="gin",
    closing_settings={"single_hand": True},
    steps=(
        Step(
            title=N_("Melds and deadwood"),
            instruction=N_(
                "Runs like [3C] [4C] [5C] and sets like three 8s are melds; the other cards are deadwood. "
                "Discard [KC], your highest loose card: move to it, then x."
            ),
            moves=(("discard:KC",),),
            wrong=N_("Keep your melds and throw deadwood, the highest first: [KC] counts 10, [9H] counts 9."),
            position={"hands": [MELDED + " QS 9H KC", OPPONENT], "discard": "2H", "phase": "discard", "dealer": 1},
        ),
        Step(
            title=N_("The upcard"),
            instruction=N_(
                "The first card turned up, [QD], is offered to you first. It makes no meld with your cards: pass (p)."
            ),
            moves=(("pass",),),
            wrong=N_("Take the upcard only when it helps a meld; [QD] does not, so pass with p."),
            position={"hands": [MELDED + " 9H KC", OPPONENT], "discard": "QD", "phase": "upcard", "dealer": 1},
        ),
        Step(
            title=N_("Taking the discard"),
            instruction=N_("[QS] on the discard pile completes your run [10S] [JS]. Take it (t)."),
            moves=(("take:discard",),),
            wrong=N_("The top discard is a card you know: take it with t when it completes a meld."),
            position={"hands": [MELDED + " 9H KC", OPPONENT], "discard": "2H QS", "phase": "draw", "dealer": 1},
        ),
        Step(
            title=N_("Drawing from the stock"),
            instruction=N_("[5D] on the discard pile makes no meld with your cards: draw from the stock (d)."),
            moves=(("draw:stock",),),
            wrong=N_("Take the discard only when it helps; otherwise draw an unknown card from the stock with d."),
            position={"hands": [MELDED + " 9H KC", OPPONENT], "discard": "2H 5D", "phase": "draw", "dealer": 1},
        ),
        Step(
            title=N_("Knocking"),
            instruction=N_(
                "The upcard [7D] set the knock limit to 7. Discard [KC] and knock (k): your deadwood, [5H], is 5."
            ),
            moves=(("knock:KC",),),
            wrong=N_("To knock, your deadwood after the discard may be at most the knock limit, 7: knock with [KC]."),
            position={"hands": [MELDED + " QS 5H KC", OPPONENT], "discard": "7D", "phase": "discard", "dealer": 1},
            done=N_("He lays off what he can on your melds; you score the difference of the deadwood."),
        ),
        Step(
            title=N_("Gin"),
            instruction=N_(
                "Every card but [KD] is in a meld. Discard it and go gin (g): a 25-point bonus, and no lay-offs."
            ),
            moves=(("gin:KD", "knock:KD"),),
            wrong=N_("With all ten other cards in melds, go gin: [KD] under the cursor, then g."),
            position={
                "hands": ["AH 2H 3H 4H 6C 6D 6S 9S 10S JS KD", "7C 8C 9C 2C 2D 2S 5H 10D 3D 5S"],
                "discard": "4C",
                "phase": "discard",
                "dealer": 1,
            },
            done=N_("Gin scores his deadwood and 25 more; the first to 150 wins the game."),
        ),
    ),
)
