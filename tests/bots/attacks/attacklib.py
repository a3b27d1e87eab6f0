"""attacklib: what every attack bot shares: its arguments, its reports, and a trivial game.

An attack bot is started as

    python3 ATTACK.py TRANSPORT MARKER [KEY=VALUE ...] [PORT]

TRANSPORT says how it plays (the attack itself does not care):
  lines  Rising Tide on stdin/stdout: answers "pass" to every "go", leaves at "end" or EOF
  tcp    a SuiteBot server on 127.0.0.1:PORT (PORT is appended by Arena): answers "H" to every
         state line, leaves at "EXIT"
  records  Rezzo's binary transport: reads 340-byte messages on stdin, answers each with the
         2-byte record (its tick byte, ' ' = nop); the game ends with EOF (no end message)
MARKER is a word the test looks for in the command lines of leftover processes. KEY=VALUE are
the test's targets (paths, ports, the referee's pid).

Each attack writes one line per attempt to stderr (the test keeps it with --stderr-dir):
  ATTACK <name> BLOCKED <what was refused>       the sandbox stopped it
  ATTACK <name> CONTAINED <what happened>        it ran, but inside its limits
  ATTACK <name> SUCCEEDED <what got through>     a hole: the test fails
The test also checks what it controls itself (files, listeners, processes), so a bot that lies
or dies early cannot make a hole look closed.
"""
import os
import socket
import sys


class Ctx:
    def __init__(self, argv):
        self.transport = argv[1]
        self.marker = argv[2]
        rest = argv[3:]
        self.port = None
        if self.transport == "tcp":
            self.port = int(rest[-1])
            rest = rest[:-1]
        self.opt = dict(a.split("=", 1) for a in rest if "=" in a)

    def get(self, key, default=None):
        return self.opt.get(key, default)


def context():
    return Ctx(sys.argv)


def report(name, status, detail):
    sys.stderr.write("ATTACK %s %s %s\n" % (name, status, detail))
    sys.stderr.flush()


def attempt(name, what, fn):
    """Runs fn(); an exception is a refusal (BLOCKED), a return value True is a hole."""
    try:
        got = fn()
    except OSError as e:
        report(name, "BLOCKED", "%s: %s" % (what, e.strerror or e))
        return False
    except Exception as e:  # noqa: BLE001 - any refusal counts
        report(name, "BLOCKED", "%s: %r" % (what, e))
        return False
    if got:
        report(name, "SUCCEEDED", "%s: %s" % (what, got))
        return True
    report(name, "BLOCKED", "%s: nothing" % what)
    return False


def play(ctx, answer=None, on_question=None):
    """Plays the game on ctx.transport until it ends. answer(n) may replace the reply to the
    n-th question (None: the default one); on_question(n) runs before each reply."""
    if ctx.transport == "lines":
        _play_lines(answer, on_question)
    elif ctx.transport == "tcp":
        _play_tcp(ctx.port, answer, on_question)
    elif ctx.transport == "records":
        _play_records(answer, on_question)
    else:
        raise SystemExit("unknown transport " + ctx.transport)


def _play_lines(answer, on_question):
    n = 0
    out = sys.stdout
    for raw in sys.stdin:
        line = raw.strip()
        if line == "end" or line.startswith("end "):
            return
        if line != "go":
            continue
        n += 1
        if on_question:
            on_question(n)
        reply = answer(n) if answer else None
        out.write((reply if reply is not None else "pass") + "\n")
        out.flush()


def _play_records(answer, on_question):
    """Rezzo: one 340-byte message per tick (ack, tick byte, view); the answer is the record
    (tick byte, action). A text answer meant for the line protocols is a nop here."""
    n = 0
    buf = b""
    inp = sys.stdin.buffer
    out = sys.stdout.buffer
    while True:
        chunk = os.read(inp.fileno(), 65536)
        if not chunk:
            return
        buf += chunk
        while len(buf) >= 340:
            msg, buf = buf[:340], buf[340:]
            n += 1
            if on_question:
                on_question(n)
            reply = answer(n) if answer else None
            action = reply if isinstance(reply, bytes) and len(reply) == 1 else b" "
            out.write(bytes([msg[1]]) + action)
            out.flush()


def _play_tcp(port, answer, on_question):
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", port))
    server.listen(8)
    n = 0
    while True:
        conn, _ = server.accept()
        data = b""
        while b"\n" not in data:
            chunk = conn.recv(65536)
            if not chunk:
                break
            data += chunk
        line = data.split(b"\n", 1)[0].strip()
        if not line:  # the referee's probe
            conn.close()
            continue
        if line == b"EXIT":
            conn.close()
            return
        n += 1
        if on_question:
            on_question(n)
        reply = answer(n) if answer else None
        try:
            conn.sendall(((reply if reply is not None else "H") + "\n").encode())
        except OSError:
            pass
        conn.close()


def processes_with(word):
    """The pids whose command line holds word (those this process can see)."""
    found = []
    try:
        entries = os.listdir("/proc")
    except OSError:  # a sandbox that shows only /proc/self
        return found
    for entry in entries:
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open("/proc/%s/cmdline" % entry, "rb") as f:
                if word.encode() in f.read():
                    found.append(int(entry))
        except OSError:
            pass
    return found
