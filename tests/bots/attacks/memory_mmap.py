#!/usr/bin/env python3
"""Memory balloon (mmap): maps cap_mb (default 1024) of anonymous memory and touches every page."""
import mmap

import attacklib

ctx = attacklib.context()
cap = int(ctx.get("cap_mb", "1024"))
touched = 0
try:
    m = mmap.mmap(-1, cap << 20)
    for off in range(0, cap << 20, 4096):
        m[off] = 1
        touched += 4096
    attacklib.report("memory_mmap", "SUCCEEDED", "%d MiB touched" % (touched >> 20))
except (OSError, MemoryError) as e:
    attacklib.report("memory_mmap", "CONTAINED", "refused after %d MiB: %s" % (touched >> 20, e))
attacklib.play(ctx)
