"""Run as a separate program by the tests: hold the history's write lock until told to let go.

usage: history_locker.py HISTORY_PATH   (prints "locked", then commits when a line arrives on stdin)
"""

import sqlite3
import sys

connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.readline()
connection.execute("COMMIT")
connection.close()
print("released", flush=True)
