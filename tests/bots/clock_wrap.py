#!/usr/bin/env python3
"""clock_wrap.py: runs a bot and holds each of its replies back for a set time, so a test knows a
lower bound of every think time the referee measures; every `time ...` line the referee sends
(Chicken's banks) is also echoed back as a comment `# told time ...` before the reply.

    clock_wrap.py [--spin] DELAYS_MS -- COMMAND [ARG...]

DELAYS_MS: comma-separated milliseconds, one per reply in order (a start-up `ready` is not a reply:
it goes at once); the last one repeats. A delay of `hang` never sends that reply (the bot keeps
reading until its input ends).

--spin: runs itself and the bot at realtime priority (SCHED_FIFO) and holds each reply back by
spinning, not sleeping. On the referee's processor (a test pins the referee, and so its seats, to
one), the bot then runs from the moment a question is written until its reply is out, and the
referee only after: what an overloaded machine may do. Without the privilege it says
`# no realtime: WHY` and sleeps as usual.
"""
import os
import select
import subprocess
import sys
import time


def main(argv):
    spin = len(argv) > 1 and argv[1] == "--spin"
    if spin:
        argv = argv[:1] + argv[2:]
    if len(argv) < 4 or argv[2] != "--":
        print(__doc__, file=sys.stderr)
        return 2
    delays = argv[1].split(",")
    out = sys.stdout.buffer
    if spin:
        try:  # before the bot starts: it inherits the policy
            os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(1))
        except OSError as e:
            spin = False
            out.write(b"# no realtime: " + str(e).encode() + b"\n")
            out.flush()
    child = subprocess.Popen(argv[3:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    replies = 0
    pending = b""
    inp, kid = sys.stdin.buffer.raw, child.stdout
    open_in = True
    while True:
        ready, _, _ = select.select([inp, kid] if open_in else [kid], [], [])
        if inp in ready:
            data = os.read(inp.fileno(), 65536)
            if not data:
                open_in = False
                child.stdin.close()
            else:
                for line in data.splitlines(keepends=True):
                    if line.startswith(b"time "):
                        out.write(b"# told " + line)
                        out.flush()
                child.stdin.write(data)
        if kid in ready:
            data = os.read(kid.fileno(), 65536)
            if not data:
                return child.wait()
            pending += data
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                if line.startswith(b"#") or not line.strip() or line.strip().lower() == b"ready":
                    out.write(line + b"\n")
                    out.flush()
                    continue
                delay = delays[min(replies, len(delays) - 1)]
                replies += 1
                if delay == "hang":
                    continue
                if spin:
                    end = time.monotonic() + int(delay) / 1000.0
                    while time.monotonic() < end:
                        pass
                else:
                    time.sleep(int(delay) / 1000.0)
                out.write(line + b"\n")
                out.flush()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
