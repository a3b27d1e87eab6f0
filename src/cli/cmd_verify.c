/* cmd_verify.c: `arena verify FILE...`: re-simulates replays and checks every turn and the result. */
#include "cli.h"
#include "../games/registry.h"
#include "../match/replay.h"
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* verify_one: checks one replay (PATH "-" is standard input); prints its line and returns true when it
 * matches. */
static bool verify_one(const char *path, bool quiet) {
    bool from_stdin = strcmp(path, "-") == 0;
    const char *name = from_stdin ? "standard input" : path; /* for the messages */
    buf_t err;
    buf_init(&err);
    replay_t *r = replay_open(path, registry_find, &err);
    if (!r) {
        fprintf(stderr, "arena verify: %s\n", buf_cstr(&err));
        buf_free(&err);
        return false;
    }
    bool good = false;
    bool seen_result = false;
    for (;;) {
        json_t *rec;
        replay_rec kind = replay_next(r, &rec, &err);
        if (kind == REPLAY_EOF) break;
        if (seen_result) { /* before the record's own error: a second replay appended (>>) said
                            * "unknown record type 'header'" */
            buf_reset(&err);
            buf_printf(&err, "line %d: records after the result (two replays in one file?)", r->line_no);
            json_decref(rec);
            goto out;
        }
        if (kind == REPLAY_ERROR) {
            json_decref(rec);
            goto out;
        }
        if (kind == REPLAY_TURN) {
            bool ok = replay_apply(r, rec, true, &err);
            json_decref(rec);
            if (!ok) goto out;
        } else {
            seen_result = true;
            bool ok = replay_check_result(r, rec, &err);
            json_decref(rec);
            if (!ok) goto out;
        }
    }
    if (!seen_result) {
        buf_printf(&err, "line %d: the replay ends without a result record (truncated?)", r->line_no);
        goto out;
    }
    if (!quiet) { /* a line at a time: whole lines even when several verifies share one file */
        printf("%s: OK (%s, %d turns, seed %llu)\n", name, r->game->id, r->turns, (unsigned long long)r->seed);
        fflush(stdout);
    }
    good = true;
out:
    if (!good) fprintf(stderr, "%s: FAILED: %s\n", name, buf_cstr(&err));
    replay_close(r);
    buf_free(&err);
    return good;
}

int cmd_verify(int argc, char **argv) {
    if (cli_wants_help(argc, argv) || argc < 2) {
        FILE *out = argc < 2 ? stderr : stdout;
        fprintf(out, "usage: arena verify FILE... [--quiet]   (FILE - : standard input)\n\n"
                     "Rebuilds the start from the replay's header (game, options, seed), redraws every random\n"
                     "outcome, applies the recorded actions and verdicts, and compares every frame, the turn\n"
                     "events and the result. Exit 0 when everything matches; 1 naming the first difference.\n"
                     "Several replays (a tournament's: arena verify replays/*.jsonl) are checked one after\n"
                     "another, each with its own line, then a count; exit 1 when any of them fails.\n"
                     "  --quiet   print nothing when the replays are good (failures are still printed)\n");
        return argc < 2 ? EXIT_USAGE : EXIT_OK;
    }
    bool quiet = false, from_stdin = false;
    int files = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quiet") == 0) {
            quiet = true;
            continue;
        }
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("verify", "unknown option %s", argv[i]);
        if (strcmp(argv[i], "-") == 0) {
            if (from_stdin) return cli_usage_error("verify", "standard input (-) can be read only once");
            from_stdin = true;
        }
        files++;
    }
    if (!files) return cli_usage_error("verify", "missing FILE (a replay written by %s play --replay FILE)", cli_program());
    if (from_stdin && isatty(STDIN_FILENO)) /* it would wait for a replay typed in */
        return cli_usage_error("verify", "standard input is a terminal: pipe a replay in (%s verify - < REPLAY)",
                               cli_program());
    int failed = 0;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--quiet") != 0 && !verify_one(argv[i], quiet)) failed++;
    if (files > 1 && (failed || !quiet))
        fprintf(failed ? stderr : stdout, "%d replays: %d OK, %d FAILED\n", files, files - failed, failed);
    return failed ? EXIT_FAIL : EXIT_OK;
}
