#!/usr/bin/env python3
"""Surviving the end of the game: a daemon (fork, setsid, fork again, stdio on /dev/null,
SIGHUP and SIGTERM ignored) that would sleep for an hour. The test looks for it afterwards."""
import os
import signal
import time

import attacklib

ctx = attacklib.context()
pid = os.fork()
if pid == 0:
    os.setsid()
    if os.fork() == 0:
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        null = os.open("/dev/null", os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        time.sleep(3600)
    os._exit(0)
os.waitpid(pid, 0)
attacklib.report("survive", "CONTAINED", "a daemon was left running (the test checks it is gone)")
attacklib.play(ctx)
