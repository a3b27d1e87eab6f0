/* serve.c: `arena serve` from start to stop: the store (migrated), the settings, the first
 * organizer, the HTTP daemon, then the scheduler's loop in the main thread until SIGINT/SIGTERM. */
#include "serve.h"
#include "../core/log.h"
#include "../games/registry.h"
#include "../store/site_settings.h"
#include "../store/site_subs.h"
#include "../store/site_teams.h"
#include "../store/site_users.h"
#include "auth.h"
#include "http.h"
#include "routes.h"
#include "scheduler.h"
#include "settings.h"
#include "../core/stop_signal.h"
#include "../core/xalloc.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t serve_stop_requested;

typedef struct {
    char game[64];
} serve_stored;

static void serve_read_game(void *ctx, const char *key, const char *value) {
    serve_stored *st = ctx;
    if (strcmp(key, "game") != 0) return;
    json_t *v = json_loads(value, JSON_DECODE_ANY, NULL);
    if (json_is_string(v)) snprintf(st->game, sizeof st->game, "%s", json_string_value(v));
    json_decref(v);
}

/* What can be refused before the store is opened, so that a refused start leaves no new store
 * behind: an unknown --game, no --game for an SQLite file that does not exist yet, and a --config
 * that is no file (a folder read as JSON said "'[' or '{' expected near end of file"). */
static bool serve_game_given(const serve_t *srv, buf_t *err) {
    struct stat st;
    if (srv->o.config && stat(srv->o.config, &st) != 0) {
        buf_printf(err, "--config %s: %s", srv->o.config, strerror(errno));
        return false;
    }
    if (srv->o.config && S_ISDIR(st.st_mode)) {
        buf_printf(err, "--config %s is a folder: give the JSON file of settings (docs/serve.md, Configuration)", srv->o.config);
        return false;
    }
    if (srv->o.game && !registry_find(srv->o.game)) {
        buf_printf(err, "unknown game '%s' (%s list shows them)", srv->o.game, log_program());
        return false;
    }
    if (!srv->o.game && !db_target_is_postgres(srv->db) && stat(srv->db, &st) != 0) {
        buf_printf(err, "give --game GAME (%s list shows them): %s is a new store", log_program(), srv->db);
        return false;
    }
    return true;
}

/* The store holds one competition of one game: the first start names it, later ones must agree. */
static bool serve_game(serve_t *srv, store_t *s, buf_t *err) {
    serve_stored st = {{0}};
    if (!site_settings_each(s, serve_read_game, &st, err)) return false;
    const char *id = srv->o.game ? srv->o.game : st.game[0] ? st.game : NULL;
    if (!id) {
        buf_printf(err, "give --game GAME (%s list shows them)", log_program());
        return false;
    }
    if (st.game[0] && strcmp(st.game, id) != 0) {
        buf_printf(err, "the store %s holds a %s competition, not %s (use another --db)", srv->db, st.game, id);
        return false;
    }
    srv->game = registry_find(id);
    if (!srv->game) {
        buf_printf(err, "unknown game '%s' (%s list shows them)", id, log_program());
        return false;
    }
    if (!st.game[0]) {
        char v[80];
        snprintf(v, sizeof v, "\"%s\"", id);
        return site_settings_set(s, "game", v, err);
    }
    return true;
}

/* The config file as it was applied last (the store's row SERVE_CONFIG_KEY, not a setting). */
#define SERVE_CONFIG_KEY "config_applied"

static void serve_read_config(void *ctx, const char *key, const char *value) {
    json_t **last = ctx;
    if (strcmp(key, SERVE_CONFIG_KEY) != 0) return;
    json_decref(*last);
    *last = json_loads(value, 0, NULL);
}

/* --config at every start, but only the keys whose value in the file changed since the last start
 * (or are new there): a setting the organizers changed on their page since (the deadline that
 * "Freeze now" set, an invite code) stays as they set it, rather than being undone by a restart
 * with the same command. Each key kept that way is named on stderr. A key whose stored value is
 * refused now (refused, from settings_load) takes the file's value whatever the last start's was:
 * the file is how the organizer settles it, and each one settled leaves refused. While one is left
 * unsettled nothing is applied: serve_refused stops the start with the store as it was. */
static bool serve_config(serve_t *srv, store_t *s, json_t *refused, buf_t *err) {
    if (!srv->o.config) return true;
    json_error_t je;
    /* a key given twice is refused: the last silently won, and an organizer who edited the first
     * copy saw the site ignore it */
    json_t *obj = json_load_file(srv->o.config, JSON_REJECT_DUPLICATES, &je);
    if (!obj) {
        if (je.line > 0) buf_printf(err, "%s:%d: %s", srv->o.config, je.line, je.text);
        else buf_printf(err, "--config: %s", je.text); /* not read at all: no line to name */
        return false;
    }
    json_object_del(obj, "game"); /* the game is --game's */
    json_t *last = NULL;
    bool ok = json_is_object(obj) ? site_settings_each(s, serve_read_config, &last, err)
                                  : settings_apply(srv, s, obj, err); /* refused: not an object */
    json_t *changed = json_object();
    const char *key;
    json_t *v;
    size_t settled = 0;
    if (ok && json_is_object(obj)) {
        json_object_foreach(obj, key, v) {
            bool refused_now = json_object_get(refused, key) != NULL;
            settled += refused_now;
            if (!json_equal(json_object_get(last, key), v) || refused_now) {
                json_object_set(changed, key, v);
                continue;
            }
            json_t *now = settings_json_value(srv, key);
            if (now && !json_equal(now, v))
                fprintf(stderr, "arena serve: %s: setting %s keeps the value the organizers set; the file's, unchanged "
                                "since the last start, is not applied again\n", srv->o.config, key);
            json_decref(now);
        }
    }
    if (ok && json_is_object(obj) && settled == json_object_size(refused)) {
        ok = settings_apply(srv, s, changed, err);
        json_object_foreach(obj, key, v) {
            if (!ok || !json_object_get(refused, key)) continue;
            fprintf(stderr, "arena serve: %s: setting %s takes the file's value in place of the stored one\n",
                    srv->o.config, key);
        }
        if (ok) json_object_clear(refused);
        if (ok) {
            char *text = json_dumps(obj, JSON_COMPACT);
            ok = text && site_settings_set(s, SERVE_CONFIG_KEY, text, err);
            free(text);
        }
    } else if (ok && json_is_object(obj)) {
        json_object_foreach(obj, key, v) json_object_del(refused, key); /* serve_refused names the others */
    }
    if (!ok) buf_printf(err, " (in %s)", srv->o.config);
    json_decref(changed);
    json_decref(last);
    json_decref(obj);
    return ok;
}

/* Stored settings that this version's checks refuse and no --config value settled: no start. The
 * default in their place could open registration (invite_code) or lift the freeze (deadline), and
 * a warning scrolls by unread on a server that restarts by itself; the store stays as it was, so
 * nothing the organizers set is lost. Each is named with its stored value and why, and the error
 * gives the file that settles them all (their defaults, to be edited). */
static bool serve_refused(json_t *refused, buf_t *err) {
    if (json_object_size(refused) == 0) return true;
    const char *key;
    json_t *v;
    buf_t fix;
    buf_init(&fix);
    json_object_foreach(refused, key, v) {
        fprintf(stderr, "arena serve: setting %s: the stored value %s is refused by this version (%s)\n", key,
                json_string_value(json_object_get(v, "stored")), json_string_value(json_object_get(v, "why")));
        buf_printf(&fix, "%s\"%s\": %s", fix.len ? ", " : "", key, settings_default(key));
    }
    buf_printf(err, "%zu stored setting%s refused (named above); the store is left as it was. Give %s a value in "
                    "the --config file, e.g. {%s} (the default%s), and start again: the file's value replaces the "
                    "stored one", json_object_size(refused), json_object_size(refused) == 1 ? "" : "s",
               json_object_size(refused) == 1 ? "it" : "each", buf_cstr(&fix), json_object_size(refused) == 1 ? "" : "s");
    buf_free(&fix);
    return false;
}

/* The first start makes an organizer "admin" with a random password, printed once and kept in
 * DATA/admin-password.txt (mode 0600) until the organizer changes it. A start that finds no
 * enabled organizer (a store from before the last one could not be demoted or disabled) does the
 * same, to an existing "admin" too: enabled, an organizer again, on a new password. */
static bool serve_first_organizer(serve_t *srv, store_t *s, buf_t *err) {
    int64_t n = site_users_count_organizers(s, err);
    if (n < 0) return false;
    if (n > 0) return true;
    char pw[48], hash[crypto_pwhash_STRBYTES], path[PATH_MAX + 32];
    auth_token(pw);
    pw[20] = 0;
    if (!auth_hash_password(pw, hash)) { /* LCOV_EXCL_START: libsodium's hash fails only out of memory */
        buf_puts(err, "out of memory hashing a password");
        return false;
    } /* LCOV_EXCL_STOP */
    site_user old;
    int rc = site_users_by_name(s, SERVE_ADMIN_NAME, &old, NULL, 0, err);
    if (rc < 0) return false;
    if (rc == 1) {
        if (!site_users_set_password(s, old.id, hash, err) || site_users_set_flags(s, old.id, true, false, err) != 1 ||
            !site_users_session_drop_user(s, old.id, err))
            return false;
        fprintf(stderr, "arena serve: no enabled organizer was left: '%s' is one again\n", old.name);
    } else if (site_users_create(s, SERVE_ADMIN_NAME, "", hash, true, err) <= 0)
        return false;
    snprintf(path, sizeof path, "%s/%s", srv->data, SERVE_ADMIN_PASSWORD_FILE);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd >= 0) {
        dprintf(fd, "%s\n", pw);
        close(fd);
    }
    fprintf(stderr, "arena serve: the organizer account is 'admin', password %s (also in %s; change it after logging in)\n",
            pw, path);
    return true;
}

/* --demo: each built-in bot of the game becomes a team with that bot as its active submission
 * (the first start only), so the ladder has players at once. Bots that think on the clock (the
 * champions: act_timed) are left out: they spend most of the real clock, minutes a Chicken game,
 * and a demo's ladder should move while someone watches. */
static bool serve_demo(serve_t *srv, store_t *s, buf_t *err) {
    int64_t teams = site_teams_count(s, err);
    if (teams < 0) return false;
    if (teams > 0 || !srv->game->bots) return true;
    for (int i = 0; srv->game->bots[i].name && i < 8; i++) {
        const game_bot *b = &srv->game->bots[i];
        if (b->act_timed) continue;
        char name[64], code[48];
        snprintf(name, sizeof name, "%s (demo)", b->display ? b->display : b->name);
        auth_token(code);
        code[16] = 0;
        int64_t team = site_teams_create(s, name, code, 0, err);
        if (team <= 0) return false;
        site_sub sub;
        memset(&sub, 0, sizeof sub);
        sub.team_id = team;
        snprintf(sub.filename, sizeof sub.filename, "builtin:%s", b->name);
        snprintf(sub.sha, sizeof sub.sha, "-");
        snprintf(sub.kind, sizeof sub.kind, "builtin");
        snprintf(sub.state, sizeof sub.state, "ready");
        snprintf(sub.detail, sizeof sub.detail, "a built-in bot entered by --demo");
        snprintf(sub.seat, sizeof sub.seat, "builtin:%s", b->name);
        sub.created_at = (double)time(NULL);
        if (!site_subs_add(s, &sub, err) || !site_teams_set_active(s, team, sub.id, err)) return false;
    }
    fprintf(stderr, "arena serve: --demo: the built-in bots of %s are entered as teams (not the champions: they think "
                    "on the whole clock)\n", srv->game->title);
    return true;
}

static bool serve_data_dir(serve_t *srv, buf_t *err) {
    char want[PATH_MAX];
    if (srv->o.data) snprintf(want, sizeof want, "%s", srv->o.data);
    else if (db_target_is_postgres(srv->db)) snprintf(want, sizeof want, "arena-serve.data");
    else snprintf(want, sizeof want, "%.*s.data", (int)(sizeof want - 8), srv->db);
    if (mkdir(want, 0700) != 0 && errno != EEXIST) {
        buf_printf(err, "cannot create the data folder %s: %s", want, strerror(errno));
        return false;
    }
    if (!realpath(want, srv->data)) {
        buf_printf(err, "%s: %s", want, strerror(errno));
        return false;
    }
    static const char *const subs[] = {"uploads", "subs", "replays", "stderr", "builds", "cache", "tmp"};
    for (size_t i = 0; i < sizeof subs / sizeof subs[0]; i++) {
        char p[PATH_MAX + 16];
        snprintf(p, sizeof p, "%s/%s", srv->data, subs[i]);
        if (mkdir(p, 0700) != 0 && errno != EEXIST) {
            buf_printf(err, "cannot create %s: %s", p, strerror(errno));
            return false;
        }
        struct stat st; /* EEXIST: something is there, maybe a file in the way */
        if (stat(p, &st) != 0 || !S_ISDIR(st.st_mode)) {
            buf_printf(err, "%s is not a folder (move it away)", p);
            return false;
        }
    }
    /* uploads a kill interrupted while they arrived (http.c spools them as body-XXXXXX) */
    char tmp[PATH_MAX + 16];
    snprintf(tmp, sizeof tmp, "%s/tmp", srv->data);
    DIR *d = opendir(tmp);
    for (struct dirent *e; d && (e = readdir(d));)
        if (strncmp(e->d_name, "body-", 5) == 0) unlinkat(dirfd(d), e->d_name, 0);
    if (d) closedir(d);
    return true;
}

int serve_run(const serve_opts *o) {
    serve_t *srv = xcalloc(1, sizeof *srv);
    srv->o = *o;
    pthread_mutex_init(&srv->lock, NULL);
    snprintf(srv->db, sizeof srv->db, "%s", o->db ? o->db : "arena-serve.db");
    ssize_t n = readlink("/proc/self/exe", srv->exe, sizeof srv->exe - 1);
    if (n > 0) srv->exe[n] = 0;
    buf_t err;
    buf_init(&err);
    int rc = 1;
    store_t *s = NULL;
    http_server *h = NULL;
    scheduler_t *sched = NULL;
    json_t *refused = NULL; /* stored settings refused by today's checks (settings_load) */
    if (!auth_init()) { /* LCOV_EXCL_START: sodium_init fails only without a source of randomness */
        fprintf(stderr, "arena: error: libsodium cannot start\n");
        goto out;
    } /* LCOV_EXCL_STOP */
    const char *addr = o->listen ? o->listen : "127.0.0.1:8080";
    if (serve_game_given(srv, &err) && http_listen_check(addr, &err) && !http_listen_probe(addr, &err)) {
        fprintf(stderr, "arena: error: %s\n", buf_cstr(&err)); /* not a usage error: 1, as when http_start fails */
        goto out;
    }
    s = !err.len ? store_open(srv->db, true, &err) : NULL;
    if (!s || !serve_game(srv, s, &err) || !serve_data_dir(srv, &err) || !settings_load(srv, s, &refused, &err) ||
        !serve_config(srv, s, refused, &err) || !serve_refused(refused, &err) || !serve_first_organizer(srv, s, &err) ||
        (o->demo && !serve_demo(srv, s, &err))) {
        fprintf(stderr, "arena: error: %s\n", buf_cstr(&err));
        rc = 2;
        goto out;
    }
    sched = scheduler_new(srv, s, &err);
    if (!sched) {
        fprintf(stderr, "arena: error: %s\n", buf_cstr(&err));
        goto out;
    }
    char spool[PATH_MAX + 8];
    snprintf(spool, sizeof spool, "%s/tmp", srv->data);
    http_options ho = {.limit = routes_limit, .admit = routes_admit, .handle = routes_handle, .ctx = srv, .threads = o->threads,
                       .trust_proxy = o->behind_proxy, .spool_dir = spool};
    h = http_start(addr, &ho, &err);
    if (!h) {
        fprintf(stderr, "arena: error: %s\n", buf_cstr(&err));
        goto out;
    }
    stop_signal_catch(&serve_stop_requested);
    {
        const char *l = addr;
        const char *colon = strrchr(l, ':');
        int hn = (int)(colon - l);
        fprintf(stderr, "arena serve: %s on http://%.*s:%d/ (store %s, %d local worker%s)\n", srv->game->title,
                hn, hn ? l : "0.0.0.0", http_port(h), db_target(store_db(s)), o->jobs, o->jobs == 1 ? "" : "s");
        /* a deadline already past (a --config copied from last term's) freezes the site from its
         * first request: said here, not found out by the first refused upload */
        if (settings_frozen(srv)) {
            char deadline[64];
            settings_text(srv, "deadline", deadline, sizeof deadline);
            fprintf(stderr, "arena serve: the deadline %s has passed (server time): uploads are refused and the ladder "
                            "is stopped; a later deadline (--config, or Organizer > Settings) opens them again\n",
                    deadline);
        }
        fflush(stderr);
    }
    while (!serve_stop_requested) scheduler_step(sched, 100);
    srv->stopping = 1;
    fprintf(stderr, "arena serve: stopping\n");
    rc = 0;
out:
    http_stop(h);
    scheduler_free(sched);
    store_close(s);
    buf_free(&err);
    json_decref(refused);
    json_decref(srv->settings);
    free(srv->ladder_json);
    free(srv->ratings);
    free(srv);
    return rc;
}
