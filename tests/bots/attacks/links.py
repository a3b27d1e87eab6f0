#!/usr/bin/env python3
"""Symbolic and hard links from its own folder to files outside: read the test's secret
(secret=) through a symlink, write into the test's folder (outside=) through one, hard-link the
secret and its own program into its folder."""
import os

import attacklib

ctx = attacklib.context()
m = ctx.marker
secret = ctx.get("secret")


def via_symlink_read():
    os.symlink(secret, "s-read")
    with open("s-read", "rb") as f:
        return "%d bytes" % len(f.read())


def via_symlink_write():
    os.symlink(os.path.join(ctx.get("outside"), "via-link-" + m), "s-write")
    with open("s-write", "w") as f:
        f.write("pwned\n")
    return "written"


def hard_link(target, name):
    def go():
        os.link(target, name)
        with open(name, "rb") as f:
            return "%d bytes through the link" % len(f.read())
    return go


attacklib.attempt("links", "read through a symlink", via_symlink_read)
attacklib.attempt("links", "write through a symlink", via_symlink_write)
attacklib.attempt("links", "hard link the secret", hard_link(secret, "h-secret"))
attacklib.attempt("links", "hard link its own program", hard_link(os.path.abspath(__file__), "h-self"))
attacklib.play(ctx)
