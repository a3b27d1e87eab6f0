#!/bin/sh
# eval_splitter.sh: the strength of Splitter's built-in bots (not part of `make test`).
# Every bot plays the same games 0..N-1 of the seed string (default 1000 games of seed "eval") on
# each layout through `arena tester`; the per-game scores are read from the score blocks, and the
# mean per layout with a 95% t interval is printed as a Markdown table. With --write the table
# replaces the part of docs/games/splitter.md between <!-- eval:begin --> and <!-- eval:end -->.
# Usage: scripts/eval_splitter.sh [--games N] [--seed S] [--jobs J] [--bots "random greedy ..."] [--write]
set -eu
cd "$(dirname "$0")/.."
games=1000 seed=eval jobs=1 bots="random random_left greedy search" write=0
while [ $# -gt 0 ]; do
  case $1 in
    --games) games=$2; shift ;;
    --seed) seed=$2; shift ;;
    --jobs) jobs=$2; shift ;;
    --bots) bots=$2; shift ;;
    --write) write=1 ;;
    *) echo "usage: $0 [--games N] [--seed S] [--jobs J] [--bots LIST] [--write]" >&2; exit 2 ;;
  esac
  shift
done
[ -x bin/arena ] || make
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for bot in $bots; do
  for layout in 1 2; do
    start=$(date +%s.%N)
    bin/arena tester --seed "$seed" --games "$games" --layout "$layout" --jobs "$jobs" \
      --command "builtin:$bot" >"$tmp/$bot.$layout.out"
    end=$(date +%s.%N)
    echo "$start $end" >"$tmp/$bot.$layout.time"
    echo "$bot layout $layout done" >&2
  done
done
python3 - "$tmp" "$games" "$seed" "$jobs" $bots >"$tmp/table.md" <<'PY'
import math, sys
tmp, games, seed, jobs, bots = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5:]

def t975(df):
    # two-sided 95% quantile of Student's t (Cornish-Fisher expansion; exact enough for df >= 10)
    z = 1.959963984540054
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    return z + g1 / df + g2 / df**2 + g3 / df**3

def scores(path):
    out, cur = [], None
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.rstrip("\n")
        if line.startswith("Groups of "):
            cur = (cur or 0) + int(line.split()[-1])
        elif line.startswith("Star points ") and cur is not None:
            cur += int(line.split()[-1])
        elif line.startswith("Heart points ") and cur is not None:
            cur += 5
        elif line == "" and cur is not None:
            out.append(cur); cur = None
        elif line.startswith("Game ") and " scored 0: " in line:
            out.append(0)
        elif line.startswith("Points gotten "):
            assert sum(out) == int(line.split()[-1]), f"{path}: score blocks disagree with the summary"
    return out

rows, means = [], {}
for bot in bots:
    cells = []
    for layout in (1, 2):
        s = scores(f"{tmp}/{bot}.{layout}.out")
        n = len(s)
        assert n == games, f"{bot} layout {layout}: {n} games read, expected {games}"
        mean = sum(s) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in s) / (n - 1))
        half = t975(n - 1) * sd / math.sqrt(n)
        start, end = map(float, open(f"{tmp}/{bot}.{layout}.time").read().split())
        means[(bot, layout)] = mean
        cells.append(f"{mean:.2f} ± {half:.2f} (sd {sd:.1f})")
        cells.append(f"{(end - start) / n * 1000:.2f} ms")
    rows.append(f"| `{bot}` | " + " | ".join(cells) + " |")
print(f"Mean score per game over the same {games} games (seed string `{seed}`, games 0..{games - 1}) on each")
print(f"layout, ± the 95% t interval; wall time per game with `--jobs {jobs}` (built-in bots, through `arena tester`).")
print()
print("| bot | layout 1 | time/game | layout 2 | time/game |")
print("|---|---|---|---|---|")
print("\n".join(rows))
if ("random", 1) in means:
    print()
    for bot in bots:
        if bot == "random": continue
        r = [means[(bot, l)] / means[("random", l)] for l in (1, 2)]
        print(f"- `{bot}` / `random`: {r[0]:.2f}x on layout 1, {r[1]:.2f}x on layout 2")
PY
cat "$tmp/table.md"
if [ "$write" = 1 ]; then
  python3 - docs/games/splitter.md "$tmp/table.md" <<'PY'
import sys
doc, table = sys.argv[1], open(sys.argv[2]).read()
text = open(doc).read()
a, b = "<!-- eval:begin -->", "<!-- eval:end -->"
i, j = text.index(a) + len(a), text.index(b)
open(doc, "w").write(text[:i] + "\n" + table + text[j:])
PY
  echo "written into docs/games/splitter.md" >&2
fi
