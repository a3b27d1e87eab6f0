# test_slurm.sh: a tournament played by a Slurm job array of arena workers (scripts/slurm_workers.sh)
# against a PostgreSQL store, on a one-node Slurm cluster and a PostgreSQL cluster started here and
# stopped at the end: the array ends by itself when the tournament is done, every match is stored
# once, and the results are those of the same tournament on SQLite.
. tests/e2e/lib.sh
. tests/e2e/pg.sh
. tests/e2e/slurm.sh
export PYTHONPATH="$(pwd)/tests/e2e${PYTHONPATH:+:$PYTHONPATH}"
if ! pg_start; then
  echo "ok - slurm job array of workers # SKIP $PG_SKIP"
  pg_stop
  exit 0
fi
if ! slurm_start; then
  echo "ok - slurm job array of workers # SKIP $SLURM_SKIP"
  slurm_stop
  pg_stop
  exit 0
fi
trap 'slurm_stop; pg_stop; rm -rf "$T_TMP"' EXIT
GAME="rising_tide --option rounds=40 --games 4 --seed 1"
ENTRANTS="builtin:seawall_sydney builtin:trench_tunis builtin:pass_perth builtin:random_rizhao builtin:border_barcelona"

rows() {
  python3 - "$1" <<'PY'
import storedb, sys
con = storedb.connect(sys.argv[1])
for (idx, seed, seat, player, score, rank) in con.execute(
        "select m.idx, m.seed, s.seat, s.player, s.score, s.rank from matches m join seats s on s.match_idx = m.idx "
        "order by m.idx, s.seat"):
    print(idx, seed, seat, player, float(score), rank)
PY
}

array_plays_the_tournament() {
  "$ARENA" tourney $GAME $ENTRANTS --db "$T_TMP/ref.db" --jobs 2 --quiet || return 1
  db=$(pg_url slurm)
  "$ARENA" tourney $GAME $ENTRANTS --db "$db" --workers 0 --quiet || return 1
  job=$(scripts/slurm_workers.sh --db "$db" --tasks 2 --jobs 1 --arena "$ARENA" --log-dir "$T_TMP/logs" --wait) ||
    { cat "$T_TMP"/logs/* 2>/dev/null | tail; return 1; }
  # both tasks ended by themselves (--exit-when-empty) and both played
  expect_eq "$(ls "$T_TMP/logs" | wc -l)" 2 "task logs" || return 1
  grep -q "no match left" "$T_TMP"/logs/arena-worker-*-0.log || { cat "$T_TMP"/logs/*; return 1; }
  expect_eq "$(pg_psql slurm "select count(distinct worker) from results")" 2 "tasks that played" || return 1
  pg_psql slurm "select worker from results limit 1" | grep -q "^slurm-$job-" || return 1
  expect_eq "$(pg_psql slurm "select count(*), count(distinct job_id) from results")" "20|20" "results" || return 1
  rows "$T_TMP/ref.db" >"$T_TMP/want" && rows "$db" >"$T_TMP/got" && cmp "$T_TMP/want" "$T_TMP/got"
}
t_step "a Slurm job array of arena workers plays a PostgreSQL tournament and ends with it" array_plays_the_tournament
t_done
