/* cmd_standings.c: `arena standings --db FILE`: the standings of a stored tournament, again. */
#include "cli_tourney.h"
#include "../games/registry.h"
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void help(void) {
    printf("usage: arena standings --db FILE [--tourney ID] [--json|--csv] [--anchor NAME] [--list]\n\n"
           "Prints the standings of a tournament stored by `arena tourney`, computed from its stored\n"
           "matches (default: the tournament run last in FILE).\n"
           "  --json      one object: game, ranking, matches, failed, players (each with rank, name,\n"
           "              games, rating and ci95 for Elo-rated games, mean, sd and its ci95 (mean_ci95 for\n"
           "              Elo-rated games), wins/draws/losses, verdicts ...)\n"
           "  --csv       one row per player\n"
           "  --tourney ID  another tournament of the file (see --list)\n"
           "  --anchor NAME  Elo-rated games: NAME is rated 1500 (default: the field's mean is 1500)\n"
           "  --list      the tournaments stored in FILE\n");
}

bool cli_load_tourney(const char *db, int64_t id, const char *anchor, store_tourney *t, cli_tourney_view *v,
                      buf_t *err) {
    memset(v, 0, sizeof *v);
    store_t *s = store_open(db, false, err);
    if (!s) return false;
    if (id <= 0) id = store_latest(s);
    if (id <= 0) {
        buf_printf(err, "%s holds no tournament", db);
        store_close(s);
        return false;
    }
    bool ok = store_load(s, id, t, err);
    store_close(s);
    if (!ok) return false;
    v->game = registry_find(t->game);
    json_error_t je;
    json_t *cfg = json_loads(t->config, 0, &je);
    /* Options as stored (defaults included), for the game's own statistics (full score). */
    if (v->game) {
        char *kv[32];
        int nkv = 0;
        json_t *opts = json_object_get(cfg, "options");
        const char *k;
        json_t *val;
        json_object_foreach(opts, k, val) {
            if (nkv >= 32 || !json_is_string(val)) continue;
            size_t n = strlen(k) + strlen(json_string_value(val)) + 2;
            kv[nkv] = malloc(n);
            if (!kv[nkv]) abort();
            snprintf(kv[nkv], n, "%s=%s", k, json_string_value(val));
            nkv++;
        }
        buf_t e2;
        buf_init(&e2);
        v->have_options = match_parse_options(v->game, nkv, kv, &v->options, &e2);
        /* The options point into kv: keep them for the view's lifetime. */
        v->kv = malloc(sizeof(char *) * (size_t)(nkv + 1));
        if (!v->kv) abort();
        memcpy(v->kv, kv, sizeof(char *) * (size_t)nkv);
        v->nkv = nkv;
        buf_free(&e2);
    }
    json_t *sprt = json_object_get(cfg, "sprt");
    if (json_is_array(sprt) && json_array_size(sprt) == 4) {
        v->sprt_on = true;
        v->sprt.elo0 = json_number_value(json_array_get(sprt, 0));
        v->sprt.elo1 = json_number_value(json_array_get(sprt, 1));
        v->sprt.alpha = json_number_value(json_array_get(sprt, 2));
        v->sprt.beta = json_number_value(json_array_get(sprt, 3));
    }
    /* The rounds format: its multipliers weight each stored result by the round in its seed index. */
    tr_weights weights;
    memset(&weights, 0, sizeof weights);
    bool rounds = json_is_string(json_object_get(cfg, "format")) &&
                  strcmp(json_string_value(json_object_get(cfg, "format")), "rounds") == 0;
    json_t *mult = json_object_get(cfg, "multipliers");
    for (size_t i = 0; rounds && i < json_array_size(mult) && weights.n < TR_MAX_MULT; i++)
        weights.mult[weights.n++] = json_number_value(json_array_get(mult, i));
    json_decref(cfg);
    standings_compute_weighted(&v->st, v->game, t->game, v->have_options ? &v->options : NULL, t->nplayers,
                               (const char *const *)t->names, t->results, t->nresults, anchor,
                               rounds ? &weights : NULL);
    standings_mark_references(&v->st, (const char *const *)t->specs);
    if (anchor && !v->st.anchor)
        fprintf(stderr, "arena: warning: --anchor %s: no rated entrant of that name; 1500 is the field mean\n", anchor);
    return true;
}

void cli_tourney_view_free(cli_tourney_view *v) {
    standings_free(&v->st);
    for (int i = 0; i < v->nkv; i++) free(v->kv[i]);
    free(v->kv);
    memset(v, 0, sizeof *v);
}

int cmd_standings(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) {
        help();
        return EXIT_OK;
    }
    const char *db = NULL, *anchor = NULL;
    bool json = false, csv = false, list = false;
    long long id = 0;
    for (int i = 1; i < argc; i++) {
        const char *v;
        bool missing;
        if (strcmp(argv[i], "--json") == 0) json = true;
        else if (strcmp(argv[i], "--csv") == 0) csv = true;
        else if (strcmp(argv[i], "--list") == 0) list = true;
        else if (cli_flag_value(argc, argv, &i, "--db", &v, &missing)) {
            if (missing) return cli_usage_error("standings", "--db needs a file");
            db = v;
        } else if (cli_flag_value(argc, argv, &i, "--tourney", &v, &missing)) {
            char *end;
            id = missing ? 0 : strtoll(v, &end, 10);
            if (missing || *end || id <= 0) return cli_usage_error("standings", "--tourney needs a tournament id");
        } else if (cli_flag_value(argc, argv, &i, "--anchor", &v, &missing)) {
            if (missing) return cli_usage_error("standings", "--anchor needs an entrant's name");
            anchor = v;
        } else {
            return cli_usage_error("standings", "unknown argument %s", argv[i]);
        }
    }
    if (!db) return cli_usage_error("standings", "missing --db FILE");
    if (json && csv) return cli_usage_error("standings", "--json and --csv exclude each other");
    buf_t err;
    buf_init(&err);
    if (list) {
        store_t *s = store_open(db, false, &err);
        if (!s) {
            fprintf(stderr, "arena: error: %s\n", buf_cstr(&err));
            buf_free(&err);
            return EXIT_FAIL;
        }
        store_list(s, stdout);
        store_close(s);
        buf_free(&err);
        return EXIT_OK;
    }
    store_tourney t;
    cli_tourney_view v;
    if (!cli_load_tourney(db, id, anchor, &t, &v, &err)) {
        fprintf(stderr, "arena: error: %s\n", buf_cstr(&err));
        buf_free(&err);
        return EXIT_FAIL;
    }
    if (!v.game) fprintf(stderr, "arena: warning: this arena does not know the game '%s'; ranking by mean score\n", t.game);
    if (json) {
        buf_t out;
        buf_init(&out);
        standings_json(&v.st, &out);
        printf("%s\n", buf_cstr(&out));
        buf_free(&out);
    } else if (csv) {
        standings_csv(&v.st, stdout);
    } else {
        printf("%s tournament #%lld (%s, seed %llu): %d of %d matches stored\n", v.game ? v.game->title : t.game,
               (long long)t.id, t.format, (unsigned long long)t.seed, t.nresults, t.planned);
        standings_print_table(&v.st, stdout);
        if (t.sprt_result) printf("SPRT: %s accepted\n", t.sprt_result);
    }
    cli_tourney_view_free(&v);
    store_tourney_free(&t);
    buf_free(&err);
    return EXIT_OK;
}
