"""The keys that make a move at the table: each turns the chosen cards (and the meld under
the meld cursor) into the engine's action code and plays it through the seat, or says why not;
and the keys that choose those cards. A mixin of :class:`~rummy_tui.screens.table.TableScreen`.
"""

from __future__ import annotations

import re

from rich.text import Text

from rummy_tui.engine.cards import parse_face, sort_key_by_suit
from rummy_tui.i18n import _
from rummy_tui.tableserver.client import NO_ANSWER, ConnectionLost, TableError
from rummy_tui.widgets.actions import describe
from rummy_tui.widgets.cards import card_piece
from rummy_tui.widgets.fresh import table_copy
from rummy_tui.widgets.melds import MeldTableView

from .table_keys import face_code
from .table_parts import TableParts


class MoveKeys(TableParts):
    """Playing the viewer's moves: from a key to an action code, and the cards it is made of."""

    async def perform(self, code: str) -> bool:
        """Play the viewer's action, or show the engine's (or the table's) reason for refusing it."""
        if self.viewer is None or self.to_move != self.viewer or self._overlay:
            self.say(_("It is not your turn."), error=True)
            return False
        hand_before = list(self.seat.observation["hand"])
        try:
            await self.seat.apply(code)
        except TableError as refused:
            self.say(str(refused), error=True)
            if isinstance(refused, ConnectionLost):
                self.connection_trouble()
            return False
        except (TimeoutError, ConnectionError, OSError):
            self.say(_(NO_ANSWER), error=True)
            return False
        self._table_seen = table_copy(self.seat.observation["table"])  # what the others do next is marked
        self.say(self._what_happened(code, hand_before))
        self.hand.clear_selection()
        self.joker_meanings.clear()
        self.after_action()
        return True

    def _what_happened(self, code: str, hand_before: list[int]) -> Text:
        """The move in words; a draw from the stock names the card it brought."""
        look = self.hand.card_look()
        drawn = [card for card in self.seat.observation["hand"] if card not in hand_before]
        if code.startswith(("draw:", "take:")) and len(drawn) == 1:
            words = _("You drew {card}") if code == "draw:stock" else _("You took {card}")
            before, _c, after = words.partition("{card}")
            return Text(before) + card_piece(drawn[0], look) + Text(after)
        return describe(code, look)

    def _one_card(self) -> str | None:
        cards = self.hand.chosen_cards()
        if len(cards) != 1:
            self.say(_("Choose exactly one card."), error=True)
            return None
        return face_code(cards[0])

    def _cards_code(self, cards: list) -> str:
        """Cards as the engine names them; a joker given a meaning with j is ``JK=9S``."""
        return "-".join(
            f"JK={self.joker_meanings[card]}" if card in self.joker_meanings else face_code(card) for card in cards
        )

    async def action_draw(self) -> None:
        await self.perform("draw:stock")

    async def action_take(self) -> None:
        await self.perform("take:upcard" if "take:upcard" in self._legal else "take:discard")

    async def action_pass_turn(self) -> None:
        await self.perform("pass")

    async def _with_card(self, verb: str) -> None:
        card = self._one_card()
        if card is not None:
            await self.perform(f"{verb}:{card}")

    async def action_discard(self) -> None:
        await self._with_card("discard")

    async def action_knock(self) -> None:
        """Knock with the selected card; when the melds to show are a choice (Gin A-6.1), the
        engine's forms of the knock are offered first, its default at the top."""
        from .menus import MovesMenu

        card = self._one_card()
        if card is None:
            return
        code = f"knock:{card}"
        options = await self.seat.choices(code) if self.to_move == self.viewer else [code]
        if len(options) < 2:
            await self.perform(code)
            return
        look = self.hand.card_look()
        words = [
            (
                options[0],
                describe(options[0], look) + Text(_(": the default melds (least deadwood, least for him to lay off)")),
            )
        ]
        words += [(option, describe(option, look)) for option in options[1:]]
        self.app.push_screen(MovesMenu(words, title=_("Knock: which melds do you show?")), self._perform_chosen)

    async def _perform_chosen(self, code: str | None) -> None:
        if code:
            await self.perform(code)

    async def action_gin(self) -> None:
        await self._with_card("gin")

    async def action_meld(self) -> None:
        groups = self._groups_chosen()
        if not groups:
            self.say(_("Select the cards to meld with space first."), error=True)
            return
        code = "meld:" + "+".join(self._cards_code(group) for group in groups)
        if len(groups) == 1 and self._legal:
            code = await self._split_if_refused(code, groups[0])
        await self.perform(code)

    async def _split_if_refused(self, code: str, cards: list[int]) -> str:
        """One selection that is no meld but splits into melds (an opening of two melds selected
        at once) is laid as those melds, when the engine takes them; otherwise ``code`` stands."""
        from rummy_tui.engine.hints import split_into_melds

        if await self.seat.why_not(code) is None:
            return code
        melds = split_into_melds(cards, self.variant, self.seat.observation["settings"])
        if not melds or len(melds) < 2:
            return code
        split = "meld:" + "+".join(self._cards_code(meld) for meld in melds)
        return split if await self.seat.why_not(split) is None else code

    async def _onto_target(self, verb: str) -> None:
        melds = self.query_one(MeldTableView)
        cards = self.hand.selected_cards() or self.hand.chosen_cards()
        if melds.target is None:
            if not melds.count:
                self.say(_("There is no meld on the table."), error=True)
                return
            melds.set_target(0)
        await self.perform(f"{verb}:{self._cards_code(cards)}>{melds.target}")

    async def action_layoff(self) -> None:
        await self._onto_target("layoff")

    async def action_exchange(self) -> None:
        await self._onto_target("exchange")

    async def action_void(self) -> None:
        await self.perform("void")

    async def action_throwin(self) -> None:
        await self.perform("throwin")

    async def action_reenter(self) -> None:
        await self.perform("reenter")

    async def action_newdeal(self) -> None:
        await self.perform("newdeal:" + self._cards_code(self.hand.selected_cards()))

    async def action_keep(self) -> None:
        await self.perform("keep")

    async def action_laydown(self) -> None:
        await self.perform("laydown")

    async def action_decline(self) -> None:
        await self.perform("decline")

    def action_declare(self) -> None:
        self.choose_among([code for code in self._legal if code.startswith("declare:")])

    def _groups_chosen(self) -> list[list[int]]:
        return self.hand.staged + ([self.hand.selected_cards()] if self.hand.selected else [])

    def action_actions_menu(self) -> None:
        if self._gave_up is not None:  # a shared table that could not reconnect: its way out
            self.offer_a_way_out()
            return
        self.choose_among(self._legal)

    def choose_among(self, codes: list[str]) -> None:
        """Let the player pick one of ``codes`` from a menu (even a single one: a menu asks)."""
        from .menus import MovesMenu

        look = self.hand.card_look()
        endings = self.variant.ending_names  # what a declaration is called
        codes = in_menu_order(codes)
        self.app.push_screen(MovesMenu([(code, describe(code, look, endings)) for code in codes]), self._perform_chosen)

    # --- the cards and the meld target ----------------------------------------------------

    def action_cursor(self, step: int) -> None:
        self.hand.move_cursor(step)

    def action_cursor_to(self, index: int) -> None:
        self.hand.set_cursor(index)

    def action_move_card(self, step: int) -> None:
        self.hand.move_card(step)

    def action_select(self) -> None:
        self.hand.toggle_selected()
        self.update_keys()

    async def action_stage(self) -> None:
        if not self.hand.stage_selection():
            return
        self.update_keys()
        # Tell how the groups put aside stand (an opening's 40 points, say), in the engine's words.
        code = "meld:" + "+".join(self._cards_code(group) for group in self.hand.staged)
        reason = await self.seat.why_not(code) if self._legal else None
        if reason is None:
            self.say(_("Put aside: select the next group, or m to lay them all."))
        else:
            self.say(_("Put aside. {reason}", reason=reason))

    def action_clear(self) -> None:
        self.hand.clear_selection()
        self.joker_meanings.clear()
        self.update_keys()

    def action_sort(self) -> None:
        key = self.hand.toggle_sort()
        self.say(_("Sorted by {key}.", key=_(key)))
        self.refresh_table()

    def action_target(self, step: int) -> None:
        target = self.query_one(MeldTableView).step_target(step)
        if target is None:
            self.say(_("There is no meld on the table."), error=True)


def in_menu_order(codes: list[str]) -> list[str]:
    """Moves by kind (in the order the engine first offers each kind), then by card: the cards
    as a hand sorted by suit shows them."""
    kinds: dict[str, int] = {}
    for code in codes:
        kinds.setdefault(code.partition(":")[0], len(kinds))
    return sorted(codes, key=lambda code: (kinds[code.partition(":")[0]], _cards_key(code)))


def _cards_key(code: str) -> list[tuple[int, int]]:
    faces = []
    for token in re.split(r"[-+>/=]", code.partition(":")[2]):
        try:
            faces.append(sort_key_by_suit(parse_face(token)))
        except ValueError:  # a meld number, a word such as "stock"
            continue
    return faces
