"""Issue 12: the game in Hungarian. The catalogue covers every marked message, the shipped .mo
is the compiled .po, plurals follow the catalogue's rule, and a game is language-neutral data."""

from __future__ import annotations

import pytest

from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.i18n import english, face_label, language, locale_language, ngettext, render, render_event, set_language
from tests.support.words import import_the_screens_in_english
from tools import translations


def test_every_marked_message_has_a_hungarian_translation():
    template = translations.extract()
    assert len(template) > 400  # the extractor really found the code's messages
    (hu,) = [path for path in translations.po_files() if path.parent.parent.name == "hu"]
    missing = translations.untranslated(translations.read(hu), template)
    assert not missing, f"add these to {hu} (docs/TRANSLATING.md): {missing}"


def test_the_check_finds_a_message_without_a_translation():
    template = translations.extract()
    template.add("A sentence nobody has translated yet.")
    (hu,) = [path for path in translations.po_files() if path.parent.parent.name == "hu"]
    assert "A sentence nobody has translated yet." in translations.untranslated(translations.read(hu), template)


def test_the_shipped_catalogue_is_compiled_from_the_po():
    for path in translations.po_files():
        assert not translations.stale(path), f"run: python tools/translations.py compile ({path})"


def test_every_translation_keeps_exactly_its_messages_placeholders():
    for path in translations.po_files():
        problems = translations.placeholder_problems(translations.read(path))
        assert not problems, f"{path}: a translation must fill in exactly its message's {{values}}: {problems}"


def test_the_placeholder_check_finds_a_lost_or_an_extra_value():
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale="hu")
    catalog.add("{name} took {card}", "{name} felvette")  # {card} lost
    catalog.add("{n} seat", "{n} hely {extra}")  # a value the message does not have
    catalog.add(("{n} card", "{n} cards"), ("{n} lap", "lap"))  # a plural form without {n}
    catalog.add("{name} drew", "{name} húzott")  # fine
    problems = translations.placeholder_problems(catalog)
    assert len(problems) == 3 and not any("húzott" in problem for problem in problems), problems


def test_the_viewers_own_form_of_a_name_message_is_found_by_its_second_person_id(hungarian):
    from rummy_tui.i18n import msg, you_key

    assert you_key("{name} knocks with {card}: +{points}") == "You knock with {card}: +{points}"
    assert you_key("{name} (out): {pool} − {shares} = {money}") == "You (out): {pool} − {shares} = {money}"
    knock = msg("{name} knocks with {card}: +{points}", name="Anna", card="[7D]", points=12)
    assert render(knock, "Anna") == "Kopogsz ezzel: [7D]: +12"
    assert render(knock, "Béla").startswith("Anna")
    set_language("en")
    assert render(knock, "Anna") == "You knock with [7D]: +12"


def test_plural_forms_come_from_the_catalogue(hungarian):
    assert ngettext("{n} card", "{n} cards", 1) == "1 lap"
    assert ngettext("{n} card", "{n} cards", 5) == "5 lap"
    set_language("en")
    assert ngettext("{n} card", "{n} cards", 5) == "5 cards"


def test_hungarian_card_letters_only_on_screen(hungarian):
    assert [face_label(text) for text in ("JH", "QS", "KD", "AC", "10♥", "JK")] == ["BH", "DS", "KD", "AC", "10♥", "JK"]
    set_language("en")
    assert face_label("QS") == "QS"


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "hu_HU.UTF-8"}, "hu"),
        ({"LC_ALL": "hu_HU.UTF-8", "LANG": "en_GB.UTF-8"}, "hu"),
        ({"LC_MESSAGES": "hu_HU", "LANG": "C"}, "hu"),
        ({"LC_ALL": "C", "LANG": "hu_HU.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_locale_chooses_the_default_language(environ, expected):
    assert locale_language(environ) == expected


def test_a_log_line_is_stored_as_a_template_and_rendered_in_each_language(hungarian):
    game = Game("gin", 2, seed=3)
    game.apply(choose_action(game, game.current_seat))
    event = game.state.events[-1]
    assert set(event) >= {"seat", "text"} and event["text"].isascii()  # English template, card codes
    names = game.seat_names()
    hungarian_text = render_event(event, names)
    set_language("en")
    assert render_event(event, names) == english(
        {"text": f"{names[event['seat']]} " + event["text"], "values": event.get("values", {})}
    )
    assert hungarian_text != render_event(event, names)


def test_a_game_saved_in_hungarian_resumes_in_english_and_back(hungarian):
    game = Game("ten-card", 3, seed=11)
    while game.state.hand_no < 2 and not game.is_over:
        game.apply(choose_action(game, game.current_seat))
    saved_in_hungarian = game.dumps()
    set_language("en")
    resumed = Game.from_json(__import__("json").loads(saved_in_hungarian))
    names = resumed.seat_names()
    english_lines = [render_event(e, names) for e in resumed.state.events] + [
        render(line) for line in resumed.state.last_hand["lines"]
    ]
    assert any("drew from the stock" in line for line in english_lines)
    assert not any("talon" in line for line in english_lines)
    set_language("hu")
    assert saved_in_hungarian == resumed.dumps()  # the save holds no words of either language
    hungarian_lines = [render_event(e, names) for e in resumed.state.events]
    assert any("húzott a talonból" in line for line in hungarian_lines)


def test_an_old_save_with_plain_text_lines_still_renders(hungarian):
    old = {"seat": 0, "hand": 1, "text": "drew from the stock"}
    assert render_event(old, ["Anna", "Béla"]) == "Anna húzott a talonból"
    assert (
        render_event({"seat": 1, "hand": 1, "text": "said something new [7D]"}, ["Anna", "Béla"])
        == "Béla said something new [7D]"
    )
    assert language() == "hu"


@pytest.mark.parametrize("key", ["gin", "ten-card", "hungarian", "traditional", "basic"])
def test_rummy_rules_prints_hungarian(key, tmp_path, monkeypatch):
    from click.testing import CliRunner

    import variants
    from rummy_tui.cli import main

    monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(tmp_path))
    import_the_screens_in_english()
    try:
        result = CliRunner().invoke(main, ["rules", key, "--lang", "hu"], terminal_width=100)
    finally:
        set_language("en")
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert variants.get_variant(key).hungarian_name in text
    assert "Beállítások" in text and "alapérték" in text and "játékos" in text
    assert not {"players", "the", "and", "cards", "default"} & set(text.replace(",", " ").replace(".", " ").split())


def test_the_language_choice_is_remembered_and_the_locale_is_the_fallback(tmp_path, monkeypatch):
    from rummy_tui.storage.preferences import choose_language, save_preference

    monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("LANG", "hu_HU.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    import_the_screens_in_english()
    try:
        assert choose_language() == "hu"  # nothing chosen yet: the locale
        save_preference("language", "en")
        assert choose_language() == "en"  # the start screen's choice wins over the locale
        assert choose_language("hu") == "hu" and language() == "hu"  # and --lang over both
    finally:
        set_language("en")


def test_every_settings_title_has_a_hungarian_translation():
    """A setting without a label is called by its name in words; those words must be in the
    catalogue too (mark them in rummy_tui/setting_titles.py)."""
    from variants import registry

    (hu,) = [path for path in translations.po_files() if path.parent.parent.name == "hu"]
    catalog = translations.read(hu)
    missing = [
        f"{key}.{name}: {setting.title(name)!r}"
        for key, variant in registry().items()
        for name, setting in variant.settings.items()
        if not getattr(catalog.get(setting.title(name)), "string", None)
    ]
    assert language() == "en" and not missing, f"add to rummy_tui/setting_titles.py and translate: {missing}"


def test_a_saved_games_progress_is_listed_in_the_language_of_the_moment(hungarian, tmp_path):
    from rummy_tui.storage.saves import SaveStore

    store = SaveStore(tmp_path)
    game = Game("gin", 2, {}, seed=3)
    store.save("g1", game)  # saved while the game speaks Hungarian
    (listed,) = store.list()
    mover = listed.seats[game.current_seat]
    assert listed.progress == f"1. játszma, lép: {mover}"
    set_language("en")
    (listed,) = store.list()
    assert listed.progress == f"hand 1, {mover} to move"
