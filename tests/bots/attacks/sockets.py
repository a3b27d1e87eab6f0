#!/usr/bin/env python3
"""Opening sockets and reaching the test's listeners on the machine: TCP (tcp=PORT), UDP
(udp=PORT), a Unix socket file (unix=PATH), an abstract Unix socket (abstract=NAME); IPv6,
netlink and raw sockets; a tcp seat also tries to listen on a second port and to reach the ports
around its own (the other seats' servers)."""
import socket

import attacklib

ctx = attacklib.context()
m = ctx.marker.encode()


def tcp_to(host, port, family=socket.AF_INET):
    def go():
        s = socket.socket(family, socket.SOCK_STREAM)
        s.settimeout(1)
        s.connect((host, port))
        s.sendall(b"hello from " + m + b"\n")
        s.close()
        return "connected to %s:%d" % (host, port)
    return go


def udp_to(port):
    def go():
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        s.sendto(b"hello from " + m, ("127.0.0.1", port))
        return "sent a datagram"
    return go


def unix_to(address):
    def go():
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(1)
        s.connect(address)
        s.sendall(b"hello from " + m + b"\n")
        return "connected"
    return go


def make(family, kind, proto=0):
    return lambda: socket.socket(family, kind, proto) and "made"


attacklib.attempt("sockets", "tcp to the test's listener", tcp_to("127.0.0.1", int(ctx.get("tcp"))))
attacklib.attempt("sockets", "tcp over ipv6", tcp_to("::1", int(ctx.get("tcp")), socket.AF_INET6))
attacklib.attempt("sockets", "udp to the test's listener", udp_to(int(ctx.get("udp"))))
attacklib.attempt("sockets", "unix socket file", unix_to(ctx.get("unix")))
attacklib.attempt("sockets", "abstract unix socket", unix_to("\0" + ctx.get("abstract")))
attacklib.attempt("sockets", "netlink socket", make(socket.AF_NETLINK, socket.SOCK_RAW, 0))
attacklib.attempt("sockets", "raw socket", make(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP))
if ctx.transport == "tcp":
    def second_port():
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.bind(("127.0.0.1", ctx.port + 1))
        s.listen(1)
        return "listening on %d" % (ctx.port + 1)
    attacklib.attempt("sockets", "listen on a second port", second_port)
    reached = []
    for port in list(range(ctx.port - 20, ctx.port)) + list(range(ctx.port + 1, ctx.port + 21)):
        try:
            tcp_to("127.0.0.1", port)()
            reached.append(port)
        except OSError:
            pass
    attacklib.report("sockets", "SUCCEEDED" if reached else "BLOCKED", "ports next to its own: reached %s" % reached)
else:
    attacklib.attempt("sockets", "a tcp socket at all", make(socket.AF_INET, socket.SOCK_STREAM))
attacklib.play(ctx)
