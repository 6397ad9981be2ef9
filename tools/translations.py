"""Keep the message catalogues in step with the code (see docs/TRANSLATING.md).

    python tools/translations.py extract   # the messages the code marks, into rummy_tui/locale/rummy_tui.pot
    python tools/translations.py update    # merge them into every rummy_tui.po (new ones untranslated)
    python tools/translations.py compile   # every .po into the .mo the game reads
    python tools/translations.py check     # exit 1 if a message has no translation, a translation
                                           # lacks one of its {placeholders}, or a .mo is stale

The marks are the functions of ``rummy_tui/i18n.py``: ``_``/``t``/``tr`` (translate now),
``N_`` (mark only), ``ngettext`` and ``msg_n`` (singular and plural), ``pgettext`` (with a context).
"""

from __future__ import annotations

import io
import string
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "rummy_tui" / "locale"
DOMAIN = "rummy_tui"
SOURCES = ("rummy_tui", "variants")
KEYWORDS = {
    "_": None,
    "t": None,
    "tr": None,
    "N_": None,
    "ngettext": (1, 2),
    "msg_n": (1, 2),
    "pgettext": ((1, "c"), 2),
}
METHODS = [("**.py", "python")]


def extract() -> Catalog:
    """Every message the code marks, with where it is used."""
    catalog = Catalog(domain=DOMAIN, project="rummy-tui", charset="utf-8")
    for source in SOURCES:
        for filename, lineno, message, comments, context in extract_from_dir(
            ROOT / source, METHODS, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), strip_comment_tags=True
        ):
            if not message or (isinstance(message, tuple) and not message[0]):
                continue
            catalog.add(message, locations=[(f"{source}/{filename}", lineno)], auto_comments=comments, context=context)
    return catalog


def po_files() -> list[Path]:
    return sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def read(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=path.parent.parent.name)


def write(path: Path, catalog: Catalog) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, sort_output=False)
    path.write_bytes(buffer.getvalue())


YOU = "you"  # rummy_tui.i18n.YOU: a translation's own words for the viewer's lines, not in the code


def update() -> None:
    """Merge the code's messages into every .po; a translation's "you" forms of messages that
    are still in the code stay (the code asks for them by context, so no extractor finds them).
    A message's "you" form, for the placeholder that names the viewer's seat, has the id
    ``rummy_tui.i18n.you_key(message, placeholder)``."""
    sys.path.insert(0, str(ROOT))  # run as a script: the package beside it
    from rummy_tui.i18n import you_key

    template = extract()
    ids = {message.id for message in template if isinstance(message.id, str)}
    singulars = {message.id if isinstance(message.id, str) else message.id[0] for message in template if message.id}
    wanted = ids | {you_key(text, field) for text in singulars for field in placeholders(text)}
    for path in po_files():
        catalog = read(path)
        own = [m for m in catalog if m.context == YOU and m.id in wanted]
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        for message in own:
            catalog.add(message.id, message.string, context=YOU, auto_comments=message.auto_comments)
        write(path, catalog)


def compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def compile_all() -> None:
    for path in po_files():
        path.with_suffix(".mo").write_bytes(compiled(read(path)))


def untranslated(catalog: Catalog, template: Catalog) -> list[str]:
    """The marked messages the catalogue has no (non-fuzzy) translation for."""
    missing = []
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id, context=message.context)
        strings = found.string if found is not None else None
        empty = not all(strings) if isinstance(strings, (list, tuple)) else not strings
        if found is None or empty or found.fuzzy:
            missing.append(message.id if isinstance(message.id, str) else message.id[0])
    return missing


def placeholders(text: str) -> set[str]:
    """The ``{named}`` values a text fills in (``{code!r}`` and ``{card.rank}`` name code and card)."""
    names = set()
    for _literal, field, _spec, _conversion in string.Formatter().parse(text):
        if field is not None:
            names.add(field.split(".")[0].split("[")[0])
    return names


def placeholder_problems(catalog: Catalog) -> list[str]:
    """Translations that do not fill in exactly their message's ``{placeholders}``: a missing one
    loses a value on screen, an extra one fails when the text is filled in. (A plural's forms
    are held to the placeholders of the singular and plural together.)"""
    problems = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        try:
            wanted = set().union(*map(placeholders, ids))
            for form in filter(None, strings):
                if placeholders(form) != wanted:
                    problems.append(
                        f"{ids[0]!r} -> {form!r}: placeholders {sorted(placeholders(form))}, not {sorted(wanted)}"
                    )
        except ValueError as error:  # an unmatched brace
            problems.append(f"{ids[0]!r}: {error}")
    return problems


def stale(path: Path) -> bool:
    """Does the shipped .mo say something other than its .po?"""
    mo = path.with_suffix(".mo")
    if not mo.exists():
        return True
    with mo.open("rb") as file:
        shipped = read_mo(file)
    wanted = read(path)

    def pairs(catalog: Catalog) -> dict:
        return {
            (m.context, m.id if isinstance(m.id, str) else tuple(m.id)): (
                m.string if isinstance(m.string, str) else tuple(m.string)
            )
            for m in catalog
            if m.id and not m.fuzzy and m.string and (isinstance(m.string, str) or all(m.string))
        }

    return pairs(shipped) != pairs(wanted)


def main(command: str) -> int:
    if command == "extract":
        buffer = io.BytesIO()
        write_po(buffer, extract(), width=100)
        (LOCALE / f"{DOMAIN}.pot").write_bytes(buffer.getvalue())
    elif command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        template, problems = extract(), []
        for path in po_files():
            problems += [
                f"{path.parent.parent.name}: no translation for {text!r}" for text in untranslated(read(path), template)
            ]
            problems += [f"{path.parent.parent.name}: {problem}" for problem in placeholder_problems(read(path))]
            if stale(path):
                problems.append(f"{path.with_suffix('.mo')} is not compiled from its .po")
        print("\n".join(problems) or "every message is translated")
        return 1 if problems else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else ""))
