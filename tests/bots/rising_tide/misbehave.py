"""A Rising Tide process bot that misbehaves on purpose, for the referee's tests.

usage: python3 misbehave.py MODE [ROUND] [RECORD_FILE]
It passes every round except that in round ROUND (default 1) it does what MODE says. With
RECORD_FILE, every byte it receives is appended there.
"""
import os
import signal
import sys
import time

mode = sys.argv[1]
at = int(sys.argv[2]) if len(sys.argv) > 2 else 1
record = open(sys.argv[3], "ab") if len(sys.argv) > 3 else None
out = sys.stdout


def say(line):
    out.write(line + "\n")
    out.flush()


if mode == "pass":
    pass
if mode == "ident":
    say("#name: XY Xylophone Bot")
skipped_once = False
for raw in sys.stdin.buffer:
    if record:
        record.write(raw)
        record.flush()
    line = raw.decode().strip()
    if line.startswith("round "):
        rnd = int(line.split()[1])
    if line == "end" or line.startswith("end "):
        break
    if line != "go":
        continue
    if rnd != at:
        if mode == "skip" and rnd > at:
            pass
        say("pass")
        continue
    if mode == "late":
        time.sleep(float(os.environ.get("LATE_SECONDS", "1.5")))
        say("pass")
    elif mode == "silent":
        time.sleep(3600)
    elif mode == "comment":
        say("# hello from the bot")
        say("#log: a raw log line")
        say("")
        say("pass")
    elif mode == "ident":
        say("#name: ZZ Too Late")
        say("pass")
    elif mode == "malformed":
        say("3,4,4,4")
    elif mode == "illegal":
        say("0 0 9 9")
    elif mode == "twice":
        out.write("pass\npass\n")  # one write: both lines arrive before the round ends
        out.flush()
    elif mode == "huge":
        out.write("1" * 100000 + "\n")
        out.flush()
    elif mode == "flood":
        chunk = "#" + "x" * 65534 + "\n"
        for _ in range(300):  # ~19 MiB of comment lines in one turn
            out.write(chunk)
        out.flush()
        say("pass")
    elif mode == "garbage":
        sys.stdout.buffer.write(b"\x00\xff\xfe garbage \x01\n")
        sys.stdout.buffer.flush()
    elif mode == "exit":
        sys.exit(3)
    elif mode == "signal":
        os.kill(os.getpid(), signal.SIGKILL)
    elif mode == "close":
        os.close(1)
        time.sleep(3600)
    elif mode == "skip":
        pass  # no answer for this round: one behind from now on
    elif mode == "partial":
        out.write("pass")
        out.flush()
        sys.exit(0)
    else:
        say("pass")
