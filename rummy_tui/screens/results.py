"""The end of a hand (every hand revealed, the score line by line) and the end of the game."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Static

from rummy_tui.engine.cards import card_text, sort_key_by_suit
from rummy_tui.engine.deals import short
from rummy_tui.engine.melds import Meld
from rummy_tui.i18n import _, ngettext, render
from rummy_tui.widgets.base import CardWidget, TableView
from rummy_tui.widgets.cards import CardLook, cards_piece, log_line
from rummy_tui.widgets.melds import meld_piece
from rummy_tui.widgets.scores import goal_words, score_table


class HandSummary(CardWidget):
    """Each seat's melds, lay-offs, deadwood and points from ``state.last_hand``."""

    def __init__(self, view: TableView) -> None:
        super().__init__()
        self.view = view

    def on_mount(self) -> None:
        last = self.view.observation["last_hand"] or {}
        look = self.card_look()
        names = self.view.names
        lines = [Text(_("Hand {number} is over.", number=last.get("hand", "?")), style="bold")]
        personal = self.personal
        if last.get("void"):
            lines.append(Text(_("The hand is void: nobody scores.")))
        elif last.get("winner") is not None:
            won = last["winner"] == self.view.viewer
            lines.append(
                Text(_("You win the hand.") if won else _("{name} wins the hand.", name=names[last["winner"]]))
            )
            showdown = self._knock_story(last)
            if showdown:
                lines.append(log_line(personal(showdown), look))
        sheet = self.view.observation["sheet"]
        note = sheet[-1].get("note") if sheet and sheet[-1].get("hand") == last.get("hand") else None
        if note and note not in (last.get("lines") or []):  # Gin's note is its score line, shown below
            lines.append(Text(personal(note), style="italic"))
        for seat, name in enumerate(names):
            lines.append(Text(""))
            points = (last.get("points") or [0] * len(names))[seat]
            heading = Text(_("{name}: {points:+d}", name=name, points=points), style="bold")
            money = last.get("money")
            if isinstance(money, list) and seat < len(money):
                heading.append("   " + _("money {amount:+d}", amount=money[seat]))
            if seat in (last.get("threw_in") or []):
                heading.append("   " + _("threw in"))
            if seat in (last.get("eliminated") or []):
                heading.append("   " + _("eliminated"))
            lines.append(heading)
            melds = [meld_piece(Meld.from_json(m), look) for m in _seat(last, "melds", seat)]
            if melds:
                lines.append(Text(_("  melds: ")) + Text("  ·  ").join(melds))
            layoffs = _seat(last, "layoffs", seat)
            if layoffs:
                lines.append(Text(_("  laid off: ")) + cards_piece(layoffs, look))
            deadwood = in_order(_seat(last, "deadwood", seat))
            if deadwood:  # where every card left counts (Rummy), they are simply what was in hand
                label = _("  unmatched: ") if self.view.variant.scores_deadwood else _("  left in hand: ")
                lines.append(Text(label) + cards_piece(deadwood, look))
            elif not melds and _seat(last, "hands", seat):
                lines.append(Text(_("  hand: ")) + cards_piece(in_order(_seat(last, "hands", seat)), look))
        if last.get("lines"):
            lines += [Text(""), Text(_("Score"), style="bold")]
            lines += [Text("  ") + log_line(personal(line), look) for line in last["lines"]]
        self.update(Text("\n").join(lines))

    def personal(self, message) -> str:
        """An engine message in words, with the viewer's own seat in the second person."""
        viewer = self.view.viewer
        return render(message, self.view.names[viewer] if viewer is not None else None)

    def _knock_story(self, last: dict) -> str | None:
        """Who knocked (or went gin) with what, against the knock limit, and the defender's
        deadwood after lay-offs, so the score line's numbers have names: the variant says
        whether the hand had such a showdown (Gin's) and its facts."""
        showdown = self.view.variant.showdown(last, self.view.observation["settings"])
        if showdown is None:
            return None
        names = self.view.names
        knocker, defender = names[showdown["knocker"]], names[showdown["defender"]]
        if showdown["ending"] == "gin":
            return _(
                "{knocker} went gin; {defender} keeps {d} in unmatched cards (no lay-offs after gin).",
                knocker=knocker,
                defender=defender,
                d=showdown["defender_deadwood"],
            )
        upcard = showdown.get("upcard")
        story = _(
            "{knocker} knocked with {k} deadwood (knock limit {limit}, upcard [{upcard}]); "
            "{defender} has {d} after lay-offs.",
            knocker=knocker,
            k=showdown["knocker_deadwood"],
            limit=showdown.get("knock_limit", "?"),
            upcard=card_text(upcard) if upcard is not None else "?",
            defender=defender,
            d=showdown["defender_deadwood"],
        )
        if showdown["ending"] == "undercut":
            story += " " + _("Not more than the knocker: an undercut.")
        return story


def in_order(cards: list) -> list:
    """Cards left in a hand as a player sorts them: by suit, then rank (jokers last)."""
    return (
        sorted(cards, key=lambda card: (sort_key_by_suit(card), card))
        if all(isinstance(c, int) for c in cards)
        else cards
    )


def _seat(last: dict, key: str, seat: int) -> list:
    values = last.get(key) or []
    return values[seat] if seat < len(values) and values[seat] else []


if TYPE_CHECKING:
    _Page = Screen  # what a ScrollingPage is mixed into
else:
    _Page = object


class ScrollingPage(_Page):
    """A results page may be longer than the terminal: the footer names the keys that scroll it."""

    # PgDn, PgUp and the arrows scroll too, but the page's own bindings keep them off the footer.
    SCROLL_BINDINGS = [
        Binding("m", "page(1)", _("More below"), id="page-down"),
        Binding("b", "page(-1)", _("Back up"), id="page-up"),
    ]

    def action_page(self, step: int) -> None:
        page = self.query_one(VerticalScroll)
        page.scroll_page_down() if step > 0 else page.scroll_page_up()

    def on_mount(self) -> None:
        """The scroll keys show only when there is somewhere to scroll: below, or back up."""
        page = self.query_one(VerticalScroll)
        self.watch(page, "scroll_y", lambda _y: self.refresh_bindings(), init=False)
        self.watch(page, "virtual_size", lambda _size: self.refresh_bindings(), init=False)
        self.call_after_refresh(self.refresh_bindings)

    def page_key_shown(self, step: int) -> bool:
        pages = self.query(VerticalScroll)
        if not pages:
            return True
        page = pages.first()
        return page.scroll_y < page.max_scroll_y if step > 0 else page.scroll_y > 0

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "page" and parameters:
            return self.page_key_shown(int(parameters[0]))  # type: ignore[call-overload]
        return True


class DealCheckLine(Static):
    """The hand's sealed deal, checked: "Deal verified (3f9a21c0…)" (in yellow with what it
    lacks: a player's randomness), or loudly what did not match. ``check`` is the seat's
    ``deal_check`` (it may take a moment: a worker awaits it)."""

    def __init__(self, hand: int, check: Callable[[int], Awaitable[Any]]) -> None:
        super().__init__(Text(_("Checking the deal…"), style="dim"), id="deal-check")
        self.hand, self.check = hand, check

    def on_mount(self) -> None:
        self.run_worker(self._show(), exclusive=True)

    async def _show(self) -> None:
        check = await self.check(self.hand)
        if check is None:
            self.update(Text(_("The deal could not be checked: its reveal did not arrive."), style="bold"))
        elif check.warned:  # verified, but a player's randomness is not in it: said plainly
            self.update(
                Text(
                    _(
                        "Deal verified ({commitment}), but {notes}",
                        commitment=short(check.commitment),
                        notes=check.notes_text(),
                    ),
                    style="bold yellow",
                )
            )
        elif check.verified:
            self.update(Text(_("Deal verified ({commitment})", commitment=short(check.commitment)), style="green"))
        else:
            self.update(
                Text(
                    _("DEAL NOT VERIFIED: {problem}", problem=_(check.problem, **check.values)),
                    style="bold reverse red",
                )
            )


class RatingLines(Static):
    """A shared game's new ratings (the table log's lines), shown when the server has them."""

    def __init__(self, ratings: Callable[[], Awaitable[list]], viewer: int | None) -> None:
        super().__init__(id="ratings")
        self.ratings, self.viewer = ratings, viewer

    def on_mount(self) -> None:
        self.run_worker(self._show(), exclusive=True)

    async def _show(self) -> None:
        from rummy_tui.tableserver.protocol import YOUR_RATING, log_line_markup

        lines = await self.ratings()
        if lines:
            mine = self.viewer
            lines = [
                {**line, "template": YOUR_RATING[line["template"]]} if line.get("seat") == mine else line
                for line in lines
            ]
            shown = [Text(""), Text(_("Ratings"), style="bold")]
            shown += [Text.from_markup("  " + log_line_markup(line)) for line in lines]
            self.update(Text("\n").join(shown))


class ReviewWanted(Message):
    """The player asks for the coach's review of a hand: the app opens it (screens/review.py)."""

    def __init__(self, record: dict[str, Any], seat: int, hand: int, names: list[str]) -> None:
        super().__init__()
        self.record, self.seat, self.hand, self.names = record, seat, hand, names


def review_of_last_hand(table: Any) -> Callable[[], None] | None:
    """How the end of a hand opens its review: a hand one human played against the computer at a
    table in this process; None for any other table."""
    if not (table.local and len(table.humans) == 1 and len(table.seats) > 1):
        return None

    def ask() -> None:
        hand = (table.seat.observation["last_hand"] or {}).get("hand")
        if isinstance(hand, int):
            record = {**table.game.record, "actions": list(table.game.record["actions"])}
            table.app.post_message(ReviewWanted(record, table.humans[0], hand, table.names))

    return ask


class EndOfHandScreen(ScrollingPage, Screen):
    BINDINGS = [
        Binding("enter,space", "next", _("Next"), id="next"),
        Binding(
            "r", "review", _("Review"), id="review", tooltip=_("What the hard computer would have done differently")
        ),
        *ScrollingPage.SCROLL_BINDINGS,
    ]

    def __init__(
        self,
        view: TableView,
        deal_check: Callable[[int], Awaitable[Any]] | None = None,
        review: Callable[[], Any] | None = None,
    ) -> None:
        """``review`` opens the coach's review of the hand (a hand against the computer)."""
        super().__init__()
        self.view = view
        self.deal_check = deal_check
        self.review = review

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "review":
            return self.review is not None
        return super().check_action(action, parameters)

    def action_review(self) -> None:
        if self.review is not None:
            self.review()

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="page", id="end-of-hand"):
            yield HandSummary(self.view)
            hand = (self.view.observation.get("last_hand") or {}).get("hand")
            if self.deal_check is not None and self.view.observation.get("last_deal") and isinstance(hand, int):
                yield DealCheckLine(hand, self.deal_check)
            goal = goal_words(self.view.observation["settings"])
            yield Static(Text("\n" + " · ".join([_("Score sheet")] + goal), style="bold"))
            yield Static(score_table(self.view))
        yield Footer()

    def action_next(self) -> None:
        self.dismiss(True)


def settlement_legend(view: TableView) -> str | None:
    """Gin's settlement adds bonuses the sheet never showed: name them (A-10)."""
    settings = view.observation["settings"]
    if "boxes" not in view.observation["extra"] or "game_bonus" not in settings:
        return None
    return _(
        "(hand points + {game} for the game, + {shutout} more if the loser won no hand, + {box} per hand won)",
        game=settings["game_bonus"],
        shutout=settings["shutout_extra"],
        box=settings["box_bonus"],
    )


class EndOfGameScreen(ScrollingPage, Screen):
    BINDINGS = [
        Binding("n", "app.new_game", _("New game"), id="new-game"),
        Binding("q", "app.quit", _("Quit"), id="quit"),
        *ScrollingPage.SCROLL_BINDINGS,
    ]

    def __init__(self, view: TableView, ratings: Callable[[], Awaitable[list]] | None = None) -> None:
        super().__init__()
        self.view = view
        self.ratings = ratings  # a shared table's: the new ratings, once the server has rated the game

    def compose(self) -> ComposeResult:
        result = self.view.observation["result"] or {}
        names = self.view.names
        winners = result.get("winners", [])
        viewer = self.view.viewer
        if winners == [viewer]:
            title = _("You win the game!")
        elif winners:
            title = ngettext(
                "{names} wins the game!",
                "{names} win the game!",
                len(winners),
                names=" & ".join(names[s] for s in winners),
            )
        else:
            title = _("Game over")
        lines = [Text(title, style="bold"), Text("")]
        look = CardLook(ascii_only=getattr(self.app, "ascii_only", False))
        mine = lambda message: render(message, names[viewer] if viewer is not None else None)  # noqa: E731
        lines += [log_line(mine(line), look) for line in result.get("lines", [])]
        legend = settlement_legend(self.view)
        if legend:
            lines.append(Text(legend, style="dim"))
        final = result.get("final")
        if final:
            lines += [Text(""), Text(_("Final settlement"), style="bold")]
            lines += [Text(f"  {names[seat]}: {value}") for seat, value in enumerate(final)]
        with VerticalScroll(classes="page", id="end-of-game"):
            yield Static(Text("\n").join(lines), id="game-result")
            if self.ratings is not None:
                yield RatingLines(self.ratings, self.view.viewer)
            yield Static(Text("\n" + _("Score sheet"), style="bold"))
            yield Static(score_table(self.view))
        yield Footer()
