#!/usr/bin/env python3
"""coverage_table.py: the per-folder table of an lcov tracefile (make coverage).

    scripts/coverage_table.py INFO [--markdown] [--files FOLDER] [--uncovered FILE]

Prints lines and branches covered per folder of src/ (each game on its own row, src/games as a
whole too), the targets of docs/testing.md beside them, and exits 1 when a target is missed.
--files FOLDER lists the files of one folder; --uncovered FILE lists the line numbers of FILE that
never ran (what needs a test or a comment saying why it cannot run).
"""
import os
import sys

# folder -> (lines %, branches %) that make coverage holds it to (None: no target)
TARGETS = {
    "src/games": (95.0, 90.0),
    "src/match": (90.0, None),
    "src/sandbox": (90.0, None),
    "src/tourney": (90.0, None),
    "src/store": (90.0, None),
    "src/serve": (90.0, None),
}


def read(path):
    """{source file (relative to the repository): {lf, lh, brf, brh, missed: [line...]}}"""
    files, cur = {}, None
    root = os.getcwd() + "/"
    for line in open(path):
        line = line.rstrip("\n")
        if line.startswith("SF:"):
            name = line[3:]
            if name.startswith(root):
                name = name[len(root):]
            cur = files.setdefault(name, {"lf": 0, "lh": 0, "brf": 0, "brh": 0, "missed": []})
        elif cur is None:
            continue
        elif line.startswith("DA:"):
            no, hits = line[3:].split(",")[:2]
            if int(hits) == 0:
                cur["missed"].append(int(no))
        elif line.startswith(("LF:", "LH:", "BRF:", "BRH:")):
            key, value = line.split(":")
            cur[key.lower()] += int(value)
        elif line == "end_of_record":
            cur = None
    return files


def folder_of(name):
    parts = name.split("/")
    if len(parts) >= 4 and parts[1] == "games":
        return "/".join(parts[:3])
    return "/".join(parts[:2])


def pct(hit, found):
    return 100.0 * hit / found if found else 100.0


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    files = {n: f for n, f in read(argv[1]).items() if n.startswith("src/")}
    if "--uncovered" in argv:
        name = argv[argv.index("--uncovered") + 1]
        f = files.get(name)
        if not f:
            print("no coverage data for %s" % name)
            return 2
        print("%s: %d of %d lines never ran: %s" % (name, len(f["missed"]), f["lf"], ",".join(map(str, f["missed"]))))
        return 0
    groups = {}
    for name, f in files.items():
        keys = [folder_of(name)]
        if keys[0].startswith("src/games/"):
            keys.append("src/games")
        if "--files" in argv:
            keys = [name] if folder_of(name) == argv[argv.index("--files") + 1] or \
                os.path.dirname(name) == argv[argv.index("--files") + 1] else []
        for k in keys:
            g = groups.setdefault(k, [0, 0, 0, 0])
            g[0] += f["lh"]
            g[1] += f["lf"]
            g[2] += f["brh"]
            g[3] += f["brf"]
    md = "--markdown" in argv
    if md:
        print("| folder | lines | branches | target (lines / branches) |")
        print("|---|---|---|---|")
    else:
        print("%-28s %18s %18s  %s" % ("folder", "lines", "branches", "target"))
    missed = []
    for k in sorted(groups):
        lh, lf, bh, bf = groups[k]
        t = TARGETS.get(k)
        verdict = ""
        if t:
            ok = pct(lh, lf) >= t[0] and (t[1] is None or pct(bh, bf) >= t[1])
            verdict = "%s%% / %s %s" % (t[0], "%s%%" % t[1] if t[1] else "-", "met" if ok else "MISSED")
            if not ok:
                missed.append(k)
        line_s = "%5.1f%% (%d/%d)" % (pct(lh, lf), lh, lf)
        br_s = "%5.1f%% (%d/%d)" % (pct(bh, bf), bh, bf)
        if md:
            print("| `%s` | %s | %s | %s |" % (k, line_s, br_s, verdict))
        else:
            print("%-28s %18s %18s  %s" % (k, line_s, br_s, verdict))
    if "--files" not in argv:
        t = [sum(f[k] for f in files.values()) for k in ("lh", "lf", "brh", "brf")]
        line_s = "%5.1f%% (%d/%d)" % (pct(t[0], t[1]), t[0], t[1])
        br_s = "%5.1f%% (%d/%d)" % (pct(t[2], t[3]), t[2], t[3])
        if md:
            print("| **all of src/** | %s | %s | |" % (line_s, br_s))
        else:
            print("%-28s %18s %18s" % ("all of src/", line_s, br_s))
    if missed:
        print("targets missed: %s" % ", ".join(missed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
