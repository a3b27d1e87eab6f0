# test_view.sh: `arena view`: one self-contained HTML page per replay, from any directory; the replay
# inside it decodes back to the same bytes; files that are no replay are refused. (The page itself is
# tested in a browser: tests/browser/.)
. tests/e2e/lib.sh
P=builtin:pass_perth
"$ARENA" play rising_tide "<b>&amp=$P" $P $P $P --seed 3 --option rounds=30 --display none \
  --replay "$T_TMP/g.jsonl" >/dev/null 2>&1

# The replay inside the page: base64 of zlib between the markers of the replay element.
decode() { # decode PAGE OUT
  python3 - "$1" "$2" <<'PY'
import base64, re, sys, zlib
page = open(sys.argv[1], encoding='utf-8').read()
m = re.search(r'<script id="arena-replay" type="application/octet-stream" data-encoding="zlib-base64" data-name="[^"]*">([^<]*)</script>', page)
open(sys.argv[2], 'wb').write(zlib.decompress(base64.b64decode(m.group(1))))
PY
}

default_name() {
  "$ARENA" view "$T_TMP/g.jsonl" >"$T_TMP/out" || return 1
  expect_contains "$T_TMP/out" "wrote $T_TMP/g.html" || return 1
  [ -s "$T_TMP/g.html" ] || { echo "no page"; return 1; }
  ls "$T_TMP" | grep -q tmp && { echo "a temporary file was left"; ls "$T_TMP"; return 1; }
  return 0
}
t_step "view writes REPLAY.html next to the replay by default" default_name

round_trip() {
  decode "$T_TMP/g.html" "$T_TMP/back.jsonl" && cmp "$T_TMP/g.jsonl" "$T_TMP/back.jsonl"
}
t_step "the inlined replay decodes to the same bytes" round_trip

self_contained() {
  grep -Eq '<script[^>]+src=|<link[^>]+href=|https?://' "$T_TMP/g.html" && { echo "the page refers to other files"; return 1; }
  expect_contains "$T_TMP/g.html" '<script type="module">' || return 1
  expect_contains "$T_TMP/g.html" "class Viewer"
}
t_step "the page holds the viewer itself (no outside scripts, styles or URLs)" self_contained

title_escaped() {
  expect_contains "$T_TMP/g.html" "<title>rising_tide · seed 3: &lt;b&gt;&amp;amp · " || return 1
  expect_contains "$T_TMP/g.html" 'data-name="g.jsonl"'
}
t_step "the title names game, seed and seats, HTML-escaped" title_escaped

any_directory() {
  mkdir -p "$T_TMP/elsewhere" && cd "$T_TMP/elsewhere" && "$ARENA" view ../g.jsonl -o page.html >/dev/null && \
    decode page.html back.jsonl && cmp ../g.jsonl back.jsonl
}
t_step "view works from any directory (the viewer is inside the binary)" any_directory

to_stdout() {
  "$ARENA" view "$T_TMP/g.jsonl" -o - >"$T_TMP/s.html" && cmp "$T_TMP/s.html" "$T_TMP/g.html"
}
t_step "-o - writes the page to stdout" to_stdout

refuses_non_replays() {
  printf 'hello\n' >"$T_TMP/notes.txt"
  "$ARENA" view "$T_TMP/notes.txt" -o "$T_TMP/n.html" 2>"$T_TMP/e"; [ $? -eq 1 ] || return 1
  expect_contains "$T_TMP/e" "is not an Arena replay: its first line is not a replay header" || return 1
  [ ! -e "$T_TMP/n.html" ] || { echo "a page was written"; return 1; }
  : >"$T_TMP/empty.jsonl"
  "$ARENA" view "$T_TMP/empty.jsonl" 2>"$T_TMP/e"; [ $? -eq 1 ] || return 1
  expect_contains "$T_TMP/e" "is empty" || return 1
  "$ARENA" view "$T_TMP/nosuch.jsonl" 2>"$T_TMP/e"; [ $? -eq 1 ] || return 1
  expect_contains "$T_TMP/e" "cannot open"
}
t_step "files that are no replay are refused with a clear message" refuses_non_replays

damaged_still_written() {
  head -c 2000 "$T_TMP/g.jsonl" >"$T_TMP/cut.jsonl"
  "$ARENA" view "$T_TMP/cut.jsonl" >/dev/null && decode "$T_TMP/cut.html" "$T_TMP/cut.back" && cmp "$T_TMP/cut.jsonl" "$T_TMP/cut.back"
}
t_step "a truncated replay is still written (the page says what is wrong)" damaged_still_written

# A cut replay still makes its page (exit 0, as `arena replay` plays it), and stderr says where it
# is cut and how many turns the page shows, as replay and verify name the cut: it was silent, and
# a page made by a script was found short only in the browser. A whole replay gets no such line.
cut_is_said() {
  "$ARENA" view "$T_TMP/g.jsonl" -o "$T_TMP/whole.html" >/dev/null 2>"$T_TMP/e" || return 1
  [ ! -s "$T_TMP/e" ] || { cat "$T_TMP/e"; return 1; }
  # cut in the middle of line 5 (the header and 3 turns before it)
  { head -n 4 "$T_TMP/g.jsonl"; sed -n 5p "$T_TMP/g.jsonl" | head -c 40; } >"$T_TMP/mid.jsonl"
  "$ARENA" view "$T_TMP/mid.jsonl" >/dev/null 2>"$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/e" "arena view: line 5: the replay is cut in the middle of this line (truncated?); the page shows the 3 turns before it" || return 1
  [ -s "$T_TMP/mid.html" ] || return 1
  # cut at the end of a line (a killed game): no result record
  head -n 7 "$T_TMP/g.jsonl" | "$ARENA" view - -o "$T_TMP/end.html" >/dev/null 2>"$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/e" "arena view: line 7: the replay ends without a result record (truncated?); the page shows the 6 turns it holds" || return 1
  # a damaged line in the middle: the page shows the turns before it
  { head -n 3 "$T_TMP/g.jsonl"; echo '{"type":"nonsense"}'; tail -n +4 "$T_TMP/g.jsonl"; } >"$T_TMP/bad.jsonl"
  "$ARENA" view "$T_TMP/bad.jsonl" -o - 2>"$T_TMP/e" >"$T_TMP/bad.html" || { cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/e" "arena view: line 4: not a turn or result record; the replay is damaged; the page shows the 2 turns before it"
}
t_step "a cut or damaged replay: stderr says where, and the page is still written (exit 0)" cut_is_said

from_stdin() {
  # `arena view -`: the replay read whole from standard input (a pipe cannot be read twice), the
  # page to standard output unless -o names a file
  cat "$T_TMP/g.jsonl" | "$ARENA" view - >"$T_TMP/in.html" || return 1
  decode "$T_TMP/in.html" "$T_TMP/in.back" && cmp "$T_TMP/g.jsonl" "$T_TMP/in.back" || return 1
  expect_contains "$T_TMP/in.html" "<title>rising_tide · seed 3: " || return 1
  "$ARENA" view - -o "$T_TMP/in2.html" <"$T_TMP/g.jsonl" >"$T_TMP/o" || return 1
  expect_contains "$T_TMP/o" "wrote $T_TMP/in2.html" || return 1
  decode "$T_TMP/in2.html" "$T_TMP/in2.back" && cmp "$T_TMP/g.jsonl" "$T_TMP/in2.back" || return 1
  # empty, not a replay, or the page itself behind standard input: refused, nothing written
  : | "$ARENA" view - -o "$T_TMP/in3.html" 2>"$T_TMP/e"; [ $? -eq 1 ] || return 1
  expect_contains "$T_TMP/e" "standard input is empty: pipe a replay in ($ARENA view - < REPLAY)" || return 1
  printf 'hello\n' | "$ARENA" view - -o "$T_TMP/in3.html" 2>"$T_TMP/e"; [ $? -eq 1 ] || return 1
  expect_contains "$T_TMP/e" "standard input is not an Arena replay" || return 1
  [ ! -e "$T_TMP/in3.html" ] || { echo "a page was written"; return 1; }
  "$ARENA" view - -o "$T_TMP/g.jsonl" <"$T_TMP/g.jsonl" 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "would overwrite the replay /dev/stdin" || return 1
  cmp "$T_TMP/g.jsonl" "$T_TMP/in.back" || return 1
  # on a terminal (script(1) gives one): nothing to read, or nowhere for the page but the screen
  script -qec "'$ARENA' view -" /dev/null >"$T_TMP/t" 2>&1
  expect_contains "$T_TMP/t" "standard input is a terminal: pipe a replay in" || return 1
  script -qec "'$ARENA' view - <'$T_TMP/g.jsonl'" /dev/null >"$T_TMP/t" 2>&1
  expect_contains "$T_TMP/t" "reading standard input: give -o FILE.html, or redirect the output"
}
t_step "view - reads the replay from standard input (read whole first); empty or no replay is refused" from_stdin

usage() {
  "$ARENA" view 2>/dev/null; [ $? -eq 2 ] || return 1
  "$ARENA" view a b 2>/dev/null; [ $? -eq 2 ] || return 1
  "$ARENA" view "$T_TMP/g.jsonl" --frobnicate 2>/dev/null; [ $? -eq 2 ] || return 1
  "$ARENA" view "$T_TMP/g.jsonl" -o "$T_TMP/g.jsonl" 2>/dev/null; [ $? -eq 2 ] || return 1
  "$ARENA" view --help | grep -q "usage: arena view"
}
t_step "usage errors exit 2; --help" usage

# -o naming a pipe or a device (-o /dev/stdout, a process substitution) is written as it is: the
# page was written beside it and renamed over it, replacing the pipe (or /dev/stdout, as root) with a
# file, and outside a writable folder (/dev) it failed; report -o does the same
output_is_a_pipe() {
  "$ARENA" tourney chicken builtin:greedy builtin:tracker --games 2 --seed 1 --db "$T_TMP/p.db" --quiet >/dev/null 2>&1 || return 1
  for cmd in "view $T_TMP/g.jsonl" "report --db $T_TMP/p.db"; do
    rm -f "$T_TMP/pipe"; mkfifo "$T_TMP/pipe" || return 1
    timeout 20 cat "$T_TMP/pipe" >"$T_TMP/from-pipe" &
    reader=$!
    timeout 20 "$ARENA" $cmd -o "$T_TMP/pipe" >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
    [ -p "$T_TMP/pipe" ] || { echo "$cmd: the pipe was replaced"; kill $reader 2>/dev/null; return 1; }
    wait $reader
    [ $rc -eq 0 ] || { echo "$cmd: exit $rc"; cat "$T_TMP/e"; return 1; }
    grep -qi "<!doctype html>" "$T_TMP/from-pipe" || { echo "$cmd: no page through the pipe"; return 1; }
  done
  # and a report cut short on standard output (a full disk) is an error, as view's is
  [ -c /dev/full ] || return 0
  "$ARENA" report --db "$T_TMP/p.db" -o - >/dev/full 2>"$T_TMP/e"; [ $? -eq 1 ] || { echo "report -o - on a full disk"; return 1; }
  expect_contains "$T_TMP/e" "cannot write standard output: No space left on device"
}
t_step "view -o and report -o: a pipe or a device is written as it is, never replaced; a full stdout fails" output_is_a_pipe
t_done
