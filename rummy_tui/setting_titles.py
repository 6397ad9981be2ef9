"""The words of the settings that have no label of their own, for the extractor.

A setting without a ``label`` is called by its name in words ("spade_doubling": "Spade
doubling", see ``Setting.title``), and those words are translated where the form shows them.
No one imports this module: it only marks the words, so that the catalogue holds them
(``tests/i18n/test_translations.py`` fails when a setting's title has no translation).
"""

from rummy_tui.i18n import N_

TITLES = (
    N_("Spade doubling"),
    N_("Game bonus"),
    N_("Shutout extra"),
    N_("Box bonus"),
    N_("Undercut bonus"),
    N_("Gin bonus"),
    N_("Single hand"),
    N_("Joker penalty"),
    N_("Kis buli"),
    N_("Buli payout"),
    N_("Jokers"),
    N_("Deals"),
    N_("Stake"),
    N_("Rummy penalty"),
)
