#!/usr/bin/env python3
"""A reply without a newline that never ends: lines: "pass" with no newline and nothing after;
tcp: "H" with no newline on a connection it keeps open (late, then down at the hard limit);
records: half a record (one byte), then nothing: the stream stays misaligned and every tick is a
NO_MESSAGE ack (no verdict in Rezzo)."""
import socket
import sys
import time

import attacklib

ctx = attacklib.context()
if ctx.transport == "lines":
    for raw in sys.stdin:
        if raw.strip() == "go":
            sys.stdout.write("pass")
            sys.stdout.flush()
            time.sleep(3600)
elif ctx.transport == "records":
    sys.stdin.buffer.read(340)
    sys.stdout.buffer.write(b"\x00")
    sys.stdout.flush()
    time.sleep(3600)
else:
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", ctx.port))
    server.listen(8)
    held = []
    while True:
        conn, _ = server.accept()
        data = conn.recv(65536)
        if data.strip():
            conn.sendall(b"H")
            held.append(conn)
        else:
            conn.close()
