# test_worker_start.sh: what `arena worker` checks before it plays, on an SQLite store: a bundle
# cache it cannot use (a file in the way, a folder it may not write) is said at once, exit 1, with
# what to do; it made the worker claim every match whose bots travel in the store and hand it back,
# once a --poll, for ever (a batch worker, --exit-when-empty, never ended); without --cache, a
# default it cannot use gives way to a private folder under $TMPDIR. A --name the store cannot
# keep whole is refused.
. tests/e2e/lib.sh
GAME="rising_tide --option rounds=10 builtin:seawall_sydney builtin:trench_tunis builtin:pass_perth builtin:random_rizhao"
# q DB SQL: the first column of the first row
q() { python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()[0])' "$1" "$2"; }
schedule() { (cd "$T_TMP" && "$ARENA" tourney $GAME --games 4 --seed 1 --db "$1" --workers 0 --quiet); }

a_cache_that_cannot_be_made_is_refused() {
  schedule "$T_TMP/a.db" || return 1
  : >"$T_TMP/afile"
  timeout 20 "$ARENA" worker --db "$T_TMP/a.db" --cache "$T_TMP/afile/cache" --exit-when-empty 2>"$T_TMP/e"
  rc=$?
  cat "$T_TMP/e"
  expect_eq "$rc" 1 "exit status" || return 1
  expect_eq "$(wc -l <"$T_TMP/e")" 1 "lines" || return 1
  expect_contains "$T_TMP/e" "arena: error: cannot use the bundle cache $T_TMP/afile/cache: Not a directory; give --cache a folder this worker can write" || return 1
  # nothing was claimed
  expect_eq "$(q "$T_TMP/a.db" "select count(*) from jobs where state = 'queued'")" 4 "queued matches"
}
t_step "a bundle cache that cannot be made (a file in the way) is refused at once, exit 1" \
  a_cache_that_cannot_be_made_is_refused

a_cache_it_may_not_write_is_refused() {
  # the store in a folder it may write (SQLite's journal goes beside it), the cache in one it may not
  mkdir -p "$T_TMP/ro" "$T_TMP/rw" && chmod 755 "$T_TMP" && chmod 555 "$T_TMP/ro" && chmod 777 "$T_TMP/rw" || return 1
  schedule "$T_TMP/rw/b.db" && chmod 666 "$T_TMP/rw/b.db" || return 1
  timeout 20 $AS "$ARENA" worker --db "$T_TMP/rw/b.db" --cache "$T_TMP/ro/cache" --exit-when-empty 2>"$T_TMP/e"
  rc=$?
  cat "$T_TMP/e"
  expect_eq "$rc" 1 "exit status" || return 1
  expect_contains "$T_TMP/e" "cannot use the bundle cache $T_TMP/ro/cache: Permission denied; give --cache a folder"
}
t_step_unprivileged "a bundle cache in a folder it may not write is refused at once, exit 1" \
  a_cache_it_may_not_write_is_refused

a_cache_it_can_make_plays() {
  schedule "$T_TMP/c.db" || return 1
  timeout 60 "$ARENA" worker --db "$T_TMP/c.db" --cache "$T_TMP/new/cache" --exit-when-empty --jobs 2 --quiet || return 1
  [ -d "$T_TMP/new/cache" ] || { echo "no cache made"; return 1; }
  expect_eq "$(q "$T_TMP/c.db" "select count(*) from jobs where state = 'done'")" 4 "matches played"
}
t_step "a bundle cache it can make: made, and the worker plays" a_cache_it_can_make_plays

# The default cache where the home cannot take it (a home mounted read-only on a cluster's node, a
# service account's HOME=/nonexistent; here a file in the way, which refuses root too): the worker
# refused to start, naming --cache. It uses a folder private to its user under $TMPDIR instead, and
# says so once.
a_default_cache_it_cannot_make_falls_back_to_tmpdir() {
  schedule "$T_TMP/f.db" || return 1
  : >"$T_TMP/home" && mkdir -p "$T_TMP/tmp" || return 1
  priv="$T_TMP/tmp/arena-bundles-$(id -u)"
  (unset XDG_CACHE_HOME; HOME="$T_TMP/home" TMPDIR="$T_TMP/tmp" \
    timeout 60 "$ARENA" worker --db "$T_TMP/f.db" --exit-when-empty --quiet 2>"$T_TMP/e")
  rc=$?
  cat "$T_TMP/e"
  expect_eq "$rc" 0 "exit status" || return 1
  expect_eq "$(wc -l <"$T_TMP/e")" 1 "lines" || return 1
  expect_contains "$T_TMP/e" "arena worker: the bundle cache $T_TMP/home/.cache/arena/bundles cannot be used (Not a directory): using $priv instead, private to this user (--cache DIR chooses another)" || return 1
  expect_eq "$(stat -c '%a %u' "$priv")" "700 $(id -u)" "the folder's mode and owner" || return 1
  expect_eq "$(q "$T_TMP/f.db" "select count(*) from jobs where state = 'done'")" 4 "matches played"
}
t_step "a default cache it cannot make: a private folder under \$TMPDIR instead, said once, and it plays" \
  a_default_cache_it_cannot_make_falls_back_to_tmpdir

# That folder lies where every user writes: one it does not own alone (made open to others, or a
# link put there by someone else) is refused, not used (another user's bots would run from it).
a_fallback_others_may_touch_is_refused() {
  schedule "$T_TMP/g.db" || return 1
  : >"$T_TMP/home2" && mkdir -p "$T_TMP/tmp2" "$T_TMP/elsewhere" || return 1
  priv="$T_TMP/tmp2/arena-bundles-$(id -u)"
  for kind in open link; do
    rm -rf "$priv"
    if [ $kind = open ]; then mkdir -m 777 "$priv" && chmod 777 "$priv"; else ln -s "$T_TMP/elsewhere" "$priv"; fi || return 1
    (unset XDG_CACHE_HOME; HOME="$T_TMP/home2" TMPDIR="$T_TMP/tmp2" \
      timeout 20 "$ARENA" worker --db "$T_TMP/g.db" --exit-when-empty --quiet 2>"$T_TMP/e")
    rc=$?
    cat "$T_TMP/e"
    expect_eq "$rc" 1 "exit status ($kind)" || return 1
    expect_contains "$T_TMP/e" "arena: error: cannot use the bundle cache $T_TMP/home2/.cache/arena/bundles (Not a directory), nor the private folder $priv (" || return 1
    expect_contains "$T_TMP/e" "); give --cache a folder this worker can write" || return 1
  done
  expect_contains "$T_TMP/e" "(a link or a file, not a folder)" || return 1
  expect_eq "$(q "$T_TMP/g.db" "select count(*) from jobs where state = 'queued'")" 4 "queued matches"
}
t_step "a fallback folder others may enter, or a link in its place, is refused at once, exit 1" \
  a_fallback_others_may_touch_is_refused

# --name: the store keeps 63 bytes of it; a longer one was cut without a word (two names alike in
# their first 63 bytes became one), a control character broke the log's and --status's lines
names_the_store_cannot_keep_are_refused() {
  schedule "$T_TMP/n.db" || return 1
  for bad in "$(printf 'n%063d' 0)" "$(printf 'lab\n07')" "$(printf 'lab\t07')"; do
    "$ARENA" worker --db "$T_TMP/n.db" --name "$bad" --exit-when-empty 2>"$T_TMP/e"
    rc=$?
    expect_eq "$rc" 2 "exit status" || return 1
    expect_contains "$T_TMP/e" "arena: error: --name: at most 63 bytes, no control characters" || return 1
  done
  long=$(printf 'n%062d' 0)
  timeout 60 "$ARENA" worker --db "$T_TMP/n.db" --name "$long" --exit-when-empty --quiet || return 1
  expect_eq "$(q "$T_TMP/n.db" "select name from workers")" "$long" "the name stored"
}
t_step "a --name longer than the store keeps, or with a control character, is refused; 63 bytes are kept whole" \
  names_the_store_cannot_keep_are_refused

# A worker machine without Python (or an arena copied away from its sdk/python): each python: seat
# was down at start-up (exit 127, "exec: python3 failed"; "No module named arena_sdk"), and the
# losses were stored against the entrant, who ranked last for the machine's lack.
# Each such match is failed with the reason instead (not counted), and --retry-failed plays it.
a_machine_without_python_fails_the_match_not_the_entrant() {
  agent="$(pwd)/tests/bots/chicken/Quiet"
  (cd "$T_TMP" && "$ARENA" tourney chicken "alice=python:$agent" builtin:greedy --games 2 --seed 1 \
    --db "$T_TMP/p.db" --workers 0 --quiet) || return 1
  ARENA_PYTHON=/nonexistent/python3 timeout 60 "$ARENA" worker --db "$T_TMP/p.db" --name nopy --exit-when-empty 2>"$T_TMP/e"
  cat "$T_TMP/e"
  expect_eq "$(q "$T_TMP/p.db" "select count(*) from jobs where state = 'failed'")" 2 "failed matches" || return 1
  expect_contains "$T_TMP/e" "seat 0 (alice) cannot start on $(hostname): /nonexistent/python3 (ARENA_PYTHON) is not an executable file" || return 1
  "$ARENA" standings --db "$T_TMP/p.db" --json >"$T_TMP/s" || return 1
  expect_eq "$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["matches"], d["failed"])' "$T_TMP/s")" \
    "0 2" "matches counted and failed" || return 1
  # played again by --retry-failed, on a worker whose arena was copied away from its sdk/python
  (cd "$T_TMP" && "$ARENA" tourney chicken "alice=python:$agent" builtin:greedy --games 2 --seed 1 \
    --db "$T_TMP/p.db" --workers 0 --quiet --retry-failed) || return 1
  expect_eq "$(q "$T_TMP/p.db" "select count(*) from jobs where state = 'queued'")" 2 "matches queued again" || return 1
  ARENA_PYTHON_SDK=/nonexistent-sdk timeout 60 "$ARENA" worker --db "$T_TMP/p.db" --exit-when-empty 2>"$T_TMP/e"
  cat "$T_TMP/e"
  expect_contains "$T_TMP/e" "no Python SDK at /nonexistent-sdk: run the arena of a build (sdk/ beside bin/), or set ARENA_PYTHON_SDK" || return 1
  expect_eq "$(q "$T_TMP/p.db" "select count(*) from jobs where state = 'failed'")" 2 "failed matches"
}
t_step "a worker machine without the python: seats' interpreter fails the match with the reason, not counted" \
  a_machine_without_python_fails_the_match_not_the_entrant

# --status after `--workers 0` listed "workers:" and nothing under it: why nothing moved, and what
# starts it, went unsaid. Once a worker has played, the list has it and the hint is gone.
status_without_workers_says_what_starts_them() {
  schedule "$T_TMP/s.db" || return 1
  "$ARENA" tourney --db "$T_TMP/s.db" --status >"$T_TMP/st" || return 1
  cat "$T_TMP/st"
  expect_contains "$T_TMP/st" "  none has used this store yet: \`$ARENA worker --db ...\` on each machine plays its matches" || return 1
  timeout 60 "$ARENA" worker --db "$T_TMP/s.db" --name w1 --exit-when-empty --quiet || return 1
  "$ARENA" tourney --db "$T_TMP/s.db" --status >"$T_TMP/st" || return 1
  ! grep -q "none has used" "$T_TMP/st" && grep -q "^  w1 " "$T_TMP/st" || { cat "$T_TMP/st"; return 1; }
}
t_step "--status with no worker yet says what starts one; after one has played, it is listed" \
  status_without_workers_says_what_starts_them

t_done
