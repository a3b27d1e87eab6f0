#!/usr/bin/env python3
"""Closing stdin and stdout at once, then staying alive: lines: the referee sees the end of its
output (crash) and the process is killed at the end; records: the referee's next message meets a
closed stdin, a process failure in Rezzo (T4: crash); tcp: stdio is not its channel, it plays on."""
import os
import time

import attacklib

ctx = attacklib.context()
attacklib.report("close_early", "CONTAINED", "closing stdin and stdout")
os.close(0)
os.close(1)
if ctx.transport in ("lines", "records"):
    time.sleep(3600)
attacklib.play(ctx)
