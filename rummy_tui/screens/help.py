"""The keys, and the rules of the variant being played."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown, Static

from rummy_tui.i18n import _, pgettext

EXTRA_KEYS = [
    ("ctrl+p", _("Command palette: new game, sort, rules, display options")),
    ("ctrl+q", _("Quit: the game is saved first; `rummy resume` continues it later")),
    (
        "click",
        _(
            "A card selects it; the stock draws; the discard takes; a meld becomes the target; "
            "a key in the footer does what it says"
        ),
    ),
]


# Step by step, for a player new to this program: which keys make each move of a variant.
HOW_TO = {
    "hungarian": [
        _(
            "Open ({opening_min} points in one turn): select a meld's cards with space and put it aside with +; "
            "do the same for the next meld; m lays them all. One meld alone: select it and press m."
        ),
        _("Lay off on anyone's meld (once opened): select the card(s), choose the meld with [ and ], press o."),
        _(
            "Take a joker: select the natural card it stands for (from a group: every missing suit), "
            "choose the meld with [ and ], press e. The joker must go back on the table this turn."
        ),
        _("A joker you lay: select it with the others and press j to choose what it stands for."),
        _(
            "Handolás: on a turn with nothing laid before, lay every card but one (+ and m, o for "
            "lay-offs), then discard the last one."
        ),
        _(
            "The discard pile: t takes it freely on your first draw; later only if it reaches the table "
            "this turn (the message line says why not)."
        ),
        _(
            "u takes back your last move against the computer (its moves after yours go too), back to your "
            "last draw from the stock; at a hot-seat table u takes back this turn's table moves, until you discard."
        ),
    ],
    "traditional": [
        _("Meld: select the cards with space and press m (+ puts a meld aside to lay several at once)."),
        _("Lay off on anyone's meld: select the card(s), choose the meld with [ and ], press o."),
        _(
            "Go out by discarding your last card (x). Everything in one turn, with nothing laid before, "
            "is a rummy: the others pay {rummy_penalty} more."
        ),
        _("One hand decides the game: the pool is paid out by penalty points (see R for the rules)."),
    ],
}


def how_to_play(variant_key: str, settings: dict) -> list[str]:
    """The steps for this variant, with the numbers of the game's own settings."""
    return [step.format(**settings) for step in HOW_TO.get(variant_key, [])]


class KeysScreen(Screen):
    BINDINGS = [Binding("escape,q,question_mark", "app.pop_screen", _("Back"), id="back")]

    def __init__(
        self,
        bindings: Sequence[BindingType],
        hidden: Collection[str] = frozenset(),
        how_to: list[str] | None = None,
        extra: bool = True,
    ) -> None:
        """``hidden``: actions of keys that have no use in this variant, left off the list;
        ``extra``: add the table's own notes (the palette, the mouse, leaving a game)."""
        super().__init__()
        as_bindings = [binding if isinstance(binding, Binding) else Binding(*binding) for binding in bindings]
        self.bindings_list = [binding for binding in as_bindings if binding.action not in hidden]
        self.how_to = how_to or []
        self.extra = extra

    def compose(self) -> ComposeResult:
        # "keys screen": the title and heading here are not the footer's "Keys" nor a variant's "key"
        table = Table(title=pgettext("keys screen", "Keys"), box=None, padding=(0, 2, 0, 0), title_style="bold")
        table.add_column(pgettext("keys screen", "key"), style="bold", no_wrap=True)
        table.add_column(_("does"))
        for binding in self.bindings_list:
            keys = ", ".join(key_display(key) for key in binding.key.split(","))
            table.add_row(keys, binding.tooltip or binding.description)
        for key, words in EXTRA_KEYS if self.extra else ():
            table.add_row(key, words)
        with VerticalScroll(classes="page"):
            if self.how_to:
                heading = _("How to play here") if self.extra else _("How to use this screen")
                yield Static(
                    Text(heading, style="bold")
                    + Text("\n")
                    + Text("\n").join(Text("• " + step) for step in self.how_to)
                    + Text("\n")
                )
            yield Static(table)
            if self.extra:
                yield Static(
                    _(
                        "\nKeys for moves that are not possible now are hidden from the footer. Select several "
                        "cards with space; put a group aside with + to lay several melds at once."
                    )
                    + "\n"
                    + _("{mark} after a name marks the dealer of this hand.", mark=_("(D)"))
                )
        yield Footer()


def key_display(key: str) -> str:
    return {
        "question_mark": "?",
        "left_square_bracket": "[",
        "right_square_bracket": "]",
        "plus": "+",
        "comma": ",",
        "full_stop": ".",
    }.get(key, key)


def rules_markdown(variant, settings: dict | None = None) -> str:
    title = variant.shown_name()
    if title != variant.hungarian_name:
        title = f"{title} ({variant.hungarian_name})"
    lines = [f"# {title}", "", variant.shown_description(), "", variant.shown_rules(), "", f"## {_('Settings')}", ""]
    for name, setting in variant.settings.items():
        value = (settings or {}).get(name, setting.default)
        lines.append(f"* `{name}` = `{value}` ({_('default')} `{setting.default}`): {setting.shown_help()}")
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
