"""The Traditional Rummy lesson: drawing, melding, laying off, going out and the payout, rummy
(RULES.md D)."""

from rummy_tui.engine.lessons import Lesson, Step
from rummy_tui.i18n import N_

OPPONENT = "2D 2H 6S 9S KD KH 4C 8C 10S 3H"

LESSON = Lesson(
    variant="traditional",
    steps=(
        Step(
            title=N_("Drawing"),
            instruction=N_(
                "A turn: draw, meld or lay off if you like, discard. [9S] on the discard pile extends [7S] [8S]: "
                "take it (t)."
            ),
            moves=(("take:discard",),),
            wrong=N_("The top discard makes a run with [7S] [8S]: take it with t."),
            position={"hands": ["7S 8S 4D 4H KC 2C 5H JD QH 10C", OPPONENT], "discard": "QC 9S", "phase": "draw"},
        ),
        Step(
            title=N_("Melds"),
            instruction=N_(
                "Runs and sets of three or more are melds, with no minimum. Select [7S] [8S] [9S] (space) and meld "
                "them (m)."
            ),
            moves=(("meld:7S-8S-9S", "meld:4H-4D-4C"),),
            wrong=N_(
                "Select the three spades with space, then press m: a meld on the table no longer counts against you."
            ),
            position={"hands": ["7S 8S 9S 4D 4H 4C KC 2C 5H JD QH", OPPONENT], "discard": "QC", "phase": "play"},
        ),
        Step(
            title=N_("Laying off"),
            instruction=N_("Anyone may add cards to any meld on the table. Lay [10S] off on [7S] [8S] [9S] (o)."),
            moves=(("layoff:10S>0",),),
            wrong=N_("[10S] continues the run on the table: select it and press o."),
            position={
                "hands": ["10S 4D 4H 4C KC 2C 5H JD QH", OPPONENT],
                "table": [(1, "7S 8S 9S")],
                "discard": "QC",
                "phase": "play",
            },
        ),
        Step(
            title=N_("Going out and the payout"),
            instruction=N_(
                "You go out by discarding your last card. Meld [4D] to [7D] (m), then discard [9C] (x): "
                "the payout follows."
            ),
            moves=(("meld:4D-5D-6D-7D",), ("discard:9C",)),
            wrong=N_("Lay the four diamonds, then discard [9C]: your last card must be a discard."),
            position={
                "hands": ["4D 5D 6D 7D 9C", OPPONENT],
                "table": [(1, "7S 8S 9S")],
                "discard": "QC",
                "phase": "play",
                "extra": {"tabled": [True, False]},
            },
            done=N_(
                "The pool is 100 a player: at least 75% goes to you, the rest to losers under 80 points, "
                "the fewer points the more."
            ),
        ),
        Step(
            title=N_("Rummy"),
            instruction=N_(
                "With nothing laid before, going out in one turn is rummy: 25 more for each loser. "
                "Meld [4D] to [7D] (m), then discard [9C]."
            ),
            moves=(("meld:4D-5D-6D-7D",), ("discard:9C",)),
            wrong=N_("Lay the four diamonds, then discard [9C]: all in one turn makes a rummy."),
            position={
                "hands": ["4D 5D 6D 7D 9C", OPPONENT],
                "table": [(1, "7S 8S 9S")],
                "discard": "QC",
                "phase": "play",
            },
            done=N_("North has 80 points or more now, so he gets nothing of the pool."),
        ),
    ),
)
