#!/usr/bin/env python3
"""suite.py: the sandbox attack suite. Each attack bot (this folder) plays one small game under
`--sandbox on` on every transport, next to a quiet victim seat; the test then checks that

  - the game finished with a correct result (every round played, the victim unharmed),
  - the attack failed or was contained: the bot reports no SUCCEEDED line, and what the test
    controls itself is untouched (files outside the bot's folder, a secret file, listeners on
    the machine's loopback, a Unix socket, an abstract socket, the terminal's input queue),
  - the seat got the verdict the attack deserves (e.g. crash by the memory limit, down),
  - nothing of either seat runs afterwards (no process whose command line holds their marker),
    and the sandbox left no cgroup and no seat folder behind.

Prints one "ok - NAME" / "not ok - NAME" line per game (tests/run.sh counts them).

    suite.py [--arena PATH] [--only NAME[,NAME]] [--transport T[,T]] [--no-extras]

Transports are a parameter: TRANSPORTS below says how each one seats a bot; attacklib.play says
how a bot plays it (lines: Rising Tide; tcp: SuiteBot's bot servers; records: Rezzo's binary
protocol); every attack runs on every transport.
"""
import json
import os
import pty
import random
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import termios
import threading
import time
import tty

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attacklib import processes_with  # noqa: E402  (the same leftover check the attacks use)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))

TRANSPORTS = {
    # Rising Tide's line protocol on stdin/stdout: the attacker, the victim, two built-ins
    "lines": {"game": "rising_tide", "seat": "{cmd}", "others": ["builtin:pass_perth", "builtin:pass_perth"],
              "options": ["--option", "rounds=5"], "rounds": 5},
    # SuiteBot's tcp seats (bot servers, one connection per question) on a small map
    "tcp": {"game": "suitebot", "seat": "tcp:{cmd}", "others": ["builtin:hold"],
            "options": ["--option", "rounds=5", "--option", "size=9x9"], "rounds": 5},
    # Rezzo's binary records (340-byte messages, 2-byte replies) on a small world, quick ticks
    "records": {"game": "rezzo", "seat": "{cmd}", "others": ["builtin:wander"],
                "options": ["--option", "size=16x16", "--option", "max_ticks=5", "--option", "tick_ms=1500",
                            "--quick"], "rounds": 5},
}

CLOCK = ["--move-ms", "3000", "--hard-ms", "6000", "--startup-ms", "15000"]


class Attack:
    def __init__(self, name, file=None, args=(), verdict="ok", cause=None, report=True, check=None,
                 transports=("lines", "tcp", "records"), clock=None, pty=False, needs=()):
        self.name = name
        # the layers that stop it: each entry is a group of which one must work on this machine
        # (`arena doctor`); where none does, the attack is skipped and says so (never "ok")
        self.needs = [tuple(n.split("|")) for n in needs]
        self.file = file or name + ".py"
        self.args = list(args)
        self.verdict = verdict      # ok | down | crash | notok | any: what the attacker's seat gets
        self.cause = cause          # e.g. "memory" (checked when the cgroup layer works)
        self.report = report        # the bot must report at least one ATTACK line
        self.check = check          # extra check(run) -> error text or None
        self.transports = transports
        self.clock = clock or CLOCK
        self.pty = pty


def contained_at_most(unit, limit):
    """Every CONTAINED line's count of `unit` ("processes", "MiB") is at most `limit`."""
    def check(run):
        for line in run.attack_lines("CONTAINED"):
            words = line.split()
            for i, w in enumerate(words[1:], 1):
                if w.rstrip(":,") == unit and words[i - 1].isdigit() and int(words[i - 1]) > limit:
                    return "over the limit %d: %s" % (limit, line)
        return None
    return check


def stderr_capped(run):
    size = os.path.getsize(run.stderr_file(0)) if os.path.exists(run.stderr_file(0)) else 0
    if size > (1 << 20) + 4096:
        return "the seat's stderr log holds %d bytes (1 MiB allowed)" % size
    return None


# The attacks that never answer are down (or, on records, out of the game: close_early) only once the
# first reply's deadline, start-up allowance included, has passed: 4 s of start-up, still ten times
# what a Python seat takes to start on a loaded machine, instead of 10 s (the lines' and tcp's
# default) or 15 s (CLOCK). Rezzo's ticks start without one (its default), as they did.
FAST = ["--move-ms", "300", "--hard-ms", "1200"]
DOWN_FAST = {"lines": FAST + ["--startup-ms", "4000"], "tcp": FAST + ["--startup-ms", "4000"], "records": FAST}
QUICK_START = ["--move-ms", "3000", "--hard-ms", "6000", "--startup-ms", "4000"]
ATTACKS = [
    Attack("fork_bomb", args=["--procs", "40"], check=contained_at_most("processes", 40), needs=["cgroup|user"]),
    Attack("memory_rss", args=["--mem-mb", "160"], verdict="crash", cause="memory", report=False, needs=["cgroup|rlimits"]),
    Attack("memory_mmap", args=["--mem-mb", "160"], verdict="crash", cause="memory", report=False, needs=["cgroup|rlimits"]),
    Attack("cpu_spin", args=["--cpu-s", "1"], needs=["rlimits"]),
    Attack("busy_move", verdict="down", report=False, clock=DOWN_FAST, needs=["pid|cgroup"]),
    Attack("sleep_forever", verdict="down", report=False, clock=DOWN_FAST),
    Attack("write_outside", needs=["landlock", "seccomp"]),
    Attack("read_outside", needs=["landlock"]),
    Attack("links", needs=["landlock"]),
    Attack("fill_disk", args=["--disk-mb", "16"], check=contained_at_most("MiB", 16), needs=["mount", "landlock"]),
    Attack("sockets", needs=["seccomp", "net|landlock"]),
    Attack("ptrace_kill", needs=["seccomp", "pid|landlock"]),
    Attack("proc_snoop", needs=["env", "pid|landlock"]),
    Attack("tiocsti", pty=True, needs=["landlock|seccomp"]),
    Attack("survive", needs=["pid|cgroup"]),
    Attack("daemon", file="daemon.sh", needs=["pid|cgroup"]),
    Attack("flood", verdict="notok", check=stderr_capped),
    Attack("no_newline", verdict="down", report=False, clock=DOWN_FAST),
    Attack("close_early", verdict=None, clock=QUICK_START),
]
# what close_early deserves depends on the transport: stdout is the channel only for lines
CLOSE_EARLY = {"lines": "crash", "tcp": "ok", "records": "crash"}  # records: a broken stdin is a
# process failure (Rezzo T4)
# Rezzo T2-T4: there is no verdict for a missing, slow or unterminated reply (the NO_MESSAGE
# ack); a seat is only ever out for a process failure or a flood. So on records these attacks
# are contained by the tick window, and the attacker's seat keeps an ok verdict.
RECORDS_VERDICT = {"busy_move": "ok", "sleep_forever": "ok", "no_newline": "ok"}


class Listeners:
    """What the test opens on the machine for the bots to (fail to) reach; every byte or
    connection that arrives is a hit."""

    def __init__(self, tmp, marker):
        self.hits = []
        self.tcp = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.tcp.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.tcp.bind(("127.0.0.1", 0))
        self.tcp.listen(8)
        self.tcp6 = None
        try:
            self.tcp6 = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
            self.tcp6.bind(("::1", self.tcp.getsockname()[1]))
            self.tcp6.listen(8)
        except OSError:
            self.tcp6 = None
        self.udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.udp.bind(("127.0.0.1", 0))
        self.unix_path = os.path.join(tmp, "listener.sock")
        self.unix = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.unix.bind(self.unix_path)
        os.chmod(self.unix_path, 0o777)
        self.unix.listen(8)
        self.abstract_name = "arena-test-" + marker
        self.abstract = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.abstract.bind("\0" + self.abstract_name)
        self.abstract.listen(8)
        self.stop = False
        self.threads = []
        for s, kind in ((self.tcp, "tcp"), (self.tcp6, "tcp6"), (self.unix, "unix"), (self.abstract, "abstract")):
            if s:
                t = threading.Thread(target=self._accept, args=(s, kind), daemon=True)
                t.start()
                self.threads.append(t)
        t = threading.Thread(target=self._recv, daemon=True)
        t.start()
        self.threads.append(t)

    def _accept(self, s, kind):
        s.settimeout(0.2)
        while not self.stop:
            try:
                conn, _ = s.accept()
                self.hits.append(kind)
                conn.close()
            except (socket.timeout, OSError):
                continue

    def _recv(self):
        self.udp.settimeout(0.2)
        while not self.stop:
            try:
                self.udp.recvfrom(4096)
                self.hits.append("udp")
            except (socket.timeout, OSError):
                continue

    def args(self):
        return ["tcp=%d" % self.tcp.getsockname()[1], "udp=%d" % self.udp.getsockname()[1],
                "unix=" + self.unix_path, "abstract=" + self.abstract_name]

    def close(self):
        time.sleep(0.1)  # a connection made at the very end still counts
        self.stop = True
        for t in self.threads:
            t.join(1)
        for s in (self.tcp, self.tcp6, self.udp, self.unix, self.abstract):
            if s:
                s.close()


def owner_prefix(pid):
    """The prefix of what the arena process PID names as its own: "arena-PID-tSTART" (the start
    time tells it from an earlier, killed arena given the same pid, whose leftovers a later run
    sweeps and which are not this game's)."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return "arena-%d-t%s" % (pid, fields[19])


def cgroup_leftovers(prefix):
    """cgroup folders whose names start with PREFIX-, anywhere under /sys/fs/cgroup (a few levels)."""
    left = []
    prefix += "-"
    for root, dirs, _ in os.walk("/sys/fs/cgroup"):
        if root.count("/") > 7:
            dirs[:] = []
            continue
        left += [os.path.join(root, d) for d in dirs if d.startswith(prefix)]
    return left


class Run:
    def __init__(self, suite, attack, transport, python=None):
        self.suite, self.attack, self.transport = suite, attack, transport
        self.python = python or suite.python  # the interpreter of the bots (the attacker's, the victim's)
        self.marker = "atk%08x" % random.getrandbits(32)
        self.vmarker = "vic%08x" % random.getrandbits(32)
        self.dir = tempfile.mkdtemp(prefix="arena-attack-", dir=suite.tmp)
        os.chmod(self.dir, 0o755)
        self.outside = os.path.join(self.dir, "outside")
        os.mkdir(self.outside)
        os.chmod(self.outside, 0o777)
        self.secret_token = "SECRET%08x" % random.getrandbits(32)
        self.secret = os.path.join(self.dir, "secret.txt")
        with open(self.secret, "w") as f:
            f.write(self.secret_token + "\n")
        os.chmod(self.secret, 0o644)
        self.errdir = os.path.join(self.dir, "err")
        os.mkdir(self.errdir)
        self.result = None
        self.stdout = self.stderr = ""
        self.pty_leak = b""
        self.arena_pid = None
        self.arena_prefix = None

    def stderr_file(self, seat):
        return os.path.join(self.errdir, "seat%d.stderr" % seat)

    def stderr_text(self, seat):
        try:
            with open(self.stderr_file(seat), "rb") as f:
                return f.read().decode(errors="replace")
        except OSError:
            return ""

    def attack_lines(self, status=None):
        out = []
        for line in self.stderr_text(0).splitlines():
            parts = line.split(" ", 3)
            if len(parts) >= 3 and parts[0] == "ATTACK" and (status is None or parts[2] == status):
                out.append(line)
        return out

    def command(self, extra_args, listeners, tty_path):
        t = TRANSPORTS[self.transport]
        bots = self.suite.bots
        runner = "sh" if self.attack.file.endswith(".sh") else self.python
        targets = ["secret=" + self.secret, "outside=" + self.outside, "cwd=" + os.getcwd(),
                   "victim=" + self.vmarker, "ref=REFPID"] + listeners.args()
        if tty_path:
            targets.append("tty=" + tty_path)
        attacker = " ".join([runner, os.path.join(bots, self.attack.file), self.transport, self.marker] + targets)
        victim = " ".join([self.python, os.path.join(bots, "victim.py"), self.transport, self.vmarker])
        argv = [self.suite.arena, "play", t["game"], t["seat"].format(cmd=attacker), t["seat"].format(cmd=victim)]
        argv += t["others"] + ["--seed", "1", "--display", "none", "--json", "--stderr-dir", self.errdir]
        clock = self.attack.clock
        if isinstance(clock, dict):  # per transport
            clock = clock[self.transport]
        argv += t["options"] + clock + self.attack.args + extra_args
        # $$ is the shell's pid, which exec makes arena's: the bot gets the referee's real pid
        return "exec " + " ".join(shlex.quote(a) for a in argv).replace("REFPID", "'\"$$\"'")

    def play(self, extra_args=(), user=None):
        if user is not None:  # arena itself must write its replay and the seats' logs here
            for d in (self.dir, self.errdir):
                os.chown(d, user, user)
        listeners = Listeners(self.dir, self.marker)
        env = dict(os.environ)
        env["ARENA_TEST_SECRET"] = self.secret_token
        master = slave = None
        tty_path = None
        if self.attack.pty:
            master, slave = pty.openpty()
            tty.setraw(slave)
            tty_path = os.ttyname(slave)
            os.chmod(tty_path, 0o666)
        cmd = self.command(list(extra_args), listeners, tty_path)
        argv = ["/bin/sh", "-c", cmd]
        if user:
            argv = ["setpriv", "--reuid=%d" % user, "--regid=%d" % user, "--clear-groups"] + argv

        def preexec():
            os.setsid()
            if slave is not None:
                import fcntl
                fcntl.ioctl(slave, termios.TIOCSCTTY, 0)

        try:
            p = subprocess.Popen(argv, stdin=slave if slave is not None else subprocess.DEVNULL,
                                 stdout=subprocess.PIPE, stderr=slave if slave is not None else subprocess.PIPE,
                                 env=env, preexec_fn=preexec, cwd=os.getcwd())
            self.arena_pid = p.pid
            self.arena_prefix = owner_prefix(p.pid)  # not reaped before communicate(): still readable
            try:
                out, err = p.communicate(timeout=120)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                out, err = p.communicate()
                self.stderr = "timed out after 120 s\n"
            self.returncode = p.returncode
            self.stdout = out.decode(errors="replace")
            self.stderr += (err or b"").decode(errors="replace")
            if slave is not None:
                os.set_blocking(slave, False)
                try:
                    self.pty_leak = os.read(slave, 4096)
                except BlockingIOError:
                    self.pty_leak = b""
        finally:
            listeners.close()
            self.hits = list(listeners.hits)
            for fd in (master, slave):
                if fd is not None:
                    os.close(fd)
        try:
            self.result = json.loads(self.stdout.strip().splitlines()[-1])
        except (ValueError, IndexError):
            self.result = None

    def problems(self, expected_verdict, cgroup_works):
        """Everything that is wrong with this game; empty when the sandbox held."""
        bad = []
        r = self.result
        t = TRANSPORTS[self.transport]
        if self.returncode != 0 or r is None:
            return ["arena exited %s; stdout %r; stderr %r" % (self.returncode, self.stdout[-300:], self.stderr[-600:])]
        if r.get("turns") != t["rounds"] or r.get("aborted"):
            bad.append("the game did not finish: %s" % r)
        if r["verdicts"][1] != {"late": 0, "down": 0, "invalid": 0, "crash": 0}:
            bad.append("the victim was harmed: %s; its stderr: %s" % (r["verdicts"][1], self.stderr_text(1)[-300:]))
        v = r["verdicts"][0]
        got = "ok" if not any(v.values()) else "down" if v["down"] else "crash" if v["crash"] else "late/invalid"
        if expected_verdict == "notok" and got == "ok":
            bad.append("the attacker's seat got no verdict")
        elif expected_verdict not in ("notok", "any") and got != expected_verdict:
            bad.append("the attacker's seat got %s (%s), expected %s" % (got, v, expected_verdict))
        if self.attack.report and not self.attack_lines():
            bad.append("the attack reported nothing; its stderr: %r" % self.stderr_text(0)[-400:])
        for line in self.attack_lines("SUCCEEDED"):
            bad.append(line)
        if self.attack.check:
            why = self.attack.check(self)
            if why:
                bad.append(why)
        # what the test controls
        if os.listdir(self.outside):
            bad.append("files appeared in the test's folder: %s" % os.listdir(self.outside))
        try:
            with open(self.secret) as f:
                if f.read().strip() != self.secret_token:
                    bad.append("the secret file was changed")
        except OSError:
            bad.append("the secret file is gone")
        if os.stat(self.secret).st_mode & 0o777 != 0o644:
            bad.append("the secret file's mode was changed")
        for path in ("/tmp/arena-pwned-" + self.marker, os.path.join(os.getcwd(), "pwned-" + self.marker),
                     os.path.join(self.suite.bots, "pwned-" + self.marker), "/tmp/fill-" + self.marker,
                     os.path.join(os.getcwd(), "own-" + self.marker)):
            if os.path.exists(path):
                bad.append("%s was written" % path)
                os.unlink(path)
        if self.hits:
            bad.append("the test's listeners were reached: %s" % self.hits)
        if self.pty_leak:
            bad.append("bytes were pushed into the terminal: %r" % self.pty_leak)
        everything = self.stdout + self.stderr + self.stderr_text(0) + self.stderr_text(1)
        if self.secret_token in everything:
            bad.append("the secret leaked into the output")
        # leftovers
        deadline = time.time() + 2
        left = processes_with(self.marker) + processes_with(self.vmarker)
        while left and time.time() < deadline:
            time.sleep(0.05)
            left = processes_with(self.marker) + processes_with(self.vmarker)
        if left:
            bad.append("processes left behind: %s" % left)
            for pid in left:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
        if self.arena_prefix:
            cg = cgroup_leftovers(self.arena_prefix)
            if cg:
                bad.append("cgroups left behind: %s" % cg)
            folders = [d for d in os.listdir(tempfile.gettempdir()) if d.startswith(self.arena_prefix + "-seat")]
            if folders:
                bad.append("seat folders left behind: %s" % folders)
        if self.attack.cause and cgroup_works and got == "crash":
            if ("crash (cause %s)" % self.attack.cause) not in self.seat_causes():
                bad.append("the crash was not put down to %s: %s" % (self.attack.cause, self.seat_causes()))
        return bad

    def seat_causes(self):
        """The causes the replay would record, read from the seat's stderr note: we ask arena."""
        return self.cause_text if hasattr(self, "cause_text") else ""


class Suite:
    def __init__(self, arena):
        self.arena = os.path.abspath(arena)
        self.tmp = tempfile.mkdtemp(prefix="arena-attacks-")
        os.chmod(self.tmp, 0o755)
        self.bots = os.path.join(self.tmp, "bots")
        shutil.copytree(HERE, self.bots, ignore=shutil.ignore_patterns("__pycache__", "suite.py"))
        for name in os.listdir(self.bots):
            os.chmod(os.path.join(self.bots, name), 0o755)
        os.chmod(self.bots, 0o755)
        self.python = sys.executable
        self.works = self.layers()
        self.failed = 0

    def layers(self, user=None, extra=()):
        """What `arena doctor` says works (for user, with these sandbox flags)."""
        argv = [self.arena, "doctor", "--json"] + list(extra)
        if user is not None:
            argv = ["setpriv", "--reuid=%d" % user, "--regid=%d" % user, "--clear-groups"] + argv
        doctor = subprocess.run(argv, capture_output=True, text=True, cwd="/")
        try:
            return {l["name"]: l["applied"] for l in json.loads(doctor.stdout)["layers"]}
        except (ValueError, KeyError):
            return {}

    def done(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def run(self, label, attack, transport, extra_args=(), user=None, expect=None, python=None):
        """Plays one attack game and returns its lines ("ok - LABEL" or "not ok - LABEL" and the
        problems, or "# skipped ..."); the games of a Suite run side by side, so nothing is printed
        here (main prints each game's lines in the order of the list)."""
        works = self.works if user is None and not extra_args else self.layers(user, extra_args)
        missing = [" or ".join(group) for group in attack.needs if not any(works.get(l) for l in group)]
        if missing:
            return ["# skipped %s: no working layer to stop it here (%s; see arena doctor)" % (label, ", ".join(missing))]
        run = Run(self, attack, transport, python)
        replay = os.path.join(run.dir, "r.jsonl")
        run.play(list(extra_args) + ["--replay", replay], user=user)
        run.cause_text = replay_causes(replay)
        verdict = expect if expect is not None else attack.verdict
        if expect is None and transport == "records" and attack.name in RECORDS_VERDICT:
            verdict = RECORDS_VERDICT[attack.name]
        if verdict is None:
            verdict = CLOSE_EARLY[transport]
        if attack.cause == "memory" and not works.get("cgroup"):
            verdict = "any"  # the address-space limit: a MemoryError the bot may survive
        cgroup_works = works.get("cgroup", False)
        bad = run.problems(verdict, cgroup_works)
        lines = []
        if bad:
            lines.append("not ok - %s" % label)
            for b in bad:
                lines.append("#   " + b[:500].replace("\n", "\n#   "))
        else:
            lines.append("ok - %s" % label)
        if os.environ.get("ARENA_ATTACK_VERBOSE"):
            lines.append("#   verdicts %s %s" % (run.result and run.result["verdicts"][0], run.cause_text))
            for line in run.attack_lines():
                lines.append("#   " + line[:300])
        shutil.rmtree(run.dir, ignore_errors=True)
        return lines


def replay_causes(path):
    """'crash (cause X)' for every crash of seat 0 in the replay."""
    out = []
    try:
        with open(path) as f:
            for line in f:
                rec = json.loads(line)
                if rec.get("type") != "turn":
                    continue
                seat = rec["seats"][0]
                if seat.get("verdict") == "crash":
                    out.append("crash (cause %s)" % seat.get("cause"))
    except (OSError, ValueError, KeyError, IndexError):
        pass
    return " ".join(out)


# How many attack games play at a time. A game mostly waits (on the seats' clocks, a never-answering
# bot's start-up allowance, Rezzo's 1.5 s ticks): one after another, the 67 games took 103 s of
# which 32 s of CPU. Each game has its own folder, markers, listeners, terminal and seats, and
# every check looks only at its own (by marker, by its arena's pid and start time), so games side by
# side cannot see each other's leftovers. The games as nobody still run one at a time, after the
# others: without the cgroup, RLIMIT_NPROC counts every process of the uid, so one game's seats
# would count against another's fork-bomb limit.
GAMES_AT_ONCE = int(os.environ.get("ARENA_ATTACK_JOBS", "3"))


def play_all(suite, games, at_once):
    """Plays GAMES (lists of Suite.run's arguments, or callables returning lines) AT_ONCE at a time;
    prints each game's lines in the order of the list as soon as it and those before it are done."""
    from concurrent.futures import ThreadPoolExecutor

    def one(game):
        return game() if callable(game) else suite.run(*game[0], **game[1])
    with ThreadPoolExecutor(max_workers=max(1, at_once)) as pool:
        for lines in pool.map(one, games):
            for line in lines:
                if line.startswith("not ok - "):
                    suite.failed += 1
                print(line)
            sys.stdout.flush()


def main():
    args = sys.argv[1:]
    arena = os.path.join(ROOT, "bin", "arena")
    only, transports, extras = None, list(TRANSPORTS), True
    while args:
        a = args.pop(0)
        if a == "--arena":
            arena = args.pop(0)
        elif a == "--only":
            only = args.pop(0).split(",")
        elif a == "--transport":
            transports = args.pop(0).split(",")
        elif a == "--no-extras":
            extras = False
    arena = os.environ.get("ARENA", arena)
    suite = Suite(arena)
    try:
        games = []
        for attack in ATTACKS:
            if only and attack.name not in only:
                continue
            for transport in transports:
                if transport in attack.transports:
                    games.append((("sandbox_attack_%s_%s" % (attack.name, transport), attack, transport), {}))
        if extras and not only:
            games += extra_games(suite)
        play_all(suite, games, GAMES_AT_ONCE)
        if extras and not only:
            play_all(suite, nobody_games(suite), 1)
    finally:
        suite.done()
    return 1 if suite.failed else 0


def by_name(name):
    return next(a for a in ATTACKS if a.name == name)


def control_without_sandbox(suite):
    # The test can fail: without the sandbox the same bot does write outside its folder.
    control = Attack("write_outside")
    run = Run(suite, control, "lines")
    run.play(["--sandbox", "off"])
    leaked = os.listdir(run.outside)
    shutil.rmtree(run.dir, ignore_errors=True)
    for path in ("/tmp/arena-pwned-" + run.marker, os.path.join(os.getcwd(), "pwned-" + run.marker),
                 os.path.join(suite.bots, "pwned-" + run.marker), os.path.join(os.getcwd(), "own-" + run.marker)):
        if os.path.exists(path):
            os.unlink(path)
    return ["%s - sandbox_attack_control_without_sandbox_the_write_gets_through" % ("ok" if leaked else "not ok")]


def extra_games(suite):
    # Without a layer, the others still hold: without the pid namespace, the cgroup still kills
    # the daemons and Landlock still scopes signals and ptrace.
    return [lambda: control_without_sandbox(suite),
            (("sandbox_attack_survive_lines_without_pid_namespace", by_name("survive"), "lines",
              ["--sandbox-without", "pid"]), {}),
            (("sandbox_attack_ptrace_kill_lines_without_pid_namespace", by_name("ptrace_kill"), "lines",
              ["--sandbox-without", "pid"]), {})]


def nobody_games(suite):
    # The unprivileged path: the same attacks with arena run as nobody (no cgroup: the address
    # space and RLIMIT_NPROC limits hold instead).
    reachable = os.geteuid() == 0 and shutil.which("setpriv") and subprocess.run(
        ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "test", "-x", suite.arena]).returncode == 0
    if not reachable or not os.path.exists("/usr/bin/python3"):
        return [lambda: ["# skipped: the attacks as nobody (needs root, setpriv, /usr/bin/python3 and an arena nobody can run)"]]
    return [(("sandbox_attack_%s_%s_as_nobody" % (name, transport), by_name(name), transport, args),
             {"user": 65534, "expect": expect, "python": "/usr/bin/python3"})
            for name, transport, args, expect in (
                ("fork_bomb", "lines", [], None), ("memory_rss", "lines", [], "any"),
                ("write_outside", "tcp", [], None), ("sockets", "tcp", [], None), ("survive", "lines", [], None),
                ("ptrace_kill", "lines", [], None), ("proc_snoop", "tcp", [], None))]


if __name__ == "__main__":
    sys.exit(main())
