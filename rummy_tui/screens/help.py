"""The keys, and the rules of the variant being played."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown

from rummy_tui.i18n import _

EXTRA_KEYS = [
    ("ctrl+p", _("Command palette: new game, sort, rules, display options")),
    ("click", _("A card selects it; the stock draws; the discard takes; a meld becomes the target")),
]


class KeysScreen(Screen):
    BINDINGS = [Binding("escape,q,question_mark", "app.pop_screen", _("Back"), id="back")]

    def __init__(self, bindings: list[Binding]) -> None:
        super().__init__()
        self.bindings_list = bindings

    def compose(self) -> ComposeResult:
        rows = [f"| `{b.key.replace(',', '`, `')}` | {b.description} |" for b in self.bindings_list]
        rows += [f"| `{key}` | {words} |" for key, words in EXTRA_KEYS]
        text = "\n".join([f"# {_('Keys')}", "", f"| {_('key')} | {_('does')} |", "|---|---|", *rows, "",
                          _("Keys for moves that are not possible now are greyed out or hidden in the footer. "
                            "Select several cards with space; put a group aside with + to lay several melds at once. "
                            "[ and ] choose the meld on the table that a lay-off or joker exchange goes to.")])
        with VerticalScroll(classes="page"):
            yield Markdown(text)
        yield Footer()


def rules_markdown(variant, settings: dict | None = None) -> str:
    lines = [f"# {variant.name} ({variant.hungarian_name})", "", variant.description, "",
             variant.rules_summary.strip(), "", f"## {_('Settings')}", ""]
    for name, setting in variant.settings.items():
        value = (settings or {}).get(name, setting.default)
        lines.append(f"* `{name}` = `{value}` ({_('default')} `{setting.default}`): {setting.help}")
    return "\n".join(lines)


class RulesScreen(Screen):
    BINDINGS = [Binding("escape,q,R", "app.pop_screen", _("Back"), id="back")]

    def __init__(self, variant, settings: dict | None = None) -> None:
        super().__init__()
        self.variant = variant
        self.settings = settings

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="page"):
            yield Markdown(rules_markdown(self.variant, self.settings))
        yield Footer()
