"""What line mode tells: the news since the last line, whose turn it is, the end of a hand and
of the game, the score and the help. A mixin of :class:`~rummy_tui.lines.table.LineTable`."""

from __future__ import annotations

import json
from typing import Any

from rummy_tui.engine.cards import face_of
from rummy_tui.engine.melds import Meld
from rummy_tui.i18n import _, ngettext, render, render_event

from .console import plain_text


def hand_marker(last_hand: dict | None) -> str | None:
    """Which ended hand ``last_hand`` describes (it stays set through the next hand)."""
    if last_hand is None:
        return None
    return json.dumps({key: value for key, value in last_hand.items() if key != "lines"}, sort_keys=True, default=str)


def fresh(seen: list, now: list) -> list:
    """The entries at the end of ``now`` that ``seen`` did not have (both are the latest lines
    of one growing log)."""
    for overlap in range(min(len(seen), len(now)), 0, -1):
        if seen[-overlap:] == now[:overlap]:
            return now[overlap:]
    return list(now)


class Reporter:
    seat: Any
    console: Any
    words: Any
    local: bool
    _events_told: int
    _events_seen: list[dict]
    _lines_seen: list[dict]
    _hand_told: str | None
    _turn_told: tuple[object, ...] | None
    _drawn: str | None = None

    @property
    def names(self) -> list[str]:
        raise NotImplementedError

    @property
    def observation(self) -> dict[str, Any]:
        raise NotImplementedError

    @property
    def viewer(self) -> int | None:
        raise NotImplementedError

    @property
    def variant(self) -> Any:
        raise NotImplementedError

    def opening(self) -> str:
        observation = self.observation
        variant = self.variant.shown_name()
        names = ", ".join(self.names)
        said = _(
            "{variant}, hand {number}. At the table: {names}.",
            variant=variant,
            number=observation["hand_no"],
            names=names,
        )
        return said + " " + _("Type help for the commands.")

    def event_line(self, event: dict) -> str:
        return self.words.sentence(render_event(event, self.names, self.viewer))

    def tell_news(self) -> None:
        """Every event since the last told, one to a line; then the end of a hand, if one ended."""
        said: list[str] = []
        if self.local:
            events = self.seat.events
            self._events_told = min(self._events_told, len(events))
            news = events[self._events_told :]
            self._events_told = len(events)
        else:
            lines = list(self.seat.log)
            said += [plain_text(table_line_text(line)) for line in fresh(self._lines_seen, lines)]
            self._lines_seen = lines
            news = []  # a table not yet started deals again when it starts: its events come then
            if getattr(self.seat, "started", True):
                now = list(self.seat.events)
                news = fresh(self._events_seen, now)
                self._events_seen = now
        drawn, self._drawn = self._drawn, None
        turn_of: int | None = None  # the seat whose turn the last line tells, while it goes on
        for event in news:
            line = self.event_line(event)
            if drawn and event.get("seat") == self.viewer and event.get("text", "").startswith("drew from the stock"):
                line = self.words.sentence(_("You drew {card}", card=drawn))
                drawn = None
            seat = event.get("seat")
            if turn_of is not None and seat == turn_of and said:
                first = said[-1].removesuffix(".")  # some variants end their sentences, some not
                said[-1] = _("{first} and {then}", first=first, then=self.without_subject(line, seat))
            else:
                said.append(line)
            # a turn is one line: its draw, melds and lay-offs, up to its discard
            ends_turn = "discarded" in str(event.get("text", "")) or not isinstance(seat, int)
            turn_of = None if ends_turn else seat
        marker = hand_marker(self.observation.get("last_hand"))
        if marker != self._hand_told and self.observation.get("last_hand") is not None:
            self._hand_told = marker
            said += self.end_of_hand_lines()
        if said:
            self.console.say(*said)

    def without_subject(self, line: str, seat: int) -> str:
        """An event's line without who did it, to follow "and": "discarded the 7 of hearts"."""
        for subject in (self.names[seat], _("You")):
            if line.startswith(subject + " "):
                return line[len(subject) + 1 :]
        return line[:1].lower() + line[1:]  # a sentence of the viewer's own ("Eldobtad: ...")

    def tell_turn(self, again: bool = False) -> None:
        key = ("turn", self.seat.seq, self.viewer)
        if self._turn_told == key and not again:
            return
        self._turn_told = key
        self.console.say(self.turn_line())

    def turn_line(self) -> str:
        verbs: list[str] = []
        for code in self.seat.legal:
            verb = code.partition(":")[0]
            if verb == "take":
                verb = code
            if verb not in verbs:
                verbs.append(verb)
        offers = [self.offer(verb) for verb in verbs]
        moves = offers[0] if len(offers) == 1 else _("{moves} or {last}", moves=", ".join(offers[:-1]), last=offers[-1])
        hand = len(self.observation.get("hand") or [])
        return _("Your turn: {moves}.", moves=moves) + " " + ngettext("You hold {n} card.", "You hold {n} cards.", hand)

    def offer(self, verb: str) -> str:
        pile = self.observation.get("discard") or []
        top = self.words.card(face_of(pile[-1])) if pile else ""
        if verb == "take:discard":
            return _("take the {card}", card=top)
        if verb == "take:upcard":
            return _("take the upcard (the {card})", card=top)
        words = {
            "draw": _("draw"),
            "pass": _("pass"),
            "discard": _("discard a card"),
            "knock": _("knock"),
            "gin": _("go gin"),
            "meld": _("meld"),
            "layoff": _("lay off"),
            "exchange": _("exchange a joker"),
            "void": _("call the hand void"),
            "takeback": _("undo this turn's table moves"),
            "throwin": _("throw in"),
            "reenter": _("re-enter"),
            "decline": _("decline"),
            "keep": _("keep your hand"),
            "newdeal": _("ask for a new deal"),
            "laydown": _("lay down"),
            "declare": _("declare"),
        }
        return words.get(verb, verb)

    def personal(self, message: Any) -> str:
        viewer = self.viewer
        return self.words.sentence(render(message, self.names[viewer] if viewer is not None else None))

    def end_of_hand_lines(self) -> list[str]:
        last = self.observation["last_hand"]
        names = self.names
        lines = [_("Hand {number} is over.", number=last.get("hand", "?"))]
        if last.get("void"):
            lines.append(_("The hand is void: nobody scores."))
        elif last.get("winner") is not None:
            won = last["winner"] == self.viewer
            lines.append(_("You win the hand.") if won else _("{name} wins the hand.", name=names[last["winner"]]))
        for seat, name in enumerate(names):
            points = (last.get("points") or [0] * len(names))[seat]
            parts = [_("{name}: {points:+d}", name=name, points=points)]
            melds = [Meld.from_json(meld) for meld in _seat(last, "melds", seat)]
            if melds:
                said = "; ".join(self.words.cards(list(meld.faces)) for meld in melds)
                parts.append(_("  melds: ").strip() + " " + said)
            layoffs = _seat(last, "layoffs", seat)
            if layoffs:
                parts.append(_("  laid off: ").strip() + " " + self.words.cards([face_of(c) for c in layoffs]))
            deadwood = _seat(last, "deadwood", seat)
            if deadwood:
                label = _("  unmatched: ") if self.variant.scores_deadwood else _("  left in hand: ")
                parts.append(label.strip() + " " + self.words.cards([face_of(c) for c in deadwood]))
            lines.append(". ".join(parts) + ".")
        lines += [self.personal(line) for line in last.get("lines") or []]
        lines.append(self.totals_line())
        return lines

    def totals_line(self) -> str:
        totals = self.observation.get("totals") or []
        said = ", ".join(f"{name} {total}" for name, total in zip(self.names, totals, strict=False))
        return _("Totals: {totals}.", totals=said)

    def score_lines(self) -> list[str]:
        sheet = self.observation.get("sheet") or []
        lines = []
        for row in sheet:
            points = ", ".join(f"{name} {p}" for name, p in zip(self.names, row.get("points") or [], strict=False))
            lines.append(_("Hand {number}: {points}.", number=row.get("hand", "?"), points=points))
        lines.append(self.totals_line())
        return lines

    def game_over_lines(self) -> list[str]:
        result = self.observation["result"]
        winners = [self.names[seat] for seat in result.get("winners") or []]
        lines = [_("The game is over.")]
        lines += [self.personal(line) for line in result.get("lines") or []]
        if self.viewer is not None and self.viewer in (result.get("winners") or []):
            lines.append(_("You win the game."))
        elif winners:
            lines.append(_("Winner: {names}.", names=", ".join(winners)))
        return lines

    def help_lines(self) -> list[str]:
        return [
            _("Moves: draw, take, discard 7h, knock 7h, gin 7h, meld 7h 8h 9h (several melds: + between them),"),
            _("lay off 5c on 2, exchange 9h on 3, pass, void; or moves, then a move's number."),
            _("Cards: 7h, 10♥, 7 hearts, 7 of hearts, queen of spades, joker as 9 of spades."),
            _("Questions: hand (hand melds: grouped by meld), table, discards, score, turn, hint, undo, help."),
            _("Leave with quit; the game is saved. At a shared table: say, then your message."),
        ]


def table_line_text(line: dict[str, Any]) -> str:
    """A shared table's own line (chat, away, back) in the player's language, as plain text."""
    template, values = line.get("template"), line.get("values")
    if not isinstance(template, str) or not isinstance(values, dict):
        return str(line.get("text", ""))
    try:
        return _(template, **{name: plain_text(str(value)) for name, value in values.items()})
    except (KeyError, IndexError, ValueError):
        return str(line.get("text", ""))


def _seat(last: dict, key: str, seat: int) -> list:
    values = last.get(key) or []
    return values[seat] if seat < len(values) and values[seat] else []
