"""The footer's words in the language of the moment.

Screens write their key bindings at class level, ``Binding("d", "draw", _("Draw"))``, so the words
are fixed when the module is imported. The command line chooses the language before it imports
any screen; when anything changes the language later (a test in Hungarian, say), i18n calls
:func:`retranslate_bindings`, which rewrites every class's bindings from their English words.
Importing this module (the app does) registers it with i18n, which imports nothing above it.
"""

from __future__ import annotations

import dataclasses

from rummy_tui.i18n import t, when_language_changes

_english: dict[tuple[type, str, str], tuple[str, str]] = {}  # (class, key, action): words


def retranslate_bindings() -> None:
    from textual.dom import DOMNode

    for cls in _subclasses(DOMNode):
        merged = cls.__dict__.get("_merged_bindings")
        if merged is None:
            continue
        for key, bindings in merged.key_to_bindings.items():
            merged.key_to_bindings[key] = [_in_language(cls, binding) for binding in bindings]


def _in_language(cls: type, binding):
    english = _english.setdefault((cls, binding.key, binding.action), (binding.description, binding.tooltip))
    return dataclasses.replace(
        binding,
        description=t(english[0]) if english[0] else english[0],
        tooltip=t(english[1]) if english[1] else english[1],
    )


def _subclasses(cls: type) -> list[type]:
    found: list[type] = []
    todo: list[type] = [cls]
    sub: type
    while todo:
        for sub in todo.pop().__subclasses__():
            found.append(sub)
            todo.append(sub)
    return found


when_language_changes(retranslate_bindings)
