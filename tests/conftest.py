"""Shared test settings: Hypothesis never times single examples (a game step may take a while
on a busy CI machine), and prints how to reproduce a failure."""

from hypothesis import settings

settings.register_profile("rummy", deadline=None, print_blob=True)
settings.load_profile("rummy")
