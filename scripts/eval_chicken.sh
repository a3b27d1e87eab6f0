#!/bin/sh
# eval_chicken.sh: the strength of Chicken's reference ladder (Chicken P10, issue 17), measured
# the way tournaments play: games in pairs sharing one seed with the colours swapped (colours=fixed,
# seat order alternating), so both colours and every set-up are played equally by both bots.
# Usage: scripts/eval_chicken.sh [GAMES] [CHAMPION_GAMES] [REAL_CLOCK_GAMES]   (run by `make eval`)
#   GAMES (default 400): per pairing of the built-in rungs (yolanda, greedy, tracker, searcher);
#   CHAMPION_GAMES (default 200): the champion (the starter-kit program under the sandbox) against
#     searcher and tracker with 1% of the real clock (a 3.6 s bank instead of 360 s);
#   REAL_CLOCK_GAMES (default 4): the champion against searcher at the real clock (360 s bank;
#     about six minutes a game).
# All counts must be even. The champion's games run on 2 worker processes (`arena tourney --jobs
# 2`). Prints, per pairing, the score rate of the first bot (win 1, tie 1/2) with a 95% confidence
# interval from the pair sums, the wins, ties and losses, and the first bot's verdicts. Results are
# recorded in docs/games/chicken.md. Environment: SEED (default 17), the champion's tournaments'
# seed (`arena tourney --seed`): another one plays other set-ups; TOURNEY_ARGS, more options for
# those tournaments, after the script's own (e.g. "--match-timeout 600 --retries 1").
# A champion's tournament with failed matches (a whole-match limit passed, a worker lost: `arena
# tourney` exits 1) does not stop the script: its line counts the games played and names the
# failed ones with their reasons, the other pairings are played, and the script exits 1 at the end
# naming the pairings with failed matches. So does a built-in pairing with a game that could not be
# played (`arena play` exit status not 0): its pair is left out of the count, and the line says so.
set -eu
cd "$(dirname "$0")/.."
ARENA=${ARENA:-bin/arena}
N=${1:-400}
NC=${2:-200}
NR=${3:-4}
SEED=${SEED:-17}
TOURNEY_ARGS=${TOURNEY_ARGS-}
failed="" # the pairings with failed matches, or games that could not be played
for n in "$N" "$NC" "$NR"; do
  [ $((n % 2)) -eq 0 ] || { echo "eval_chicken: game counts must be even" >&2; exit 2; }
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# summary A B FILE: FILE holds A's points per game, the two games of a pair on consecutive lines,
# and optionally A's verdict totals on a last line "verdicts L D I C".
summary() {
  python3 - "$1" "$2" "$3" "$4" <<'PY'
import math, sys
a, b, path, label = sys.argv[1:5]
lines = [l.split() for l in open(path)]
verdicts = next((l[1:] for l in lines if l[0] == "verdicts"), None)
pts = [float(l[0]) for l in lines if l[0] != "verdicts"]
n = len(pts)
if n == 0:
    print("%-9s vs %-8s %-14s    0 games played" % (a, b, label))
    sys.exit(0)
w, t = sum(p == 1 for p in pts), sum(p == 0.5 for p in pts)
rate = sum(pts) / n
# Games come in pairs on one seed: the interval uses the spread of the pair sums, which accounts
# for the correlation inside a pair.
pairs = [pts[i] + pts[i + 1] for i in range(0, n, 2)]
mean = sum(pairs) / len(pairs)
var = sum((p - mean) ** 2 for p in pairs) / (len(pairs) - 1) if len(pairs) > 1 else 0.25
half = 1.96 * math.sqrt(var / len(pairs)) / 2
v = "" if verdicts is None else "  verdicts late %s down %s invalid %s crash %s" % tuple(verdicts)
print("%-9s vs %-8s %-14s %4d games: %5.1f%% [%5.1f%%, %5.1f%%]  (W %d, T %d, L %d)%s" % (
    a, b, label, n, 100 * rate, 100 * max(0.0, rate - half), 100 * min(1.0, rate + half), w, t, n - w - t, v))
PY
}

# builtin A B: N games between two built-ins, one `arena play` each.
builtin() {
  a=$1 b=$2
  [ "$N" -gt 0 ] || return 0
  : >"$out/pts"
  i=0 lost=0
  while [ $i -lt $((N / 2)) ]; do
    seed=$((1000 + i))
    i=$((i + 1))
    # game 1: a is seat 0 = A; game 2: b is seat 0 = A. The first bot's points go to the file, a
    # pair's two games or neither: a game that could not be played (exit status not 0) was dropped
    # in silence, and the pairs after it were misaligned (an odd count stopped the summary).
    if ! g1=$("$ARENA" play chicken "builtin:$a" "builtin:$b" --option colours=fixed --seed $seed --display none --json) ||
      ! g2=$("$ARENA" play chicken "builtin:$b" "builtin:$a" --option colours=fixed --seed $seed --display none --json); then
      lost=$((lost + 1))
      continue
    fi
    printf '%s\n' "$g1" | sed -n 's/.*"scores":\[\([^,]*\),\([^]]*\)\].*/\1/p' >>"$out/pts"
    printf '%s\n' "$g2" | sed -n 's/.*"scores":\[\([^,]*\),\([^]]*\)\].*/\2/p' >>"$out/pts"
  done
  summary "$a" "$b" "$out/pts" "(built-ins)"
  [ "$lost" -eq 0 ] && return 0
  echo "  $lost of $((N / 2)) pairs not counted: a game of each could not be played (arena play's message is above)"
  failed="$failed, $a vs $b (built-ins)"
}

# champion B GAMES BANK_MS LABEL: the kit champion against builtin:B in a two-entrant tournament
# (seed-sharing pairs, seats swapped), 2 workers, the sandbox on; points and verdicts from the store.
champion() {
  b=$1 games=$2 bank=$3 label=$4
  [ "$games" -gt 0 ] || return 0
  db="$out/champion-$b-$bank.db"
  rc=0
  # shellcheck disable=SC2086 # TOURNEY_ARGS: options split at blanks
  "$ARENA" tourney chicken champion="$(dirname "$ARENA")/kits/chicken/champion" "builtin:$b" --games "$games" --bank-ms "$bank" \
    --jobs 2 --seed "$SEED" --db "$db" --quiet --match-timeout $((bank / 1000 * 3 + 300)) $TOURNEY_ARGS || rc=$?
  # 1: the tournament ran and some matches failed (they are not counted); anything else (2: a usage
  # error) is the script's mistake, and every pairing after would make it again
  [ "$rc" -le 1 ] || exit "$rc"
  python3 - "$db" >"$out/pts" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
rows = c.execute("""select m.seed_index, m.idx, s.score, s.late, s.down, s.invalid, s.crash from matches m
                    join seats s on s.tourney_id = m.tourney_id and s.match_idx = m.idx
                    join players p on p.tourney_id = s.tourney_id and p.idx = s.player
                    where p.name = 'champion' and m.status = 'done' order by m.seed_index, m.idx""").fetchall()
tot = [0, 0, 0, 0]
for r in rows:
    print(r[2])
    for k in range(4): tot[k] += r[3 + k]
print("verdicts", *tot)
PY
  summary champion "$b" "$out/pts" "$label"
  [ "$rc" -eq 0 ] && return 0
  failed="$failed, champion vs $b $label"
  python3 - "$db" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
rows = c.execute("select idx, error from matches where status = 'failed' order by idx").fetchall()
n = c.execute("select count(*) from matches").fetchone()[0]
print("  %d of %d matches failed (not counted):" % (len(rows), n))
for idx, error in rows:
    print("    match %d: %s" % (idx, error))
PY
}

echo "chicken ladder: $N games per built-in pairing, $NC champion games per pairing at 1% of the clock, $NR at the real clock"
for pair in greedy:yolanda tracker:greedy searcher:tracker searcher:greedy tracker:yolanda searcher:yolanda; do
  builtin "${pair%%:*}" "${pair#*:}"
done
champion searcher "$NC" 3600 "(3.6 s bank)"
champion tracker "$NC" 3600 "(3.6 s bank)"
champion searcher "$NR" 360000 "(360 s bank)"
if [ -n "$failed" ]; then
  echo "eval_chicken: matches failed in: ${failed#, }" >&2
  exit 1
fi
