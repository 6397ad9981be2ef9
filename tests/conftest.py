"""Shared test settings: Hypothesis never times single examples (a game step may take a while
on a busy CI machine), and prints how to reproduce a failure; the variants are registered."""

import pytest
from hypothesis import settings

import variants  # noqa: F401  (installs the registry's lookup, as the rummy command does: Game("gin", ...))

settings.register_profile("rummy", deadline=None, print_blob=True)
settings.load_profile("rummy")


@pytest.fixture
def hungarian():
    """The test runs in Hungarian; the screens' import-time texts were made in English first, and
    English comes back after it."""
    from rummy_tui.i18n import set_language
    from tests.words import import_the_screens_in_english

    import_the_screens_in_english()
    set_language("hu")
    yield
    set_language("en")
