#!/usr/bin/env python3
"""Flooding: 8 MiB on stderr (the seat's log keeps 1 MiB), then on its first move 20 MiB on
stdout without a newline (lines: over the 16 MiB a turn allows; tcp: the reply is 1 MiB long
and stdout is only a log)."""
import sys

import attacklib

ctx = attacklib.context()
block = b"x" * (1 << 20)
attacklib.report("flood", "CONTAINED", "writing 8 MiB to stderr (the test checks its log is capped)")
for _ in range(8):
    sys.stderr.buffer.write(block)
sys.stderr.buffer.write(b"\n")
sys.stderr.flush()


def flood_stdout(n):
    if n == 1:
        try:
            for _ in range(20):
                sys.stdout.buffer.write(block)
            sys.stdout.flush()
        except OSError:
            pass


def long_reply(n):
    return "x" * (1 << 20) if ctx.transport == "tcp" and n == 1 else None


attacklib.play(ctx, answer=long_reply, on_question=flood_stdout)
