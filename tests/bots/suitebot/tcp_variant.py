#!/usr/bin/env python3
"""Misbehaving and unusual SuiteBot tcp servers for the transport tests.

    tcp_variant.py MODE [ARG] PORT      (the port is appended by Arena as the last argument)

MODE:
  newline_open   answers "U\\n" and keeps the connection open until the client closes it
  hash           answers "# a comment" (over tcp that is an invalid reply)
  close_empty    accepts, reads the request, closes without a byte (empty reply)
  slow_listen S  waits S seconds before it starts listening (start-up)
  never_listen   never listens (every connection is refused)
  late K MS      answers "R" but sleeps MS milliseconds first in round K
  threaded MS    answers each request on its own thread after MS ms: replies overlap (with
                 --move-ms below MS every question goes late, and the replies arrive in order)
Every mode logs what it sees on stdout (which Arena keeps with the seat's stderr).
"""
import json
import socket
import sys
import threading
import time


def read_line(conn):
    data = b""
    while b"\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            break
        data += chunk
    return data.split(b"\n", 1)[0].decode(errors="replace").strip()


def current_round(request):
    try:
        return json.loads(request)["currentRound"]
    except (ValueError, KeyError, TypeError):
        return None


def main():
    mode, port = sys.argv[1], int(sys.argv[-1])
    args = sys.argv[2:-1]
    if mode == "never_listen":
        time.sleep(3600)
        return
    if mode == "slow_listen":
        time.sleep(float(args[0]))
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", port))
    server.listen(16)
    print("%s: listening on %d" % (mode, port), flush=True)
    while True:
        conn, _ = server.accept()
        request = read_line(conn)
        if request == "":
            print("probe", flush=True)
            conn.close()
            continue
        if request == "EXIT":
            print("EXIT", flush=True)
            conn.close()
            return
        rnd = current_round(request)
        print("round %s" % rnd, flush=True)
        if mode == "newline_open":
            conn.sendall(b"U\n")
            conn.recv(1)  # returns when Arena closes its side
            conn.close()
        elif mode == "hash":
            conn.sendall(b"# a comment")
            conn.close()
        elif mode == "close_empty":
            conn.close()
        elif mode == "late":
            if rnd == int(args[0]):
                time.sleep(int(args[1]) / 1000.0)
            try:
                conn.sendall(b"R")
            except OSError:
                pass
            conn.close()
        elif mode == "threaded":
            def answer(c, delay=int(args[0]) / 1000.0):
                time.sleep(delay)
                try:
                    c.sendall(b"H")
                except OSError:
                    pass
                c.close()
            threading.Thread(target=answer, args=(conn,), daemon=True).start()
        else:
            conn.sendall(b"H")
            conn.close()


if __name__ == "__main__":
    main()
