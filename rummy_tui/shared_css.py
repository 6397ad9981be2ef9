"""Each style sheet parsed once per process, not once per app.

Textual 8.2.8 keeps the rules it parsed in each Stylesheet object, and every App builds a new
one (and a new one again at each re-parse): a game forked from the game template parsed every
widget's CSS again, a tenth of the CPU to its start screen, and so does every app a test runs.
Here the parsed rules are kept for the whole process, under everything they are parsed from
(the text, where it came from, its kind and scope, and the CSS variables: a theme's colours),
so the template parses them once and every game it forks finds them. Textual never changes a
rule once parsed (its own cache hands the same rules to every re-parse of a stylesheet).
"""

from __future__ import annotations

from typing import Any

from textual.cache import LRUCache
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.css.tokenize import tokenize_values
from textual.css.tokenizer import Token

# A source is a widget class's default CSS or the app's file, for each set of theme colours in
# use: a few hundred at most; the limit only bounds a process that keeps changing themes.
PARSED: LRUCache[tuple, list[RuleSet]] = LRUCache(2048)
VARIABLE_TOKENS: LRUCache[tuple, dict[str, list[Token]]] = LRUCache(16)  # a set for each theme in use

_parse_rules = Stylesheet._parse_rules


def variables_key(stylesheet: Stylesheet) -> tuple:
    """The stylesheet's CSS variables as a key, worked out once for each variables mapping."""
    variables = stylesheet._variables
    known = getattr(stylesheet, "_shared_css_key", None)
    if known is not None and known[0] is variables:
        return known[1]
    key = tuple(sorted(variables.items()))
    stylesheet._shared_css_key = (variables, key)  # type: ignore[attr-defined]
    return key


def _parse_rules_once(self: Stylesheet, css: str, read_from: Any, *args: Any, **kwargs: Any) -> list[RuleSet]:
    key = (css, read_from, args, tuple(sorted(kwargs.items())), variables_key(self))
    rules = PARSED.get(key)
    if rules is None:
        rules = _parse_rules(self, css, read_from, *args, **kwargs)
        PARSED[key] = rules
    return rules


Stylesheet._parse_rules = _parse_rules_once  # type: ignore[method-assign]


def _variable_tokens_once(self: Stylesheet) -> dict[str, list[Token]]:
    """The CSS variables tokenized (what parsing and markup substitute), once for each theme."""
    tokens = self._Stylesheet__variable_tokens  # type: ignore[attr-defined]
    if tokens is None:
        key = variables_key(self)
        tokens = VARIABLE_TOKENS.get(key)
        if tokens is None:
            tokens = VARIABLE_TOKENS[key] = tokenize_values(self._variables)
        self._Stylesheet__variable_tokens = tokens  # type: ignore[attr-defined]
    return tokens


Stylesheet._variable_tokens = property(_variable_tokens_once)  # type: ignore[method-assign,assignment]
