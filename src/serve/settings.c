/* settings.c: the competition's settings (see settings.h). */
#include "settings.h"
#include "api.h"
#include "../core/rng.h"
#include "../match/match.h"
#include "../store/site_settings.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

const setting_def settings_table[] = {
    {"title", SETTING_TEXT, "\"Arena competition\"", 1, 200, false, "the site's title"},
    {"registration_open", SETTING_INT, "1", 0, 1, false, "1: new users may register"},
    {"invite_code", SETTING_TEXT, "\"\"", 0, 200, true, "a code every new user must give (empty: none)"},
    {"email_domains", SETTING_TEXT, "\"\"", 0, 1000, false,
     "comma-separated e-mail domains allowed to register, e.g. \"uni.edu, cs.uni.edu\" (empty: any)"},
    {"team_size", SETTING_INT, "4", 1, 100, false, "the most members a team may have"},
    {"login_failures_per_address", SETTING_INT, "30", 5, 100000, false,
     "failed logins from one address within 15 minutes before logins from it wait (a class behind one NAT shares one "
     "address: raise it there)"},
    {"upload_max_mb", SETTING_INT, "200", 1, 2048, false, "the largest archive accepted (MiB)"},
    {"unpacked_max_mb", SETTING_INT, "512", 1, 8192, false, "the most an archive may expand to (MiB): zip bombs stop here"},
    {"unpacked_max_files", SETTING_INT, "10000", 1, 1000000, false, "the most entries an archive may hold"},
    {"build_timeout_s", SETTING_INT, "300", 1, 3600, false, "a submission's build command's time limit (s)"},
    {"validation_bot", SETTING_TEXT, "\"\"", 0, 200, false,
     "the seat a new submission's check game is played against, builtin:BOT (empty: the game's first built-in bot)"},
    {"scrimmages_per_hour", SETTING_INT, "10", 0, 10000, false, "scrimmage requests a team may make per hour"},
    {"scrimmage_max_games", SETTING_INT, "10", 1, 1000, false, "games in one scrimmage request"},
    {"ranked_outstanding_per_pair", SETTING_INT, "1", 0, 100, false,
     "ranked requests one team may have waiting or playing against another"},
    {"ranked_window", SETTING_INT, "200", -1, 100000, false,
     "ranked requests only toward teams rated at least this far below one's own rating or above (Elo; -1: any)"},
    {"placement_games", SETTING_INT, "5", 0, 100, false, "a new submission's first ladder games, played in series"},
    {"provisional_games", SETTING_INT, "10", 0, 10000, false, "ladder games before a rating is no longer provisional"},
    {"ladder", SETTING_INT, "1", 0, 1, false, "1: the workers play ladder games when nothing else waits"},
    {"ladder_ahead", SETTING_INT, "0", 0, 1000, false, "ladder games kept queued ahead (0: three times the local workers, at least 4)"},
    {"options", SETTING_JSON, "[]", 0, 40, false, "the game's options for every game, [\"key=value\", ...]"},
    {"clock", SETTING_JSON, "{}", 0, 0, false,
     "ladder and scrimmage clocks {move_ms, hard_ms, bank_ms, startup_ms} (missing: the game's)"},
    {"final_clock", SETTING_JSON, "{}", 0, 0, false, "the final tournament's clocks (missing: the game's full clocks)"},
    /* from 1 s, as arena tourney --match-timeout takes any: a game of built-in bots ends in a
     * fraction of one, and a limit shorter than a game fails its games, which /final shows */
    {"match_timeout_s", SETTING_INT, "3600", 1, 86400, false, "a whole game's wall-clock limit (s)"},
    {"deadline", SETTING_TEXT, "\"\"", 0, 40, false,
     "submissions freeze at this UTC time (YYYY-MM-DDTHH:MM:SSZ; empty: never)"},
    {"references", SETTING_JSON, "[]", 0, 64, false,
     "reference bots: [{\"name\": \"Henny\", \"seat\": \"builtin:BOT\", \"grade\": \"70%\"}, ...] (BOT: a built-in bot of the game)"},
    {"final_release", SETTING_TEXT, "\"organizers\"", 0, 20, false,
     "who sees the final's results: organizers | participants | public"},
    {"secure_cookies", SETTING_INT, "0", 0, 1, false, "1: cookies carry Secure (the site is behind HTTPS)"},
    {NULL, 0, NULL, 0, 0, false, NULL},
};

static const setting_def *settings_def(const char *key) {
    for (const setting_def *d = settings_table; d->key; d++)
        if (strcmp(d->key, key) == 0) return d;
    return NULL;
}

/* A seat the server plays as a reference or check bot: "builtin:NAME" of one of the game's bots.
 * Checked when the organizers save it: a typo would otherwise fail every check game (or every
 * scrimmage against that reference and the final) long after, with nobody there to see why. */
/* Whether the game can be made with these options, as the site's games are (its seats: the least,
 * or two): a value the game refuses (Chicken's moves=abc) failed every game, ladder, scrimmage and
 * check alike, once the setting was saved. Out of memory is not the setting's fault. */
static bool settings_options_play(const game_t *g, const game_options *o, buf_t *err) {
    rng_t rng;
    rng_seed(&rng, 1, RNG_STREAM_MATCH);
    game_setup setup = {g->min_seats < 2 && g->max_seats >= 2 ? 2 : g->min_seats, o, 1, &rng};
    bool runtime_error = false;
    void *st = game_create(g, &setup, err, &runtime_error);
    if (st) g->rules.destroy(st);
    return st != NULL || runtime_error;
}

static bool settings_seat_ok(const game_t *g, const char *key, const char *seat, buf_t *err) {
    if (strncmp(seat, "builtin:", 8) == 0 && game_find_bot(g, seat + 8)) return true;
    buf_printf(err, "setting %s: '%s' is not a bot of %s; write builtin:NAME with one of: ", key, seat, g->title);
    game_bot_names(g, " ", err);
    return false;
}

/* A clock setting: only the four clock keys, each a whole number of ms from 0 to a day; an unknown
 * key would be ignored without a word, leaving the game's clock in place, and a value past a day
 * means nothing (match_timeout_s stops a game within one) but overflowed the referee's
 * microseconds (match.c: ms * 1000 in an int64, 2^62 ms past its end). */
#define SETTINGS_CLOCK_MAX_MS 86400000
static bool settings_clock_ok(const char *key, json_t *v, buf_t *err) {
    static const char *const keys[] = {"move_ms", "hard_ms", "bank_ms", "startup_ms", NULL};
    const char *k;
    json_t *x;
    json_object_foreach(v, k, x) {
        bool known = false;
        for (int i = 0; keys[i]; i++) known = known || strcmp(k, keys[i]) == 0;
        if (!known || !json_is_integer(x) || json_integer_value(x) < 0 || json_integer_value(x) > SETTINGS_CLOCK_MAX_MS) {
            buf_printf(err, "setting %s: '%s' must be one of move_ms, hard_ms, bank_ms, startup_ms, "
                       "with a whole number of milliseconds from 0 to %d (a day)", key, k, SETTINGS_CLOCK_MAX_MS);
            return false;
        }
    }
    return true;
}

/* A reference bot's name and grade, shown as a team's name is (scrimmages, games, the final's
 * table and CSV): a name by a team name's rules (1 to 40 bytes: the store's seat names hold 63, and
 * a longer one was cut there inside a character), unique without regard to ASCII case (the second
 * of two was out of reach by "ref:NAME"); a grade, when given, text of the same kind. */
#define SETTINGS_REFERENCE_NAME_MAX 40
static bool settings_reference_ok(json_t *refs, size_t at, buf_t *err) {
    json_t *e = json_array_get(refs, at), *grade = json_object_get(e, "grade");
    const char *name = json_string_value(json_object_get(e, "name"));
    if (!api_name_ok("setting references: a name", name, SETTINGS_REFERENCE_NAME_MAX, err)) return false;
    for (size_t k = 0; k < at; k++)
        if (strcasecmp(json_string_value(json_object_get(json_array_get(refs, k), "name")), name) == 0) {
            buf_printf(err, "setting references: two reference bots are named '%s'", name);
            return false;
        }
    if (grade && !json_is_string(grade)) {
        buf_printf(err, "setting references: the grade of '%s' must be text, e.g. \"70%%\"", name);
        return false;
    }
    return !grade || api_name_ok("setting references: a grade", json_string_value(grade), SETTINGS_REFERENCE_NAME_MAX, err);
}

/* The registration allow-list: domains only (letters, digits, '-' and '.'), as registration compares
 * the part after an address's '@' exactly; "@uni.edu" or "*.uni.edu" would be saved and then refuse
 * every student. */
static bool settings_domains_ok(const char *t, buf_t *err) {
    for (const char *p = t; *p;) {
        while (*p == ' ' || *p == ',') p++;
        size_t n = strcspn(p, ", ");
        for (size_t i = 0; i < n; i++) {
            char ch = p[i];
            if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '-' ||
                  ch == '.')) {
                buf_printf(err, "setting email_domains: '%.*s' is not a domain; write the part after the @, "
                           "e.g. uni.edu (comma-separated, every subdomain by name)", (int)n, p);
                return false;
            }
        }
        p += n;
    }
    return true;
}

/* The value checked against its definition (and g, the competition's game); a new reference,
 * NULL with err set. */
static json_t *settings_check(const game_t *g, const setting_def *d, json_t *v, buf_t *err) {
    switch (d->type) {
    case SETTING_INT: {
        /* true and false are 1 and 0 (registration_open: true), then checked as any number: they
         * skipped the range, and team_size: false made teams of 0 members, login_failures_per_address:
         * true a wait after one failed login */
        json_t *n = json_is_boolean(v) ? json_integer(json_is_true(v)) : json_incref(v);
        if (!json_is_integer(n) || json_integer_value(n) < d->min || json_integer_value(n) > d->max) {
            buf_printf(err, "setting %s: expected an integer from %ld to %ld", d->key, d->min, d->max);
            json_decref(n);
            return NULL;
        }
        return n;
    }
    case SETTING_TEXT: {
        if (!json_is_string(v) || json_string_length(v) > (size_t)d->max) {
            buf_printf(err, "setting %s: expected text of at most %ld characters", d->key, d->max);
            return NULL;
        }
        if (json_string_length(v) < (size_t)d->min) { /* the title: every page's heading and tab name */
            buf_printf(err, "setting %s: must not be empty", d->key);
            return NULL;
        }
        const char *t = json_string_value(v);
        for (const char *p = t; *p; p++)
            if ((unsigned char)*p < 32) {
                buf_printf(err, "setting %s: control characters are not allowed", d->key);
                return NULL;
            }
        if (strcmp(d->key, "deadline") == 0 && *t) {
            struct tm tm;
            memset(&tm, 0, sizeof tm);
            const char *end = strptime(t, "%Y-%m-%dT%H:%M:%SZ", &tm);
            if (!end || *end) {
                buf_printf(err, "setting deadline: expected YYYY-MM-DDTHH:MM:SSZ (UTC), got '%s'", t);
                return NULL;
            }
            /* a day the month has not (strptime takes 2026-02-30, timegm makes it 2 March: the
             * freeze would come on a day nobody wrote) or a 60th second */
            struct tm back, want = tm;
            time_t when = timegm(&want);
            if (!gmtime_r(&when, &back) || back.tm_year != tm.tm_year || back.tm_mon != tm.tm_mon ||
                back.tm_mday != tm.tm_mday || back.tm_hour != tm.tm_hour || back.tm_min != tm.tm_min ||
                back.tm_sec != tm.tm_sec) {
                buf_printf(err, "setting deadline: '%s' is not a time of the calendar (the month has fewer days?)", t);
                return NULL;
            }
        }
        if (strcmp(d->key, "email_domains") == 0 && !settings_domains_ok(t, err)) return NULL;
        if (strcmp(d->key, "validation_bot") == 0 && *t && !settings_seat_ok(g, d->key, t, err)) return NULL;
        if (strcmp(d->key, "final_release") == 0 && strcmp(t, "organizers") && strcmp(t, "participants") &&
            strcmp(t, "public")) {
            buf_printf(err, "setting final_release: organizers, participants or public");
            return NULL;
        }
        return json_incref(v);
    }
    case SETTING_JSON:
        if (strcmp(d->key, "options") == 0) {
            size_t i;
            json_t *e;
            if (!json_is_array(v) || json_array_size(v) > (size_t)d->max) goto bad;
            json_array_foreach(v, i, e) if (!json_is_string(e) || !strchr(json_string_value(e), '=')) goto bad;
            /* an option the game has not: refused now (naming the game's), not failing every game later */
            char *kv[40];
            size_t n = 0;
            json_array_foreach(v, i, e) kv[n++] = (char *)json_string_value(e);
            game_options opts;
            buf_t why;
            buf_init(&why);
            bool ok = match_parse_options(g, (int)n, kv, &opts, &why) && settings_options_play(g, &opts, &why);
            if (!ok) buf_printf(err, "setting options: %s", buf_cstr(&why));
            buf_free(&why);
            if (!ok) return NULL;
        } else if (strcmp(d->key, "references") == 0) {
            size_t i;
            json_t *e;
            if (!json_is_array(v) || json_array_size(v) > (size_t)d->max) goto bad;
            json_array_foreach(v, i, e) {
                if (!json_is_object(e) || !json_is_string(json_object_get(e, "name")) ||
                    !json_is_string(json_object_get(e, "seat")) ||
                    strncmp(json_string_value(json_object_get(e, "seat")), "builtin:", 8) != 0)
                    goto bad;
                if (!settings_seat_ok(g, d->key, json_string_value(json_object_get(e, "seat")), err) ||
                    !settings_reference_ok(v, i, err))
                    return NULL;
            }
        } else if (!json_is_object(v)) {
            goto bad;
        } else if (!settings_clock_ok(d->key, v, err)) {
            return NULL;
        }
        return json_incref(v);
    }
bad:
    buf_printf(err, "setting %s: expected %s", d->key, d->help);
    return NULL;
}

typedef struct {
    serve_t *srv;
    json_t *refused;
} settings_loading;

/* A stored value is put in force only when it passes today's check; one refused (a range this
 * version narrowed, a bot the game no longer has, a value not JSON) is named in refused rather than
 * replaced by the default without a word: that default could open registration or lift the
 * deadline. The store keeps the value as it was. */
static void settings_put_stored(void *ctx, const char *key, const char *value) {
    settings_loading *l = ctx;
    const setting_def *d = settings_def(key);
    if (!d) return; /* a setting of another version of arena, or the store's own rows (game, config_applied) */
    json_t *v = json_loads(value, JSON_DECODE_ANY, NULL);
    buf_t err;
    buf_init(&err);
    json_t *ok = v ? settings_check(l->srv->game, d, v, &err) : NULL;
    if (ok) {
        json_object_set_new(l->srv->settings, key, ok);
    } else {
        const char *why = v ? buf_cstr(&err) : "not a JSON value";
        size_t n = strlen(key); /* the check's words begin "setting KEY: ", and the start names the key already */
        if (strncmp(why, "setting ", 8) == 0 && strncmp(why + 8, key, n) == 0 && strncmp(why + 8 + n, ": ", 2) == 0)
            why += 10 + n;
        json_object_set_new(l->refused, key, json_pack("{s:s, s:s}", "stored", value, "why", why));
    }
    json_decref(v);
    buf_free(&err);
}

bool settings_load(serve_t *srv, store_t *s, json_t **refused, buf_t *err) {
    json_t *obj = json_object();
    for (const setting_def *d = settings_table; d->key; d++)
        json_object_set_new(obj, d->key, json_loads(d->def, JSON_DECODE_ANY, NULL));
    settings_loading l = {srv, json_object()};
    pthread_mutex_lock(&srv->lock);
    json_decref(srv->settings);
    srv->settings = obj;
    bool ok = site_settings_each(s, settings_put_stored, &l, err);
    pthread_mutex_unlock(&srv->lock);
    *refused = l.refused;
    return ok;
}

const char *settings_default(const char *key) {
    const setting_def *d = settings_def(key);
    return d ? d->def : NULL;
}

bool settings_apply(serve_t *srv, store_t *s, json_t *obj, buf_t *err) {
    if (!json_is_object(obj)) {
        buf_puts(err, "settings: expected a JSON object of key: value");
        return false;
    }
    const char *key;
    json_t *v;
    json_t *checked = json_object();
    json_object_foreach(obj, key, v) {
        const setting_def *d = settings_def(key);
        if (!d) {
            buf_printf(err, "unknown setting '%s' (docs/serve.md lists them)", key);
            json_decref(checked);
            return false;
        }
        json_t *ok = settings_check(srv->game, d, v, err);
        if (!ok) {
            json_decref(checked);
            return false;
        }
        json_object_set_new(checked, key, ok);
    }
    bool ok = db_begin(store_db(s), err);
    json_object_foreach(checked, key, v) {
        if (!ok) break;
        char *text = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
        ok = site_settings_set(s, key, text, err);
        free(text);
    }
    if (ok) ok = db_commit(store_db(s), err);
    else db_rollback(store_db(s));
    if (ok) {
        pthread_mutex_lock(&srv->lock);
        json_object_update(srv->settings, checked);
        pthread_mutex_unlock(&srv->lock);
    }
    json_decref(checked);
    return ok;
}

long settings_int(serve_t *srv, const char *key) {
    pthread_mutex_lock(&srv->lock);
    json_t *v = json_object_get(srv->settings, key);
    long n = json_is_integer(v) ? (long)json_integer_value(v) : 0;
    pthread_mutex_unlock(&srv->lock);
    return n;
}

void settings_text(serve_t *srv, const char *key, char *out, size_t n) {
    pthread_mutex_lock(&srv->lock);
    json_t *v = json_object_get(srv->settings, key);
    snprintf(out, n, "%s", json_is_string(v) ? json_string_value(v) : "");
    pthread_mutex_unlock(&srv->lock);
}

json_t *settings_json_value(serve_t *srv, const char *key) {
    pthread_mutex_lock(&srv->lock);
    json_t *v = json_object_get(srv->settings, key);
    json_t *copy = v ? json_deep_copy(v) : NULL;
    pthread_mutex_unlock(&srv->lock);
    return copy;
}

void settings_write(serve_t *srv, jw_t *w, bool organizer) {
    jw_obj(w);
    pthread_mutex_lock(&srv->lock);
    for (const setting_def *d = settings_table; d->key; d++) {
        if (d->secret && !organizer) continue;
        char *text = json_dumps(json_object_get(srv->settings, d->key), JSON_ENCODE_ANY | JSON_COMPACT);
        jw_key(w, d->key);
        jw_raw(w, text, strlen(text));
        free(text);
    }
    pthread_mutex_unlock(&srv->lock);
    jw_obj_end(w);
}

bool settings_frozen(serve_t *srv) {
    char t[64];
    settings_text(srv, "deadline", t, sizeof t);
    if (!*t) return false;
    struct tm tm;
    memset(&tm, 0, sizeof tm);
    if (!strptime(t, "%Y-%m-%dT%H:%M:%SZ", &tm)) return false;
    return time(NULL) >= timegm(&tm);
}
