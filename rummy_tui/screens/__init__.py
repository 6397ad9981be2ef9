"""The app's screens: start, table, hand-off, end of hand and game, help and rules."""
