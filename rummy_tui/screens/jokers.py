"""Choosing what a selected joker stands for (the `j` key): the engine's allowed melds and
lay-offs are offered; the choice is kept for `m` or `o`, and nothing is played by `j` itself."""

from __future__ import annotations

from rummy_tui.engine.cards import face_text, is_joker
from rummy_tui.i18n import _
from rummy_tui.widgets.actions import describe
from rummy_tui.widgets.melds import MeldTableView

from .table_parts import TableParts

JOKER_CODE = "JK"


def joker_readings(groups: list[list], group: int, index: int) -> list[list[list]]:
    """The groups with the joker at ``groups[group][index]`` standing for each natural face in turn."""
    readings = []
    for face in range(52):
        pinned = groups[group][:index] + [f"JK={face_text(face)}"] + groups[group][index + 1 :]
        readings.append(groups[:group] + [pinned] + groups[group + 1 :])
    return readings


class JokerMeanings(TableParts):
    """The `j` key of :class:`TableScreen` (a mixin: it uses the screen's seat, hand and say)."""

    async def action_joker_meaning(self) -> None:
        """Every meld or lay-off of the selection with each joker fixed to one card, as the engine
        allows them; the player picks one, and the jokers keep those meanings for m or o. It only
        chooses: the move is made by its own key."""
        from .menus import MovesMenu

        groups = self._groups_chosen()
        jokers = [(g, i) for g, group in enumerate(groups) for i, card in enumerate(group) if is_joker(card)]
        if not jokers:
            self.say(_("Select cards with a joker first."), error=True)
            return
        target = self.query_one(MeldTableView).target

        def codes(reading: list[list]) -> list[str]:
            cards = [self._cards_code(group) for group in reading]
            found = ["meld:" + "+".join(cards)]
            if target is not None and len(cards) == 1:
                found.append(f"layoff:{cards[0]}>{target}")
            return found

        # Pin one joker at a time, keeping only the meanings some move still allows, so two
        # jokers cost a few hundred questions to the engine rather than 52 x 52, and one
        # question to the seat a joker (a shared table's server answers them all at once).
        readings = [[[card if not is_joker(card) else JOKER_CODE for card in group] for group in groups]]
        allowed: list[str] = []
        for group, index in jokers:
            pinned = [choice for reading in readings for choice in joker_readings(reading, group, index)]
            asked = [codes(reading) for reading in pinned]
            playable = set(await self.seat.allowed([code for found in asked for code in found]))
            readings = [reading for reading, found in zip(pinned, asked, strict=False) if playable.intersection(found)]
            allowed = [code for found in asked for code in found if code in playable]
        if not allowed:
            self.say(_("No meld or lay-off of these cards is allowed now."), error=True)
            return
        look = self.hand.card_look()

        def chosen(code: str | None) -> None:
            if code:
                self._pin_jokers(groups, jokers, code)

        self.app.push_screen(
            MovesMenu(
                [(code, describe(code, look)) for code in allowed],
                title=_("What the joker stands for (then m or o plays it)"),
            ),
            chosen,
        )

    def _pin_jokers(self, groups: list[list[int]], jokers: list[tuple[int, int]], code: str) -> None:
        """Give each selected joker the meaning it has in ``code``; say what to press next."""
        cards = code.partition(":")[2].partition(">")[0].split("+")
        meanings = []
        for group, index in jokers:
            meaning = cards[group].split("-")[index].partition("=")[2]
            self.joker_meanings[groups[group][index]] = meaning
            meanings.append(f"[{meaning}]")
        key = "o" if code.startswith("layoff:") else "m"
        self.say(_("The joker stands for {cards}: {key} plays it.", cards=" ".join(meanings), key=key))
