/* stored.c: a stored tournament read back: options, SPRT and rounds settings from its stored
 * configuration (JSON), then its standings. */
#include "stored.h"
#include "../games/registry.h"
#include "../match/match.h"
#include "../core/xalloc.h"
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool stored_load(const char *db, int64_t id, const char *anchor, store_tourney *t, stored_t *v,
                       buf_t *err) {
    memset(v, 0, sizeof *v);
    store_t *s = store_open_read(db, err); /* a reader: a store it may not write is read as it is */
    if (!s) return false;
    if (id <= 0) id = tourneys_latest(s, err);
    if (id <= 0) {
        if (id < 0) /* a damaged table read as "no tournament" sent one looking for the wrong thing */
            buf_printf(err, " (%s: its tournaments cannot be read; is it a damaged store?)", db_target(store_db(s)));
        else buf_printf(err, "%s holds no tournament", db_target(store_db(s)));
        store_close(s);
        return false;
    }
    bool ok = tourneys_load(s, id, t, err);
    bool unknown = !ok && tourneys_latest(s, NULL) > 0 && !tourneys_has(s, id);
    if (!ok && unknown) /* a wrong --tourney ID: say where to find the right one (the password hidden) */
        buf_printf(err, " (--list shows the tournaments %s holds)", db_target(store_db(s)));
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
            kv[nkv] = xmalloc(n);
            snprintf(kv[nkv], n, "%s=%s", k, json_string_value(val));
            nkv++;
        }
        buf_t e2;
        buf_init(&e2);
        v->have_options = match_parse_options(v->game, nkv, kv, &v->options, &e2);
        /* The options point into kv: keep them for the stored tournament's lifetime. */
        v->kv = xmalloc(sizeof(char *) * (size_t)(nkv + 1));
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
    tourney_weights weights;
    memset(&weights, 0, sizeof weights);
    bool rounds = json_is_string(json_object_get(cfg, "format")) &&
                  strcmp(json_string_value(json_object_get(cfg, "format")), "rounds") == 0;
    json_t *mult = json_object_get(cfg, "multipliers");
    for (size_t i = 0; rounds && i < json_array_size(mult) && weights.n < TOURNEY_MAX_MULT; i++)
        weights.mult[weights.n++] = json_number_value(json_array_get(mult, i));
    json_decref(cfg);
    standings_compute_weighted(&v->st, v->game, t->game, v->have_options ? &v->options : NULL, t->nplayers,
                               (const char *const *)t->names, t->results, t->nresults, anchor,
                               rounds ? &weights : NULL);
    standings_mark_references(&v->st, (const char *const *)t->specs);
    return true;
}

bool stored_anchor_rated(const char *anchor, const char *game, ranking_rule rule, buf_t *err) {
    if (!anchor || rule == RANKING_ELO) return true;
    buf_printf(err, "--anchor %s: %s is ranked by %s, not by an Elo fit: --anchor sets the scale of Elo-rated games only",
               anchor, game, rule == RANKING_PLACE_POINTS ? "mean place points" : "mean score");
    return false;
}

int stored_anchor_check(const store_tourney *t, const stored_t *v, const char *anchor, buf_t *err) {
    if (!anchor || v->st.anchor) return 0;
    if (!stored_anchor_rated(anchor, v->game ? v->game->id : t->game, v->st.rule, err)) return 2;
    for (int p = 0; p < t->nplayers; p++)
        if (strcmp(t->names[p], anchor) == 0) {
            buf_printf(err, "--anchor %s: %s has no rated game yet; 1500 is the field mean", anchor, anchor);
            return 1;
        }
    buf_printf(err, "--anchor %s: no entrant has that name (entrants: ", anchor);
    for (int p = 0; p < t->nplayers; p++) buf_printf(err, "%s%s", p ? ", " : "", t->names[p]);
    buf_puts(err, ")");
    return 2;
}

void stored_free(stored_t *v) {
    standings_free(&v->st);
    for (int i = 0; i < v->nkv; i++) free(v->kv[i]);
    free(v->kv);
    memset(v, 0, sizeof *v);
}
