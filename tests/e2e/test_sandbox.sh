# test_sandbox.sh: the sandbox as a user meets it: arena doctor, the default (on), off, strict,
# the seat's folder and environment, the flags, what happens when arena itself is killed, and
# the unprivileged path. The attacks are in test_sandbox_attacks.sh.
. tests/e2e/lib.sh
P=builtin:pass_perth
PROBE="sh tests/bots/sandbox/probe.sh"

doctor_lists_every_layer() {
  "$ARENA" doctor >"$T_TMP/doc" || { cat "$T_TMP/doc"; return 1; }
  for layer in session fds env workdir rlimits user pid net mount ipc caps landlock seccomp cgroup; do
    grep -q "^$layer " "$T_TMP/doc" || { echo "no row for $layer"; cat "$T_TMP/doc"; return 1; }
  done
  expect_contains "$T_TMP/doc" "smoke test: a sandboxed /bin/sh started, printed and exited" || return 1
  expect_contains "$T_TMP/doc" "probe: every applied layer is in force inside a seat." || return 1
  "$ARENA" doctor --json >"$T_TMP/doc.json" || return 1
  python3 - "$T_TMP/doc.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert len(d["layers"]) == 14, d
assert all(l["why"] for l in d["layers"]), d["layers"]
assert d["smoke_ok"] is True and d["probe_ok"] is True and d["all_in_force"] is True, d
assert d["mode"] == "on"
for l in d["layers"]:
    # with --sandbox on every layer that works is applied, and proven from inside a seat
    assert l["applied"] == l["works"], l
    assert l["in_force"] is (True if l["works"] else None), l
    assert not l["works"] or l["seen"], l
PY
}
t_step "doctor: every layer with why it works, each applied layer proven in force from inside a seat" doctor_lists_every_layer

doctor_reports_what_is_in_force() {
  # a layer left out is not applied, and the probe does not claim it
  "$ARENA" doctor --json --sandbox-without ipc,seccomp >"$T_TMP/doc2.json" || return 1
  python3 - "$T_TMP/doc2.json" <<'PY'
import json, sys
d = {l["name"]: l for l in json.load(open(sys.argv[1]))["layers"]}
for name in ("ipc", "seccomp"):
    assert d[name]["applied"] is False and d[name]["in_force"] is None, d[name]
PY
}
t_step "doctor: a layer left out is neither applied nor reported in force" doctor_reports_what_is_in_force

# Every layer doctor calls in force is checked from inside a real game's seat, by a bot of its own
# (tests/bots/sandbox/inside.py) against what this shell sees: doctor's probe must not be the
# only witness of its own claims.
inside_a_real_seat() {
  mkdir -p "$T_TMP/outside" && echo secret >"$T_TMP/outside/canary" && chmod 755 "$T_TMP/outside" || return 1
  "$ARENA" doctor --json >"$T_TMP/inside_doc.json" || return 1
  # the interpreter itself (a launcher such as pyenv's shim would add variables of its own); the
  # canary's path by --env (a path on the command line is a bot file, which the seat may read)
  py=$(python3 -c 'import sys; print(sys.executable)')
  "$ARENA" play rising_tide "$py tests/bots/sandbox/inside.py" $P $P $P --env "INSIDE_CANARY=$T_TMP/outside/canary" \
    --seed 1 --option rounds=2 --display none --log "$T_TMP/inside.log" >/dev/null || return 1
  python3 - "$T_TMP/inside_doc.json" "$T_TMP/inside.log" "$T_TMP/outside/canary" "${TMPDIR:-/tmp}" <<'PY'
import json, os, sys
doc = {l["name"]: l for l in json.load(open(sys.argv[1]))["layers"]}
seen = {}
for line in open(sys.argv[2]):
    if line.startswith("inside.") and "=" in line:
        k, v = line[len("inside."):].rstrip("\n").split("=", 1)
        seen[k] = v
assert seen, "the bot reported nothing"
open(sys.argv[3]).read()  # the canary is readable outside the seat
def own_ns(ns):
    return seen["ns_" + ns] != os.readlink("/proc/self/ns/" + ns)
checks = {
    "session": lambda: seen["sid"] == ("1" if doc["pid"]["in_force"] else seen["pid"]),
    "fds": lambda: seen["fds"] == "0,1,2",
    # the sandbox's variables and --env's; PWD is the shell's that starts the command (sh -c)
    "env": lambda: seen["env"] == "HOME,INSIDE_CANARY,LANG,PATH,PWD,TMPDIR",
    "workdir": lambda: seen["cwd"].startswith(sys.argv[4].rstrip("/") + "/arena-") and "-seat0-" in seen["cwd"]
                       and seen["cwd_entries"] == "0",
    "rlimits": lambda: (seen["limit_cpu"], seen["limit_nofile"], seen["limit_fsize"], seen["limit_core"])
                       == ("600", "1024", str(64 << 20), "0"),
    "user": lambda: own_ns("user") and seen["uid_map"] == "0 %d 1" % os.geteuid(),
    "pid": lambda: own_ns("pid") and seen["pid"] == "2",
    "net": lambda: own_ns("net") and seen["netdevs"] == "lo",
    "mount": lambda: own_ns("mnt"),
    "ipc": lambda: own_ns("ipc"),
    "caps": lambda: int(seen["cap_eff"], 16) == 0 and seen["no_new_privs"] == "1",
    "landlock": lambda: seen["canary"] == "EACCES",
    "seccomp": lambda: seen["seccomp"] == "2" and seen["socket"] == "EPERM",
    "cgroup": lambda: any(("memory" in c or c.startswith("0::")) and "/arena-" in c and c.endswith("-s0")
                          for c in seen["cgroup"].split(";")),
}
assert set(checks) == set(doc), set(doc) ^ set(checks)
bad = [n for n, l in doc.items() if l["in_force"] and not checks[n]()]
assert not bad, "doctor says in force, the seat shows otherwise: %s\n%s" % (bad, json.dumps(seen, indent=1))
PY
}
t_step "every layer doctor calls in force is seen in force from inside a real game's seat" inside_a_real_seat

# probe_log NAME ARGS...: plays the probe bot in seat 0 and keeps the event log as $T_TMP/NAME.log
probe_log() {
  name=$1; shift
  ARENA_E2E_SECRET=hunter2 "$ARENA" play rising_tide "$@" $P $P $P --seed 1 --option rounds=2 --display none \
    --log "$T_TMP/$name.log" >/dev/null
}

default_is_on() {
  probe_log on "$PROBE" --env EXTRA=yes || return 1
  expect_contains "$T_TMP/on.log" "secret=none" || return 1       # the referee's environment is not passed
  expect_contains "$T_TMP/on.log" "extra=yes" || return 1         # --env is
  expect_contains "$T_TMP/on.log" "files=0" || return 1           # a fresh, empty folder
  cwd=$(sed -n 's/^cwd=//p' "$T_TMP/on.log")
  case "$cwd" in /tmp/arena-*-seat0-*) ;; *) echo "cwd $cwd"; return 1 ;; esac
  expect_contains "$T_TMP/on.log" "home=$cwd" || return 1         # HOME is that folder
  [ ! -e "$cwd" ] || { echo "$cwd was left behind"; return 1; }
}
t_step "default: on; the bot starts in a fresh folder (its HOME) with a scrubbed environment" default_is_on

off_is_the_old_behaviour() {
  probe_log off "$PROBE" --sandbox off || return 1
  expect_contains "$T_TMP/off.log" "secret=hunter2" || return 1
  expect_contains "$T_TMP/off.log" "cwd=$(pwd)"
}
t_step "--sandbox off: the referee's environment and folder, as before" off_is_the_old_behaviour

workdirs() {
  probe_log bot "$PROBE" --workdir bot || return 1
  expect_contains "$T_TMP/bot.log" "cwd=$(pwd)/tests/bots/sandbox" || return 1
  probe_log here "$PROBE" --workdir here || return 1
  expect_contains "$T_TMP/here.log" "cwd=$(pwd)" || return 1
  # a python seat starts where arena runs, so its path works as typed
  "$ARENA" play rising_tide python:tests/bots/rising_tide/printer.py $P $P $P --seed 1 --option rounds=2 \
    --display none --json >"$T_TMP/py.json" || return 1
  grep -q '"verdicts":\[{"late":0,"down":0,"invalid":0,"crash":0}' "$T_TMP/py.json"
}
t_step "--workdir bot and here; python seats start where arena runs" workdirs

strict_fails_closed() {
  "$ARENA" play rising_tide "$PROBE" $P $P $P --sandbox strict --cgroup /nonexistent/cgroup --display none \
    2>"$T_TMP/strict.err" >/dev/null
  expect_eq "$?" 1 "exit status" || return 1
  expect_contains "$T_TMP/strict.err" "--sandbox strict: layer cgroup does not work here" || return 1
  expect_contains "$T_TMP/strict.err" "arena doctor"
}
t_step "--sandbox strict refuses to start when a wanted layer does not work" strict_fails_closed

usage_errors() {
  for bad in "--sandbox maybe" "--mem-mb lots" "--sandbox-without nosuchlayer" "--workdir nowhere" "--env NOEQUALS" \
             "--sandbox-read /no/such/folder" "--sandbox-write /no/such/folder"; do
    "$ARENA" play rising_tide $P $P $P $P $bad --display none >/dev/null 2>"$T_TMP/u.err"
    expect_eq "$?" 2 "exit status for $bad" || return 1
  done
  # the layers are listed in the message, not after its "(see ... --help)" line
  "$ARENA" play rising_tide $P $P $P $P --sandbox-without landlok 2>"$T_TMP/u.err"
  expect_contains "$T_TMP/u.err" "arena: error: --sandbox-without: no layer 'landlok'; layers are: session fds env" || return 1
  expect_eq "$(tail -n 1 "$T_TMP/u.err")" "(see \`$ARENA play --help\`)" "last line" || return 1
  "$ARENA" play rising_tide $P $P $P $P --mem-mb none --cpu-s 5 --procs 10 --sandbox-without seccomp,landlock \
    --option rounds=2 --display none >/dev/null
}
t_step "sandbox flags: bad values are usage errors; good ones are accepted" usage_errors

memory_kill_is_logged() {
  "$ARENA" play rising_tide "python3 tests/bots/attacks/memory_rss.py lines m" $P $P $P --mem-mb 96 --seed 1 \
    --option rounds=3 --display none --log "$T_TMP/mem.log" --replay "$T_TMP/mem.jsonl" >/dev/null || return 1
  expect_contains "$T_TMP/mem.log" "has stopped (killed by the memory limit)." || return 1
  grep -q '"cause":"memory"' "$T_TMP/mem.jsonl" || return 1
  "$ARENA" verify "$T_TMP/mem.jsonl" >/dev/null
}
chicken_memory_error() {
  # An agent killed by the memory limit loses by MEMORY_ERROR, after a clean start-up (Chicken D13).
  cat >"$T_TMP/hog.py" <<'PY'
import sys
for line in sys.stdin:
    if line.strip() == "ready":
        print("ready", flush=True)
    if line.strip() == "go":
        hog = bytearray(512 << 20)
        for i in range(0, len(hog), 4096):
            hog[i] = 1
        print("UP PLAIN", flush=True)
PY
  mkdir -p "$T_TMP/hist"
  "$ARENA" play chicken "python3 $T_TMP/hog.py" builtin:greedy --option colours=fixed --mem-mb 96 --seed 1 \
    --display none --history "$T_TMP/hist" --json >"$T_TMP/j" || return 1
  python3 -c "import json,glob,sys; d=json.load(open(glob.glob(sys.argv[1]+'/*.json')[0])); assert d['reason']=='MEMORY_ERROR' and d['result']==1, d" "$T_TMP/hist"
}
if "$ARENA" doctor --json | grep -q '"name":"cgroup","works":true'; then
  t_step "a seat killed by the memory limit: crash with cause memory, in the log and the replay" memory_kill_is_logged
  t_step "Chicken D13: an agent over the memory limit loses by MEMORY_ERROR" chicken_memory_error
else
  echo "# skipped (not counted): memory-limit tests; arena doctor says the cgroup layer does not work here"
fi

# The killed arena's seat folder is made in a TMPDIR of this step's own: every arena sweeps the
# leftovers of dead ones from its TMPDIR (sbx_sweep_folders), so in /tmp any arena of another program
# run beside this one could sweep it before the check (this program ran alone for that).
killed_referee_leaves_nothing() {
  marker="arena-e2e-orphan-$$"
  TMPDIR="$T_TMP/seats"
  mkdir -p "$TMPDIR" && export TMPDIR
  "$ARENA" play rising_tide "$PROBE sleep $marker" $P $P $P --startup-ms 60000 --display none >/dev/null 2>&1 &
  apid=$!
  # kill it once the seat runs (its folder exists then), however long a loaded machine takes
  for _ in $(seq 600); do pgrep -f "sleep 300; : $marker" >/dev/null && break; sleep 0.1; done
  pgrep -f "sleep 300; : $marker" >/dev/null || { echo "the seat never started"; kill -9 "$apid"; return 1; }
  kill -9 "$apid"
  wait "$apid" 2>/dev/null
  # the seat dies with its referee (parent-death signal; its pid namespace's init goes first)
  for _ in 1 2 3 4 5 6 7 8 9 10; do pgrep -f "$marker" >/dev/null || break; sleep 0.2; done
  ! pgrep -f "$marker" >/dev/null || { echo "the seat outlived its referee"; return 1; }
  # its folder could not be removed by the dead referee; the next arena sweeps it
  tmp=$TMPDIR
  ls -d "$tmp"/arena-"$apid"-t*-seat* >/dev/null 2>&1 || { echo "expected a leftover folder to sweep"; return 1; }
  "$ARENA" doctor >/dev/null || return 1
  ! ls -d "$tmp"/arena-"$apid"-t*-seat* >/dev/null 2>&1 || { echo "the leftover folder was not swept"; return 1; }
  ! find /sys/fs/cgroup -maxdepth 6 -name "arena-$apid-*" 2>/dev/null | grep -q . || { echo "a cgroup was left"; return 1; }
}
t_step "arena killed mid-game: its seats die with it, and the next run removes what it left" killed_referee_leaves_nothing

threads_start_seats() {
  # Regression: the pid namespace's init forked the bot with glibc's fork(), which takes malloc's
  # locks; a lock another referee thread held at the clone stayed held, and about one run in
  # seven of 4 tester threads left a seat hanging until its 10 s start-up limit. 30 runs of 12
  # sandboxed games on 4 threads, each well under a second when nothing hangs.
  i=0
  while [ $i -lt 30 ]; do
    s=$(date +%s%N)
    "$ARENA" tester --seed HelloWorld --games 12 --jobs 4 --command "tests/bots/splitter/steps.sh" >"$T_TMP/t" 2>&1 || { cat "$T_TMP/t"; return 1; }
    ms=$(( ($(date +%s%N) - s) / 1000000 ))
    ! grep -q "no move within" "$T_TMP/t" || { echo "run $i: a seat hung ($ms ms)"; return 1; }
    i=$((i + 1))
  done
}
t_step "sandboxed seats started from 4 threads at once never hang (30 tester runs)" threads_start_seats

unprivileged() {
  d=$(mktemp -d)
  chmod 777 "$d"
  setpriv --reuid=65534 --regid=65534 --clear-groups "$ARENA" doctor --json >"$d/doc.json" || return 1
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["smoke_ok"] and d["all_in_force"] and not d["root"], d' "$d/doc.json" || return 1
  setpriv --reuid=65534 --regid=65534 --clear-groups "$ARENA" play suitebot \
    "tcp:/usr/bin/python3 $(pwd)/tests/bots/attacks/victim.py tcp m1" "/usr/bin/python3 $(pwd)/tests/bots/suitebot/stdio_bot.py" \
    --option rounds=5 --seed 1 --display none --json >"$d/g.json" || return 1
  grep -q '"verdicts":\[{"late":0,"down":0,"invalid":0,"crash":0},{"late":0,"down":0,"invalid":0,"crash":0}\]' "$d/g.json"
  rc=$?
  rm -rf "$d"
  return $rc
}
# Needs root (to become nobody), setpriv, a system python3, and a checkout nobody can reach.
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null && [ -x /usr/bin/python3 ] &&
  setpriv --reuid=65534 --regid=65534 --clear-groups test -x "$ARENA" -a -r tests/bots/attacks/victim.py; then
  t_step "unprivileged (run as nobody): doctor's smoke test and a tcp and a stdio seat" unprivileged
else
  echo "# skipped: the unprivileged path (needs root, setpriv, /usr/bin/python3 and a checkout nobody can read)"
fi
t_done
