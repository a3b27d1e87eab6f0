/* cmd_replay.c: `arena replay FILE`: plays a replay back in the live view (re-simulated from the
 * seed and the recorded actions), or prints one turn's picture as text. */
#include "cli.h"
#include "../core/text.h"
#include "../games/registry.h"
#include "../match/replay.h"
#include "../ui/live.h"
#include "../ui/term.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void help(void) {
    printf("usage: arena replay FILE [--speed N] [--view OPTION] [--turn N] [--plain|--ansi]\n\n"
           "Plays a replay back in the terminal view of its game (keys: space pause, +/- speed,\n"
           "n or right arrow: next turn, p or left arrow: previous turn, q quit).\n"
           "--turn N          start at turn N (number of turns played; 0 = the start)\n"
           "--plain, --ansi   print the picture after --turn N (default: the end) as plain text or\n"
           "                  with colours, and exit (also the default when stdout is not a terminal)\n");
}

typedef struct {
    const char *path;
    json_t **records; /* the turn records */
    int n;
    json_t *result;
} loaded;

static bool load(const char *path, loaded *L, buf_t *err) {
    replay_t *r = replay_open(path, registry_find, err);
    if (!r) return false;
    int cap = 0;
    for (;;) {
        json_t *rec;
        replay_rec kind = replay_next(r, &rec, err);
        if (kind == REPLAY_EOF) break;
        if (kind == REPLAY_ERROR) {
            /* A truncated replay still plays up to the damage. */
            fprintf(stderr, "arena replay: %s; playing the %d turns before it\n", buf_cstr(err), L->n);
            buf_reset(err);
            break;
        }
        if (kind == REPLAY_RESULT) {
            L->result = rec;
            continue;
        }
        if (L->n == cap) {
            cap = cap ? cap * 2 : 256;
            L->records = realloc(L->records, (size_t)cap * sizeof *L->records);
            if (!L->records) abort();
        }
        L->records[L->n++] = rec;
    }
    replay_close(r);
    return true;
}

/* A replay positioned at turn k: re-simulated from the start. */
static replay_t *seek(const loaded *L, int k, buf_t *err) {
    replay_t *r = replay_open(L->path, registry_find, err);
    if (!r) return NULL;
    for (int i = 0; i < k && i < L->n; i++)
        if (!replay_apply(r, L->records[i], false, err)) {
            replay_close(r);
            return NULL;
        }
    return r;
}

int cmd_replay(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) {
        help();
        return EXIT_OK;
    }
    const char *path = NULL, *view = NULL;
    double speed = 60;
    long long start = -1;
    int print = 0; /* 1 plain, 2 ansi */
    for (int i = 1; i < argc; i++) {
        const char *v;
        bool missing;
        if (strcmp(argv[i], "--plain") == 0) print = 1;
        else if (strcmp(argv[i], "--ansi") == 0) print = 2;
        else if (cli_flag_value(argc, argv, &i, "--speed", &v, &missing)) {
            if (missing) return cli_usage_error("replay", "--speed needs a number");
            speed = atof(v);
        } else if (cli_flag_value(argc, argv, &i, "--view", &v, &missing)) {
            if (missing) return cli_usage_error("replay", "--view needs a value");
            view = v;
        } else if (cli_flag_value(argc, argv, &i, "--turn", &v, &missing)) {
            if (missing || !text_parse_ll(v, 0, 1000000000, &start)) return cli_usage_error("replay", "bad --turn");
        } else if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("replay", "unknown option %s", argv[i]);
        else path = argv[i];
    }
    if (!path) return cli_usage_error("replay", "missing FILE");
    buf_t err;
    buf_init(&err);
    loaded L = {path, NULL, 0, NULL};
    if (!load(path, &L, &err)) {
        fprintf(stderr, "arena replay: %s\n", buf_cstr(&err));
        buf_free(&err);
        return EXIT_FAIL;
    }
    if (!print && !isatty(STDOUT_FILENO)) print = 1;
    int k = start < 0 ? (print ? L.n : 0) : (int)(start > L.n ? L.n : start);
    replay_t *r = seek(&L, k, &err);
    int rc = EXIT_OK;
    if (!r) {
        fprintf(stderr, "arena replay: %s\n", buf_cstr(&err));
        rc = EXIT_FAIL;
        goto out;
    }
    const game_t *g = r->game;
    canvas_t *c = canvas_new(g->draw_rows, g->draw_cols);
    if (print) {
        g->draw(r->state, &r->names, view, c);
        if (print == 1) {
            char *text = canvas_plain(c);
            fputs(text, stdout);
            free(text);
        } else {
            char *text;
            size_t len;
            term_render(c, term_truecolor(), &text, &len);
            fwrite(text, 1, len, stdout);
            free(text);
        }
        printf("%s: turn %d of %d\n", path, k, L.n);
    } else {
        if (!term_open()) {
            fprintf(stderr, "arena replay: no terminal; use --plain\n");
            rc = EXIT_FAIL;
        } else {
            ui_pace pace = {speed, false};
            for (;;) {
                g->draw(r->state, &r->names, view, c);
                char status[512], where[64];
                snprintf(where, sizeof where, "turn %d/%d%s", k, L.n, k == L.n ? " (end)" : "");
                ui_status(&pace, r->seed, where, status, sizeof status);
                term_draw(c, status);
                if (k == L.n) pace.paused = true;
                int act = ui_pace_wait(&pace, true);
                if (act == 'q') break;
                if (act == 'n' && k < L.n) {
                    if (!replay_apply(r, L.records[k], false, &err)) break;
                    k++;
                } else if (act == 'b' && k > 0) {
                    replay_close(r);
                    r = seek(&L, --k, &err);
                    if (!r) break;
                }
            }
            term_close();
            if (!r) fprintf(stderr, "arena replay: %s\n", buf_cstr(&err));
        }
    }
    canvas_free(c);
    replay_close(r);
out:
    for (int i = 0; i < L.n; i++) json_decref(L.records[i]);
    free(L.records);
    json_decref(L.result);
    buf_free(&err);
    return rc;
}
