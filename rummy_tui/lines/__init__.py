"""Line mode: the game as plain sentences, one event to a line, and typed commands.

For screen readers and braille displays (and anyone who prefers a transcript): no cursor
movement, no redraws, nothing overwritten. It plays through the same
:class:`~rummy_tui.tableserver.seat.SeatView` as the table screen, so solo, hot-seat and shared
tables work alike, and it never imports Textual. ``words`` says cards and events in the
player's language, ``commands`` reads what the player types, ``table`` runs a game, ``start``
asks what to play.
"""
