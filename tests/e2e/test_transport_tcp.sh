# test_transport_tcp.sh: the tcp transport is game-independent: a Rising Tide seat played by a
# server (one connection per question, message up to `go`, reply `pass\n`), end message included.
. tests/e2e/lib.sh
BOTS=$(pwd)/tests/bots/transport

rising_tide_over_tcp() {
  mkdir -p "$T_TMP/err"
  "$ARENA" play rising_tide "tcp:python3 $BOTS/line_server.py" builtin:pass_perth builtin:pass_perth \
    builtin:pass_perth --option rounds=30 --seed 1 --display none --json --stderr-dir "$T_TMP/err" \
    --replay "$T_TMP/rt.jsonl" >"$T_TMP/rt.json" || return 1
  python3 - "$T_TMP/rt.json" "$T_TMP/rt.jsonl" <<'PY' || return 1
import json, sys
r = json.load(open(sys.argv[1]))
assert r["turns"] == 30, r
assert r["verdicts"][0] == {"late": 0, "down": 0, "invalid": 0, "crash": 0}, r["verdicts"][0]
seats = [json.loads(l)["seats"][0] for l in open(sys.argv[2]) if '"type":"turn"' in l]
assert all(s["verdict"] == "ok" and s["action"] == "pass" for s in seats), seats[:3]
PY
  "$ARENA" verify "$T_TMP/rt.jsonl" >/dev/null || return 1
  expect_contains "$T_TMP/err/seat0.stderr" "end received"
}
t_step "tcp_seat_in_a_line_game" rising_tide_over_tcp

direct_executable_gets_port_argument() {
  # a tcp command naming an executable file is run directly with the port as its argument
  cp "$BOTS/line_server.py" "$T_TMP/server"
  chmod +x "$T_TMP/server"
  "$ARENA" play rising_tide "tcp:$T_TMP/server" builtin:pass_perth builtin:pass_perth builtin:pass_perth \
    --option rounds=3 --seed 1 --display none --json >"$T_TMP/d.json" || return 1
  grep -q '"verdicts":\[{"late":0,"down":0,"invalid":0,"crash":0}' "$T_TMP/d.json"
}
t_step "tcp_direct_executable_with_port_argument" direct_executable_gets_port_argument

name_on_path_goes_through_the_shell() {
  # a bare name that is not a file here is a command the shell finds on PATH (only a path to an
  # executable file is run directly)
  mkdir -p "$T_TMP/pbin"
  cp "$BOTS/line_server.py" "$T_TMP/pbin/arena-test-line-server"
  chmod +x "$T_TMP/pbin/arena-test-line-server"
  PATH="$T_TMP/pbin:$PATH" "$ARENA" play rising_tide "tcp:arena-test-line-server" builtin:pass_perth builtin:pass_perth \
    builtin:pass_perth --option rounds=3 --seed 1 --display none --json >"$T_TMP/p.json" || return 1
  grep -q '"verdicts":\[{"late":0,"down":0,"invalid":0,"crash":0}' "$T_TMP/p.json"
}
t_step "tcp_command_named_on_PATH" name_on_path_goes_through_the_shell
t_done
