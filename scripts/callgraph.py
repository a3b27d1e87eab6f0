#!/usr/bin/env python3
"""callgraph.py: which file of a folder calls which, from the compiled objects (nm), and whether
the folder has a call cycle between its files.

    scripts/callgraph.py OBJDIR [--src SRCDIR] [--bottom NAME] [--layers NAME,NAME...]

OBJDIR holds one .o per source file (e.g. build/obj/sandbox); with --src only the objects of files
that SRCDIR still has count (a removed file's object stays in the build folder). An edge A -> B means A.o uses a
global symbol B.o defines. Prints the edges, then checks:
  - no cycle between files (always);
  - --bottom NAME: NAME calls no other file of the folder;
  - --layers A,B,...: these files call none of each other (they may call the bottom).
Exit status: 0 when every check holds, 1 otherwise (the failing check is printed), 2 on bad use.
"""
import os
import subprocess
import sys


def symbols(obj):
    """(defined, undefined) global symbol names of one object file."""
    out = subprocess.run(["nm", "-g", obj], check=True, capture_output=True, text=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "U":
            undefined.add(parts[1])
        elif len(parts) == 3 and parts[1] in "TDBRCVWG":
            defined.add(parts[2])
    return defined, undefined


def graph(objdir, srcdir=None):
    names = sorted(f[:-2] for f in os.listdir(objdir) if f.endswith(".o"))
    if srcdir:
        names = [n for n in names if os.path.exists(os.path.join(srcdir, n + ".c"))]
    syms = {n: symbols(os.path.join(objdir, n + ".o")) for n in names}
    owner = {s: n for n in names for s in syms[n][0]}
    return {n: sorted({owner[s] for s in syms[n][1] if s in owner and owner[s] != n}) for n in names}


def find_cycle(edges):
    """One cycle as a list of files, or None (depth-first search with colours)."""
    colour, stack = {}, []

    def visit(n):
        colour[n] = 1
        stack.append(n)
        for m in edges.get(n, ()):
            if colour.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if not colour.get(m):
                c = visit(m)
                if c:
                    return c
        stack.pop()
        colour[n] = 2
        return None

    for n in sorted(edges):
        if not colour.get(n):
            c = visit(n)
            if c:
                return c
    return None


def main(argv):
    if len(argv) < 2 or not os.path.isdir(argv[1]):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    bottom, layers, srcdir = None, [], None
    i = 2
    while i < len(argv):
        if argv[i] == "--src" and i + 1 < len(argv):
            srcdir = argv[i + 1]
        elif argv[i] == "--bottom" and i + 1 < len(argv):
            bottom = argv[i + 1]
        elif argv[i] == "--layers" and i + 1 < len(argv):
            layers = argv[i + 1].split(",")
        else:
            print("unknown argument %s" % argv[i], file=sys.stderr)
            return 2
        i += 2
    edges = graph(argv[1], srcdir)
    for n in sorted(edges):
        print("%s -> %s" % (n, ", ".join(edges[n]) or "(nothing)"))
    ok = True
    cycle = find_cycle(edges)
    if cycle:
        print("CYCLE: %s" % " -> ".join(cycle))
        ok = False
    if bottom is not None:
        if bottom not in edges:
            print("no file %s" % bottom)
            ok = False
        elif edges[bottom]:
            print("the bottom file %s calls %s" % (bottom, ", ".join(edges[bottom])))
            ok = False
    for n in layers:
        if n not in edges:
            print("no file %s" % n)
            ok = False
            continue
        others = [m for m in edges[n] if m in layers]
        if others:
            print("layer file %s calls layer file(s) %s" % (n, ", ".join(others)))
            ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
