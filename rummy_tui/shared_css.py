"""Each style sheet parsed, and each widget's style worked out, once per process, not once per app.

Textual 8.2.8 keeps the rules it parsed in each Stylesheet object, and every App builds a new
one (and a new one again at each re-parse): a game forked from the game template parsed every
widget's CSS again, a tenth of the CPU to its start screen, and so does every app a test runs.
Here the parsed rules are kept for the whole process, under everything they are parsed from
(the text, where it came from, its kind and scope, and the CSS variables: a theme's colours),
so the template parses them once and every game it forks finds them. Textual never changes a
rule once parsed (its own cache hands the same rules to every re-parse of a stylesheet).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from textual.cache import LRUCache
from textual.css.model import RuleSet
from textual.css.stylesheet import RulesMap, Stylesheet
from textual.css.tokenize import tokenize_values
from textual.css.tokenizer import Token

# A source is a widget class's default CSS or the app's file, for each set of theme colours in
# use: a few hundred at most; the limit only bounds a process that keeps changing themes.
PARSED: LRUCache[tuple, list[RuleSet]] = LRUCache(2048)
VARIABLE_TOKENS: LRUCache[tuple, dict[str, list[Token]]] = LRUCache(16)  # a set for each theme in use

_parse_rules = Stylesheet._parse_rules


def remembered_key(stylesheet: Stylesheet, name: str, source: Any, make: Callable[[Any], Any]) -> Any:
    """``make(source)``, kept on the stylesheet under ``name`` until ``source`` is another object."""
    known = getattr(stylesheet, name, None)
    if known is not None and known[0] is source:
        return known[1]
    key = make(source)
    setattr(stylesheet, name, (source, key))
    return key


def variables_key(stylesheet: Stylesheet) -> tuple:
    """The stylesheet's CSS variables as a key, worked out once for each variables mapping."""
    return remembered_key(
        stylesheet, "_shared_css_key", stylesheet._variables, lambda variables: tuple(sorted(variables.items()))
    )


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


# --- the style of each node, worked out once per process ----------------------------------------
#
# Textual works out which rules apply to each widget as it is mounted (and to each of its
# component classes, through a throwaway node): a third of the CPU of a forked game's start
# screen, though the template had worked out the very same styles for the very same widgets.
# Which rules apply to a node depends only on the nodes from the app down to it: each one's
# class (its CSS type names), id, classes and those of its pseudo-classes the candidate rules
# name. Under those, the result is kept for the whole process. Rules naming a pseudo-class that
# depends on a node's siblings (first-child, odd...) or focus-within are worked out every time,
# as Textual's own cache does.

APPLIED: LRUCache[tuple, RulesMap | None] = LRUCache(4096)
NAMED_PSEUDO_CLASSES: LRUCache[tuple, tuple[str, ...] | None] = LRUCache(4096)
RULE_LISTS: dict[tuple, tuple[int, tuple]] = {}  # each list of rules in use: a number never given twice
RULE_LISTS_KEPT = 256
rule_list_numbers = itertools.count()
_apply = Stylesheet.apply


def rules_key(stylesheet: Stylesheet) -> int:
    """The stylesheet's rules, as a number (the same rules in another app: the same number)."""
    return remembered_key(stylesheet, "_shared_rules_key", stylesheet.rules, rule_list_number)


def rule_list_number(rules: list) -> int:
    # Under the rules' ids (a RuleSet hashes by its id, in a Python call for each of hundreds);
    # the rules are kept with their number, so no id is given to another rule meanwhile.
    listed = tuple(map(id, rules))
    known = RULE_LISTS.get(listed)
    if known is None:
        if len(RULE_LISTS) >= RULE_LISTS_KEPT:
            RULE_LISTS.clear()  # the styles kept under the old numbers are never looked up again
        known = RULE_LISTS[listed] = (next(rule_list_numbers), tuple(rules))
    return known[0]


def _apply_once(self: Stylesheet, node: Any, *, animate: bool = False, cache: dict | None = None) -> None:
    if node._is_mounted or not hasattr(node, "_repaint_required"):  # (a bare DOMNode draws nothing)
        _apply_shared(self, node, animate=animate, cache=cache)
        return
    # A widget not yet mounted is drawn whole when it is first laid out: the redraw its styling
    # asks for (its component styles are new, so they "changed") came a frame later. At the
    # start screen that was a frame of its own after the complete one, for four of its widgets.
    repaint_required = node._repaint_required
    _apply_shared(self, node, animate=animate, cache=cache)
    node._repaint_required = repaint_required


def named_pseudo_classes(self: Stylesheet, node: Any) -> tuple[str, ...] | None:
    """The pseudo-classes named by the rules that may apply to ``node``, sorted; None if one of
    them is never cached. They depend on the rules and the node's class, id and classes only, so
    they are worked out once for each (a node's rules were gathered and hashed for every node)."""
    key = (rules_key(self), type(node), node._id, frozenset(node._classes))
    try:
        return NAMED_PSEUDO_CLASSES[key]
    except KeyError:
        pass
    rules_map = self.rules_map
    candidates = {rule for name in rules_map.keys() & node._selector_names for rule in rules_map[name]}
    pseudo_classes = set().union(*[rule.pseudo_classes for rule in candidates])
    named = (
        None
        if not pseudo_classes.isdisjoint(Stylesheet._EXCLUDE_PSEUDO_CLASSES_FROM_CACHE)
        else tuple(sorted(pseudo_classes))
    )
    NAMED_PSEUDO_CLASSES[key] = named
    return named


def _apply_shared(self: Stylesheet, node: Any, *, animate: bool = False, cache: dict | None = None) -> None:
    named = named_pseudo_classes(self, node)
    if named is None:
        _apply(self, node, animate=animate, cache=cache)
        return
    key = (
        rules_key(self),
        tuple(
            (type(step), step._id, frozenset(step._classes), tuple([step.has_pseudo_class(name) for name in named]))
            for step in node.css_path_nodes
        ),
    )
    try:
        node_rules = APPLIED[key]
    except KeyError:
        worked_out: dict[tuple, Any] = {}
        _apply(self, node, animate=animate, cache=worked_out)
        APPLIED[key] = next(iter(worked_out.values()), None)  # None: no rule applies
        return
    node._has_hover_style = "hover" in named
    node._has_focus_within = False  # focus-within, like the sibling pseudo-classes, is never cached
    node._has_order_style = False
    node._has_odd_or_even = False
    if node_rules is not None:
        self.replace_rules(node, node_rules, animate=animate)
    self._process_component_classes(node)


Stylesheet.apply = _apply_once  # type: ignore[method-assign]
