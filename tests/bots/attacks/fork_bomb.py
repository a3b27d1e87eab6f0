#!/usr/bin/env python3
"""Fork bomb: a child forks sleepers until the kernel refuses (the cgroup's pids.max, or
RLIMIT_NPROC in the seat's user namespace), then waits for the end of the game. Reaching the cap
(cap=, default 1000) means no limit held."""
import os
import signal

import attacklib

ctx = attacklib.context()
cap = int(ctx.get("cap", "1000"))
done_r, done_w = os.pipe()
if os.fork() == 0:
    os.close(done_r)
    kids = 0
    try:
        while kids < cap:
            if os.fork() == 0:
                signal.pause()
                os._exit(0)
            kids += 1
        attacklib.report("fork_bomb", "SUCCEEDED", "%d processes and no limit" % kids)
    except OSError as e:
        attacklib.report("fork_bomb", "CONTAINED", "refused after %d processes: %s" % (kids, e.strerror))
    os.write(done_w, b"x")
    signal.pause()
    os._exit(0)
os.close(done_w)
os.read(done_r, 1)  # the bomb has hit its limit (or the cap): now play
attacklib.play(ctx)
