"""The Römi lesson: drawing, the opening of 40, laying off, going out, the joker, taking the
discard, handolás (RULES.md C)."""

from rummy_tui.engine.lessons import Lesson, Step
from rummy_tui.i18n import N_

OPPONENT = "2D 2H 6S 9S KD KH 4C 8C"
OPENED = {"opened": [True, True]}

LESSON = Lesson(
    variant="hungarian",
    closing_settings={"deals": 1},
    steps=(
        Step(
            title=N_("Drawing"),
            instruction=N_(
                "A turn: draw, lay down what you can, discard. [3D] on the discard pile is of no use to you: "
                "draw from the stock (d)."
            ),
            moves=(("draw:stock",),),
            wrong=N_("A discard may be taken only to lay it down at once; draw from the stock with d."),
            position={"hands": ["10H JH QH 5S 5H 5D 8D 2C", OPPONENT], "discard": "3D", "phase": "draw"},
        ),
        Step(
            title=N_("Opening with 40"),
            instruction=N_(
                "Your first melds must make 40 points (ace 11, faces 10). Select [10H] [JH] [QH] with space, "
                "press +, select the three 5s, then m."
            ),
            moves=(("meld:10H-JH-QH+5S-5H-5D",),),
            wrong=N_("[10H] [JH] [QH] alone is 30: put it aside with +, add the three 5s (15) and press m: 45 opens."),
            position={"hands": ["10H JH QH 5S 5H 5D 8D 2C 9S", OPPONENT], "discard": "3D", "phase": "play"},
        ),
        Step(
            title=N_("Laying off"),
            instruction=N_(
                "Once you have opened, you may add cards to any meld on the table. Select [6C] and lay it off "
                "(o) on [3C] [4C] [5C]."
            ),
            moves=(("layoff:6C>0",),),
            wrong=N_("[6C] continues the run [3C] [4C] [5C]: select it with space and press o."),
            position={
                "hands": ["6C 9D KS 2S", OPPONENT],
                "table": [(1, "3C 4C 5C")],
                "discard": "3D",
                "phase": "play",
                "extra": OPENED,
            },
        ),
        Step(
            title=N_("Going out"),
            instruction=N_(
                "The hand ends when someone discards his last card. Lay off [7C] (o), then discard [9D] (x)."
            ),
            moves=(("layoff:7C>0",), ("discard:9D",)),
            wrong=N_("Get rid of every card: lay off [7C] on the run, then discard [9D] as your last card."),
            position={
                "hands": ["7C 9D", OPPONENT],
                "table": [(1, "3C 4C 5C 6C")],
                "discard": "3D",
                "phase": "play",
                "extra": OPENED,
            },
            done=N_("The others pay every card left in their hands: ace 11, joker 20."),
        ),
        Step(
            title=N_("The joker"),
            instruction=N_(
                "Lay [9H] in place of the joker of [7H] [8H] [JK] [10H] (select it, e), then use the joker at once: "
                "meld it with [QC] [QD] (m)."
            ),
            moves=(("exchange:9H>0",), ("meld:JK-QC-QD", "layoff:JK>0")),
            wrong=N_("The joker stands for [9H]: lay [9H] with e to win it, then lay the joker down this turn."),
            position={
                "hands": ["9H QC QD 4S", OPPONENT],
                "table": [(1, "7H 8H JK=9H 10H")],
                "discard": "3D",
                "phase": "play",
                "extra": OPENED,
            },
        ),
        Step(
            title=N_("Taking the discard"),
            instruction=N_(
                "You may take [QD] if it goes down at once: take it (t), then open with the three queens and "
                "[9C] [10C] [JC] (59 points)."
            ),
            moves=(("take:discard",), ("meld:QS-QC-QD+9C-10C-JC",)),
            wrong=N_("The discard you took must be laid down this turn, in melds of 40: the queens and the clubs."),
            position={"hands": ["QS QC 9C 10C JC 4S 7D", OPPONENT], "discard": "3D QD", "phase": "draw"},
        ),
        Step(
            title=N_("Handolás"),
            instruction=N_(
                "Going out in one turn, with nothing laid before, is handolás: no 40 needed, the others pay double. "
                "Meld both groups (+, m), then discard [9C]."
            ),
            moves=(("meld:3S-4S-5S+7D-7H-7C",), ("discard:9C",)),
            wrong=N_("Lay both melds at once (the first with +, then m), then discard [9C] to go out."),
            position={"hands": ["3S 4S 5S 7D 7H 7C 9C", OPPONENT], "discard": "3D", "phase": "play"},
        ),
    ),
)
