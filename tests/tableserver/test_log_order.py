"""The table's one log order: events numbered as they come, lines placed after the events
before them, the numbering kept through a restart (a resumed game is replayed)."""

from __future__ import annotations

from rummy_tui.tableserver.log_order import in_table_order, number_new_events, numbering, restore_numbering


def test_lines_go_after_the_events_before_them_and_keep_their_own_order():
    events = [{"seat": 0, "text": f"move {n}"} for n in range(4)]
    next_number = number_new_events(events, 0, for_away=1)
    assert next_number == 4 and [e["n"] for e in events] == [0, 1, 2, 3]
    lines = [{"text": "joined", "events": 0}, {"text": "hi", "events": 2}, {"text": "hi again", "events": 2}]
    order = [entry.get("text") for _kind, entry in in_table_order(events, lines)]
    assert order == ["joined", "move 0", "move 1", "hi", "hi again", "move 2", "move 3"]


def test_only_the_away_seats_move_is_marked_not_what_follows_another_seats_line():
    events = [{"seat": 0, "n": 0}, {"seat": 1}, {"seat": 1}, {"seat": 0}, {"seat": 1}]  # knock, show; show; score
    number_new_events(events, 1, for_away=1)
    assert [e.get("for_away", False) for e in events] == [False, True, True, False, False]


def test_a_resumed_game_gets_the_numbers_it_had():
    events = [{"seat": 0}, {"seat": 1}, {"seat": 0}]
    number_new_events(events, 7, for_away=1)
    saved = numbering(events, 10)
    replayed = [{"seat": 0}, {"seat": 1}, {"seat": 0}]
    assert restore_numbering(replayed, saved) == 10
    assert replayed == events
