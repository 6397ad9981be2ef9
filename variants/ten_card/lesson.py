"""The Tízlapos lesson: melds and penalty points, drawing, the joker, römi and the knock,
the special hands, the buli (RULES.md B)."""

from rummy_tui.engine.lessons import Lesson, Step
from rummy_tui.i18n import N_

OPPONENT = "5S 6S 7S 8S 9D 9H 9S KS AH 4C"
MELDS = "4H 5H 6H QS QC QD JK 9C 10C"  # a run, a set, and a run with a joker: nine melded cards

LESSON = Lesson(
    variant="ten-card",
    steps=(
        Step(
            title=N_("Melds and penalty points"),
            instruction=N_(
                "Runs and sets are melds; the loose cards are penalty points (faces and aces 10). "
                "Discard [KH], your highest loose card: move to it, then x."
            ),
            moves=(("discard:KH",),),
            wrong=N_("Throw the loose card worth most: [KH] counts 10, [8D] only 8."),
            position={"hands": [MELDS + " 8D KH", OPPONENT], "discard": "2C", "phase": "discard", "dealer": 1},
        ),
        Step(
            title=N_("Drawing"),
            instruction=N_(
                "Each turn you draw, then discard. [7H] on the discard pile extends [4H] [5H] [6H]: take it (t)."
            ),
            moves=(("take:discard",),),
            wrong=N_("The top discard extends your run: take it with t rather than draw an unknown card."),
            position={"hands": [MELDS + " 3D", OPPONENT], "discard": "2C 7H", "phase": "draw", "dealer": 1},
        ),
        Step(
            title=N_("The joker and römi"),
            instruction=N_(
                "[JK] stands for any card: with [9C] [10C] it makes a run. Discard [KH] (x), then declare "
                "römi (D): all ten cards in melds, 10 points off."
            ),
            moves=(("discard:KH",), ("declare:romi",)),
            wrong=N_("All ten cards but [KH] are in melds, the joker too: discard [KH], then D and römi."),
            position={"hands": ["4H 5H 6H 7H QS QC QD JK 9C 10C KH", OPPONENT], "discard": "2C", "phase": "discard"},
            play_out=True,
        ),
        Step(
            title=N_("Knocking"),
            instruction=N_(
                "Nine cards in melds and a natural 2 or 3 left over make a knock. Discard [KH] (x), then declare "
                "the knock (D)."
            ),
            moves=(("discard:KH",), ("declare:knock",)),
            wrong=N_("A knock needs nine melded cards and one natural 2 or 3: keep [3D], discard [KH], then D."),
            position={"hands": [MELDS + " 3D KH", OPPONENT], "discard": "2C", "phase": "discard", "dealer": 1},
            play_out=True,
            done=N_("The others lay down their melds and take their loose cards as penalty points."),
        ),
        Step(
            title=N_("A colour flush"),
            instruction=N_(
                "Ten cards of one suit are a colour flush: 25 points off. Discard [6H] (x), then declare it (D)."
            ),
            moves=(("discard:6H",), ("declare:colour-flush",)),
            wrong=N_("Keep the ten clubs: discard [6H], then D to declare the colour flush."),
            position={
                "hands": ["2C 4C 5C 7C 8C 9C JC QC KC AC 6H", OPPONENT],
                "discard": "2D",
                "phase": "discard",
                "dealer": 1,
            },
        ),
        Step(
            title=N_("Piccolo"),
            instruction=N_(
                "Ten small cards worth 25 or less (ace 1, joker 0) are a piccolo. Discard [KD] (x), then declare it (D)."
            ),
            moves=(("discard:KD",), ("declare:piccolo",)),
            wrong=N_("Without [KD] your cards make 25 (ace 1, joker 0): discard [KD], then D for the piccolo."),
            position={
                "hands": ["AS AH 2C 2D 3S 3H 4D 4C JK 5S KD", OPPONENT],
                "discard": "2H",
                "phase": "discard",
                "dealer": 1,
            },
        ),
        Step(
            title=N_("The buli"),
            instruction=N_(
                "Penalty points add up; over 100 you are out, and the last one in wins the buli. North has 90: "
                "discard [KH] and knock (D)."
            ),
            moves=(("discard:KH",), ("declare:knock",)),
            wrong=N_("Knock now and North goes over 100: discard [KH], then D."),
            position={
                "hands": [MELDS + " 3D KH", OPPONENT],
                "discard": "2C",
                "phase": "discard",
                "dealer": 1,
                "totals": [40, 90],
            },
            play_out=True,
        ),
    ),
)
