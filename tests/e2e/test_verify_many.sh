# test_verify_many.sh: for every game, many generated replays (VERIFY_GAMES, default 1000 per
# game, built-in bots, varied seeds) all pass `arena verify`, and replays with a single changed
# action or frame fail it. Games not built into this arena are skipped by name. The games are played
# one `arena play` each, JOBS at a time, and verified as an organizer would a tournament's replays:
# many files to one `arena verify` (a process each would spend most of its time starting).
. tests/e2e/lib.sh
N=${VERIFY_GAMES:-1000}
JOBS=$(nproc 2>/dev/null || echo 2)

GAMES="rising_tide suitebot chicken splitter rezzo"   # the games play_one.sh knows how to set up

export ARENA
for game in $GAMES; do
  "$ARENA" list "$game" >/dev/null 2>&1 || { echo "# $game is not built into this arena"; continue; }
  dir="$T_TMP/$game"; mkdir -p "$dir"
  many() {
    seq 1 "$N" | xargs -P "$JOBS" -I{} sh tests/e2e/play_one.sh "$game" {} "$dir" 2>&1 | head -20 >"$T_TMP/fails"
    [ ! -s "$T_TMP/fails" ] || { cat "$T_TMP/fails"; return 1; }
    expect_eq "$(ls "$dir"/*.jsonl | wc -l)" "$N" "replays written" || return 1
    ls "$dir"/*.jsonl | xargs -P "$JOBS" -n $(((N + JOBS - 1) / JOBS)) "$ARENA" verify >"$T_TMP/oks" 2>"$T_TMP/fails" \
      || { head -20 "$T_TMP/fails"; return 1; }
    expect_eq "$(grep -c ': OK (' "$T_TMP/oks")" "$N" "replays verified OK"
  }
  t_step "$game: $N generated replays all verify" many
  tamper_action() {
    [ -f "$dir/7.jsonl" ] || return 1
    "$ARENA" verify "$dir/7.jsonl" --quiet || return 1
    python3 - "$dir/7.jsonl" "$T_TMP/bad.jsonl" <<'PY'
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
for r in recs[1:]:
    if r.get("type") != "turn": continue
    for s in r["seats"]:
        a = s.get("action")
        if a is None or s.get("verdict") != "ok": continue
        # a different action of the same shape: change one value
        if isinstance(a, list): a[-1] = a[-1] + 1 if isinstance(a[-1], int) else a[-1]
        elif isinstance(a, str): s["action"] = "pass" if a != "pass" else "H"
        elif isinstance(a, int): s["action"] = a + 1
        elif isinstance(a, dict): k = next(iter(a)); a[k] = (a[k] + 1) if isinstance(a[k], int) else a[k]
        break
    else:
        continue
    break
with open(sys.argv[2], "w") as f:
    for r in recs: f.write(json.dumps(r, separators=(",", ":")) + "\n")
PY
    "$ARENA" verify "$T_TMP/bad.jsonl" >"$T_TMP/o" 2>&1; [ $? -eq 1 ] || return 1
    grep -q "FAILED" "$T_TMP/o"
  }
  t_step "$game: one changed action fails verify" tamper_action
  tamper_frame() {
    [ -f "$dir/8.jsonl" ] || return 1
    python3 - "$dir/8.jsonl" "$T_TMP/bad.jsonl" <<'PY'
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
def bump(x):
    if isinstance(x, bool): return False
    if isinstance(x, int): return True
    return False
def change(o):
    if isinstance(o, dict):
        for k, v in o.items():
            if bump(v): o[k] = v + 1; return True
            if change(v): return True
    if isinstance(o, list):
        for i, v in enumerate(o):
            if bump(v): o[i] = v + 1; return True
            if change(v): return True
    return False
turns = [r for r in recs if r.get("type") == "turn"]
assert change(turns[len(turns) // 2]["frame"])
with open(sys.argv[2], "w") as f:
    for r in recs: f.write(json.dumps(r, separators=(",", ":")) + "\n")
PY
    "$ARENA" verify "$T_TMP/bad.jsonl" >"$T_TMP/o" 2>&1; [ $? -eq 1 ] || return 1
    grep -q "frame" "$T_TMP/o"
  }
  t_step "$game: one changed frame value fails verify" tamper_frame
done
t_done
