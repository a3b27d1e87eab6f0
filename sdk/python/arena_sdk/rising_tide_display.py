"""The ``display`` stub the adapter registers as ``sys.modules['display']`` (docs/python-sdk.md, start-up step 3).

Under Arena the referee runs the game and draws it, so a bot file that starts a game itself
(``display.run_game(...)`` at import time, outside a ``__main__`` guard) still loads: the call only
leaves a comment in the log.
"""

import sys

NOTICE = "display.run_game ignored under Arena"


def _default_notice(text):
    sys.stdout.write("# %s\n" % text)


# The adapter points this at its protocol channel, so the notice is a comment line of its own.
_notice = _default_notice


def run_game(bots, mode="terminal", pause_on_end=True, log_path="log.txt"):
    _notice(NOTICE)
    return None
