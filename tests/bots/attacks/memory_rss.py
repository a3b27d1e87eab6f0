#!/usr/bin/env python3
"""Memory balloon (resident): fills 16 MiB blocks up to cap_mb (default 1024). The cgroup's OOM
killer ends the seat (cause memory), or, without the cgroup, the address-space limit makes the
allocation fail."""
import attacklib

ctx = attacklib.context()
cap = int(ctx.get("cap_mb", "1024"))
blocks = []
try:
    while len(blocks) * 16 < cap:
        blocks.append(b"x" * (16 << 20))
    attacklib.report("memory_rss", "SUCCEEDED", "%d MiB resident" % (len(blocks) * 16))
except MemoryError:
    attacklib.report("memory_rss", "CONTAINED", "MemoryError after %d MiB" % (len(blocks) * 16))
blocks = None
attacklib.play(ctx)
