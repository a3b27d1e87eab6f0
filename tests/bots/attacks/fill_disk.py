#!/usr/bin/env python3
"""Filling the disk: one big file and many small ones in its own folder, /dev/shm, and /tmp
outside it. Each stops at a cap (cap_mb=, default 256; 20000 files) so a hole cannot hurt."""
import os

import attacklib

ctx = attacklib.context()
cap = int(ctx.get("cap_mb", "256"))
chunk = b"\0" * (1 << 20)


def fill(path, what):
    n = 0
    try:
        with open(path, "wb") as f:
            while n < cap:
                f.write(chunk)
                f.flush()
                n += 1
        attacklib.report("fill_disk", "SUCCEEDED", "%s: %d MiB written, no limit" % (what, n))
    except OSError as e:
        attacklib.report("fill_disk", "CONTAINED", "%s: stopped at %d MiB: %s" % (what, n, e.strerror))
    try:
        os.unlink(path)
    except OSError:
        pass


fill("big", "own folder")
files = 0
try:
    while files < 20000:
        open("f%d" % files, "w").close()
        files += 1
    attacklib.report("fill_disk", "SUCCEEDED", "%d files and no limit" % files)
except OSError as e:
    attacklib.report("fill_disk", "CONTAINED", "own folder: stopped at %d files: %s" % (files, e.strerror))
if os.path.isdir("/dev/shm"):
    fill("/dev/shm/fill-" + ctx.marker, "/dev/shm")
attacklib.attempt("fill_disk", "write /tmp", lambda: open("/tmp/fill-" + ctx.marker, "wb").write(chunk) and "written")
attacklib.play(ctx)
