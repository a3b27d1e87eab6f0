#!/usr/bin/env python3
"""source_checks.py: checks of the source tree that no compiler makes (run by tests/python/test_source_checks.py).

  includes   a game's internal header (src/games/<id>/*.h) is included only from the game's own
             folder, src/compat/ and the list of games src/games/registry.c (docs/development.md
             "Layout")

Usage: scripts/source_checks.py [ROOT]   prints each problem as "path:line: message"; exit 1 if any.
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')

def _files(root, folders, exts):
    for folder in folders:
        base = os.path.join(root, folder)
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames.sort()
            for name in sorted(filenames):
                if name.endswith(exts):
                    yield os.path.relpath(os.path.join(dirpath, name), root)


def _read_lines(root, rel):
    with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
        return f.read().split("\n")


def include_problems(root):
    """Includes of a game's internal header from outside the game's folder and src/compat/."""
    problems = []
    for rel in _files(root, ["src"], (".c", ".h")):
        here = os.path.dirname(rel)
        for n, line in enumerate(_read_lines(root, rel), 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            target = os.path.normpath(os.path.join(here, m.group(1)))
            parts = target.split(os.sep)
            if len(parts) < 4 or parts[:2] != ["src", "games"]:
                continue  # not inside a game's folder (registry.h and the like are public)
            game_dir = os.path.join("src", "games", parts[2])
            if here == game_dir or here.startswith(game_dir + os.sep) or here == os.path.join("src", "compat"):
                continue
            if rel == os.path.join("src", "games", "registry.c"):
                continue  # the list of games names every game's table
            problems.append(f"{rel}:{n}: includes {target}, a game's internal header; only "
                            f"{game_dir}/ and src/compat/ may (docs/development.md)")
    return problems


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    problems = include_problems(root)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
