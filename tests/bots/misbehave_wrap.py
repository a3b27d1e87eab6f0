"""Wraps a well-behaved bot and misbehaves on purpose at its K-th answer, for any game.

usage: python3 misbehave_wrap.py MODE K [--records N] [--mark TEXT] -- COMMAND...

The wrapper starts COMMAND (a real bot, e.g. bin/kits/<game>/<bot>), relays the referee's bytes to
it, and relays its answers back, counting them: lines for text protocols, or N-byte records with
--records N (Rezzo). Comment lines (starting with '#') are relayed but not counted. At answer K
(1 = the first) it does what MODE says instead:

  crash      exit with status 3 (K=1: before answering at all)
  exit0      exit with status 0
  garbage    send a line of binary garbage instead of the answer
  nul        send the answer with a NUL byte and more text before its newline ("pass\0junk")
  huge       send a 100 MB line (written in chunks; nobody should buffer it all)
  endless    send a line that never ends (no newline, written until killed)
  silent     stop answering for good (keep reading until killed)
  twice      send the answer twice
  late       send the answer LATE_SECONDS (default 1.5) seconds late
  trickle    send the answer one byte per second
  close      close stdout and keep running
  early      print a line at start, before being asked anything, then answer as the bot does
             (K is ignored)

--mark TEXT is ignored: it lets a test find (and count) this process with pgrep.
"""
import os
import select
import subprocess
import sys
import time

mode, k = sys.argv[1], int(sys.argv[2])
args = sys.argv[3:]
record = 0
if args[:1] == ["--records"]:
    record, args = int(args[1]), args[2:]
if args[:1] == ["--mark"]:
    args = args[2:]
if args[:1] == ["--"]:
    args = args[1:]

child = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
out = sys.stdout.buffer.raw if hasattr(sys.stdout.buffer, "raw") else sys.stdout.buffer
inp = sys.stdin.buffer.raw if hasattr(sys.stdin.buffer, "raw") else sys.stdin.buffer
answers = 0
pending = b""
stdout_open = True


def write(data):
    if not stdout_open:
        return
    while data:
        n = os.write(1, data)
        data = data[n:]


def misbehave(answer):
    global stdout_open
    if mode == "crash":
        os._exit(3)
    if mode == "exit0":
        os._exit(0)
    if mode == "garbage":
        write(b"\x00\xff\xfe garbage \x01 " * 3 + (b"\n" if not record else b""))
    elif mode == "huge":
        chunk = b"7" * (1 << 20)
        for _ in range(100):
            write(chunk)
        write(b"\n")
    elif mode == "nul":
        write(answer.rstrip(b"\r\n") + b"\x00junk\n")
    elif mode == "endless":
        chunk = b"7" * (1 << 16)
        while True:
            write(chunk)
    elif mode == "silent":
        while True:
            r, _, _ = select.select([0], [], [])
            if not os.read(0, 65536):
                time.sleep(3600)
    elif mode == "twice":
        write(answer + answer)
    elif mode == "late":
        time.sleep(float(os.environ.get("LATE_SECONDS", "1.5")))
        write(answer)
    elif mode == "trickle":
        for b in answer:
            write(bytes([b]))
            time.sleep(1)
    elif mode == "close":
        os.close(1)
        stdout_open = False
        while True:
            time.sleep(3600)


if mode == "crash" and k == 1:
    os._exit(3)
if mode == "early":
    write(b"early\n" if not record else b"\x07" * record)
    k = 0  # then the bot's own answers
fds = [0, child.stdout.fileno()]
while True:
    r, _, _ = select.select(fds, [], [])
    if 0 in r:
        data = os.read(0, 65536)
        if not data:
            child.stdin.close()
            fds.remove(0)
        else:
            try:
                child.stdin.write(data)
            except BrokenPipeError:
                pass
    if child.stdout.fileno() in r:
        data = os.read(child.stdout.fileno(), 65536)
        if not data:
            break
        pending += data
        while True:
            if record:
                if len(pending) < record:
                    break
                answer, pending = pending[:record], pending[record:]
                counted = True
            else:
                nl = pending.find(b"\n")
                if nl < 0:
                    break
                answer, pending = pending[: nl + 1], pending[nl + 1:]
                counted = not answer.startswith(b"#") and answer.strip() != b""
            if counted:
                answers += 1
                if answers == k:
                    misbehave(answer)
                    continue
            write(answer)
child.wait()
