/* test_referee_start.c: the referee's descriptors and pipes from a seat's start to its end: a
 * process seat that cannot start is out of the game from the start and has no descriptors (the
 * referee never polls, reads or closes one for it: a zeroed process record once named our own
 * stdin, which the referee then read and closed); a whole match leaves no descriptor open, with
 * the sandbox on or off; the last bytes a seat wrote to stderr, even a single one, are kept; a
 * seat that quits is out at its next turn; the end closes every seat's stdin; a seat inherits no
 * descriptor but its three; the --json result is whole; each kind of seat argument gives its
 * command and name; a seat that closes its stdin is out when a question finds it closed; stderr
 * written at two times is all kept; an aborted match ends every seat's process before its
 * result; a Chicken program run directly starts in its own folder; a sandboxed seat plays when
 * arena's stdin is closed; python: seats find the SDK next to the program. */
#include "t.h"
#include "kit_child.h"
#include "match_fixture.h"
#include "match/match_result.h"
#include "match/python_sdk.h"
#include "match/referee.h" /* the seats' processes */
#include <jansson.h>
#include <dirent.h>
#include <fcntl.h>
#include <errno.h>
#include <libgen.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

TEST(a_seat_that_cannot_start_leaves_our_stdin_alone) {
    const game_t *g = registry_find("rezzo");
    CHECK(g != NULL);
    if (!g) return;
    /* our stdin: a pipe holding four bytes */
    int saved = dup(0), p[2];
    CHECK(saved >= 0 && pipe(p) == 0);
    CHECK(write(p[1], "keep", 4) == 4);
    CHECK(dup2(p[0], 0) == 0);
    close(p[0]);
    static match_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.game = g;
    buf_t err;
    buf_init(&err);
    char *kv[] = {"size=16x16", "max_ticks=3", "tick_ms=30"};
    CHECK(match_parse_options(g, 3, kv, &cfg.options, &err));
    cfg.clock = match_default_clock(g);
    cfg.clock.startup_ms = 30;
    cfg.sandbox.mode = SANDBOX_OFF;
    cfg.seed = 1;
    cfg.nseats = 2;
    /* a program path that is not there: seat 0 fails to start (tcp:true did, before such a seat
     * was refused for Rezzo when parsed) */
    CHECK(seatspec_parse(g, "/nonexistent/arena-no-bot", &cfg.seats[0], &err));
    CHECK(seatspec_parse(g, "builtin:wander", &cfg.seats[1], &err));
    match_t *m = match_new(&cfg, &err);
    CHECK(m != NULL);
    if (m) {
        CHECK_EQ_INT(match_run(m), 0);
        CHECK_EQ_INT(m->verdicts[0][VERDICT_CRASH], 1);
        match_free(m);
    }
    /* stdin is still open and nobody read from it */
    CHECK(fcntl(0, F_GETFD) != -1);
    fcntl(0, F_SETFL, O_NONBLOCK);
    char got[8] = {0};
    CHECK_EQ_INT(read(0, got, sizeof got), 4);
    CHECK_EQ_STR(got, "keep");
    dup2(saved, 0);
    close(saved);
    close(p[1]);
    for (int s = 0; s < cfg.nseats; s++) seatspec_free(&cfg.seats[s]);
    buf_free(&err);
}

/* Descriptors open in this process. */
static int open_fds(void) {
    DIR *d = opendir("/proc/self/fd");
    if (!d) return -1;
    int n = 0;
    for (struct dirent *e; (e = readdir(d));) n += e->d_name[0] != '.';
    closedir(d);
    return n - 1; /* the listing's own */
}

/* A short Chicken game (3 moves a chicken) between seat0 (a format with %s for the greedy kit
 * program's path) and that program, sandbox as given, with SINK (or none): the match, run
 * (match_free it; match_run's status in *rc), or NULL. */
static match_t *short_game_rc(match_config *cfg, sandbox_mode mode, const char *seat0, const sink_t *sink, int *rc) {
    const char *kit = kit_child_path("chicken", "greedy");
    char spec[9000];
    snprintf(spec, sizeof spec, seat0, kit);
    char *kv[] = {"moves=3", "colours=fixed", "spawn=1", "doors=3,3;4,3"};
    const char *seats[] = {spec, kit};
    fixture_game f = {.game = "chicken", .options = kv, .noptions = 4, .seats = seats, .nseats = 2, .sandbox = mode,
                      .seed = 1, .sinks = sink, .nsinks = sink != NULL};
    return fixture_play(&f, cfg, rc);
}

static match_t *short_game(match_config *cfg, sandbox_mode mode, const char *seat0) {
    int rc = -1;
    match_t *m = short_game_rc(cfg, mode, seat0, NULL, &rc);
    if (m) CHECK_EQ_INT(rc, 0);
    return m;
}

/* The first sandboxed seat opens the sandbox's lasting rules once (Landlock's system paths, kept
 * for every later seat): counted from the second match on, every match gives back all it opened. */
TEST(a_whole_match_leaves_no_descriptor_open) {
    int before = 0;
    for (int k = 0; k < 3; k++) {
        if (k == 1) before = open_fds();
        static match_config cfg;
        match_t *m = short_game(&cfg, k < 2 ? SANDBOX_ON : SANDBOX_OFF, "%s");
        CHECK(m != NULL);
        if (!m) return;
        CHECK_EQ_INT(m->verdicts[0][VERDICT_CRASH] + m->verdicts[1][VERDICT_CRASH], 0);
        CHECK(m->turns_played >= 2);
        match_free(m);
        for (int s = 0; s < cfg.nseats; s++) seatspec_free(&cfg.seats[s]);
    }
    CHECK_EQ_INT(open_fds(), before);
}

TEST(a_single_byte_on_stderr_is_kept) {
    static match_config cfg;
    match_t *m = short_game(&cfg, SANDBOX_OFF, "printf x >&2; exec %s");
    CHECK(m != NULL);
    if (!m) return;
    CHECK_EQ_STR(m->stderr_tail[0] ? m->stderr_tail[0] : "(none)", "x");
    match_free(m);
    for (int s = 0; s < cfg.nseats; s++) seatspec_free(&cfg.seats[s]);
}

/* A seat that quits (the human at the live view pressing q) is out at its next turn: a crash with
 * cause exit, in either seat, and the other seat plays on. */
TEST(a_seat_that_quits_is_out_at_its_next_turn) {
    const game_t *g = registry_find("chicken");
    for (int quitter = 0; quitter < 2; quitter++) {
        static match_config cfg;
        memset(&cfg, 0, sizeof cfg);
        cfg.game = g;
        buf_t err;
        buf_init(&err);
        char *kv[] = {"moves=3", "colours=fixed", "spawn=1", "doors=3,3;4,3"};
        CHECK(match_parse_options(g, 4, kv, &cfg.options, &err));
        cfg.clock = match_default_clock(g);
        cfg.seed = 1;
        cfg.nseats = 2;
        CHECK(seatspec_parse(g, "builtin:greedy", &cfg.seats[0], &err));
        CHECK(seatspec_parse(g, "builtin:greedy", &cfg.seats[1], &err));
        match_t *m = match_new(&cfg, &err);
        CHECK(m != NULL);
        if (!m) return;
        match_seat_quit(m, quitter);
        match_seat_quit(m, -1); /* no such seats: nothing happens */
        match_seat_quit(m, 2);
        CHECK_EQ_INT(match_run(m), 0);
        CHECK_EQ_INT(m->verdicts[quitter][VERDICT_CRASH], 1);
        CHECK_EQ_INT(m->verdicts[1 - quitter][VERDICT_CRASH], 0);
        match_free(m);
        for (int s = 0; s < cfg.nseats; s++) seatspec_free(&cfg.seats[s]);
        buf_free(&err);
    }
}

/* At the end the referee closes each seat's stdin, so a bot that reads it to the end (after the
 * game's end message) leaves on its own. */
TEST(the_end_closes_every_seat_stdin) {
    char dir[] = "/tmp/arena_eof_XXXXXX", fmt[400], done[300];
    CHECK(mkdtemp(dir) != NULL);
    snprintf(done, sizeof done, "%s/left", dir);
    snprintf(fmt, sizeof fmt, "%%s; cat >/dev/null; touch %s", done);
    static match_config cfg;
    match_t *m = short_game(&cfg, SANDBOX_OFF, fmt);
    CHECK(m != NULL);
    if (!m) return;
    CHECK(access(done, F_OK) == 0);
    match_free(m);
    for (int s = 0; s < cfg.nseats; s++) seatspec_free(&cfg.seats[s]);
    remove(done);
    rmdir(dir);
}

/* A seat gets stdin, stdout and stderr and no other descriptor of the referee's (here a free one
 * from 900 up, opened without close-on-exec), with the sandbox on or off. Under make sanitize the
 * kit is an ASan build, whose leak check cannot run inside the sandbox and says so on stderr:
 * the seat runs it without that check, so that stderr holds only what the test looks for. */
TEST(a_seat_inherits_no_descriptor_but_its_three) {
    int null = open("/dev/null", O_RDONLY), fd = fcntl(null, F_DUPFD, 900);
    close(null);
    CHECK(fd >= 900);
    char seat0[300];
    snprintf(seat0, sizeof seat0, "[ -e /proc/self/fd/2 ] && printf 2 >&2; [ -e /proc/self/fd/%d ] && printf %d >&2; exec env ASAN_OPTIONS=detect_leaks=0 %%s",
             fd, fd);
    for (int mode = SANDBOX_ON; mode <= SANDBOX_OFF; mode++) {
        static match_config cfg;
        match_t *m = short_game(&cfg, (sandbox_mode)mode, seat0);
        CHECK(m != NULL);
        if (!m) break;
        CHECK_EQ_STR(m->stderr_tail[0] ? m->stderr_tail[0] : "(none)", "2");
        match_free(m);
        for (int s = 0; s < cfg.nseats; s++) seatspec_free(&cfg.seats[s]);
    }
    close(fd);
}

/* The --json object of a whole game reads as JSON with what the match counted. */
TEST(the_result_json_holds_the_match) {
    static match_config cfg;
    match_t *m = short_game(&cfg, SANDBOX_OFF, "%s");
    CHECK(m != NULL);
    if (!m) return;
    buf_t out;
    buf_init(&out);
    match_result_json(m, &out);
    json_error_t je;
    json_t *j = json_loads(buf_cstr(&out), 0, &je);
    CHECK(j != NULL);
    if (!j) printf("# %s: %s\n", je.text, buf_cstr(&out));
    if (j) {
        CHECK_EQ_STR(json_string_value(json_object_get(j, "game")), "chicken");
        CHECK_EQ_INT(json_integer_value(json_object_get(j, "turns")), m->turns_played);
        CHECK_EQ_INT(json_array_size(json_object_get(j, "verdicts")), 2);
        double sec = json_number_value(json_object_get(j, "seconds"));
        CHECK(json_is_number(json_object_get(j, "seconds")) && sec >= 0 && sec * 1e6 <= m->end_us - m->start_us + 1000);
        json_decref(j);
    }
    buf_free(&out);
    match_free(m);
    for (int s = 0; s < cfg.nseats; s++) seatspec_free(&cfg.seats[s]);
}

/* What a seat argument names (docs/cli.md) in a game: its kind, command and default name. */
static bool seat_is_in(const char *game, const char *arg, seat_kind kind, const char *name, const char *command) {
    seat_spec s;
    buf_t err;
    buf_init(&err);
    bool ok = seatspec_parse(registry_find(game), arg, &s, &err);
    bool same = ok && s.kind == kind && strcmp(s.name, name) == 0 && strcmp(s.command ? s.command : "", command) == 0;
    if (!same) printf("# %s: %s kind %d name %s command %s\n", arg, buf_cstr(&err), ok ? (int)s.kind : -1,
                      ok ? s.name : "-", ok && s.command ? s.command : "-");
    if (ok) seatspec_free(&s);
    buf_free(&err);
    return same;
}

static bool seat_is(const char *arg, seat_kind kind, const char *name, const char *command) {
    return seat_is_in("chicken", arg, kind, name, command);
}

TEST(seat_arguments_name_their_kind_command_and_name) {
    CHECK(seat_is_in("suitebot", "tcp:./bot.sh --x", SEAT_TCP, "bot.sh", "./bot.sh --x"));
    CHECK(seat_is_in("suitebot", "alice=tcp:cmd", SEAT_TCP, "alice", "cmd"));
    /* a game whose messages cannot travel over tcp refuses the seat, as python: for a game without
     * an adapter (the seat could not start, and the game was played without it, exit 0); a blank
     * command too */
    seat_spec sp;
    buf_t why;
    buf_init(&why);
    CHECK(!seatspec_parse(registry_find("chicken"), "tcp:./bot.sh", &sp, &why));
    CHECK(strstr(buf_cstr(&why), "chicken cannot use a tcp seat (it needs a line-based game without a start-up "
                                 "handshake)") != NULL);
    buf_reset(&why);
    CHECK(!seatspec_parse(registry_find("rezzo"), "tcp:./bot.sh", &sp, &why));
    CHECK(strstr(buf_cstr(&why), "rezzo cannot use a tcp seat") != NULL);
    buf_reset(&why);
    CHECK(!seatspec_parse(registry_find("suitebot"), "tcp: \t", &sp, &why));
    CHECK(strstr(buf_cstr(&why), "tcp seat needs a command") != NULL);
    buf_free(&why);
    CHECK(seat_is("a/b=cmd", SEAT_COMMAND, "b=cmd", "a/b=cmd")); /* a '/' before '=': no name */
    CHECK(seat_is("x y=cmd", SEAT_COMMAND, "x", "x y=cmd"));     /* a blank before '=': no name */
    char dir[] = "/tmp/arena_seats_XXXXXX", path[200];
    CHECK(mkdtemp(dir) != NULL);
    snprintf(path, sizeof path, "%s/agent", dir);
    CHECK(mkdir(path, 0700) == 0);
    snprintf(path, sizeof path, "%s/my.bot.py", dir);
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (f) fclose(f);
    char arg[300], cmd[300];
    /* a file (Rising Tide's python:FILE.py) */
    snprintf(arg, sizeof arg, "python:%s/my.bot.py", dir);
    CHECK(seat_is_in("rising_tide", arg, SEAT_PYTHON, "my", path));
    snprintf(arg, sizeof arg, "bob=python:%s/my.bot.py", dir);
    CHECK(seat_is_in("rising_tide", arg, SEAT_PYTHON, "bob", path));
    /* ... but not for Chicken, whose agent is a folder, nor a folder for Rising Tide: the seat
     * started and every game crashed on it */
    CHECK(!seat_is(arg, SEAT_PYTHON, "bob", path));
    snprintf(arg, sizeof arg, "python:%s/agent", dir);
    CHECK(!seat_is_in("rising_tide", arg, SEAT_PYTHON, "agent", path));
    /* a folder (Chicken's python:AGENT_DIR), also with the '/' a shell's completion adds */
    snprintf(arg, sizeof arg, "python:%s/agent", dir);
    snprintf(cmd, sizeof cmd, "%s/agent", dir);
    CHECK(seat_is(arg, SEAT_PYTHON, "agent", cmd));
    snprintf(arg, sizeof arg, "python:%s/agent/", dir);
    snprintf(cmd, sizeof cmd, "%s/agent/", dir);
    CHECK(seat_is(arg, SEAT_PYTHON, "agent", cmd));
    remove(path);
    snprintf(path, sizeof path, "%s/agent", dir);
    rmdir(path);
    rmdir(dir);
}

/* Whether seat string `arg` parses and its program is found on `path` (docs/referee.md "Seats");
 * `here`: the seats run on this machine (their #! interpreters must be here too). The message,
 * when refused, in `why` (may be NULL). */
static bool found_why(const char *arg, const char *path, bool here, buf_t *why) {
    seat_spec sp;
    buf_t err;
    buf_init(&err);
    bool ok = seatspec_parse(registry_find("rising_tide"), arg, &sp, &err);
    if (ok) {
        ok = seatspec_program_found(&sp, path, here, &err);
        seatspec_free(&sp);
    }
    if (why) buf_puts(why, buf_cstr(&err));
    buf_free(&err);
    return ok;
}

static bool found(const char *arg, const char *path) { return found_why(arg, path, true, NULL); }

/* An executable file DIR/NAME holding `text` (n bytes); its path in `path`. */
static void script_at(const char *dir, const char *name, const char *text, size_t n, char *path, size_t cap) {
    snprintf(path, cap, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (f) {
        fwrite(text, 1, n, f);
        fclose(f);
    }
    chmod(path, 0755);
}

/* Whether seat DIR/NAME (holding `text`) is refused with a message containing `want`; run
 * directly, and as a shell command with an argument ("DIR/NAME 1"), which `shell_too` says is
 * refused as well. */
static bool refused_with(const char *dir, const char *name, const char *text, const char *want, bool shell_too) {
    char path[300], cmd[320];
    script_at(dir, name, text, strlen(text), path, sizeof path);
    buf_t why;
    buf_init(&why);
    bool ok = !found_why(path, "/usr/bin:/bin", true, &why) && strstr(buf_cstr(&why), want) != NULL;
    if (!ok) fprintf(stderr, "# %s: %s\n", name, buf_cstr(&why));
    snprintf(cmd, sizeof cmd, "%s 1", path);
    if (found(cmd, "/usr/bin:/bin") == shell_too) ok = false;
    buf_free(&why);
    remove(path);
    return ok;
}

/* A program whose first line the kernel cannot follow failed in every game with a message naming
 * the wrong culprit ("exec: ./bot failed: No such file or directory" for a file that is there,
 * "Exec format error"): refused before the game with what to change. */
TEST(a_program_whose_first_line_cannot_be_executed_is_refused) {
    char dir[] = "/tmp/arena_shebang_XXXXXX", path[300];
    CHECK(mkdtemp(dir) != NULL);
    /* a text file without #!: an exec cannot run it (a shell runs it itself: "./x 1" plays) */
    CHECK(refused_with(dir, "plain.sh", "echo pass\n", "a script without a #! line, so it cannot be executed: add "
                       "a first line such as #!/bin/sh", false));
    CHECK(refused_with(dir, "empty", "", "an empty file, nothing to run", false));
    /* Windows line ends: the kernel looks for "/bin/sh\r" */
    CHECK(refused_with(dir, "crlf.sh", "#!/bin/sh\r\necho pass\r\n", "its #! line ends with a carriage return "
                       "(Windows line ends)", true));
    /* an interpreter that is not there, or not executable */
    CHECK(refused_with(dir, "gone.py", "#!/no/such/python3\n", "its interpreter '/no/such/python3' (its #! line) is "
                       "not there: fix the #! line (#!/usr/bin/env python3 finds python3 on PATH)", true));
    CHECK(refused_with(dir, "noint", "#!\n", "its #! line names no interpreter", true));
    /* env with options: the kernel hands env "python3 -u" as one word */
    CHECK(refused_with(dir, "opts.py", "#!/usr/bin/env python3 -u\n", "its #! line gives env 'python3 -u' as one "
                       "program name", true));
    CHECK(refused_with(dir, "envgone.py", "#!/usr/bin/env no_such_interp_xyz\n", "its #! line runs "
                       "'no_such_interp_xyz' through env, and it is not on the seats' PATH", true));
    /* what runs: an interpreter that is here, env's -S, blanks after #!, a binary (ELF or another
     * format a binfmt_misc handler may take) */
    const char *good[] = {"#!/bin/sh\nexit 0\n", "#!/usr/bin/env -S sh -e\n", "#! /bin/sh -e\n", "#!/usr/bin/env sh\n",
                          "\x7f" "ELF\x02\x01", "MZ\x90\0\x03\0"};
    for (size_t k = 0; k < sizeof good / sizeof *good; k++) {
        script_at(dir, "good", good[k], k >= 4 ? 6 : strlen(good[k]), path, sizeof path);
        CHECK(found(path, "/usr/bin:/bin"));
    }
    /* the interpreter may be elsewhere when the seat runs on another machine (a tourney's
     * workers), but a file that cannot run anywhere is refused there too */
    script_at(dir, "gone.py", "#!/no/such/python3\n", 19, path, sizeof path);
    CHECK(found_why(path, "/usr/bin:/bin", false, NULL));
    script_at(dir, "crlf.sh", "#!/bin/sh\r\n", 11, path, sizeof path);
    CHECK(!found_why(path, "/usr/bin:/bin", false, NULL));
    snprintf(path, sizeof path, "%s/gone.py", dir);
    remove(path);
    snprintf(path, sizeof path, "%s/crlf.sh", dir);
    remove(path);
    snprintf(path, sizeof path, "%s/good", dir);
    remove(path);
    CHECK(rmdir(dir) == 0);
}

TEST(a_seat_is_checked_for_its_program_and_a_name_for_blanks) {
    const char *path = "/usr/bin:/bin";
    CHECK(found("builtin:pass_perth", NULL));
    CHECK(found("cat", path));                     /* on PATH */
    CHECK(found("python3 /dev/null --depth=3", path)); /* '=' in an argument: still a command */
    /* an interpreter's script: looked for when the word looks like a file */
    CHECK(!found("python3 no_such_bot.py", path) && !found("/usr/bin/python3 -u ./no/such.py --x", path));
    CHECK(!found("python3.11 -O no_such_bot.py", path) && !found("node no_such_bot.js", path));
    CHECK(found("python3 -m no_such_module", path) && found("python3 -c pass", path)); /* no script */
    CHECK(found("python3 -W ignore /dev/null", path)); /* an option's value is not taken for it */
    CHECK(found("cat no_such_file.txt", path));     /* not an interpreter: its arguments are its own */
    CHECK(!found("my bot", path));                 /* "my" is nowhere */
    CHECK(!found("cat", "/nonexistent"));          /* the PATH given is the one searched */
    CHECK(found("exec cat", path) && found("echo x", "/nonexistent")); /* the shell's own words */
    CHECK(found("\"my prog\" x", path) && found("$BOT x", path) && found("my || true", path)); /* the shell's to judge */
    CHECK(!found("/no/such/bot", path) && !found("./no/such/bot --x", path));
    CHECK(found("/bin/sh", path));
    CHECK(!found("/etc/passwd", path)); /* there, but not executable */
    buf_t err;
    buf_init(&err);
    seat_spec sp;
    CHECK(!seatspec_parse(registry_find("rising_tide"), "my bot=builtin:pass_perth", &sp, &err));
    CHECK_EQ_STR(buf_cstr(&err), "'my bot=builtin:pass_perth': a seat's name cannot contain blanks; write NAME=SEAT "
                                 "with a name such as my_bot=builtin:pass_perth");
    /* a newline, a tab or an escape in a name was taken: every table and CSV row showed it as it was
     * (a standings row cut in two); refused, the character shown as \xNN */
    buf_reset(&err);
    CHECK(!seatspec_parse(registry_find("rising_tide"), "a\nb=builtin:pass_perth", &sp, &err));
    CHECK_EQ_STR(buf_cstr(&err), "'a\\x0ab=builtin:pass_perth': a seat's name cannot contain blanks or control "
                                 "characters (a tab, a newline); write NAME=SEAT with a name such as "
                                 "a_b=builtin:pass_perth");
    buf_reset(&err);
    CHECK(!seatspec_parse(registry_find("rising_tide"), "x\033[2J\t=python:bot.py", &sp, &err));
    CHECK(strstr(buf_cstr(&err), "'x\\x1b[2J\\x09=python:bot.py': a seat's name cannot contain blanks or control") ==
          buf_cstr(&err));
    /* a two-line script's default name is its first word, not the first line and the next */
    buf_reset(&err);
    CHECK(seatspec_parse(registry_find("rising_tide"), "true\ncat", &sp, &err));
    CHECK_EQ_STR(sp.name, "true");
    seatspec_free(&sp);
    buf_free(&err);
}

/* What a sink saw of seat 0, turn by turn. */
typedef struct {
    int n;
    verdict_kind verdict[64];
    verdict_cause cause[64];
} seat0_turns;

static void seat0_on_turn(void *ctx, const match_t *m) {
    seat0_turns *v = ctx;
    if (v->n < 64) v->verdict[v->n] = m->turns[0].verdict, v->cause[v->n] = m->turns[0].cause, v->n++;
}

/* A seat that closes its stdin and lives on is out when the next question finds the pipe closed:
 * a crash with cause closed in that turn (the write fails at once: the referee neither waits
 * for a deadline nor keeps trying), and the game goes on without it. Rising Tide, four rounds:
 * seat 0 answers round 0 after closing its stdin. */
TEST(a_seat_that_closes_its_stdin_crashes_at_its_next_question) {
    static seat0_turns seen;
    memset(&seen, 0, sizeof seen);
    sink_t sink = {.ctx = &seen, .on_turn = seat0_on_turn};
    char *kv[] = {"rounds=4"};
    const char *seats[] = {"while read l; do [ \"$l\" = go ] && break; done; exec 0<&-; echo pass; exec sleep 30",
                           "builtin:pass_perth", "builtin:pass_perth", "builtin:pass_perth"};
    fixture_game f = {.game = "rising_tide", .options = kv, .noptions = 1, .seats = seats, .nseats = 4,
                      .sandbox = SANDBOX_OFF, .seed = 3, .sinks = &sink, .nsinks = 1};
    static match_config cfg;
    int rc = -1;
    match_t *m = fixture_play(&f, &cfg, &rc);
    CHECK(m != NULL);
    if (m) {
        CHECK_EQ_INT(rc, 0);
        CHECK_EQ_INT(m->turns_played, 4);
        CHECK_EQ_INT(seen.n, 4);
        CHECK_EQ_INT(seen.verdict[0], VERDICT_OK);
        CHECK_EQ_INT(seen.verdict[1], VERDICT_CRASH);
        CHECK_EQ_INT(seen.cause[1], CAUSE_CLOSED);
        CHECK_EQ_INT(m->verdicts[0][VERDICT_CRASH], 1);
        CHECK_EQ_INT(m->verdicts[0][VERDICT_LATE] + m->verdicts[0][VERDICT_DOWN], 0);
    }
    fixture_finish(m, &cfg);
}

/* The stderr tail keeps what a seat wrote at different times, not only its first burst: "a",
 * then a second later (the referee has read the first and found the pipe empty) "b". */
TEST(stderr_written_at_two_times_is_all_kept) {
    static match_config cfg;
    match_t *m = short_game(&cfg, SANDBOX_OFF, "printf a >&2; sleep 1; printf b >&2; exec %s");
    CHECK(m != NULL);
    if (!m) return;
    CHECK_EQ_STR(m->stderr_tail[0] ? m->stderr_tail[0] : "(none)", "ab");
    CHECK_EQ_INT(m->verdicts[0][VERDICT_CRASH] + m->verdicts[0][VERDICT_DOWN], 0);
    match_free(m);
    for (int s = 0; s < cfg.nseats; s++) seatspec_free(&cfg.seats[s]);
}

/* A match abandoned between turns (the user quit the live view): every seat's process is ended
 * (killed and reaped) before the sinks hear the end, as after a whole game. */
typedef struct {
    pid_t pid[2];
    int turns;
    int alive_at_end; /* seats whose process still existed at on_end */
} abort_seen;

static void abort_on_start(void *ctx, const match_t *m) {
    abort_seen *a = ctx;
    for (int s = 0; s < 2; s++) a->pid[s] = m->in->seats[s].proc.pid;
}

static bool abort_between(void *ctx, match_t *m) {
    (void)m;
    return ++((abort_seen *)ctx)->turns < 1;
}

static void abort_on_end(void *ctx, const match_t *m) {
    (void)m;
    abort_seen *a = ctx;
    for (int s = 0; s < 2; s++)
        if (a->pid[s] > 0 && (kill(a->pid[s], 0) == 0 || errno != ESRCH)) a->alive_at_end++;
}

TEST(an_aborted_match_ends_every_seat_before_its_result) {
    static match_config cfg;
    static abort_seen seen;
    memset(&seen, 0, sizeof seen);
    sink_t sink = {.ctx = &seen, .on_start = abort_on_start, .between = abort_between, .on_end = abort_on_end};
    int rc = -1;
    match_t *m = short_game_rc(&cfg, SANDBOX_OFF, "%s", &sink, &rc);
    CHECK(m != NULL);
    if (!m) return;
    CHECK_EQ_INT(rc, 1);
    CHECK(m->aborted);
    CHECK_EQ_INT(seen.turns, 1);
    CHECK(seen.pid[0] > 0 && seen.pid[1] > 0);
    CHECK_EQ_INT(seen.alive_at_end, 0);
    match_free(m);
    for (int s = 0; s < cfg.nseats; s++) seatspec_free(&cfg.seats[s]);
}

/* Copies file FROM to TO (mode 0755). */
static bool copy_program(const char *from, const char *to) {
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    bool ok = in && out;
    char chunk[65536];
    for (size_t n; ok && (n = fread(chunk, 1, sizeof chunk, in)) > 0;) ok = fwrite(chunk, 1, n, out) == n;
    if (in) fclose(in);
    if (out && fclose(out) != 0) ok = false;
    return ok && chmod(to, 0755) == 0;
}

/* Chicken's sandbox starts an agent in its own folder (the game's sandbox defaults, sandbox.md
 * "workdir": `--workdir bot` is Chicken's default): a program run directly (here a script next to
 * a copy of the greedy kit) finds its working directory to be its folder, not a fresh one. */
TEST(a_chicken_program_run_directly_starts_in_its_own_folder) {
    /* the kit knows its game and bot by its path (kits/GAME/BOT): the copy goes to TMP/chicken/ */
    char top[] = "/tmp/arena_wd_XXXXXX", dir[200], script[300], kit[300], expected[300];
    CHECK(mkdtemp(top) != NULL);
    chmod(top, 0755);
    snprintf(dir, sizeof dir, "%s/chicken", top);
    CHECK(mkdir(dir, 0755) == 0);
    snprintf(kit, sizeof kit, "%s/greedy", dir);
    snprintf(script, sizeof script, "%s/agent.sh", dir);
    CHECK(copy_program(kit_child_path("chicken", "greedy"), kit));
    FILE *f = fopen(script, "w");
    CHECK(f != NULL);
    if (!f) return;
    fprintf(f, "#!/bin/sh\npwd >&2\nASAN_OPTIONS=detect_leaks=0 exec \"$(dirname \"$0\")/greedy\"\n");
    fclose(f);
    chmod(script, 0755);
    static match_config cfg;
    match_t *m = short_game(&cfg, SANDBOX_ON, script);
    CHECK(m != NULL);
    if (m) {
        snprintf(expected, sizeof expected, "%s\n", dir);
        CHECK_EQ_STR(m->stderr_tail[0] ? m->stderr_tail[0] : "(none)", expected);
        CHECK_EQ_INT(m->verdicts[0][VERDICT_CRASH] + m->verdicts[0][VERDICT_DOWN], 0);
        match_free(m);
    }
    for (int s = 0; s < cfg.nseats; s++) seatspec_free(&cfg.seats[s]);
    remove(script);
    remove(kit);
    rmdir(dir);
    rmdir(top);
}

/* arena started with its stdin closed (`<&-`, a daemon): the lowest free descriptor is 0, which
 * the sandbox's first descriptor of a seat then took, and the child's stdin replaced it, so every
 * sandboxed seat failed to start (a crash before its first turn). The referee now keeps 0, 1 and 2
 * open (/dev/null), and a sandboxed seat plays as with stdin open. */
TEST(a_sandboxed_seat_plays_with_our_stdin_closed) {
    int saved = dup(0);
    CHECK(saved >= 0);
    close(0);
    static match_config cfg;
    match_t *m = short_game(&cfg, SANDBOX_ON, "%s");
    dup2(saved, 0);
    close(saved);
    CHECK(m != NULL);
    if (!m) return;
    CHECK(m->turns_played >= 2);
    CHECK_EQ_INT(m->verdicts[0][VERDICT_CRASH] + m->verdicts[1][VERDICT_CRASH], 0);
    CHECK_EQ_INT(m->verdicts[0][VERDICT_DOWN] + m->verdicts[1][VERDICT_DOWN], 0);
    match_free(m);
    for (int s = 0; s < cfg.nseats; s++) seatspec_free(&cfg.seats[s]);
}

/* python: seats import arena_sdk from the folder next to the program (PROGRAM_DIR/../sdk/python,
 * resolved when it exists) unless ARENA_PYTHON_SDK or the configuration names one. */
TEST(python_seats_find_the_sdk_next_to_the_program) {
    unsetenv("ARENA_PYTHON_SDK");
    char exe[4096], expected[4200], real[4200];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    CHECK(n > 0);
    if (n <= 0) return;
    exe[n] = 0;
    snprintf(expected, sizeof expected, "%s/../sdk/python", dirname(exe));
    if (realpath(expected, real)) snprintf(expected, sizeof expected, "%s", real);
    CHECK_EQ_STR(python_sdk_folder(NULL), expected);
    CHECK_EQ_STR(python_sdk_folder("/elsewhere/sdk"), "/elsewhere/sdk");
}

int main(void) {
    RUN(seat_arguments_name_their_kind_command_and_name);
    RUN(a_seat_is_checked_for_its_program_and_a_name_for_blanks);
    RUN(a_program_whose_first_line_cannot_be_executed_is_refused);
    RUN(python_seats_find_the_sdk_next_to_the_program);
    RUN(a_seat_that_quits_is_out_at_its_next_turn);
    RUN(a_seat_that_cannot_start_leaves_our_stdin_alone);
    RUN(a_whole_match_leaves_no_descriptor_open);
    RUN(a_single_byte_on_stderr_is_kept);
    RUN(the_end_closes_every_seat_stdin);
    RUN(the_result_json_holds_the_match);
    RUN(a_seat_inherits_no_descriptor_but_its_three);
    RUN(a_seat_that_closes_its_stdin_crashes_at_its_next_question);
    RUN(stderr_written_at_two_times_is_all_kept);
    RUN(an_aborted_match_ends_every_seat_before_its_result);
    RUN(a_chicken_program_run_directly_starts_in_its_own_folder);
    RUN(a_sandboxed_seat_plays_with_our_stdin_closed);
    return T_DONE();
}
