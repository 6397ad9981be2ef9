"""The table play that Traditional Rummy and Rummy share: rules.py (the turn, melds and lay-offs),
ai.py and hard.py (the computer players), computer.py (each level's move and the hint, installed
by traditional/ and basic/), going_out.py and race.py (hard's search and look-ahead).
Not a variant: it defines no VARIANT."""
