"""The keys, and the rules of the variant being played."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown, Static

from rummy_tui.i18n import _

EXTRA_KEYS = [
    ("ctrl+p", _("Command palette: new game, sort, rules, display options")),
    ("click", _("A card selects it; the stock draws; the discard takes; a meld becomes the target; "
                "a key in the footer does what it says")),
]


class KeysScreen(Screen):
    BINDINGS = [Binding("escape,q,question_mark", "app.pop_screen", _("Back"), id="back")]

    def __init__(self, bindings: list[Binding]) -> None:
        super().__init__()
        self.bindings_list = bindings

    def compose(self) -> ComposeResult:
        table = Table(title=_("Keys"), box=None, padding=(0, 2, 0, 0), title_style="bold")
        table.add_column(_("key"), style="bold", no_wrap=True)
        table.add_column(_("does"))
        for binding in self.bindings_list:
            keys = ", ".join(key_display(key) for key in binding.key.split(","))
            table.add_row(keys, binding.tooltip or binding.description)
        for key, words in EXTRA_KEYS:
            table.add_row(key, words)
        with VerticalScroll(classes="page"):
            yield Static(table)
            yield Static(_("\nKeys for moves that are not possible now are hidden from the footer. Select several "
                           "cards with space; put a group aside with + to lay several melds at once."))
        yield Footer()


def key_display(key: str) -> str:
    return {"question_mark": "?", "left_square_bracket": "[", "right_square_bracket": "]", "plus": "+",
            "comma": ",", "full_stop": "."}.get(key, key)


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
