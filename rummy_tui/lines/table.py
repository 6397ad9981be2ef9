"""A game in line mode: the table's news as sentences, and the player's typed commands.

:class:`LineTable` plays through a :class:`~rummy_tui.tableserver.seat.SeatView`, as the table
screen does: a :class:`LocalSeat` (solo and hot-seat; this process runs the AI seats, saves after
every move, gives hints and undo) or a :class:`RemoteSeat` (a shared table; the server does all
that). It decides no rule: a command becomes an action code, and a refused one is answered with
the engine's reason.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any, cast

from rummy_tui.action_words import KNOCK_SHOWING, PLAIN, WITH_CARDS
from rummy_tui.engine.cards import card_text, face_of, parse_face, sort_key_by_rank, sort_key_by_suit, suit_of
from rummy_tui.engine.melds import Meld
from rummy_tui.i18n import N_, _, ngettext
from rummy_tui.tableserver.client import NO_ANSWER, ConnectionLost, TableError
from rummy_tui.tableserver.seat import LocalSeat, SeatView, seat_name

from .commands import ONTO_VERBS, Typed, plain_word, read_command
from .console import Console, plain_text
from .report import Reporter, hand_marker
from .words import CardWords

PROMPT = "> "
CARD_EXAMPLES = {"discard": N_("discard 7h"), "knock": N_("knock 7h"), "gin": N_("gin 7h")}
MELD_WORDS = ("melds", "meld", "kombinacio", "kombinaciok", "kombinaciokkal")
SAVE_WAIT_SECONDS = 3.0
_BARE = re.compile(r"(?<![\[\w=:>+-])((?:10|[2-9AJQK])[SHDC]|JK)(?![\w\]>+-])")  # not inside a code


class LineTable(Reporter):
    def __init__(
        self,
        seat: SeatView,
        console: Console,
        words: CardWords | None = None,
        ai_delay: float = 0.0,
        game_id: str | None = None,
        hosting: bool = False,
    ) -> None:
        self.hosting = hosting  # this player opened the shared table: he starts the game
        self.seat: Any = cast(Any, seat)  # a LocalSeat or a RemoteSeat: each has what its kind of table needs
        self.console = console
        self.words = words or CardWords()
        self.ai_delay = ai_delay
        self.game_id = game_id
        self.local = isinstance(seat, LocalSeat)
        self.humans = [index for index, entry in enumerate(seat.seats) if entry["kind"] == "human"]
        if self.local:
            self.seat.seat = self.humans[0] if len(self.humans) == 1 else None  # hot-seat: nobody until handed over
        self.sort_by_rank = False
        self._events_told = 0  # local: how many of the game's events are told
        self._events_seen: list[dict] = []  # remote: the latest events the server sent, as told
        self._lines_seen: list[dict] = []  # remote: the table's own lines (chat, away), as told
        self._hand_told = hand_marker(seat.observation.get("last_hand")) if seat.observation else None
        self._turn_told: tuple[object, ...] | None = None
        self._writer: Any = None

    # --- what the seat shows -----------------------------------------------------------

    @property
    def observation(self) -> dict[str, Any]:
        return self.seat.observation

    @property
    def viewer(self) -> int | None:
        return self.seat.seat

    @property
    def names(self) -> list[str]:
        return [plain_text(seat_name(entry, index)) for index, entry in enumerate(self.seat.seats)]

    @property
    def variant(self):
        from variants import get_variant

        return get_variant(self.observation["variant"])

    @property
    def my_turn(self) -> bool:
        observation = self.observation
        return (
            observation.get("result") is None
            and self.viewer is not None
            and observation["to_move"] == self.viewer
            and bool(self.seat.legal)
        )

    # --- the game ---------------------------------------------------------------------

    async def play(self) -> None:
        """Tell the table and take the player's commands until the game ends or the player leaves."""
        self.console.say(self.opening())
        if self.local and self.game_id is not None:
            self._events_told = max(len(self.seat.events) - 3, 0)  # a resumed game: its last moves
        while True:
            over = self.observation.get("result") is not None
            with self.console.together():  # the news and whose turn it is, under one prompt
                self.tell_news()
                if over:
                    self.console.say(*self.game_over_lines())
                elif self.my_turn:
                    self.tell_turn()
                elif not self.local:
                    self.tell_waiting()
            if over:
                await self.finish()
                return
            if self.local and await self.local_turn():
                continue
            if self.local:
                line = await self.console.ask(PROMPT)  # the player's turn: nothing else moves here
                if line is None or not await self.command(line):
                    await self.finish()
                    return
            elif not await self.wait_for_others():  # a shared table: the next line or the next view
                await self.finish()
                return

    async def local_turn(self) -> bool:
        """A seat in this process that is not the player's: the AI moves, or (hot-seat) the
        keyboard goes to the next player. True when something happened."""
        seat = self.observation["to_move"]
        entry = self.seat.seats[seat]
        if entry["kind"] != "human":
            await self.computer_turn(seat)
            return True
        if seat != self.viewer:
            self.console.say(_("Pass the terminal to {name}, then press Enter.", name=self.names[seat]))
            if await self.console.ask(PROMPT) is None:
                return False
            self.seat.seat = seat
            self.console.say(_("You are {name}.", name=self.names[seat]), self.hand_line())
            return True
        return False

    async def computer_turn(self, seat: int) -> None:
        """The computer plays ``seat``'s whole turn before anything is told, so that the turn is
        one line ("North drew from the stock and discarded the 7 of hearts"); a hand that ends
        stops it."""
        from rummy_tui.engine.ai import choose_action

        game = self.seat.game
        hand = hand_marker(game.state.last_hand)
        while True:
            level = self.seat.seats[seat].get("level") or "normal"
            action = await asyncio.to_thread(choose_action, game, seat, level)
            if self.ai_delay:
                await asyncio.sleep(self.ai_delay)
            game.apply(action)
            self.after_move()
            if game.is_over or game.current_seat != seat or hand_marker(game.state.last_hand) != hand:
                return

    async def wait_for_others(self) -> bool:
        """At a shared table, the player's turn or not: the next typed line or the next view,
        whichever comes first (chat, the others' moves, a lost connection). False once the
        player leaves or the table cannot be reached."""
        view = asyncio.ensure_future(self.seat.next_view(self.seat.view))
        typed = self.console.ask(PROMPT)
        done, _pending = await asyncio.wait({view, typed}, return_when=asyncio.FIRST_COMPLETED)
        if typed in done:
            view.cancel()
            line = typed.result()
            return line is not None and await self.command(line)
        if view.result() is None:
            return await self.reconnect()
        return True

    async def reconnect(self) -> bool:
        """The connection is gone: connect again, and take the seat back (its token), as the
        table screen does. False, with the reason, when the table cannot be reached."""
        from rummy_tui.tableserver.connect import reconnect_with_backoff
        from rummy_tui.tableserver.protocol import shown_code

        client = self.seat.client
        before = client.view
        self.console.say(_("The connection to the table is lost: reconnecting."))
        reason = await reconnect_with_backoff(client)
        if reason is None:
            try:
                await client.wait_view(lambda view: view is not before)
            except TableError as problem:
                reason = str(problem)
        if reason is not None:
            code = shown_code(client.table or "")
            self.console.say(
                _("{reason} `rummy --lines join {code}` takes your seat back later.", reason=reason, code=code)
            )
            return False
        self.console.say(_("Reconnected."))
        return True

    def tell_waiting(self) -> None:
        seat, seq = self.observation.get("to_move"), self.seat.seq
        started = getattr(self.seat, "started", True)
        if self._turn_told == ("waiting", seq, seat, started) or seat is None:
            return
        self._turn_told = ("waiting", seq, seat, started)
        if not started:
            self.console.say(_("Waiting for the other players to sit down."))
        elif seat != self.viewer:
            self.console.say(_("{name} to play", name=self.names[seat]) + ".")

    async def finish(self) -> None:
        if self.local and self._writer is not None:
            status = await asyncio.to_thread(self._writer.flush, SAVE_WAIT_SECONDS)
            game = self.seat.game
            if status.save_problem:
                self.console.say(status.save_problem)
            elif not game.is_over:
                self.console.say(_("The game is saved: continue it with `rummy --lines resume`."))
            self._writer.close()
        elif self.local and self.game_id is not None and not self.seat.game.is_over:  # resumed, nothing new
            self.console.say(_("The game is saved: continue it with `rummy --lines resume`."))
        if not self.local:
            await self.seat.close()

    def after_move(self) -> None:
        if not self.local:
            return
        seat = self.seat
        assert isinstance(seat, LocalSeat)
        seat.add_own_randomness()
        if self._writer is None:
            from rummy_tui.storage import new_game_id
            from rummy_tui.storage.writer import DiskWriter

            self.game_id = self.game_id or new_game_id()
            self._writer = DiskWriter(self.game_id, 0)
        self._writer.submit(seat.game)

    # --- commands ---------------------------------------------------------------------

    async def command(self, line: str) -> bool:
        """Carry out one typed line; False when the player leaves."""
        typed = read_command(line)
        if typed.ask == "quit":
            return False
        if typed.ask is not None:
            await self.answer(typed)
        elif typed.problem is not None:
            self.console.say(self.not_understood(typed))
        elif typed.verb or typed.code or typed.number is not None:
            code = self.action_code(typed)
            if code is not None:
                await self.perform(code)
        return True

    def not_understood(self, typed: Typed) -> str:
        if typed.verb is None:
            return _(
                "I do not know the command '{word}'. Type help for the commands.", word=plain_text(typed.problem or "")
            )
        return _(
            "'{word}' is not a card. Say cards like 7h, 7 hearts or 7 of hearts.", word=plain_text(typed.problem or "")
        )

    def action_code(self, typed: Typed) -> str | None:
        if typed.code is not None:
            return typed.code
        legal = self.seat.legal
        if typed.number is not None:
            if 1 <= typed.number <= len(legal):
                return legal[typed.number - 1]
            self.console.say(_("There is no move {number}; type moves for the list.", number=typed.number))
            return None
        verb = typed.verb or ""
        if verb == "take":
            return "take:upcard" if "take:upcard" in legal else "take:discard"
        if verb == "draw":
            return "draw:stock"
        if verb == "declare":
            return self.declaration(typed.rest)
        if verb in ("discard", "knock", "gin") and not typed.cards:
            self.console.say(_("Say which card, such as: {example}", example=_(CARD_EXAMPLES[verb])))
            return None
        if verb in ("meld", "layoff", "exchange") and not typed.cards:
            self.console.say(_("Say which cards, such as: {example}", example=_("meld 7h 8h 9h")))
            return None
        if verb in ("discard", "knock", "gin"):
            return f"{verb}:{typed.cards[0]}"
        if verb == "meld":
            return "meld:" + "+".join("-".join(group) for group in typed.groups)
        if verb in ONTO_VERBS:
            target = typed.target if typed.target is not None else (1 if len(self.observation["table"]) == 1 else None)
            if target is None:
                self.console.say(_("Say which meld, by its number in the table command: lay off 5c on 2"))
                return None
            return f"{verb}:{'-'.join(typed.cards)}>{target - 1}"
        if verb == "newdeal":
            return "newdeal:" + "-".join(typed.cards)
        return verb

    def declaration(self, rest: str) -> str | None:
        offered = [code for code in self.seat.legal if code.startswith("declare:")]
        wanted = rest.strip().lower()
        for code in offered:
            name = code.partition(":")[2]
            said = self.variant.ending_names.get(name, name)
            if wanted and wanted in (name, said.lower()):
                return code
        if len(offered) == 1:
            return offered[0]
        self.console.say(_("Declare which? {choices}", choices=", ".join(self.say_code(code) for code in offered)))
        return None

    async def perform(self, code: str) -> None:
        if not self.my_turn:
            self.console.say(_("It is not your turn."))
            return
        hand_before = list(self.observation.get("hand") or [])
        if code.startswith("knock:") and "/" not in code:
            chosen = await self.knock_shown(code)
            if chosen is None:
                return
            code = chosen
        try:
            await self.seat.apply(code)
        except TableError as refused:
            self.console.say(self.words.sentence(bracketed(str(refused))))
            if isinstance(refused, ConnectionLost):
                self.console.say(_("The connection to the table is lost."))
            return
        except (TimeoutError, ConnectionError, OSError):
            self.console.say(_(NO_ANSWER))
            return
        drawn = [card for card in self.observation.get("hand") or [] if card not in hand_before]
        if code == "draw:stock" and len(drawn) == 1:
            self._drawn = f"[{card_text(drawn[0])}]"
        self.after_move()

    async def knock_shown(self, code: str) -> str | None:
        """When the melds a knock shows are a choice (Gin A-6.1), the engine's forms of it, its
        default first; Enter takes the default. None: the player typed something else."""
        options = await self.seat.choices(code) if self.my_turn else [code]
        if len(options) < 2:
            return code
        self.console.say(_("Knock: which melds do you show?"))
        self.console.say(*(f"{number}. {self.say_code(option)}" for number, option in enumerate(options, 1)))
        self.console.say(_("Type its number (Enter: 1, the least deadwood)."))
        typed = (await self.console.ask(PROMPT) or "").strip()
        if not typed:
            return options[0]
        if typed.isdigit() and 1 <= int(typed) <= len(options):
            return options[int(typed) - 1]
        self.console.say(_("Not knocked."))
        return None

    async def answer(self, typed: Typed) -> None:
        ask = typed.ask
        if ask == "help":
            self.console.say(*self.help_lines())
        elif ask == "hand":
            self.console.say(self.hand_line(typed.rest))
        elif ask == "table":
            self.console.say(*self.table_lines())
        elif ask == "score":
            self.console.say(*self.score_lines())
        elif ask == "discards":
            self.console.say(self.discards_line())
        elif ask == "moves":
            self.console.say(*self.moves_lines())
        elif ask == "turn":
            self._turn_told = None
            if self.my_turn:
                self.tell_turn(again=True)
            else:
                self.tell_waiting()
        elif ask == "undo":
            await self.undo()
        elif ask == "hint":
            await self.hint()
        elif ask == "say":
            await self.chat(typed.rest)
        elif ask == "start":
            await self.start_shared_game()
        elif ask == "sort":
            self.sort_by_rank = not self.sort_by_rank
            self.console.say(self.hand_line())

    async def start_shared_game(self) -> None:
        if self.local or not self.hosting:
            self.console.say(_("Only the host starts a shared table's game."))
            return
        if getattr(self.seat, "started", True):
            self.console.say(_("The game has started."))
            return
        try:
            await self.seat.client.start()
        except TableError as refused:
            self.console.say(str(refused))

    async def undo(self) -> None:
        if not self.local:
            if "takeback" in self.seat.legal:
                await self.perform("takeback")
            else:
                self.console.say(_("Moves are taken back only in a game against the computer."))
            return
        game = self.seat.game
        viewer = self.viewer
        if len(self.humans) != 1 or viewer is None:
            if "takeback" in self.seat.legal:
                await self.perform("takeback")
            else:
                self.console.say(_("Moves are taken back only in a game against the computer."))
            return
        count = game.undo_point(viewer)
        if count is None:
            if "takeback" in self.seat.legal:
                await self.perform("takeback")
            else:
                reason = game.why_no_undo(viewer)
                self.console.say(_(reason) if reason else _("It is not your turn."))
            return
        taken_back = game.record["actions"][count]
        others = len(game.record["actions"]) - count - 1
        game.rewind(count)
        said = _("Taken back: ") + self.say_code(taken_back)
        if others:
            said += " " + ngettext("(and {n} move after it)", "(and {n} moves after it)", others)
        self.console.say(said)
        self._events_told = min(self._events_told, len(game.state.events))
        self._turn_told = None
        self.after_move()

    async def hint(self) -> None:
        if not self.local or len(self.humans) != 1:
            self.console.say(_("Hints are given only in a game against the computer."))
            return
        if not self.my_turn:
            self.console.say(_("It is not your turn."))
            return
        from rummy_tui.engine.hints import hint_for

        game = self.seat.game
        found = await asyncio.to_thread(hint_for, game, self.viewer or 0)
        game.record["hints"] = game.record.get("hints", 0) + 1
        self.console.say(self.words.sentence(_("Hint: {text}", text=found.text)))
        self.after_move()

    async def chat(self, text: str) -> None:
        if self.local:
            self.console.say(_("Chat is for shared tables."))
            return
        if text.strip():
            try:
                await self.seat.chat(text.strip())
            except TableError as refused:
                self.console.say(str(refused))

    # --- saying things ---------------------------------------------------------------

    def say_code(self, code: str) -> str:
        """An action code in words."""
        if code in PLAIN:
            return _(PLAIN[code])
        verb, _sep, argument = code.partition(":")
        if verb == "knock" and "/" in argument:
            card, _slash, shown = argument.partition("/")
            return _(KNOCK_SHOWING, card=self.code_cards(card), melds=self.code_cards(shown))
        if verb in WITH_CARDS or verb == "exchange":
            cards, _arrow, target = argument.rpartition(">") if ">" in argument else (argument, "", "")
            number = str(int(target) + 1) if target.isdigit() else target
            if verb == "exchange":  # one joker for each natural card laid in its place
                return ngettext(
                    "Exchange {cards} for the joker of meld {target}",
                    "Exchange {cards} for the jokers of meld {target}",
                    len([token for token in cards.split("-") if token]),
                    cards=self.code_cards(cards),
                    target=number,
                )
            return _(WITH_CARDS[verb], cards=self.code_cards(cards), target=number)
        if verb == "declare":
            return _("Declare {what}", what=self.variant.ending_names.get(argument, argument.replace("-", " ")))
        return code

    def code_cards(self, text: str) -> str:
        groups = []
        for group in text.split("+"):
            said = []
            for token in (token for token in group.split("-") if token):
                shown, _eq, meaning = token.partition("=")
                try:
                    said.append(self.words.card(parse_face(shown), parse_face(meaning) if meaning else None))
                except ValueError:
                    said.append(token)
            groups.append(self.words.listed(said))
        return "; ".join(groups) if groups else _("nothing")

    def sort_key(self):
        return sort_key_by_rank if self.sort_by_rank else sort_key_by_suit

    def hand_line(self, how: str = "") -> str:
        hand = list(self.observation.get("hand") or [])
        if self.viewer is None or not hand:
            return _("You hold no cards.")
        hand.sort(key=self.sort_key())
        count = ngettext("{n} card", "{n} cards", len(hand))
        if how.split() and plain_word(how.split()[0]) in MELD_WORDS:
            return _("Your hand, {count}: {cards}", count=count, cards=self.hand_by_meld(hand)) + "."
        by_suit: dict[int, list[int]] = {}
        for card in hand:
            by_suit.setdefault(suit_of(card) if not self.sort_by_rank else 0, []).append(card)
        parts = [self.words.cards([face_of(card) for card in cards]) for cards in by_suit.values()]
        return _("Your hand, {count}: {cards}", count=count, cards="; ".join(parts)) + "."

    def hand_by_meld(self, hand: list[int]) -> str:
        """The melds the hand holds (the solver's best arrangement), then the rest."""
        from rummy_tui.engine.solver import best_arrangement

        settings = self.observation["settings"]
        variant = self.variant
        arrangement = best_arrangement(hand, variant.meld_rules(settings), variant.value_function(settings))
        parts = [self.words.cards(list(meld.faces)) for meld in arrangement.melds]
        melded = {card for meld in arrangement.melds for card in meld.cards}
        rest = [face_of(card) for card in hand if card not in melded]
        if rest:
            parts.append(_("unmatched: {cards}", cards=self.words.cards(rest)))
        return "; ".join(parts)

    def table_lines(self) -> list[str]:
        table = self.observation.get("table") or []
        if not table:
            return [_("No melds on the table.")]
        lines = [_("The table: {count}", count=ngettext("{n} meld", "{n} melds", len(table))) + "."]
        for index, entry in enumerate(table):
            meld = Meld.from_json(entry["meld"])
            cards = self.words.listed(
                [
                    self.words.card(face_of(card), face if card >= 104 else None)
                    for card, face in zip(meld.cards, meld.faces, strict=False)
                ]
            )
            owner = entry.get("owner")
            name = self.names[owner] if isinstance(owner, int) and owner < len(self.names) else ""
            lines.append(_("Meld {number} ({name}): {cards}", number=index + 1, name=name, cards=cards) + ".")
        return lines

    def discards_line(self) -> str:
        pile = self.observation.get("discard") or []
        if not pile:
            return _("The discard pile is empty.")
        top = self.words.card(face_of(pile[-1]))
        under = [face_of(card) for card in pile[-6:-1]][::-1]
        said = _("Top of the discard pile: {card}", card=top)
        if under:
            said += "; " + _("under it: {cards}", cards=self.words.cards(under))
        return said + "."

    def moves_lines(self) -> list[str]:
        legal = self.seat.legal if self.my_turn else []
        if not legal:
            return [_("It is not your turn.")]
        lines = [_("Your moves (type the number or the command):")]
        lines += [f"{number}. {self.say_code(code)}" for number, code in enumerate(legal, 1)]
        return lines


def bracketed(text: str) -> str:
    """An engine reason's bare card codes (``4S``) marked as cards, so they are said in words."""
    return _BARE.sub(r"[\1]", text)
