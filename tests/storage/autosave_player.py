"""The program the kill test kills: AI games autosaved after every action (see selfplay)."""

import sys

from toy_variant import register

from rummy_tui.storage.selfplay import main

register()
main(sys.argv[1:])
