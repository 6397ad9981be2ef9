"""rummy_tui/shared_css.py keeps, for each class, id and classes of node, the pseudo-classes
named by the rules that may apply to it: for every node styled at the start screen and a Gin
table, they are those worked out from the node's own rules."""

from __future__ import annotations

from textual.css.stylesheet import Stylesheet

from rummy_tui import shared_css
from rummy_tui.app import RummyApp

from .test_shared_css import start_and_sit_down


async def test_the_pseudo_classes_kept_for_a_node_are_those_its_rules_name(monkeypatch):
    wrong: list = []
    checked: list = []
    apply_once = shared_css._apply_once

    def apply(self: Stylesheet, node, *, animate: bool = False, cache: dict | None = None) -> None:
        rules_map = self.rules_map
        candidates = {rule for name in rules_map.keys() & node._selector_names for rule in rules_map[name]}
        named = set().union(*[rule.pseudo_classes for rule in candidates])
        kept = shared_css.named_pseudo_classes(self, node)
        checked.append(node)
        if kept is not None and set(kept) != named:
            wrong.append((node, kept, named))
        apply_once(self, node, animate=animate, cache=cache)

    monkeypatch.setattr(Stylesheet, "apply", apply)
    await start_and_sit_down(RummyApp(ai_delay=0.0))
    assert len(checked) > 300  # the check saw the screens being styled
    assert wrong == []
