#!/usr/bin/env python3
"""A Chicken bot speaking the wire protocol directly (no SDK), with misbehaviours for the tests.

    wire_bot.py MODE [ARG]

Modes: play (first legal move), chatty (comments, blank lines, mixed spellings), stale (a second
line after each reply), sleepy MS (sleeps before each reply), silent (never replies to a turn),
noready (never answers the start-up block), badready (answers `hello`), exit3 (exits 3 on its
first turn), longline (a 4097-byte reply), flood MIB (writes MIB MiB of comments on its first
turn), nonewline (replies without the final newline, then exits), cpu_idle (a busy thread runs all
along; at each turn after the first it reports, for the time since its last reply, the CPU time
used, the wall time and the longest time the busy thread did not run: `# idle_cpu_ms C wall_ms W
gap_ms G`), startup_order FILE MS (appends its
start-up events to FILE, sleeping MS before `ready`), suicide (after its first reply, has itself
killed 200 ms later by a process outside its group), timed_wait (after each reply, waits 0.3 s on a
threading.Event: a timed futex wait the referee's pause interrupts).
"""
import os
import subprocess
import sys
import threading
import time

START = time.time()
MODE = sys.argv[1] if len(sys.argv) > 1 else "play"
ARG = sys.argv[2] if len(sys.argv) > 2 else None
OUT = sys.stdout
STEP = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}
DIRS = ["UP", "RIGHT", "DOWN", "LEFT"]
TYPES = ["PLAIN", "EGG", "TURD"]


def send(text):
    OUT.write(text)
    OUT.flush()


def sq(t):
    x, y = t.split(",")
    return (int(x), int(y))


def legal_moves(st):
    me = st["seat"]
    opp = "B" if me == "A" else "A"
    i = 0 if me == "A" else 1
    p, q = st["pos"][i], st["pos"][1 - i]
    own = st["eggs"][me] | st["turds"][me]
    zone = set()
    for (x, y) in st["turds"][opp]:
        zone |= {(x, y), (x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)}
    out = []
    for d in range(4):
        dest = (p[0] + STEP[d][0], p[1] + STEP[d][1])
        if dest == q or not (0 <= dest[0] < 8 and 0 <= dest[1] < 8):
            continue
        if dest in st["eggs"][opp] or dest in zone:
            continue
        out.append((d, 0))
        if p in own:
            continue
        if (p[0] + p[1]) % 2 == i:
            out.append((d, 1))
        if st["turdsleft"][i] > 0 and abs(p[0] - q[0]) + abs(p[1] - q[1]) >= 2:
            out.append((d, 2))
    return sorted(out)


def read_block():
    lines = []
    while True:
        line = sys.stdin.readline()
        if not line:
            return lines, None
        w = line.split()
        if not w:
            continue
        if w[0] in ("ready", "go"):
            return lines, w[0]
        if w[0] == "end":
            return lines + [w], "end"
        lines.append(w)


def parse(lines, seat):
    st = {"seat": seat, "eggs": {"A": set(), "B": set()}, "turds": {"A": set(), "B": set()}, "turdsleft": [5, 5]}
    for w in lines:
        if w[0] == "pos":
            st["pos"] = [sq(w[1]), sq(w[2])]
        elif w[0] in ("eggs", "turds") and len(w) > 1 and w[1] in ("A", "B"):
            st[w[0]][w[1]] = set(sq(t) for t in w[2:])
        elif w[0] == "turdsleft":
            st["turdsleft"] = [int(w[1]), int(w[2])]
        elif w[0] == "turn":
            st["turn"] = int(w[1])
    return st


def log_event(what):
    if MODE == "startup_order" and ARG:
        with open(ARG, "a") as f:
            f.write("%s %s %.6f\n" % (os.environ.get("BOT_NAME", "?"), what, time.time()))


def main():
    log_event("start")
    lines, end = read_block()
    if end != "ready":
        return 0
    seat = "A"
    for w in lines:
        if w[0] == "seat":
            seat = w[1]
    if MODE == "noready":
        time.sleep(60)
        return 0
    if MODE == "badready":
        send("hello\n")
        time.sleep(60)
        return 0
    if MODE == "chatty":
        send("# warming up tables\n\n   \n")
    if MODE == "startup_order":
        time.sleep(float(sys.argv[3]) / 1000 if len(sys.argv) > 3 else 0)
        log_event("ready")
    spin = {"last": time.monotonic(), "gap": 0.0}
    if MODE == "cpu_idle":
        def burn():
            # the longest pause between two steps: a stopped process shows one as long as the stop
            while True:
                now = time.monotonic()
                if now - spin["last"] > spin["gap"]:
                    spin["gap"] = now - spin["last"]
                spin["last"] = now
                spin["steps"] += 1
        spin["steps"] = 0
        threading.Thread(target=burn, daemon=True).start()
    send("READY\n" if MODE == "chatty" else "ready\n")
    turns = 0
    last_cpu = last_wall = None
    while True:
        lines, end = read_block()
        if end != "go":
            return 0
        if MODE == "cpu_idle" and last_cpu is not None:
            # the busy thread must step once after the resume to see the stop it was in: this thread
            # may hold the GIL from SIGCONT to here, and would report the gap as 0
            seen = spin["steps"]
            while spin["steps"] == seen:
                time.sleep(0.001)
            send("# idle_cpu_ms %d wall_ms %d gap_ms %d\n" % (round((time.process_time() - last_cpu) * 1000),
                                                                 round((time.monotonic() - last_wall) * 1000),
                                                                 round(spin["gap"] * 1000)))
        turns += 1
        st = parse(lines, seat)
        moves = legal_moves(st)
        d, t = moves[0] if moves else (0, 0)
        reply = "%s %s\n" % (DIRS[d], TYPES[t])
        if MODE == "silent":
            time.sleep(60)
        elif MODE == "exit3":
            os._exit(3)
        elif MODE == "sleepy":
            time.sleep(int(ARG) / 1000.0)
        elif MODE == "longline":
            reply = DIRS[d] + " " + TYPES[t] + " " * (4097 - len(DIRS[d]) - len(TYPES[t]) - 1) + "\n"
        elif MODE == "flood" and turns == 1:
            chunk = "# " + "x" * 65000 + "\n"
            for _ in range(int(ARG) * 1024 * 1024 // len(chunk) + 1):
                OUT.write(chunk)
            OUT.flush()
        elif MODE == "nonewline":
            send(reply.strip())
            OUT.close()
            os._exit(0)
        elif MODE == "chatty":
            send("# thinking about turn %d\n\n" % st["turn"])
            reply = ["%d %d\n" % (d, t), "%s %s\n" % (DIRS[d].lower(), TYPES[t].lower()),
                     "  %s\t%s  \n" % (DIRS[d].title(), TYPES[t])][turns % 3]
        elif MODE == "stale":
            reply = reply + "UP PLAIN\n"  # one write: the second line arrives with the reply
        if MODE == "cpu_idle":
            # the reply is the last thing done on move; CPU counted from here to the next block
            last_cpu, last_wall = time.process_time(), time.monotonic()
            spin["last"], spin["gap"] = last_wall, 0.0
        if MODE == "suicide" and turns == 1:
            # Started before the reply: once it is sent, this process is stopped until its next turn,
            # and the killer (in its own session, so not stopped with it) kills it while idle.
            subprocess.Popen(["sh", "-c", "sleep 0.2; kill -9 %d" % os.getpid()], start_new_session=True)
        send(reply)
        if MODE == "timed_wait":
            # a timed futex wait right after the reply: the referee stops this seat in the middle of
            # it, and on SIGCONT the kernel resumes it through restart_syscall (which the sandbox's
            # seccomp filter once refused: glibc then aborts)
            threading.Event().wait(0.3)


if __name__ == "__main__":
    sys.exit(main())
