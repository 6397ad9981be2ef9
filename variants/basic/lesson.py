"""The Rummy lesson: drawing, melding, laying off, going out without a discard, rummy (RULES.md E)."""

from rummy_tui.engine.lessons import Lesson, Step
from rummy_tui.i18n import N_

OPPONENT = "2D 2H 6H 9H KD KH 4S 8C 10H 3H"

LESSON = Lesson(
    variant="basic",
    closing_settings={"hands": 1},
    steps=(
        Step(
            title=N_("Drawing"),
            instruction=N_(
                "A turn: draw, meld or lay off if you like, discard. [9S] on the discard pile extends [7S] [8S]: "
                "take it (t)."
            ),
            moves=(("take:discard",),),
            wrong=N_("The top discard makes a run with [7S] [8S]: take it with t."),
            position={"hands": ["7S 8S 4D 4C KC 2C 5H JD QH 10C", OPPONENT], "discard": "QC 9S", "phase": "draw"},
        ),
        Step(
            title=N_("Melds"),
            instruction=N_(
                "Runs and sets of three or more are melds; the ace is low (A-2-3). Select [7S] [8S] [9S] (space) "
                "and meld them (m)."
            ),
            moves=(("meld:7S-8S-9S",),),
            wrong=N_("Select the three spades with space, then press m."),
            position={"hands": ["7S 8S 9S 4D 4C KC 2C 5H JD QH AD", OPPONENT], "discard": "QC", "phase": "play"},
        ),
        Step(
            title=N_("Laying off"),
            instruction=N_("Anyone may add cards to any meld on the table. Lay [10S] off on [7S] [8S] [9S] (o)."),
            moves=(("layoff:10S>0",),),
            wrong=N_("[10S] continues the run on the table: select it and press o."),
            position={
                "hands": ["10S 4D 4C KC 2C 5H JD QH", OPPONENT],
                "table": [(1, "7S 8S 9S")],
                "discard": "QC",
                "phase": "play",
            },
        ),
        Step(
            title=N_("Going out"),
            instruction=N_(
                "Whoever plays his last card wins the hand, with or without a discard. Lay off [5C] and [6C] "
                "on [2C] [3C] [4C] (select both, o)."
            ),
            moves=(("layoff:5C-6C>0",),),
            wrong=N_("Both cards continue the clubs: select [5C] and [6C], then o, and your hand is empty."),
            position={
                "hands": ["5C 6C", OPPONENT],
                "table": [(1, "2C 3C 4C")],
                "discard": "QC",
                "phase": "play",
                "extra": {"tabled": [True, False]},
            },
            done=N_("You score every card left in the others' hands; 150 wins the game."),
        ),
        Step(
            title=N_("Rummy"),
            instruction=N_(
                "With nothing laid before, going out in one turn is rummy and doubles the score. Meld [4D] to "
                "[7D] (m), then discard [9C]."
            ),
            moves=(("meld:4D-5D-6D-7D",), ("discard:9C",)),
            wrong=N_("Lay the four diamonds, then discard [9C]: all in one turn makes a rummy."),
            position={
                "hands": ["4D 5D 6D 7D 9C", OPPONENT],
                "table": [(1, "7S 8S 9S")],
                "discard": "QC",
                "phase": "play",
            },
        ),
    ),
)
