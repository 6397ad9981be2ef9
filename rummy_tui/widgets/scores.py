"""The score sheet: one row per hand, the running totals, and the variant's own extras."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from rummy_tui.i18n import N_, _, render

from .base import CardWidget, TableView

# Public per-seat numbers (or single numbers) a variant keeps in ``state.extra`` that belong
# on the sheet, with their captions. Unknown keys are left off.
SHEET_EXTRAS = {
    "boxes": N_("boxes"),
    "money": N_("money"),
    "kassza": N_("kassza"),
    "pot": N_("pot"),
    "payout": N_("payout"),
    "target": N_("target"),
}


# What the game is played to, from its settings, for the panel's caption.
GOALS = (
    ("target", N_("to {value}")),
    ("deals", N_("{value} deals")),
    ("rounds", N_("{value} rounds")),
    ("hands", N_("{value} hands")),
    ("limit", N_("out over {value}")),
)


def goal_words(settings: dict) -> list[str]:
    if settings.get("single_hand"):
        return [_("one hand")]
    if settings.get("rounds") == 1 and "stake" in settings:  # Traditional: one hand, then the payout
        return [_("one hand for a stake of {stake} each", stake=settings["stake"])]
    words = []
    for key, template in GOALS:
        value = settings.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value > (1 if key != "target" else 0):
            words.append(_(template, value=value))
    return words[:1]


def score_table(view: TableView, last_rows: int | None = None) -> Table:
    obs = view.observation
    table = Table(box=None, pad_edge=False, expand=False, show_edge=False, padding=(0, 2, 0, 0))
    table.add_column(_("hand"), justify="right", no_wrap=True)
    short = 10 if last_rows is None else max(3, 24 // obs["players"])
    for seat in range(obs["players"]):
        table.add_column(view.names[seat][:short], justify="right", no_wrap=True)
    rows = obs["sheet"] if last_rows is None else obs["sheet"][-last_rows:]
    for row in rows:
        table.add_row(str(row.get("hand", "")), *(str(points) for points in row.get("points", [])))
        if row.get("reentry"):  # Tízlapos: a re-entry moves the total to the restart, a row of its own
            table.add_row(
                Text(_("re-entry"), style="italic"),
                *(Text(f"{change:+d}", style="italic") if change else "" for change in row["reentry"]),
            )
    table.add_row(Text(_("total"), style="bold"), *(Text(str(total), style="bold") for total in obs["totals"]))
    for key, caption in SHEET_EXTRAS.items():
        value = obs["extra"].get(key)
        if isinstance(value, list) and len(value) == obs["players"] and all(isinstance(v, (int, float)) for v in value):
            table.add_row(_(caption), *(str(v) for v in value))
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            table.add_row(_(caption), str(value))
    return table


def sheet_notes(view: TableView) -> list[str]:
    return [f"{row.get('hand', '')}: {render(row['note'])}" for row in view.observation["sheet"] if row.get("note")]


def seat_scores(view: TableView, hands_shown: int = 1) -> Table:
    """The panel: one row per seat with the last hands, the total and the variant's extras."""
    obs = view.observation
    table = Table(box=None, pad_edge=False, expand=True, show_edge=False, padding=(0, 1, 0, 0))
    table.add_column(_("player"), no_wrap=True, overflow="ellipsis", ratio=1)
    recent = obs["sheet"][-hands_shown:] if obs["sheet"] else []
    for row in recent:
        table.add_column(_("h{number}", number=row.get("hand", "?")), justify="right", no_wrap=True)
    if not recent:
        table.add_column(_("last"), justify="right", no_wrap=True)
    table.add_column(_("total"), justify="right", no_wrap=True, style="bold")
    extras = [
        (key, caption)
        for key, caption in SHEET_EXTRAS.items()
        if isinstance(obs["extra"].get(key), list) and len(obs["extra"][key]) == obs["players"]
    ]
    for _key, caption in extras:
        table.add_column(_(caption), justify="right", no_wrap=True)
    for seat in range(obs["players"]):
        points = [str(row["points"][seat]) if seat < len(row.get("points", [])) else "-" for row in recent] or ["-"]
        table.add_row(
            view.names[seat],
            *points,
            str(obs["totals"][seat]) if obs["totals"] else "-",
            *(str(obs["extra"][key][seat]) for key, _caption in extras),
        )
    return table


class ScoreSheet(CardWidget):
    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = _("Score")

    def show(self, view: TableView) -> None:
        obs = view.observation
        pots = [
            f"{_(caption)} {obs['extra'][key]}"
            for key, caption in SHEET_EXTRAS.items()
            if isinstance(obs["extra"].get(key), (int, float)) and not isinstance(obs["extra"].get(key), bool)
        ]
        self.border_subtitle = " · ".join(goal_words(obs["settings"]) + pots)
        room = self.content_size.width - 26  # the name, total and extras come first
        self.update(seat_scores(view, hands_shown=max(1, room // 6)))
