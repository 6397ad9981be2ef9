"""The shared table: one server holds each table's game, seat clients connect over a unix socket.

``server`` runs the tables (``rummy table-server``), ``table`` is one table's task and
seats, ``protocol`` the JSON-lines messages, and ``client`` what a seat process uses.
"""
