# test_tourney.sh: arena tourney, standings and report as a user meets them: a small Rising Tide
# tournament with built-in bots, resuming (after completion, and after SIGKILL at random moments:
# nothing finished is lost and the store stays consistent), misbehaving bots that must not stall
# the others (a hanging bot, a crashing bot, a worker that dies, the whole-match limit), the
# standings as JSON and CSV, and the HTML report. Timed parts use wide margins.
. tests/e2e/lib.sh
BOTS="builtin:seawall_sydney builtin:random_rizhao builtin:trench_tunis builtin:pass_perth builtin:border_barcelona"
SMALL="--option rounds=50 --seed 7 --games 4"

# The store: SQLite files, or (run by test_tourney_pg.sh, ARENA_TEST_PGHOST set) databases of a
# throwaway PostgreSQL cluster; tests/e2e/storedb.py reads either from Python.
export PYTHONPATH="$(pwd)/tests/e2e${PYTHONPATH:+:$PYTHONPATH}"
# db NAME: the --db value of a fresh store NAME, made (a PostgreSQL database created) on first use
# and kept in $T_TMP/.db-NAME: a Python and a createdb for each of the hundred uses cost half a
# minute of a loaded machine. It is what storedb.target gives, made here: on PostgreSQL a database
# createdb makes, on SQLite a file's name in $T_TMP (a Python start for each of the 30 stores cost
# 0.1 s of CPU, in make test and again in make sanitize).
db() {
  if [ ! -s "$T_TMP/.db-$1" ]; then
    if pg; then
      "${ARENA_TEST_PGBIN:+$ARENA_TEST_PGBIN/}createdb" -h "$ARENA_TEST_PGHOST" -U postgres "$1" >/dev/null 2>&1
      echo "postgresql:///$1?host=$ARENA_TEST_PGHOST&user=postgres" >"$T_TMP/.db-$1"
    else
      echo "$T_TMP/$1.db" >"$T_TMP/.db-$1"
    fi
  fi
  read -r _db <"$T_TMP/.db-$1" && echo "$_db"
}
pg() { [ -n "${ARENA_TEST_PGHOST:-}" ]; }
# sql DB QUERY: prints the rows of a query, fields separated by |, NULL as None (as Python prints
# it). On PostgreSQL psql runs it directly: through Python (storedb.py, which runs psql too) each
# query cost 0.16 s of CPU instead of 0.05, and the same 36 queries printed the same rows.
sql() {
  if pg; then
    "${ARENA_TEST_PGBIN:+$ARENA_TEST_PGBIN/}psql" "$1" -X -q -A -t -F '|' -P null=None -v ON_ERROR_STOP=1 -c "$2"
    return
  fi
  python3 - "$1" "$2" <<'PY'
import storedb, sys
con = storedb.connect(sys.argv[1])
for row in con.execute(sys.argv[2]):
    print("|".join(str(v) for v in row))
PY
}

small_round_robin() {
  "$ARENA" tourney rising_tide $BOTS $SMALL --jobs 2 --db "$(db rr)" --replays "$T_TMP/rp" \
    >"$T_TMP/out" 2>"$T_TMP/err" || { cat "$T_TMP/err"; return 1; }
  expect_eq "$(sql "$(db rr)" "select count(*) from matches where status='done'")" 20 "stored matches" || return 1
  expect_eq "$(sql "$(db rr)" "select count(*) from seats")" 80 "stored seats" || return 1
  pg || expect_eq "$(sql "$(db rr)" "pragma journal_mode")" wal "journal mode" || return 1
  expect_contains "$T_TMP/out" "20 of 20 matches stored" || return 1
  expect_contains "$T_TMP/out" "Seawall Sydney" || return 1
  # not a terminal: one plain line per finished match, with rate, ETA and leader
  expect_eq "$(grep -c '^\[[0-9]*/20\] .* games/s  ETA .* leader: .* | match ' "$T_TMP/out")" 20 "progress lines" || return 1
  # every replay exists and verifies
  expect_eq "$(ls "$T_TMP/rp" | wc -l)" 20 "replays" || return 1
  "$ARENA" verify "$(sql "$(db rr)" "select replay from matches where idx=7")" >/dev/null
}
t_step "rt_8 a small round robin with built-ins: 20 matches stored, progress, replays verify" small_round_robin

rt_8_seat_rotation_in_the_store() {
  # Each of the 5 groups of 4 plays 4 games, each entrant in every seat once per group.
  expect_eq "$(sql "$(db rr)" "select count(distinct player || '-' || seat) from seats")" 20 "player-seat pairs" || return 1
  expect_eq "$(sql "$(db rr)" "select min(c) || ' ' || max(c) from (select count(*) c from seats group by player, seat) t")" "4 4"
}
t_step "rt_8 seat rotation: every entrant sits in every seat equally" rt_8_seat_rotation_in_the_store

resume_after_completion() {
  # ordered by hand: neither engine promises a row order without ORDER BY (PostgreSQL changed it
  # once under load)
  before=$(sql "$(db rr)" "select idx, finished from matches order by idx")
  "$ARENA" tourney rising_tide $BOTS $SMALL --jobs 2 --db "$(db rr)" --replays "$T_TMP/rp" >"$T_TMP/out" 2>&1 || return 1
  expect_contains "$T_TMP/out" "nothing to play: all 20 matches are stored" || return 1
  expect_eq "$(sql "$(db rr)" "select idx, finished from matches order by idx")" "$before" "finish times" || return 1
  expect_eq "$(sql "$(db rr)" "select count(*) from tourneys")" 1 "tournaments"
}
t_step "resume after completion does nothing" resume_after_completion

same_command_same_games() {
  "$ARENA" tourney rising_tide $BOTS $SMALL --jobs 1 --db "$(db again)" --quiet || return 1
  q="select idx, seed, seat, player, score, rank from matches join seats on match_idx = idx order by idx, seat"
  expect_eq "$(sql "$(db again)" "$q")" "$(sql "$(db rr)" "$q")" "results of the same command"
}
t_step "the same command gives the same games (1 worker or 2)" same_command_same_games

seedless_resume() {
  "$ARENA" tourney rising_tide $BOTS --option rounds=20 --games 4 --db "$(db s)" --quiet 2>"$T_TMP/err" || return 1
  expect_contains "$T_TMP/err" "the same command resumes it" || return 1
  "$ARENA" tourney rising_tide $BOTS --option rounds=20 --games 4 --db "$(db s)" >"$T_TMP/out" 2>"$T_TMP/err" || return 1
  expect_contains "$T_TMP/err" "resuming the stored tournament with seed" || return 1
  expect_contains "$T_TMP/out" "nothing to play" || return 1
  expect_eq "$(sql "$(db s)" "select count(*) from tourneys")" 1 "tournaments"
}
t_step "without --seed the same command resumes the stored tournament" seedless_resume

# A bot rebuilt between two runs of one tournament plays the matches left as it is now: every
# resume says so (the first run's files stay the reference), and a resume with unchanged files
# (or files changed back) says nothing.
quiet_about_files() {
  if grep -q "changed since" "$T_TMP/err"; then echo "unexpected:"; cat "$T_TMP/err"; return 1; fi
}
changed_bot_on_resume() {
  printf 'import util\n\ndef f(terrain, round_num):\n    return None\n\nmy_bot = util.make_bot("Me", "ME", f)\n' \
    >"$T_TMP/me.py"
  cp "$T_TMP/me.py" "$T_TMP/me.orig"
  run() { "$ARENA" tourney rising_tide "me=python:$T_TMP/me.py" builtin:random_rizhao --fill builtin:pass_perth \
            --games 4 --option rounds=20 --seed 3 --db "$(db fp)" "$@"; }
  run --quiet 2>"$T_TMP/err" || return 1
  quiet_about_files || return 1
  run --quiet 2>"$T_TMP/err" || return 1
  quiet_about_files || return 1
  printf '# version 2\n' >>"$T_TMP/me.py"
  for k in 1 2; do
    run >"$T_TMP/out" 2>"$T_TMP/err" || return 1
    expect_contains "$T_TMP/out" "nothing to play" || return 1
    expect_contains "$T_TMP/err" "entrant me (python:$T_TMP/me.py) changed since this tournament was first run: its 4 stored matches were played by the earlier files, and nothing is left to play. To rate this version, give it another name (me2=python:$T_TMP/me.py)" || return 1
  done
  cp "$T_TMP/me.orig" "$T_TMP/me.py"
  run --quiet 2>"$T_TMP/err" || return 1
  quiet_about_files || return 1
  # stopped after its first match, then resumed with other files: the matches left are named
  python3 - "$ARENA" "$T_TMP" "$(db fp2)" <<'PY' || return 1
import signal, subprocess, sys
arena, tmp, db = sys.argv[1:4]
cmd = [arena, "tourney", "rising_tide", "me=python:%s/me.py" % tmp, "builtin:random_rizhao", "--fill",
       "builtin:pass_perth", "--games", "8", "--option", "rounds=200", "--seed", "3", "--jobs", "1",
       "--progress", "plain", "--db", db]
p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
for line in p.stdout:
    if "| match" in line:
        p.send_signal(signal.SIGINT)
        break
p.communicate(timeout=120)
assert p.returncode == 1, p.returncode
with open(tmp + "/me.py", "a") as f:
    f.write("# version 3\n")
r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
assert r.returncode == 0, r.stderr
import re
m = re.search(r"entrant me \(python:\S+\) changed since this tournament was first run: its (\d+) stored matches "
              r"were played by the earlier files, the (\d+) matches left are played by these\. To rate this version "
              r"on its own, give it another name \(me2=python:\S+\)", r.stderr)
assert m, r.stderr
assert int(m.group(1)) >= 1 and int(m.group(1)) + int(m.group(2)) == 8, m.groups()
PY
}
t_step "a bot whose files changed since the first run is named on every resume, with what to do" changed_bot_on_resume

kill_and_resume() {
  python3 - "$ARENA" "$T_TMP" <<'PY'
import os, random, re, signal, storedb, subprocess, sys, time
arena, tmp = sys.argv[1], sys.argv[2]
bots = ["builtin:seawall_sydney", "builtin:random_rizhao", "builtin:trench_tunis",
        "builtin:pass_perth", "builtin:border_barcelona", "builtin:level_los_angeles"]
def cmd(db):
    return [arena, "tourney", "rising_tide"] + bots + ["--games", "4", "--seed", "99", "--jobs", "2",
            "--option", "rounds=400", "--db", db, "--progress", "plain"]
def rows(db):
    con = storedb.connect(db)
    if not storedb.has_table(con, "seats"):
        r = []  # killed before the schema was committed: an empty store
    else:
        r = con.execute("select m.idx, m.seed, s.seat, s.player, s.score, s.rank from matches m join seats s "
                        "on s.match_idx = m.idx order by m.idx, s.seat").fetchall()
    ok = storedb.integrity(con)
    con.close()
    return r, ok
ref = storedb.target(tmp, "ref")
subprocess.run(cmd(ref), check=True, stdout=subprocess.DEVNULL)
want, ok = rows(ref)
assert ok == "ok" and len(want) == 60 * 4, len(want)
db = storedb.target(tmp, "killed")
rng = random.Random(int(os.environ.get("ARENA_TEST_SEED", "0")) or None)
kills = 0
for attempt in range(12):
    p = subprocess.Popen(cmd(db), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    time.sleep(rng.uniform(0.02, 0.3))
    if p.poll() is not None:
        p.communicate()
        break
    p.send_signal(signal.SIGKILL)
    out, _ = p.communicate()
    kills += 1
    # Every match the runner reported as finished (printed after its commit) is in the store.
    reported = {int(m) for m in re.findall(r"\| match (\d+)", out)}
    have, ok = rows(db)
    assert ok == "ok", ok
    stored = {r[0] for r in have}
    assert reported <= stored, ("lost", sorted(reported - stored))
    for r in have:  # and what is stored is exactly what an uninterrupted run stores
        assert r in want, ("differs", r)
subprocess.run(cmd(db), check=True, stdout=subprocess.DEVNULL)
have, ok = rows(db)
assert ok == "ok"
assert have == want, "the resumed tournament differs from the uninterrupted one"
assert kills >= 1, kills
print("killed", kills, "times")
PY
}
t_step "resume after SIGKILL at random moments loses nothing; integrity_check ok" kill_and_resume

hang_and_crash() {
  # A bot that never answers (the referee's hard limit takes its seat down) and one that dies at
  # once; the other matches go on, and no bot process is left behind. The start-up allowance is
  # a second: with 100 ms, a machine at load 20 once started the crasher too late, and its
  # seat went down before it could crash. Each of the hanger's 16 matches waits out that second:
  # 4 workers wait 4 at a time (2 took 8 s of the step's 14).
  cp tests/bots/tourney/hang.sh "$T_TMP/hang_bot.sh"
  start=$(date +%s)
  "$ARENA" tourney rising_tide builtin:seawall_sydney "h=$T_TMP/hang_bot.sh" c=tests/bots/tourney/crash.sh \
    builtin:pass_perth builtin:trench_tunis --option rounds=30 --seed 3 --games 4 --jobs 4 --move-ms 50 \
    --hard-ms 150 --startup-ms 1000 --db "$(db hc)" --stderr-dir "$T_TMP/se" >"$T_TMP/out" 2>&1 || { cat "$T_TMP/out"; return 1; }
  # --stderr-dir keeps what the crasher said, one folder per match
  expect_eq "$(cat "$T_TMP"/se/t1-m*/seat*.stderr | grep -c 'crash.sh: bye')" 16 "stderr files" || return 1
  # 20 matches finished; 16 games each: the crasher crashed in every one, the hanger went down in
  # every one (one query: a Python for each cost a second of a loaded machine)
  expect_eq "$(sql "$(db hc)" "select (select count(*) from matches where status='done'),
    (select sum(crash) from seats where player=2), (select sum(down) from seats where player=1)")" "20|16|16" \
    "finished matches|crashes|downs" || return 1
  # and the organizer is told to look at both (they were two bottom rows with a count in a column)
  expect_contains "$T_TMP/out" "note: c was down or crashed in every one of its 16 games: \`$ARENA play\` with it says why" ||
    return 1
  expect_contains "$T_TMP/out" "note: h was down or crashed in every one of its 16 games" || return 1
  if grep "^note: .* was down" "$T_TMP/out" | grep -v "^note: [ch] "; then return 1; fi
  [ $(( $(date +%s) - start )) -lt 120 ] || { echo "took too long"; return 1; }
  sleep 0.2
  if pgrep -f "$T_TMP/hang_bot.sh" >/dev/null; then echo "a hanging bot was left running"; return 1; fi
}
t_step "a hanging bot and a crashing bot do not stall the others" hang_and_crash

# A bot printing without flushing is late at every turn and never put down (the game moves on at
# the soft limit): its row said only "late 32", in the summary and in `arena standings`, where
# `arena play` told it to flush. One note per entrant (not per game), with play's advice.
late_unflushed_is_noted() {
  printf 'import sys\nfor line in sys.stdin:\n    if line.strip() == "go":\n        print("pass")\n' >"$T_TMP/lnf.py"
  "$ARENA" tourney rising_tide a=builtin:pass_perth b=builtin:trench_tunis c=builtin:seawall_sydney \
    "nf=python3 $T_TMP/lnf.py" --games 4 --option rounds=8 --startup-ms 1000 --seed 1 --db "$(db lnf)" >"$T_TMP/out" 2>&1 ||
    { cat "$T_TMP/out"; return 1; }
  note="note: nf was late at every turn of its 4 games: if it prints, its output may sit in a buffer: flush every line, \
Python print(..., flush=True) or python3 -u, C fflush(stdout) (\`$ARENA play\` with it says whether it wrote anything)"
  expect_contains "$T_TMP/out" "$note" || return 1
  expect_eq "$(grep -c "^note: " "$T_TMP/out")" 1 "notes" || { cat "$T_TMP/out"; return 1; }
  "$ARENA" standings --db "$(db lnf)" >"$T_TMP/st" 2>&1 || { cat "$T_TMP/st"; return 1; }
  expect_contains "$T_TMP/st" "$note" || return 1
}
t_step "an entrant late at every turn of every game is told to flush its output, once" late_unflushed_is_noted

whole_match_limit() {
  cp tests/bots/tourney/hang.sh "$T_TMP/hang_bot2.sh"
  "$ARENA" tourney rising_tide builtin:seawall_sydney "h=$T_TMP/hang_bot2.sh" builtin:pass_perth builtin:trench_tunis \
    builtin:random_rizhao --option rounds=30 --seed 3 --games 2 --jobs 2 --no-timeout --match-timeout 0.5 \
    --retries 0 --db "$(db wl)" >"$T_TMP/out" 2>&1; rc=$?
  # not done: exit 1, saying how many failed (it was 0, as if the standings were complete)
  [ $rc -eq 1 ] || { echo "exit $rc"; cat "$T_TMP/out"; return 1; }
  expect_contains "$T_TMP/out" "arena: 8 of 10 matches failed and are not counted" || return 1
  # 4 of the 5 groups of 4 hold the hanging bot: 8 failed matches; the other group's 2 are done
  expect_eq "$(sql "$(db wl)" "select status, count(*) from matches group by status order by status")" "done|2
failed|8" "statuses" || return 1
  expect_contains "$T_TMP/out" "passed the whole-match limit of 0.5 s" || return 1
  sleep 0.2
  if pgrep -f "$T_TMP/hang_bot2.sh" >/dev/null; then echo "a hanging bot was left running"; return 1; fi
  # a second run keeps the failed matches as they are; --retry-failed plays them again
  "$ARENA" tourney rising_tide builtin:seawall_sydney "h=$T_TMP/hang_bot2.sh" builtin:pass_perth builtin:trench_tunis \
    builtin:random_rizhao --option rounds=30 --seed 3 --games 2 --jobs 2 --no-timeout --match-timeout 0.5 \
    --retries 0 --db "$(db wl)" >"$T_TMP/out" 2>&1
  [ $? -eq 1 ] || return 1
  expect_contains "$T_TMP/out" "nothing to play" || return 1
  expect_contains "$T_TMP/out" "arena: 8 of 10 matches failed and are not counted"
}
t_step "the whole-match limit stops a hung match; it is stored as failed, never lost" whole_match_limit

worker_dies() {
  rm -rf "$T_TMP/marker"
  "$ARENA" tourney rising_tide builtin:seawall_sydney "k=tests/bots/tourney/kill_worker.sh $T_TMP/marker kits=$KITS" \
    builtin:pass_perth builtin:trench_tunis --option rounds=30 --seed 3 --games 4 --jobs 2 --db "$(db wd)" \
    --sandbox off >"$T_TMP/out" 2>&1 || { cat "$T_TMP/out"; return 1; }
  expect_contains "$T_TMP/out" "the worker process was killed by signal 9" || return 1
  expect_contains "$T_TMP/out" "playing it again (attempt 2)" || return 1
  expect_eq "$(sql "$(db wd)" "select count(*), sum(attempts) from matches where status='done'")" "4|5" "matches|attempts" || return 1
  sleep 0.2
  if pgrep -f "kill_worker.sh $T_TMP/marker" >/dev/null; then echo "the orphaned bot was left running"; return 1; fi
}
# (the bot kills its worker on purpose: something the sandbox exists to prevent, so it runs without)
t_step "a worker that dies is noticed, its orphaned bot killed and its match played again" worker_dies

standings_formats() {
  "$ARENA" standings --db "$(db rr)" >"$T_TMP/table" || return 1
  expect_contains "$T_TMP/table" "95% interval" || return 1
  "$ARENA" standings --db "$(db rr)" --json >"$T_TMP/j" || return 1
  "$ARENA" standings --db "$(db rr)" --csv >"$T_TMP/c" || return 1
  # tourney --json prints the same object (progress, if any, goes to stderr)
  "$ARENA" tourney rising_tide $BOTS $SMALL --db "$(db rr)" --replays "$T_TMP/rp" --json >"$T_TMP/tj" 2>/dev/null || return 1
  cmp "$T_TMP/j" "$T_TMP/tj" || return 1
  python3 - "$T_TMP/j" "$T_TMP/c" "$(db rr)" <<'PY'
import csv, json, math, statistics, storedb, sys
d = json.load(open(sys.argv[1]))
assert d["game"] == "rising_tide" and d["ranking"] == "mean_score" and d["matches"] == 20
names = [p["name"] for p in d["players"]]
assert len(names) == 5 and "Seawall Sydney" in names
con = storedb.connect(sys.argv[3])
index = dict(con.execute("select name, idx from players"))  # read once (on PostgreSQL each query is a psql)
stored = con.execute("select player, score from seats").fetchall()
for p in d["players"]:
    assert p["games"] == 16, p
    lo, hi = p["ci95"]
    assert lo <= p["mean"] <= hi
    # the mean is the mean of the stored scores
    scores = [score for (player, score) in stored if player == index[p["name"]]]
    assert abs(statistics.mean(scores) - p["mean"]) < 1e-9
    if p["sd"]:
        assert abs(statistics.stdev(scores) - p["sd"]) < 1e-9
means = [p["mean"] for p in d["players"]]
assert means == sorted(means, reverse=True)
rows = list(csv.DictReader(open(sys.argv[2])))
assert [r["name"] for r in rows] == names
assert all(int(r["games"]) == 16 for r in rows)
PY
}
t_step "standings --json and --csv agree with the stored scores" standings_formats
# Standings written to a full disk (`> grades.csv`) were cut or empty, with exit status 0.
standings_to_a_full_disk_say_so() {
  [ -w /dev/full ] || { echo "# no /dev/full here"; return 0; }
  for args in "standings --db $(db rr) --csv" "standings --db $(db rr) --json" "tourney --db $(db rr) --status"; do
    "$ARENA" $args >/dev/full 2>"$T_TMP/e"; rc=$?
    [ $rc -eq 1 ] || { echo "arena $args: exit $rc"; cat "$T_TMP/e"; return 1; }
    expect_contains "$T_TMP/e" "arena: error: standard output could not be written whole (No space left on device)" ||
      return 1
  done
  # a reader that stops early is not a failure, nor is a closed stdout
  "$ARENA" standings --db "$(db rr)" 2>"$T_TMP/e" | head -n 1 >/dev/null
  [ ! -s "$T_TMP/e" ] || { cat "$T_TMP/e"; return 1; }
  "$ARENA" standings --db "$(db rr)" >&- 2>"$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
}
t_step "standings, --status: an output that cannot be written whole (a full disk) is exit 1, saying so" \
  standings_to_a_full_disk_say_so
# --list names the stored tournaments, --tourney ID picks one, and an ID the store does not hold
# says where to look (it said only "no tournament 99 in the store").
standings_pick_a_tourney() {
  "$ARENA" standings --db "$(db rr)" --list >"$T_TMP/l" || return 1
  id=$(awk 'NR == 2 { print $1 }' "$T_TMP/l")
  expect_contains "$T_TMP/l" "rising_tide" || return 1
  "$ARENA" standings --db "$(db rr)" --tourney "$id" --csv >"$T_TMP/c1" || return 1
  "$ARENA" standings --db "$(db rr)" --csv >"$T_TMP/c2" || return 1
  cmp "$T_TMP/c1" "$T_TMP/c2" || return 1
  "$ARENA" standings --db "$(db rr)" --tourney 999 >/dev/null 2>"$T_TMP/e"
  expect_eq $? 1 "exit status" || return 1
  expect_contains "$T_TMP/e" "no tournament 999 in the store (--list shows the tournaments $(db rr) holds)"
}
t_step "standings --list, --tourney ID, and an unknown ID says where to look" standings_pick_a_tourney

report_pieces() {
  mkdir -p "$T_TMP/site"
  "$ARENA" report --db "$(db rr)" -o "$T_TMP/site/report.html" >/dev/null || return 1
  f="$T_TMP/site/report.html"
  for piece in "<h2>Standings</h2>" "<svg" "<h2>Pairwise results</h2>" "Seawall Sydney" 'class="matrix"' \
      "<h2>Matches</h2>" 'href="../rp/t1-m000000.jsonl"' "95% interval"; do
    expect_contains "$f" "$piece" || return 1
  done
  # every replay link and every "watch" link (the viewer page next to the replay) resolves from
  # the report's folder; each page carries the viewer and its replay
  python3 - "$f" <<'PY' || return 1
import os, re, sys
html = open(sys.argv[1]).read()
links = re.findall(r'href="([^"]+\.jsonl)"', html)
watch = re.findall(r'href="([^"]+)">watch</a>', html)
assert len(links) == 20 and len(watch) == 20, (len(links), len(watch))
base = os.path.dirname(sys.argv[1])
assert all(os.path.exists(os.path.join(base, l)) for l in links + watch)
assert all(w[:-len(".html")] == l[:-len(".jsonl")] for w, l in zip(watch, links))
page = open(os.path.join(base, watch[0])).read()
assert page.lower().startswith("<!doctype html>") and "arena-replay" in page, page[:200]
assert html.count("<circle") == 5
PY
  # --views 3: three pages (kept from the run above), the rest link the replay only; --views 0: none
  rm "$T_TMP"/rp/t1-m00001*.html
  "$ARENA" report --db "$(db rr)" -o "$T_TMP/site/r3.html" --views 3 >/dev/null || return 1
  expect_eq "$(grep -o '>watch</a>' "$T_TMP/site/r3.html" | wc -l)" 3 "watch links" || return 1
  [ ! -e "$T_TMP/rp/t1-m000010.html" ] || { echo "a page beyond --views was written"; return 1; }
  "$ARENA" report --db "$(db rr)" -o "$T_TMP/site/r0.html" --views 0 >/dev/null || return 1
  ! grep -q '>watch</a>' "$T_TMP/site/r0.html" || return 1
  "$ARENA" report --db "$(db rr)" -o "$T_TMP/site/r0.html" --views x 2>/dev/null; [ $? -eq 2 ]
}
t_step "report: standings, interval plot, pairwise matrix, replay links, viewer pages (watch)" report_pieces

terminal_progress_line() {
  python3 - "$ARENA" "$(db tty)" "$(db tty40)" <<'PY'
import fcntl, os, pty, re, struct, sys, termios
arena, db, db40 = sys.argv[1], sys.argv[2], sys.argv[3]

def on_pty(args, cols=None):
    """Runs arena ARGS on a new terminal (COLS wide when given), checks it exits 0, returns its output."""
    pid, fd = pty.fork()
    if pid == 0:
        if cols:
            fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack("HHHH", 24, cols, 0, 0))
        os.execv(arena, [arena] + args)
    out = b""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    _, status = os.waitpid(pid, 0)
    text = out.decode()
    assert os.WEXITSTATUS(status) == 0, text
    return text

# On a terminal: one line redrawn in place (carriage return, clear to end of line), then the table.
text = on_pty(["tourney", "rising_tide", "builtin:seawall_sydney", "builtin:random_rizhao", "builtin:trench_tunis",
               "builtin:pass_perth", "builtin:border_barcelona", "--option", "rounds=200", "--seed", "5", "--games", "8",
               "--db", db])
assert "\r\x1b[K[0/40] " in text, text[:400]
redraws = text.count("\r\x1b[K[")
assert redraws >= 1 and "| match" not in text, text[:400]
assert "ETA" in text and "leader: " in text
assert "40 of 40 matches stored" in text

# A terminal narrower than the line: the line is cut to its width (it wrapped, and every redraw
# left the wrapped part behind: a new line each quarter second). Process bots, one match at a
# time: the line is redrawn with the leader's long name (the kit program itself, not bin/kits'
# links to it: on PostgreSQL an entrant's file travels in the store, and a link is refused).
kit = os.path.realpath(os.path.join(os.path.dirname(arena), "arena-kit")) + " rising_tide "
text = on_pty(["tourney", "rising_tide", "a_rather_long_entrant_name=" + kit + "seawall_sydney",
               "r=" + kit + "random_rizhao", "t=" + kit + "trench_tunis", "p=" + kit + "pass_perth",
               "--option", "rounds=300", "--seed", "5", "--games", "12", "--jobs", "1", "--db", db40], cols=40)
lines = re.findall(r"\r\x1b\[K(\[[^\r\n]*)", text)
assert len(lines) >= 2 and lines[0].startswith("[0/12] "), lines
assert all(len(l) <= 39 for l in lines), [l for l in lines if len(l) > 39]
PY
}
t_step "on a terminal the progress is one line redrawn in place, cut to the terminal's width" terminal_progress_line

chicken_8_2_round_robin_pairs_and_elo() {
  "$ARENA" tourney chicken builtin:yolanda builtin:greedy builtin:tracker builtin:searcher --games 2 --seed 1 \
    --db "$(db ch)" --replays "$T_TMP/chr" --history "$T_TMP/chh" --json >"$T_TMP/j" 2>"$T_TMP/err" ||
    { cat "$T_TMP/err"; return 1; }
  # --history: one match JSON of the original's per match, its A, B and result those of the store
  python3 - "$T_TMP/chh" "$(db ch)" <<'PY' || return 1
import collections, json, os, re, storedb, sys
con = storedb.connect(sys.argv[2])
names = {i: re.sub(r"[^A-Za-z0-9._-]", "_", n) for (i, n) in con.execute("select idx, name from players")}
want = collections.Counter()
seats = collections.defaultdict(list)  # the store read once (on PostgreSQL each query is a psql)
for (m, player, rank) in con.execute("select s.match_idx, s.player, s.rank from matches m join seats s "
                                     "on s.match_idx = m.idx order by s.match_idx, s.seat"):
    seats[m].append((player, rank))
for (p0, r0), (p1, r1) in seats.values():
    want[(names[p0], names[p1], 0 if r0 < r1 else 1 if r0 > r1 else 2)] += 1
got = collections.Counter()
for f in os.listdir(sys.argv[1]):
    d = json.load(open(os.path.join(sys.argv[1], f)))
    assert list(d)[0] == "pos" and len(d["pos"]) == d["turn_count"], f
    a, b = next((x, y) for x in names.values() for y in names.values() if f.startswith(x + "_" + y + "_"))
    got[(a, b, d["result"])] += 1
assert got == want and sum(got.values()) == 12, (got, want)
PY
  # 6 pairings x one pair of games sharing a seed, colours swapped (colours=fixed: seat 0 is A)
  expect_eq "$(sql "$(db ch)" "select count(*) from matches")" 12 "matches" || return 1
  expect_eq "$(sql "$(db ch)" "select count(*) from (select seed_index from matches group by seed_index having count(distinct seed) = 1 and count(*) = 2) t")" 6 "pairs sharing a seed" || return 1
  expect_eq "$(sql "$(db ch)" "select count(*) from seats a join seats b on a.match_idx + 1 = b.match_idx and a.match_idx % 2 = 0 and a.seat = 0 and b.seat = 1 and a.player = b.player")" 6 "swapped seats" || return 1
  grep -q '"colours":"fixed"' "$T_TMP/chr/t1-m000003.jsonl" || { echo "colours are not fixed"; return 1; }
  "$ARENA" verify "$T_TMP/chr/t1-m000003.jsonl" >/dev/null || return 1
  python3 - "$T_TMP/j" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["ranking"] == "elo" and d["matches"] == 12
for p in d["players"]:
    assert p["games"] == 6 and p["ci95"][0] < p["rating"] < p["ci95"][1], p
assert abs(sum(p["rating"] for p in d["players"]) / 4 - 1500) < 0.01  # rounded to 0.01 in JSON
assert d["advantage"] is not None
# chicken_8_3 grade lines: every entrant is a built-in, so a reference; the last is above nobody
assert all(p["reference"] for p in d["players"]) and d["players"][-1]["above_references"] == []
for p in d["players"]:
    assert p["name"] not in p["above_references"]
    assert all(q["rating"] < p["rating"] for q in d["players"] if q["name"] in p["above_references"]), p
PY
  "$ARENA" standings --db "$(db ch)" >"$T_TMP/t" && expect_contains "$T_TMP/t" "grade lines" || return 1
  "$ARENA" report --db "$(db ch)" -o "$T_TMP/ch.html" && expect_contains "$T_TMP/ch.html" "<h2>Grade lines</h2>"
}
t_step "chicken_8_2 round robin: seed-sharing pairs with colours swapped, Elo fit" chicken_8_2_round_robin_pairs_and_elo

chicken_8_2_sprt() {
  "$ARENA" tourney chicken old=builtin:greedy new=builtin:tracker --sprt 0,50 --seed 1 --db "$(db sprt)" \
    >"$T_TMP/out" 2>&1 || { cat "$T_TMP/out"; return 1; }
  expect_contains "$T_TMP/out" "H1 accepted: new is stronger than old" || return 1
  expect_eq "$(sql "$(db sprt)" "select sprt_result from tourneys")" H1 "stored decision" || return 1
  n=$(sql "$(db sprt)" "select count(*) from matches")
  [ "$n" -lt 20000 ] || { echo "played $n games"; return 1; }
  "$ARENA" tourney chicken old=builtin:greedy new=builtin:tracker --sprt 0,50 --seed 1 --db "$(db sprt)" >"$T_TMP/out" 2>&1 || return 1
  expect_contains "$T_TMP/out" "nothing to play: the SPRT has decided" || return 1
  expect_eq "$(sql "$(db sprt)" "select count(*) from matches")" "$n" "matches after the re-run" || return 1
  # --json has the verdict the text prints ("SPRT: H1 accepted"), in standings and tourney alike
  expect_eq "$("$ARENA" standings --db "$(db sprt)" --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["sprt"])')" \
    H1 "standings --json sprt" || return 1
  expect_eq "$("$ARENA" tourney chicken old=builtin:greedy new=builtin:tracker --sprt 0,50 --seed 1 --db "$(db sprt)" --json 2>/dev/null |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["sprt"])')" H1 "tourney --json sprt" || return 1
  # the report words the verdict as the command does: it said "LLR 2.966 within (-2.944, 2.944)"
  # of an LLR past the bound, and "undecided" of a test that had reached its --games cap
  "$ARENA" report --db "$(db sprt)" -o "$T_TMP/sprt.html" >/dev/null || return 1
  grep -q "LLR [0-9.]*, bounds (-2.944, 2.944): <b>H1 accepted</b>" "$T_TMP/sprt.html" ||
    { grep -o "LLR.\{0,80\}" "$T_TMP/sprt.html"; return 1; }
  ! grep -q "within" "$T_TMP/sprt.html" || return 1
  "$ARENA" tourney chicken old=builtin:greedy new=builtin:greedy --sprt 0,10 --games 6 --seed 1 --db "$(db sprt6)" \
    >"$T_TMP/out" 2>&1 || { cat "$T_TMP/out"; return 1; }
  expect_contains "$T_TMP/out" "inconclusive after the maximum of 6 games (raise --games to go on)" || return 1
  "$ARENA" report --db "$(db sprt6)" -o "$T_TMP/sprt6.html" >/dev/null || return 1
  expect_contains "$T_TMP/sprt6.html" "<b>inconclusive after the maximum of 6 games (raise --games to go on)</b>" ||
    return 1
  "$ARENA" standings --db "$(db sprt6)" >"$T_TMP/sprt6.txt" || return 1
  expect_contains "$T_TMP/sprt6.txt" "SPRT: inconclusive after the maximum of 6 games (raise --games to go on)" || return 1
  expect_eq "$("$ARENA" standings --db "$(db sprt6)" --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["sprt"])')" \
    inconclusive "standings --json sprt at the cap" || return 1
  # a tournament that is no SPRT: null
  expect_eq "$("$ARENA" standings --db "$(db ch)" --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["sprt"])')" \
    None "standings --json sprt of a round robin"
}
t_step "chicken_8_2 SPRT from the command line: H1 accepted and stored; re-running plays nothing; the report's verdict" \
  chicken_8_2_sprt

splitter_8_shared_games() {
  "$ARENA" tourney splitter builtin:random builtin:greedy builtin:random_left --games 10 --seed 5 --db "$(db sp)" \
    --replays "$T_TMP/spr" --json >"$T_TMP/j" 2>"$T_TMP/err" || { cat "$T_TMP/err"; return 1; }
  "$ARENA" standings --db "$(db sp)" >"$T_TMP/spt" || return 1
  grep -q "layout 1 layout 2 .*ms/game" "$T_TMP/spt" || return 1
  # built-ins play inside the referee, which does not time them: "-", not a measured "0.0" ms a game
  grep -q "^1   Greedy .* - *- *0 *0 *0 *0$" "$T_TMP/spt" || { cat "$T_TMP/spt"; return 1; }
  expect_contains "$T_TMP/spt" "(- for a built-in, which it does not time)" || return 1
  # every entrant plays games 0..9; game g: the dice of (S, g), layout 1 for even g and 2 for odd
  expect_eq "$(sql "$(db sp)" "select count(distinct seed_index), min(c), max(c) from (select seed_index, count(*) c from matches group by seed_index) t")" "10|3|3" "shared games" || return 1
  grep -q '"layout":"both","game":"7","seed_string":"5"' "$T_TMP/spr/t1-m000022.jsonl" || { head -c 300 "$T_TMP/spr/t1-m000022.jsonl"; return 1; }
  "$ARENA" verify "$T_TMP/spr/t1-m000022.jsonl" >/dev/null || return 1
  python3 - "$T_TMP/j" "$(db sp)" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["ranking"] == "mean_score" and d["matches"] == 30
top = d["players"][0]
assert top["name"] == "Greedy" and top["games"] == 10
assert top["diff_next"] > 0 and top["diff_next_ci95"][0] > 0 and top["separated"]
# Splitter S8's report: the means per layout (even games layout 1, odd 2), times per game, the budget flag
import storedb
con = storedb.connect(sys.argv[2])
for p in d["players"]:
    idx = con.execute("select idx from players where name = ?", (p["name"],)).fetchone()[0]
    rows = con.execute("select seed_index, score, think_ms from seats join matches on matches.idx = match_idx "
                       "where player = ?", (idx,)).fetchall()
    for layout, parity in (("1", 0), ("2", 1)):
        sc = [s for (g, s, _) in rows if g % 2 == parity]
        assert p["by_layout"][layout]["games"] == len(sc) == 5, p
        assert abs(p["by_layout"][layout]["mean"] - sum(sc) / len(sc)) < 1e-9, p
    assert abs(p["max_game_ms"] - max(t for (_, _, t) in rows)) < 1e-3 and p["over_budget"] is False, p
PY
}
t_step "splitter_8 every entrant plays the same games; paired differences" splitter_8_shared_games

splitter_8_same_dice_as_the_tester() {
  # arena tourney splitter --seed 5 deals, game by game, the dice of the Tester's --seed 5 (Splitter R7)
  "$ARENA" tester --seed 5 --games 4 --layout 1 --command builtin:greedy >"$T_TMP/t" 2>&1 || return 1
  want=$(sed -n 's/^Points gotten //p' "$T_TMP/t")
  "$ARENA" tourney splitter builtin:greedy --games 4 --seed 5 --option layout=1 --db "$(db spt)" --quiet || return 1
  expect_eq "$(sql "$(db spt)" "select cast(sum(score) as int) from seats")" "$want" "total points" || return 1
  # layout=1 given: every game on layout 1, so one layout column
  "$ARENA" standings --db "$(db spt)" --json | python3 -c '
import json, sys
p = json.load(sys.stdin)["players"][0]
assert list(p["by_layout"]) == ["1"] and p["by_layout"]["1"]["games"] == 4, p'
}
t_step "splitter_8 a tournament deals the Tester's dice for the same seed" splitter_8_same_dice_as_the_tester

suitebot_8_place_points() {
  "$ARENA" tourney suitebot builtin:hold builtin:random builtin:harvester builtin:miner --seed 5 --db "$(db sb)" \
    --json >"$T_TMP/j" 2>"$T_TMP/err" || { cat "$T_TMP/err"; return 1; }
  python3 - "$T_TMP/j" "$(db sb)" <<'PY'
import json, storedb, sys
d = json.load(open(sys.argv[1]))
assert d["ranking"] == "place_points" and d["matches"] == 4  # one melee of 4, every seat rotation
con = storedb.connect(sys.argv[2])
table = [25, 20, 16, 13, 11, 9, 7, 6]
# the store read once (on PostgreSQL each query is a psql)
index = dict(con.execute("select name, idx from players"))
ranks = {}  # match -> [(player, rank)]
for (m, player, rank) in con.execute("select match_idx, player, rank from seats order by match_idx, seat"):
    ranks.setdefault(m, []).append((player, rank))
for p in d["players"]:
    idx = index[p["name"]]
    pts = []
    for seats in ranks.values():
        for mine in [r for (pl, r) in seats if pl == idx]:
            tied = [r for (_, r) in seats].count(mine)
            pts.append(sum(table[mine - 1 + k] for k in range(tied)) / tied)
    assert abs(sum(pts) / len(pts) - p["mean"]) < 1e-9, (p, pts)
PY
}
t_step "suitebot_8 place points per game, ties averaged" suitebot_8_place_points

suitebot_8_rounds_format() {
  # The original's format: rounds of 3 games, every entrant in each, place points x round multiplier.
  "$ARENA" tourney suitebot m=builtin:miner h=builtin:harvester r=builtin:random z=builtin:hold --format rounds \
    --multipliers 10,14 --seed 4 --jobs 2 --db "$(db sbr)" >"$T_TMP/out" 2>"$T_TMP/err" || { cat "$T_TMP/err"; return 1; }
  expect_contains "$T_TMP/out" "6 of 6 matches stored" || return 1
  expect_contains "$T_TMP/out" "total" || return 1
  # more than 8 entrants: every entrant plays the same number of games, at tables of 5
  "$ARENA" tourney suitebot $(for i in 0 1 2 3 4 5 6 7 8 9; do printf 'p%d=builtin:random ' $i; done) --format rounds \
    --rounds 1 --seed 4 --db "$(db sbr10)" --quiet || return 1
  "$ARENA" standings --db "$(db sbr)" --json >"$T_TMP/j" || return 1
  "$ARENA" standings --db "$(db sbr10)" --json >"$T_TMP/j10" || return 1
  python3 - "$T_TMP/j" "$(db sbr)" "$T_TMP/j10" "$(db sbr10)" <<'PY'
import json, storedb, sys
table = [25, 20, 16, 13, 11, 9, 7, 6]
def check(jpath, db, mult, games_each, table_sizes):
    d = json.load(open(jpath))
    con = storedb.connect(db)
    sizes = sorted(n for (n,) in con.execute("select nseats from matches"))
    assert sizes == table_sizes, sizes
    # the store read once (on PostgreSQL each query is a psql)
    index = dict(con.execute("select name, idx from players"))
    seats = con.execute("select match_idx, seed_index, player, rank from seats "
                        "join matches on matches.idx = match_idx").fetchall()
    for p in d["players"]:
        idx = index[p["name"]]
        total, games = 0.0, 0
        for (m, si, _, mine) in [row for row in seats if row[2] == idx]:
            ranks = [r for (mm, _, _, r) in seats if mm == m]
            tied = ranks.count(mine)
            rnd = si >> 20
            total += (mult[rnd] if rnd < len(mult) else 1) * sum(table[mine - 1 + k] for k in range(tied)) / tied
            games += 1
        assert games == games_each == p["games"], (p, games)
        assert abs(total - p["total"]) < 1e-6, (p, total)
        assert abs(total / games - p["mean"]) < 1e-6, (p, total)
    return d
d = check(sys.argv[1], sys.argv[2], [10, 14], 6, [4] * 6)
# the round's multiplier matters: the rows are in the order of the totals
totals = [p["total"] for p in d["players"]]
assert totals == sorted(totals, reverse=True), totals
check(sys.argv[3], sys.argv[4], [], 3, [5] * 6)
PY
  [ $? -eq 0 ] || return 1
  "$ARENA" report --db "$(db sbr)" -o "$T_TMP/sbr.html" || return 1
  expect_contains "$T_TMP/sbr.html" "<th>total</th>" || return 1
  "$ARENA" tourney suitebot builtin:miner builtin:hold --format rounds --games 3 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "use --rounds" || return 1
  "$ARENA" tourney suitebot builtin:miner builtin:hold --history "$T_TMP" 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "no record format of its own" || return 1
  "$ARENA" tourney suitebot builtin:miner builtin:hold --multipliers 10,14 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "belong to --format rounds" || return 1
  "$ARENA" tourney suitebot builtin:miner builtin:hold --format rounds --multipliers 10,x 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "positive numbers" || return 1
  "$ARENA" tourney splitter builtin:greedy --format rounds --db "$(db x)" 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "played alone"
}
t_step "suitebot_8 rounds format: 3-game rounds, every entrant each game, multipliers, >8 entrants at equal tables" suitebot_8_rounds_format

usage() {
  "$ARENA" tourney rising_tide builtin:pass_perth builtin:trench_tunis --db "$(db u)" 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  # one sentence saying what to do (it was the game's own words, then a second piece of advice)
  expect_eq "$(cat "$T_TMP/e")" "arena: error: a rising_tide match has 4 seats but there are only 2 entrants: add \
entrants, or give --fill SEAT to fill the empty seats (e.g. --fill builtin:pass_perth; the filler is not ranked)" \
    "the refusal" || return 1
  "$ARENA" tourney rising_tide a=builtin:pass_perth b=builtin:trench_tunis --fill builtin:pass_perth --option rounds=10 \
    --db "$(db u)" --quiet || return 1
  expect_eq "$(sql "$(db u)" "select count(*) from seats where player = -1")" 8 "filler seats" || return 1
  "$ARENA" tourney rising_tide builtin:pass_perth builtin:pass_perth builtin:a builtin:b 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  "$ARENA" tourney rising_tide builtin:pass_perth builtin:pass_perth 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "two entrants are named" || return 1
  "$ARENA" tourney rising_tide a=builtin:pass_perth b=builtin:pass_perth --sprt 0,10 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "two-seat game; rising_tide is played by exactly 4 seats" || return 1
  # an empty anchor name anchored nothing and was taken in silence
  "$ARENA" tourney chicken builtin:greedy builtin:tracker --anchor '' --db "$(db u)" 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "--anchor '': expected an entrant's name" || return 1
  # a name that is no entrant's anchored nothing either: the tables fell back to the mean
  "$ARENA" tourney chicken builtin:greedy builtin:tracker --anchor Grdy --db "$(db u)" 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "--anchor Grdy: no entrant has that name (entrants: Greedy, Tracker)" || return 1
  "$ARENA" standings --db "$(db none)" 2>"$T_TMP/e"; [ $? -eq 1 ] || return 1
  # a database nothing was stored in (PostgreSQL) is not taken for an older store to migrate
  if pg; then expect_contains "$T_TMP/e" "holds no tournament"; else expect_contains "$T_TMP/e" "no store there"; fi ||
    return 1
  "$ARENA" tourney --help | grep -q "usage: arena tourney" && "$ARENA" standings --help | grep -q "usage: arena standings" &&
    "$ARENA" report --help | grep -q "usage: arena report"
}
t_step "rt_8 --fill, usage errors and help" usage

# standings and report took an --anchor that is no entrant's with a warning and exit 0 (tourney
# refuses it), and in a game ranked by its mean score any --anchor changed nothing: tourney said not
# a word, standings "no rated entrant of that name" of an entrant it had.
anchor_checked_everywhere() {
  for c in standings report; do
    o=; [ $c = report ] && o="-o $T_TMP/a.html"
    "$ARENA" $c --db "$(db ch)" --anchor Nobody $o 2>"$T_TMP/e" >/dev/null; rc=$?
    [ $rc -eq 2 ] || { echo "$c: exit $rc"; cat "$T_TMP/e"; return 1; }
    expect_contains "$T_TMP/e" "--anchor Nobody: no entrant has that name (entrants: " || return 1
    "$ARENA" $c --db "$(db rr)" --anchor "Seawall Sydney" $o 2>"$T_TMP/e" >/dev/null; rc=$?
    [ $rc -eq 2 ] || { echo "$c: exit $rc"; cat "$T_TMP/e"; return 1; }
    expect_contains "$T_TMP/e" "--anchor Seawall Sydney: rising_tide is ranked by mean score, not by an Elo fit" ||
      return 1
  done
  "$ARENA" tourney rising_tide $BOTS $SMALL --db "$(db rr)" --anchor "Seawall Sydney" >/dev/null 2>"$T_TMP/e"; rc=$?
  [ $rc -eq 2 ] || { echo "tourney: exit $rc"; cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/e" "rising_tide is ranked by mean score, not by an Elo fit" || return 1
  # an entrant's name still anchors the scale
  name=$("$ARENA" standings --db "$(db ch)" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["players"][1]["name"])')
  "$ARENA" standings --db "$(db ch)" --anchor "$name" >"$T_TMP/t" || return 1
  expect_contains "$T_TMP/t" "Elo scale: $name = 1500"
}
t_step "--anchor: no entrant's name, or a game not rated by Elo, is a usage error in standings, report and tourney" \
  anchor_checked_everywhere

# A game option the game refuses when it sets up (rounds=0: the option table takes any number) failed
# every match, one by one, and the command said so only at its end ("N of M matches failed", exit 1).
# The first match is made as a worker makes it, before anything is stored or queued: the game's own
# message, exit 2, as `arena play` gives for the same option; a store already there is left as it was.
bad_option_refused_before_any_match() {
  "$ARENA" play rising_tide builtin:pass_perth builtin:pass_perth builtin:pass_perth builtin:pass_perth \
    --option rounds=0 --display none >/dev/null 2>"$T_TMP/play_e"; [ $? -eq 2 ] || return 1
  msg="arena: error: option rounds=0: expected an integer from 1 to 800"
  expect_contains "$T_TMP/play_e" "$msg" || return 1
  for w in 2 0; do # local workers, or only the queue (for workers elsewhere)
    "$ARENA" tourney rising_tide a=builtin:pass_perth b=builtin:trench_tunis --fill builtin:pass_perth \
      --option rounds=0 --games 4 --workers $w --db "$T_TMP/bad$w.db" >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
    [ $rc -eq 2 ] || { echo "--workers $w: exit $rc"; cat "$T_TMP/e"; return 1; }
    expect_contains "$T_TMP/e" "$msg" || return 1
    if grep -q "cannot be played\|matches failed\|seed " "$T_TMP/e"; then cat "$T_TMP/e"; return 1; fi
    [ ! -e "$T_TMP/bad$w.db" ] || { echo "--workers $w: a store was made"; return 1; }
  done
  # an SPRT's pairs too (Chicken's spawn row, checked by its setup)
  "$ARENA" tourney chicken a=builtin:greedy b=builtin:tracker --sprt 0,10 --option spawn=9 --db "$T_TMP/bads.db" \
    >"$T_TMP/o" 2>"$T_TMP/e"; [ $? -eq 2 ] || { cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/e" "arena: error: option spawn=9: expected random or a row from 1 to 6" || return 1
  [ ! -e "$T_TMP/bads.db" ] || { echo "sprt: a store was made"; return 1; }
  # into a store that holds a tournament (db u: --fill's above): refused the same, nothing added
  before=$(sql "$(db u)" "select count(*) from tourneys")-$(sql "$(db u)" "select count(*) from matches")
  "$ARENA" tourney rising_tide a=builtin:pass_perth b=builtin:trench_tunis --fill builtin:pass_perth --option rounds=0 \
    --db "$(db u)" >"$T_TMP/o" 2>"$T_TMP/e"; [ $? -eq 2 ] || { cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/e" "$msg" || return 1
  expect_eq "$(sql "$(db u)" "select count(*) from tourneys")-$(sql "$(db u)" "select count(*) from matches")" \
    "$before" "tournaments-matches in the store" || return 1
  # and that tournament resumes as before: nothing to play
  "$ARENA" tourney rising_tide a=builtin:pass_perth b=builtin:trench_tunis --fill builtin:pass_perth --option rounds=10 \
    --db "$(db u)" >"$T_TMP/o" 2>&1 || { cat "$T_TMP/o"; return 1; }
  expect_contains "$T_TMP/o" "nothing to play"
}
t_step "a game option the game refuses stops the tourney before any match (exit 2, the game's message)" \
  bad_option_refused_before_any_match

# An option the tournament sets itself in every game (Chicken P8.2's colours=fixed, Splitter's game
# number and seed string) was overridden silently: colours=random played colours=fixed.
option_the_tournament_sets_is_refused() {
  for a in "chicken builtin:greedy builtin:tracker --option colours=random" \
           "splitter builtin:greedy --option game=3" "splitter builtin:greedy --option seed_string=7"; do
    # shellcheck disable=SC2086
    "$ARENA" tourney $a --games 2 --db "$(db sets)" >/dev/null 2>"$T_TMP/e"; rc=$?
    expect_eq "$rc" 2 "exit status of: tourney $a" || return 1
    expect_contains "$T_TMP/e" "leave the option out" || return 1
    pg || [ ! -e "$(db sets)" ] || { echo "a store was made for: $a"; return 1; }
  done
  expect_contains "$T_TMP/e" "seed_string itself, game by game" || return 1
  # the value the tournament uses anyway is taken
  "$ARENA" tourney chicken builtin:greedy builtin:tracker --option colours=fixed --games 2 --seed 1 \
    --db "$(db sets)" --quiet || return 1
  expect_eq "$(sql "$(db sets)" "select count(*) from matches where status = 'done'")" 2 "games played"
}
t_step "an option the tournament sets itself is refused, not overridden silently" option_the_tournament_sets_is_refused

# A requirement is a worker's tag: '%' (a LIKE wildcard in the claim) was given to untagged
# workers, and a ',' no tag holds left the matches queued forever. An untagged worker with
# --exit-when-empty waited forever for matches it may never play.
require_is_a_tag() {
  for req in '%' '_' 'a,b' ''; do
    "$ARENA" tourney chicken builtin:greedy builtin:tracker --games 2 --seed 1 --db "$(db req)" --workers 0 \
      --require "$req" >/dev/null 2>"$T_TMP/e"; [ $? -eq 2 ] || { echo "--require '$req' taken"; return 1; }
    expect_contains "$T_TMP/e" "letters, digits" || return 1
  done
  "$ARENA" tourney chicken builtin:greedy builtin:tracker --games 2 --seed 1 --db "$(db req)" --workers 0 \
    --require fast --quiet || return 1
  rm -f "$T_TMP/wrc"
  ("$ARENA" worker --db "$(db req)" --jobs 1 --poll 0.1 --exit-when-empty --quiet 2>"$T_TMP/we"; echo $? >"$T_TMP/wrc") &
  p=$!
  if ! wait_until 30 test -s "$T_TMP/wrc"; then
    pkill -TERM -P $p; wait $p; echo "the untagged worker waited on"; return 1
  fi
  wait $p
  expect_eq "$(cat "$T_TMP/wrc")" 0 "the untagged worker's exit status" || return 1
  expect_eq "$(sql "$(db req)" "select count(*) from matches")" 0 "matches played untagged" || return 1
  # it says what it left and what plays it (it said "no match left": the organizer went home)
  expect_contains "$T_TMP/we" "no match left that it may play; 2 queued need a tag it lacks: \`" || return 1
  expect_contains "$T_TMP/we" " worker --db ... --tag fast\` plays them" || return 1
  "$ARENA" worker --db "$(db req)" --jobs 1 --poll 0.1 --exit-when-empty --quiet --tag x --tag fast 2>"$T_TMP/we" || return 1
  ! grep -q "need a tag" "$T_TMP/we" || { cat "$T_TMP/we"; return 1; }
  expect_eq "$(sql "$(db req)" "select count(*) from matches where status = 'done'")" 2 "matches played tagged"
}
t_step "--require takes a tag; an untagged --exit-when-empty worker does not wait for its matches" require_is_a_tag

# The command run again says what is left requires: it kept the first run's tag, so the same
# command without --require (or with another) waited forever on a tag no worker had.
require_changes_on_resume() {
  T="chicken builtin:greedy builtin:tracker --games 4 --seed 1 --db $(db req2)"
  "$ARENA" tourney $T --workers 0 --require nosuch --quiet || return 1
  expect_eq "$(sql "$(db req2)" "select count(*) from jobs where requires = 'nosuch'")" 4 "jobs requiring nosuch" || return 1
  "$ARENA" tourney $T --workers 0 --require fast --quiet || return 1
  expect_eq "$(sql "$(db req2)" "select count(*) from jobs where requires = 'fast'")" 4 "jobs requiring fast" || return 1
  timeout 60 "$ARENA" tourney $T --jobs 2 --quiet || { echo "the run without --require did not finish"; return 1; }
  expect_eq "$(sql "$(db req2)" "select count(*) from matches where status = 'done'")" 4 "matches played"
}
t_step "the same command with another --require (or none) changes what the matches left require" require_changes_on_resume

# --require TAG with local workers (no --workers 0): they have no tag, so they played nothing and the
# command waited in silence, forever if no tagged worker came. Now it starts none, says what it
# waits for, and ends when a tagged worker has played the matches; --tag gives its workers the tag.
require_without_the_local_tag_says_so() {
  D=$(db req3)
  T="chicken builtin:greedy builtin:tracker --games 2 --seed 1 --db $D"
  "$ARENA" tourney $T --jobs 2 --require fast >"$T_TMP/out" 2>"$T_TMP/err" &
  p=$!
  if ! wait_until 30 grep -q "need a worker tagged 'fast'" "$T_TMP/err"; then
    kill $p; wait $p; cat "$T_TMP/err"; echo "no word of what it waits for"; return 1
  fi
  expect_contains "$T_TMP/err" "its 2 matches left need a worker tagged 'fast', and this command's workers have no such tag (--tag fast gives them one): it waits for \`$ARENA worker --db " || { kill $p; return 1; }
  expect_contains "$T_TMP/err" " --tag fast\` to play them" || { kill $p; return 1; }
  "$ARENA" worker --db "$D" --jobs 1 --poll 0.1 --exit-when-empty --quiet --tag fast || { kill $p; return 1; }
  if ! wait_until 30 sh -c "! kill -0 $p 2>/dev/null"; then kill $p; wait $p; echo "it waited on after the matches were played"; return 1; fi
  wait $p || { echo "exit status $?"; return 1; }
  expect_contains "$T_TMP/out" "2 of 2 matches stored" || return 1
  # --tag gives this command's workers the tag: they play
  timeout 60 "$ARENA" tourney chicken builtin:greedy builtin:tracker --games 2 --seed 2 --db "$D" --jobs 2 \
    --require fast --tag slow --tag fast --quiet 2>"$T_TMP/err" || { cat "$T_TMP/err"; return 1; }
  ! grep -q "need a worker tagged" "$T_TMP/err" || return 1
  expect_eq "$(sql "$D" "select count(*) from matches where status = 'done'")" 4 "matches played" || return 1
  # --status says what the queued matches wait for
  "$ARENA" tourney chicken builtin:greedy builtin:tracker --games 2 --seed 3 --db "$D" --workers 0 --require nosuch \
    --quiet && "$ARENA" tourney --db "$D" --status >"$T_TMP/st" || return 1
  expect_contains "$T_TMP/st" "2 queued need a worker tagged 'nosuch' and no running worker has it: start \`$ARENA worker --db ... --tag nosuch\`" || return 1
  for bad in "--tag fast --workers 0" "--tag a,b"; do
    "$ARENA" $T $bad >/dev/null 2>"$T_TMP/e"; [ $? -eq 2 ] || { echo "$bad taken"; return 1; }
  done
}
t_step "--require TAG without the tag on the local workers says what it waits for; --tag gives it to them" \
  require_without_the_local_tag_says_so

# --retries, --match-timeout (and --replays) given again on resume were not applied: the first run's, stored in
# each queued match, won in silence. The command run again sets them for the matches left.
retries_and_match_timeout_apply_on_resume() {
  cp tests/bots/tourney/hang.sh "$T_TMP/hang3.sh"
  T="chicken builtin:greedy h=$T_TMP/hang3.sh --games 2 --seed 1 --no-timeout --db $(db retr)"
  "$ARENA" tourney $T --workers 0 --retries 0 --match-timeout 5 --quiet || return 1
  timeout 120 "$ARENA" tourney $T --jobs 2 --retries 2 --match-timeout 0.5 >"$T_TMP/out" 2>&1
  [ $? -eq 1 ] || { cat "$T_TMP/out"; return 1; } # its matches failed: not done
  expect_eq "$(sql "$(db retr)" "select status, attempts from matches order by idx")" "failed|3
failed|3" "statuses and attempts" || return 1
  expect_contains "$T_TMP/out" "passed the whole-match limit of 0.5 s" || return 1
  sleep 0.2
  if pgrep -f "$T_TMP/hang3.sh" >/dev/null; then echo "a hanging bot was left running"; return 1; fi
  # --replays given on resume: the matches queued without it write their replays (another
  # tournament of the same store: a new store costs a Python, a second of a loaded machine)
  T="chicken builtin:greedy builtin:tracker --games 2 --seed 1 --db $(db retr)"
  "$ARENA" tourney $T --workers 0 --quiet && "$ARENA" tourney $T --jobs 2 --replays "$T_TMP/rp3" --quiet || return 1
  expect_eq "$(ls "$T_TMP/rp3" | wc -l)" 2 "replays written"
}
t_step "--retries, --match-timeout and --replays given again on resume apply to the matches left" \
  retries_and_match_timeout_apply_on_resume

# A password in the --db URL (postgresql://user:PASSWORD@host/db, or libpq's ?password=PASSWORD)
# is shown as *** in every message: arena tourney wrote the URL as given ("nothing to play: all 2
# matches are stored in postgresql://u:PASSWORD@..."), and ?password= was shown everywhere.
password_never_shown() {
  D=$(db pw)
  W="postgresql://postgres:s3cret@${D#postgresql://}&password=s3cret"
  T="chicken builtin:greedy builtin:tracker --games 2 --db $W"
  "$ARENA" tourney $T --seed 1 --workers 0 >"$T_TMP/pw" 2>&1 &&
    "$ARENA" tourney $T --seed 1 --jobs 2 --require fast >>"$T_TMP/pw" 2>&1 &
  p=$!
  wait_until 30 grep -q "need a worker tagged" "$T_TMP/pw" || { kill $p; return 1; }
  "$ARENA" worker --db "$W" --tag fast --exit-when-empty --poll 0.1 >>"$T_TMP/pw" 2>&1 || { kill $p; return 1; }
  wait $p || return 1
  "$ARENA" tourney $T --seed 1 --jobs 1 >>"$T_TMP/pw" 2>&1 || return 1
  expect_contains "$T_TMP/pw" "nothing to play: all 2 matches are stored in postgresql://postgres:***@" || return 1
  "$ARENA" standings --db "$W" --tourney 99 >>"$T_TMP/pw" 2>&1
  expect_contains "$T_TMP/pw" "--list shows the tournaments postgresql://postgres:***@" || return 1
  expect_contains "$T_TMP/pw" "&password=***" || return 1
  if grep -n s3cret "$T_TMP/pw"; then return 1; fi
}
t_step_if pg "a PostgreSQL store's URL (test_tourney_pg.sh runs it)" \
  "a password in a PostgreSQL --db URL is never shown (user:PASSWORD@ and ?password=)" password_never_shown

# A worker told to stop (SIGTERM) while it waits for a PostgreSQL server that is not up exits 0, as
# it does once connected: it exited 1 in silence (a failed unit for systemd, a failed task for Slurm).
worker_stopped_while_waiting_for_the_store() {
  "$ARENA" worker --db "postgresql:///arena?host=$T_TMP/no-server" --jobs 1 >/dev/null 2>"$T_TMP/we" &
  p=$!
  wait_until 30 grep -q "trying again" "$T_TMP/we" || { kill -9 $p; cat "$T_TMP/we"; return 1; }
  kill -TERM $p
  wait $p
  expect_eq $? 0 "exit status" || { cat "$T_TMP/we"; return 1; }
  expect_contains "$T_TMP/we" "arena worker: stopped before the store could be reached"
}
t_step "arena worker stopped while it waits for a PostgreSQL server exits 0, saying so" \
  worker_stopped_while_waiting_for_the_store

# An advantage just below zero was printed "seat-0 advantage: -0 Elo".
advantage_never_minus_zero() {
  "$ARENA" tourney chicken builtin:greedy builtin:tracker builtin:searcher builtin:yolanda --games 2 --seed 1 \
    --db "$(db adv)" --jobs 2 --quiet || return 1
  "$ARENA" standings --db "$(db adv)" >"$T_TMP/adv" || return 1
  expect_contains "$T_TMP/adv" "seat-0 advantage: +0 Elo" || return 1
  ! grep -q -- "-0 Elo" "$T_TMP/adv" || return 1
  # and in the report, which printed it unrounded: "Seat-0 advantage: -0 Elo"
  "$ARENA" report --db "$(db adv)" -o "$T_TMP/adv.html" >/dev/null || return 1
  expect_contains "$T_TMP/adv.html" "Seat-0 advantage: +0 Elo" || return 1
  ! grep -q -- "-0 Elo" "$T_TMP/adv.html"
}
t_step "standings and report: an advantage that rounds to 0 is +0 Elo, never -0" advantage_never_minus_zero

# A lease shorter than 3 heartbeats (or 3 s) expires while the match is played: every result was
# refused and the match played again, forever (arena worker --lease 2: heartbeats every 15 s).
lease_outlives_heartbeats() {
  for args in "--lease 2" "--lease 10" "--heartbeat 30" "--lease 1 --heartbeat 0.1"; do
    "$ARENA" worker --db "$(db lease)" $args --exit-when-empty >/dev/null 2>"$T_TMP/e"; [ $? -eq 2 ] ||
      { echo "worker $args taken"; return 1; }
    expect_contains "$T_TMP/e" "at least 3 heartbeats" || return 1
    "$ARENA" tourney chicken builtin:greedy builtin:tracker --games 2 --seed 1 --db "$(db lease)" $args \
      >/dev/null 2>"$T_TMP/e"; [ $? -eq 2 ] || { echo "tourney $args taken"; return 1; }
    expect_contains "$T_TMP/e" "at least 3 heartbeats" || return 1
  done
  "$ARENA" tourney chicken builtin:greedy builtin:tracker --games 2 --seed 1 --db "$(db lease)" --lease 3 \
    --heartbeat 1 --quiet || return 1
  expect_eq "$(sql "$(db lease)" "select count(*) from matches")" 2 "matches stored"
}
t_step "--lease under 3 heartbeats (or 3 s) is a usage error in tourney and worker" lease_outlives_heartbeats

# A worker that died on another machine (killed, the machine gone, cut off) stops beating, and only
# a worker of its own machine may judge its pid: --status showed it running for ever. Silent past
# the lease its heartbeats renew, it is lost, with how long ago it was last heard.
a_silent_worker_is_lost() {
  D=$(db lost)
  "$ARENA" tourney chicken builtin:greedy builtin:tracker --games 2 --seed 1 --db "$D" --workers 0 --require never \
    --quiet || return 1
  "$ARENA" worker --db "$D" --name far-away --lease 3 --heartbeat 1 --poll 0.1 --quiet &
  p=$!
  status_says() { "$ARENA" tourney --db "$D" --status >"$T_TMP/st" 2>&1 && grep -q -- "$1" "$T_TMP/st"; }
  wait_until 30 status_says "far-away .* running " || { kill $p; cat "$T_TMP/st"; return 1; }
  kill -9 $p
  wait $p
  # nothing reclaims its leases here (no other worker runs): the status alone tells
  wait_until 30 status_says "far-away .* lost " || { cat "$T_TMP/st"; return 1; }
  expect_contains "$T_TMP/st" "(silent past its 3 s lease: killed, or its machine gone or cut off)" || return 1
  seen=$(sed -n 's/.*far-away .* seen *\([0-9]*\) s ago.*/\1/p' "$T_TMP/st")
  [ "${seen:-0}" -ge 3 ] || { echo "seen '$seen' s ago"; cat "$T_TMP/st"; return 1; }
  "$ARENA" tourney --db "$D" --status --json | python3 -c '
import json, sys
w = [w for w in json.load(sys.stdin)["workers"] if w["name"] == "far-away"]
assert len(w) == 1 and w[0]["state"] == "lost" and w[0]["lease_s"] == 3 and w[0]["last_seen_s"] >= 3, w'
}
t_step "--status shows a worker silent past its lease as lost, with when it was last heard" a_silent_worker_is_lost

t_done
