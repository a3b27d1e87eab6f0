#!/usr/bin/env python3
"""file_cycles.py: the call graph between the files of a source folder, from their object files.

Usage: scripts/file_cycles.py [--obj DIR] [--src DIR] [--graph] FOLDER...   (FOLDER: src/match, ...)

For each folder it reads `nm` of build/obj/<folder>/*.o (--obj: another object root; --src: the
source root the folders are under, default src; only objects whose .c file still exists count, so
a stale object of a removed file is ignored): a file that references a global symbol
another file of the same folder defines has an edge to that file. Any cycle among the folder's
files (a strongly connected component of two or more files, or a file depending on itself through
others) fails: the folder's files should form layers, each calling only the ones below it.
Prints `ok - no_call_cycle <folder>` or `not ok - ...` with one cycle and the symbols on each edge;
--graph also prints every edge. Exit 0 when no folder has a cycle, 1 otherwise, 2 on a missing
object folder or a missing `nm`.
"""
import os
import subprocess
import sys


def symbols(objs):
    """{object file: (defined globals, undefined references)} of the object files OBJS, from one
    `nm` for them all (one `nm` a file was 215 processes, most of test_layers.sh's minute on a loaded
    machine): -A names the file on each line, "FILE: NAME KIND VALUE SIZE"."""
    out = subprocess.run(["nm", "-P", "-A"] + list(objs), capture_output=True, text=True, check=True).stdout
    found = {obj: (set(), set()) for obj in objs}
    for line in out.splitlines():
        obj, sep, rest = line.partition(": ")
        if not sep or obj not in found:
            raise ValueError("nm printed a line of no file asked for: %r" % line)
        parts = rest.split()
        if len(parts) < 2:
            continue
        defined, used = found[obj]
        name, kind = parts[0], parts[1]
        if kind == "U":
            used.add(name)
        elif kind.isupper():  # global definitions (T, D, B, R, C, W, V...); lowercase is file-local
            defined.add(name)
    return found


def graph(folder, objroot, srcroot):
    """edges[a][b] = sorted symbols file a uses that file b defines (a != b)."""
    rel = os.path.relpath(folder, srcroot)
    objdir = os.path.join(objroot, rel)
    if not os.path.isdir(objdir):
        raise FileNotFoundError(objdir)
    objs = {}
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".c"):
            continue
        obj = os.path.join(objdir, name[:-2] + ".o")
        if not os.path.exists(obj):
            raise FileNotFoundError(obj)
        objs[name] = obj
    syms = symbols(objs.values()) if objs else {}
    files = {name: syms[obj] for name, obj in objs.items()}
    owner = {}
    for name, (defined, _) in files.items():
        for sym in defined:
            owner[sym] = name
    edges = {name: {} for name in files}
    for name, (_, used) in files.items():
        for sym in used:
            to = owner.get(sym)
            if to and to != name:
                edges[name].setdefault(to, []).append(sym)
    for name in edges:
        for to in edges[name]:
            edges[name][to].sort()
    return edges


def components(edges):
    """Strongly connected components (Tarjan), each a sorted list of files."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def one_cycle(edges, comp):
    """A shortest cycle through the component's first file, as a list of files (first repeated)."""
    members = set(comp)
    start = comp[0]
    prev = {start: None}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(edges[v]):
            if w not in members:
                continue
            if w == start:
                path = [v]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return [start] + list(reversed(path[:-1])) + [start]
            if w not in prev:
                prev[w] = v
                queue.append(w)
    return comp + [comp[0]]


def main(argv):
    objroot = os.path.join(os.environ.get("BUILD", "build"), "obj")
    srcroot = "src"
    show = False
    folders = []
    i = 0
    while i < len(argv):
        if argv[i] in ("--obj", "--src") and i + 1 < len(argv):
            if argv[i] == "--obj":
                objroot = argv[i + 1]
            else:
                srcroot = argv[i + 1]
            i += 2
            continue
        if argv[i] == "--graph":
            show = True
        else:
            folders.append(argv[i].rstrip("/"))
        i += 1
    if not folders:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    failed = 0
    missing = False
    for folder in folders:
        try:
            edges = graph(folder, objroot, srcroot)
        except (FileNotFoundError, subprocess.CalledProcessError, ValueError) as e:
            print(f"not ok - no_call_cycle {folder} (cannot read its objects: {e}; run make first)")
            failed += 1
            missing = True
            continue
        if show:
            for a in sorted(edges):
                for b in sorted(edges[a]):
                    print(f"# {folder}: {a} -> {b}: {', '.join(edges[a][b])}")
        cycles = [c for c in components(edges) if len(c) > 1]
        if not cycles:
            print(f"ok - no_call_cycle {folder}")
            continue
        failed += 1
        print(f"not ok - no_call_cycle {folder}")
        for comp in cycles:
            cyc = one_cycle(edges, comp)
            print(f"#   files calling each other: {' '.join(comp)}")
            print(f"#   for example {' -> '.join(cyc)}:")
            for a, b in zip(cyc, cyc[1:]):
                print(f"#     {a} -> {b}: {', '.join(edges[a][b][:6])}{' ...' if len(edges[a][b]) > 6 else ''}")
    return 2 if missing else 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
