#!/usr/bin/env python3
"""Splitter starter bot (Python standard library only).

Speaks the original Tester's protocol (docs/games/splitter.md, section "Protocol"):
  in:  "W H R", then H lines of W cell codes (0 blank, 1 normal, 2 star, 3 heart),
       then one roll "d1 d2" per round, sent only after a legal placement;
  out: one line "v x y" per roll: v (one of the dice) goes to (x, y), the other die to (W-1-x, y).
There is no end message: after the last placement stdin is closed.

Strategy (a small version of Arena's builtin:greedy): for each free cell of the left half and each
way round of the dice, write the pair on a copy of the sheet and value the sheet: a group of v equal
dice scores v when it has exactly v cells (twice on a star), a smaller group that can still grow
counts half its size, all hearts equal scores 5. Play the best. Run it with:
  arena tester --games 200 --command python3 sdk/python/examples/splitter_starter.py
"""
import sys


def groups(sheet, w, h):
    """Yields (value, cells) for every group of orthogonally connected equal dice."""
    seen = set()
    for y in range(h):
        for x in range(w):
            v = sheet[y][x]
            if v == 0 or (x, y) in seen:
                continue
            cells, stack = [], [(x, y)]
            seen.add((x, y))
            while stack:
                cx, cy = stack.pop()
                cells.append((cx, cy))
                for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                    if 0 <= nx < w and 0 <= ny < h and (nx, ny) not in seen and sheet[ny][nx] == v:
                        seen.add((nx, ny))
                        stack.append((nx, ny))
            yield v, cells


def value(sheet, layout, w, h):
    total = 0.0
    for v, cells in groups(sheet, w, h):
        m = 2 if any(layout[y][x] == 2 for x, y in cells) else 1
        if len(cells) == v:
            total += v * m
        elif len(cells) < v:
            open_cell = any(
                0 <= nx < w and 0 <= ny < h and layout[ny][nx] != 0 and sheet[ny][nx] == 0
                for x, y in cells
                for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)))
            if open_cell:
                total += len(cells) * m / 2
    hearts = [sheet[y][x] for y in range(h) for x in range(w) if layout[y][x] == 3]
    filled = [v for v in hearts if v]
    if filled and len(set(filled)) == 1:
        total += 5 if len(filled) == len(hearts) else 2.5 * len(filled) / len(hearts)
    return total


def main():
    read = sys.stdin.readline
    w, h, _rounds = map(int, read().split())
    layout = [list(map(int, read().split())) for _ in range(h)]
    sheet = [[0] * w for _ in range(h)]
    for line in sys.stdin:
        d1, d2 = map(int, line.split())
        best = None
        for y in range(h):
            for x in range(w // 2):
                if layout[y][x] == 0 or sheet[y][x]:
                    continue
                for v, other in ((d1, d2), (d2, d1)) if d1 != d2 else ((d1, d2),):
                    sheet[y][x], sheet[y][w - 1 - x] = v, other
                    score = value(sheet, layout, w, h)
                    sheet[y][x] = sheet[y][w - 1 - x] = 0
                    if best is None or score > best[0]:
                        best = (score, v, x, y)
        _, v, x, y = best
        sheet[y][x], sheet[y][w - 1 - x] = v, (d2 if v == d1 else d1)
        print(v, x, y, flush=True)


if __name__ == "__main__":
    main()
