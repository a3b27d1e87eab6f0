#!/usr/bin/env python3
"""A game-independent tcp bot for the transport test: a server that reads one message per
connection up to its `go` line (Arena's line protocols) and answers `pass` with a newline.

    line_server.py PORT
"""
import socket
import sys


def main():
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", int(sys.argv[-1])))
    server.listen(8)
    while True:
        conn, _ = server.accept()
        data = b""
        while True:
            chunk = conn.recv(65536)
            if not chunk:
                break
            data += chunk
            if data.endswith(b"go\n") or data.startswith(b"end"):
                break
        if data.startswith(b"end"):
            print("end received", flush=True)
            conn.close()
            return
        if data:
            conn.sendall(b"pass\n")
        conn.close()


if __name__ == "__main__":
    main()
