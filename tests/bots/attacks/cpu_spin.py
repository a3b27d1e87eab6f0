#!/usr/bin/env python3
"""CPU spin behind the referee's back: a child spins while the bot plays. RLIMIT_CPU (--cpu-s)
must kill it; the bot waits up to 10 s for that before it plays."""
import os
import time

import attacklib

ctx = attacklib.context()
pid = os.fork()
if pid == 0:
    while True:
        pass
start = time.time()
while time.time() - start < 10:
    done, status = os.waitpid(pid, os.WNOHANG)
    if done == pid:
        how = "signal %d" % os.WTERMSIG(status) if os.WIFSIGNALED(status) else "exit %d" % os.WEXITSTATUS(status)
        attacklib.report("cpu_spin", "CONTAINED", "the spinner was killed by %s after %.1f s" % (how, time.time() - start))
        break
    time.sleep(0.05)
else:
    attacklib.report("cpu_spin", "SUCCEEDED", "the spinner still runs after 10 s")
    os.kill(pid, 9)
attacklib.play(ctx)
