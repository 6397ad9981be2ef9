"""Cards and log lines as a player says them, in English and Hungarian."""

from __future__ import annotations

import pytest

from rummy_tui.engine.cards import parse_face
from rummy_tui.i18n import set_language
from rummy_tui.lines.words import CardWords


@pytest.fixture
def hungarian():
    set_language("hu")
    yield
    set_language("en")


def test_english_words_and_articles():
    words = CardWords()
    assert words.card(parse_face("7H")) == "7 of hearts"
    assert words.card(parse_face("QS")) == "queen of spades"
    assert words.sentence("North discarded [KS]") == "North discarded the king of spades"
    assert words.sentence("melded [7H] [8H] [9H]") == "melded 7 of hearts, 8 of hearts, 9 of hearts"
    assert words.sentence("upcard: [AD]") == "upcard: ace of diamonds"
    assert words.sentence("opened: [3H] [3D] [3C] + [7S] [8S] [9S]") == (
        "opened: 3 of hearts, 3 of diamonds, 3 of clubs; 7 of spades, 8 of spades, 9 of spades"
    )
    assert words.sentence("9 + 8 = 17") == "9 + 8 = 17"
    assert words.sentence("laid off [JK]=[9D]") == "laid off the joker as 9 of diamonds"


def test_hungarian_words(hungarian):
    words = CardWords()
    assert words.card(parse_face("7H")) == "kőr hetes"
    assert words.card(parse_face("QS")) == "pikk dáma"
    assert words.card(parse_face("JC")) == "treff bubi"
    assert words.sentence("Észak eldobta: [KD]") == "Észak eldobta: káró király"
    assert words.sentence("Az [AS] lapot felvetted, az [5H] is") == "A pikk ász lapot felvetted, a kőr ötös is"
    assert CardWords("codes").sentence("az [AS] lapot") == "az AS lapot"  # said as a code: ász


def test_short_codes_for_braille(hungarian):
    assert CardWords("codes").card(parse_face("QH")) == "DH"  # dáma
    assert CardWords("glyphs").card(parse_face("7H")) == "7♥"


def test_a_long_commitment_is_shortened():
    assert CardWords().sentence("Deal sealed: " + "ab" * 32) == "Deal sealed: abababab"


def test_line_mode_never_loads_textual():
    """Line mode draws nothing full-screen: it starts without Textual at all."""
    import subprocess
    import sys

    probe = "import sys, rummy_tui.lines.start, rummy_tui.lines.table; print('textual' in sys.modules)"
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "False"
