#!/usr/bin/env python3
"""Reading outside its folder: the test's secret file (secret=), the folders around it, /tmp
(where the other seats' folders are), /etc/shadow, the referee's folder (cwd=)."""
import os

import attacklib

ctx = attacklib.context()


def read(path):
    def go():
        with open(path, "rb") as f:
            return "%d bytes" % len(f.read())
    return go


def listing(path):
    return lambda: "%d entries" % len(os.listdir(path))


secret = ctx.get("secret")
attacklib.attempt("read_outside", "read " + secret, read(secret))
attacklib.attempt("read_outside", "read /etc/shadow", read("/etc/shadow"))
attacklib.attempt("read_outside", "list " + os.path.dirname(secret), listing(os.path.dirname(secret)))
attacklib.attempt("read_outside", "list /tmp", listing("/tmp"))
attacklib.attempt("read_outside", "list " + ctx.get("cwd"), listing(ctx.get("cwd")))
attacklib.attempt("read_outside", "read the referee's Makefile", read(os.path.join(ctx.get("cwd"), "Makefile")))
attacklib.play(ctx)
