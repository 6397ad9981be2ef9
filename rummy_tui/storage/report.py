"""Statistics and saved games as rows of words: shared by `rummy stats` and the app's screens."""

from __future__ import annotations

from datetime import UTC, datetime

from rummy_tui.i18n import N_, _

from .history import FinishedGame, StatsRow
from .saves import SaveInfo

# Short headings, so that every column of the app's lists fits 80 columns, in Hungarian too.
STATS_HEADINGS = (N_("Player"), N_("Variant"), N_("Games"), N_("Wins"), N_("Win %"), N_("Average"), N_("Best"))
SAVE_HEADINGS = (N_("Variant"), N_("Players"), N_("Last played"), N_("Progress"))
GAME_HEADINGS = (
    N_("Finished"),
    N_("Variant"),
    N_("Players"),
    N_("Final scores"),
    N_("Winner"),
    N_("Hands"),
    N_("Time"),
)


def headings(marked: tuple[str, ...]) -> tuple[str, ...]:
    """Column headings in the language of the moment."""
    return tuple(_(heading) for heading in marked)


STATS_COLUMNS = headings(STATS_HEADINGS)  # in the language at import: the command line's tables
SAVE_COLUMNS = headings(SAVE_HEADINGS)
GAME_COLUMNS = headings(GAME_HEADINGS)


def variant_label(key: str) -> str:
    """The variant's name, or its key when this program does not know it."""
    from variants import registry

    variant = registry().get(key)
    return variant.shown_name() if variant is not None and variant.name else key


def player_label(row: StatsRow) -> str:
    return row.player if row.kind == "human" else _("{name} (AI)", name=row.player)


def stats_cells(row: StatsRow) -> tuple[str, ...]:
    return (
        player_label(row),
        variant_label(row.variant),
        str(row.games),
        str(row.wins),
        f"{row.win_rate:.0%}",
        _number(row.average_score),
        _number(row.best_score),
    )


def save_cells(info: SaveInfo) -> tuple[str, ...]:
    return (variant_label(info.variant), ", ".join(info.seats), local_time(info.updated), info.progress)


def game_cells(game: FinishedGame) -> tuple[str, ...]:
    scores = ", ".join(f"{name} {_number(score)}" for name, score in zip(game.seats, game.final, strict=False))
    return (
        local_time(game.finished),
        variant_label(game.variant),
        ", ".join(game.seats),
        scores,
        " & ".join(game.winner_names) or "-",
        str(game.hands),
        duration_text(game.duration_seconds),
    )


def local_time(moment: datetime | str) -> str:
    """The moment in the local time zone; in UTC, saying so, when the zone set for this program
    (``TZ``) cannot be used (``TZ=UTC+99:99`` asks for an offset no clock has)."""
    if isinstance(moment, str):
        text = moment
        try:
            moment = datetime.fromisoformat(text)
        except ValueError:
            return text
    if moment.tzinfo is None:
        return moment.strftime("%Y-%m-%d %H:%M")
    try:
        return moment.astimezone().strftime("%Y-%m-%d %H:%M")
    except (ValueError, OverflowError, OSError):
        return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


def duration_text(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    minutes, rest = divmod(int(round(seconds)), 60)
    return f"{minutes}:{rest:02d}" if minutes < 60 else f"{minutes // 60}h{minutes % 60:02d}"


def _number(value: float) -> str:
    return f"{value:.1f}".removesuffix(".0")
