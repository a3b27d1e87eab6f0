#!/usr/bin/env python3
"""Ptrace and kill of the referee (ref=PID, its pid on the machine) and of the other seat (found
by its marker victim=WORD in /proc): PTRACE_SEIZE (no stop, detached at once), SIGKILL to the
victim, SIGTERM to the referee and to its parent, a pidfd signal."""
import ctypes
import os
import signal

import attacklib

ctx = attacklib.context()
ref = int(ctx.get("ref"))
libc = ctypes.CDLL(None, use_errno=True)
PTRACE_SEIZE, PTRACE_DETACH = 0x4206, 17


def seize(pid):
    def go():
        if libc.ptrace(PTRACE_SEIZE, pid, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()))
        libc.ptrace(PTRACE_DETACH, pid, 0, 0)
        return "traced %d" % pid
    return go


def kill(pid, sig):
    return lambda: os.kill(pid, sig) or "signalled %d" % pid


def pidfd_kill(pid):
    def go():
        fd = os.pidfd_open(pid)
        signal.pidfd_send_signal(fd, signal.SIGTERM)
        return "signalled %d through a pidfd" % pid
    return go


victims = attacklib.processes_with(ctx.get("victim"))
attacklib.report("ptrace_kill", "BLOCKED" if not victims else "CONTAINED", "victim pids visible: %s" % victims)
attacklib.attempt("ptrace_kill", "ptrace the referee", seize(ref))
for v in victims:
    attacklib.attempt("ptrace_kill", "ptrace the victim %d" % v, seize(v))
    attacklib.attempt("ptrace_kill", "kill the victim %d" % v, kill(v, signal.SIGKILL))
attacklib.attempt("ptrace_kill", "SIGTERM the referee", kill(ref, signal.SIGTERM))
attacklib.attempt("ptrace_kill", "pidfd SIGTERM the referee", pidfd_kill(ref))
parent = os.getppid()
if parent not in (0, 1):  # with a pid namespace the parent is its init, which no signal reaches
    attacklib.attempt("ptrace_kill", "SIGTERM its parent %d" % parent, kill(parent, signal.SIGTERM))
attacklib.play(ctx)
