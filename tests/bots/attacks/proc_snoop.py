#!/usr/bin/env python3
"""Reading /proc: the referee's environment and command line (ref=PID), its descriptors, every
process it can see, and its own environment (the test puts a secret in the referee's)."""
import os

import attacklib

ctx = attacklib.context()
ref = ctx.get("ref")


def read(path):
    def go():
        with open(path, "rb") as f:
            data = f.read()
        return "%d bytes" % len(data) if data else None
    return go


attacklib.attempt("proc_snoop", "its own environment holds the referee's secret",
                  lambda: "yes" if any("ARENA_TEST_SECRET" in k for k in os.environ) else None)
attacklib.attempt("proc_snoop", "the referee's environ", read("/proc/%s/environ" % ref))
attacklib.attempt("proc_snoop", "the referee's cmdline", read("/proc/%s/cmdline" % ref))
attacklib.attempt("proc_snoop", "the referee's descriptors", lambda: "%d" % len(os.listdir("/proc/%s/fd" % ref)))
mine = set(attacklib.processes_with(ctx.marker)) | {os.getpid()}
others = []
try:
    entries = os.listdir("/proc")
except OSError as e:
    entries = []
    attacklib.report("proc_snoop", "BLOCKED", "list /proc: %s" % e.strerror)
for entry in entries:
    if entry.isdigit() and int(entry) not in mine:
        try:
            with open("/proc/%s/cmdline" % entry, "rb") as f:
                line = f.read().replace(b"\0", b" ").strip()
        except OSError:
            continue
        if line == b"arena-sandbox-init":  # its own sandbox's pid 1 (it shows nothing of the referee)
            continue
        if line:
            others.append("%s:%s" % (entry, line[:60].decode(errors="replace")))
attacklib.report("proc_snoop", "SUCCEEDED" if others else "BLOCKED",
                 "command lines of other processes: %s" % (others[:5] or "none"))
attacklib.play(ctx)
