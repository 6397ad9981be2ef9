"""`rummy serve`: the game for visitors over SSH (one PTY and one `rummy` process per session)
or in a browser through textual-serve.

Nothing here is imported by a plain `rummy`: asyncssh and textual-serve load only when a
server starts.
"""
