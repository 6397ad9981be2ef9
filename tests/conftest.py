"""Shared test settings: Hypothesis never times single examples (a game step may take a while
on a busy CI machine), and prints how to reproduce a failure; the variants are registered."""

from hypothesis import settings

import variants  # noqa: F401  (installs the registry's lookup, as the rummy command does: Game("gin", ...))

settings.register_profile("rummy", deadline=None, print_blob=True)
settings.load_profile("rummy")
