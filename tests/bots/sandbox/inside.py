#!/usr/bin/env python3
"""inside.py: a Rising Tide bot that reports what its seat looks like from inside, as comment lines
`# inside.KEY=VALUE` (the event log keeps them), then passes every round. test_sandbox.sh checks each
layer `arena doctor` calls in force against these lines, seen from a real game's seat (an
implementation of its own, not doctor's probe).

    INSIDE_CANARY=FILE inside.py    FILE: a file the test can read, outside every folder the seat is given
                                    (not an argument: a path on the command line is a bot file)
"""
import os
import socket
import sys


def say(key, value):
    print("# inside.%s=%s" % (key, value), flush=True)


def first_line(path):
    try:
        with open(path) as f:
            return f.readline().strip()
    except OSError as e:
        return "error %s" % e.errno


def status_field(name):
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith(name + ":"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "?"


def limit(name):
    """The soft value of a row of /proc/self/limits ("unlimited" or a number)."""
    with open("/proc/self/limits") as f:
        for line in f:
            if line.startswith(name):
                return line[len(name):].split()[0]
    return "?"


def errno_of(action):
    try:
        action()
        return "ok"
    except OSError as e:
        return {1: "EPERM", 13: "EACCES", 2: "ENOENT"}.get(e.errno, "errno %d" % e.errno)


for ns in ("user", "pid", "net", "mnt", "ipc"):
    say("ns_" + ns, os.readlink("/proc/self/ns/" + ns))
say("pid", os.getpid())
say("sid", os.getsid(0))
# descriptors as the program found them, less the one that lists them
fds = []
for name in os.listdir("/proc/self/fd"):
    try:
        target = os.readlink("/proc/self/fd/" + name)
    except OSError:
        continue  # the listing's own descriptor, already closed
    if not (target.startswith("/proc/") and target.endswith("/fd")):
        fds.append(int(name))
say("fds", ",".join(str(f) for f in sorted(fds)))
say("env", ",".join(sorted(os.environ)))
say("cwd", os.getcwd())
say("cwd_entries", len(os.listdir(".")))
say("uid_map", " ".join(first_line("/proc/self/uid_map").split()))
say("cap_eff", status_field("CapEff"))
say("no_new_privs", status_field("NoNewPrivs"))
say("seccomp", status_field("Seccomp"))
say("socket", errno_of(lambda: socket.socket(socket.AF_INET, socket.SOCK_STREAM).close()))
say("canary", errno_of(lambda: open(os.environ["INSIDE_CANARY"]).close()))
say("cgroup", ";".join(open("/proc/self/cgroup").read().split()))
say("limit_cpu", limit("Max cpu time"))
say("limit_nofile", limit("Max open files"))
say("limit_fsize", limit("Max file size"))
say("limit_core", limit("Max core file size"))
with open("/proc/self/net/dev") as f:
    say("netdevs", ",".join(line.split(":")[0].strip() for line in f if ":" in line))

for line in sys.stdin:
    if line.strip() == "go":
        print("pass", flush=True)
    elif line.startswith("end"):
        break
