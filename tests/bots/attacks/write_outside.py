#!/usr/bin/env python3
"""Writing outside its folder: a world-writable folder of the test (outside=), /tmp, its own
program folder, the folder arena runs in (cwd=), next to its HOME; truncating and renaming the
test's secret file (secret=). Its own folder must stay writable."""
import os

import attacklib

ctx = attacklib.context()
m = ctx.marker
here = os.path.dirname(os.path.abspath(__file__))


def create(path):
    def go():
        with open(path, "w") as f:
            f.write("pwned\n")
        return path
    return go


targets = [os.path.join(ctx.get("outside"), "pwned-" + m), "/tmp/arena-pwned-" + m,
           os.path.join(here, "pwned-" + m), os.path.join(ctx.get("cwd"), "pwned-" + m),
           os.path.join(os.path.expanduser("~"), "..", "pwned-" + m)]
for t in targets:
    attacklib.attempt("write_outside", "create " + t, create(t))
attacklib.attempt("write_outside", "mkdir in " + ctx.get("outside"),
                  lambda: os.mkdir(os.path.join(ctx.get("outside"), "dir-" + m)) or "made")
attacklib.attempt("write_outside", "truncate " + ctx.get("secret"), lambda: os.truncate(ctx.get("secret"), 0) or "truncated")
attacklib.attempt("write_outside", "rename " + ctx.get("secret"),
                  lambda: os.rename(ctx.get("secret"), ctx.get("secret") + ".moved") or "renamed")
attacklib.attempt("write_outside", "chmod " + ctx.get("secret"), lambda: os.chmod(ctx.get("secret"), 0o777) or "changed")
try:
    with open("own-" + m, "w") as f:
        f.write("mine\n")
    attacklib.report("write_outside", "CONTAINED", "its own folder %s is writable" % os.getcwd())
except OSError as e:
    attacklib.report("write_outside", "SUCCEEDED", "(wrongly) its own folder is not writable: %s" % e)
attacklib.play(ctx)
