# test_verify_many.sh: for every game, many generated replays (VERIFY_GAMES, default 1000 per
# game, built-in bots, varied seeds and seatings) all pass `arena verify`, and replays with a single
# changed action or frame fail it. Games not built into this arena are skipped by name. The games
# are played as an organizer's tournament would be, by one `arena tourney` per game (JOBS workers,
# --replays DIR: every match seed derived from the tournament's), and verified as the organizer
# would verify its replays: many files to one `arena verify`, JOBS at a time. (They were played by
# one `arena play` each, a process per replay: about 50 s a game of which most was starting
# processes; `arena play --replay` and verify are tested one replay at a time in test_cli.sh.)
. tests/e2e/lib.sh
N=${VERIFY_GAMES:-1000}
JOBS=$(nproc 2>/dev/null || echo 2)

GAMES="rising_tide suitebot chicken splitter rezzo"   # the games tourney_of knows how to set up

# tourney_of GAME DIR: plays N matches of GAME into DIR (the bots and options the replays had when
# each was an `arena play`):
# Rising Tide's four sample bots in random seatings; SuiteBot's three in 60-round games; Chicken's
# three, two at a time with the seats swapped in pairs; Splitter's random bot on N deals of both
# layouts; Rezzo's wanderer and attackers, 2 and 3 at a time, on quick 40x40 worlds of 300 ticks.
tourney_of() {
  game=$1 dir=$2
  t() { "$ARENA" tourney "$game" "$@" --db "$dir/t.db" --replays "$dir" --jobs "$JOBS" --seed 1 --quiet; }
  case $game in
  rising_tide) t builtin:random_rizhao builtin:trench_tunis builtin:border_barcelona builtin:level_los_angeles \
    --format random --games "$N" ;;
  suitebot) t builtin:random builtin:harvester builtin:miner --format random --games "$N" --option rounds=60 ;;
  chicken) t builtin:yolanda builtin:greedy builtin:tracker --format random --games "$N" ;;
  splitter) t builtin:random --games "$N" ;;
  rezzo)
    set -- wander=builtin:wander attacker=builtin:attacker attacker2=builtin:attacker --format random --quick \
      --option size=40x40 --option max_ticks=300 --option keyframe_every=40
    t "$@" --seats 2 --games $((N / 2)) && t "$@" --seats 3 --games $((N - N / 2)) ;;
  esac
}

export ARENA
for game in $GAMES; do
  "$ARENA" list "$game" >/dev/null 2>&1 || { echo "# $game is not built into this arena"; continue; }
  dir="$T_TMP/$game"; mkdir -p "$dir"
  many() {
    tourney_of "$game" "$dir" >"$T_TMP/o" 2>"$T_TMP/fails" || { head -20 "$T_TMP/o" "$T_TMP/fails"; return 1; }
    expect_eq "$(ls "$dir"/*.jsonl | wc -l)" "$N" "replays written" || return 1
    ls "$dir"/*.jsonl | xargs -P "$JOBS" -n $(((N + JOBS - 1) / JOBS)) "$ARENA" verify >"$T_TMP/oks" 2>"$T_TMP/fails" \
      || { head -20 "$T_TMP/fails"; return 1; }
    expect_eq "$(grep -c ': OK (' "$T_TMP/oks")" "$N" "replays verified OK" || return 1
    # the seeds vary: at least half of the replays' seeds are distinct (two-seat pairs share one)
    seeds=$(grep -o 'OK ([a-z_]*, [0-9]* [a-z]*, seed [0-9]*' "$T_TMP/oks" | sed 's/.*seed //' | sort -u | wc -l)
    [ "$seeds" -ge $((N / 2)) ] || { echo "only $seeds distinct seeds"; return 1; }
  }
  t_step "$game: $N generated replays all verify" many
  tamper_action() {
    r=$(ls "$dir"/*.jsonl | sed -n 7p)
    [ -f "$r" ] || return 1
    "$ARENA" verify "$r" --quiet || return 1
    python3 - "$r" "$T_TMP/bad.jsonl" <<'PY'
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
    r=$(ls "$dir"/*.jsonl | sed -n 8p)
    [ -f "$r" ] || return 1
    python3 - "$r" "$T_TMP/bad.jsonl" <<'PY'
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
