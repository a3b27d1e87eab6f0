/* bench_serve.c: the competition server's benchmark helpers (scripts/bench_serve.sh).
 *   bench_serve fill STORE TEAMS GAMES     a store with TEAMS teams (built-in bots as their active
 *                                          submissions) and GAMES finished ranked ladder games
 *   bench_serve trips STORE                  the statements (round trips to PostgreSQL) and seconds
 *                                          of the ladder's reads and table, a page of 200 games,
 *                                          a team's page of 50 and one game, as one JSON line
 *   bench_serve load PORT CLIENTS SECONDS PATH...
 *                                          CLIENTS concurrent loopback clients, each one keep-alive
 *                                          connection asking for the PATHs in turn for SECONDS;
 *                                          prints requests, errors, p50/p99 latency (ms) overall
 *                                          and per path, as one JSON line */
#include "core/rng.h"
#include "games/registry.h"
#include "serve/ladder.h"
#include "store/site_ladder.h"
#include "store/site_games.h"
#include "store/site_subs.h"
#include "store/site_teams.h"
#include <arpa/inet.h>
#include <math.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static int fill(const char *target, int teams, int games) {
    buf_t err;
    buf_init(&err);
    store_t *s = store_open(target, true, &err);
    if (!s) {
        fprintf(stderr, "bench_serve: %s\n", buf_cstr(&err));
        return 1;
    }
    /* a benchmark's throwaway store: no waiting for the disk at each of its 200,000 commits */
    if (!db_is_postgres(store_db(s))) db_exec(store_db(s), "PRAGMA synchronous=OFF", NULL);
    static const char *const bots[] = {"greedy", "tracker", "searcher", "yolanda"};
    int64_t *subs = calloc((size_t)teams, sizeof *subs), *tids = calloc((size_t)teams, sizeof *tids);
    double t0 = now_s();
    for (int i = 0; i < teams; i++) {
        char name[32], code[32];
        snprintf(name, sizeof name, "team%04d", i);
        snprintf(code, sizeof code, "bench-code-%04d", i);
        tids[i] = site_teams_create(s, name, code, 0, &err);
        site_sub sub = {.team_id = tids[i], .created_at = 1};
        snprintf(sub.state, sizeof sub.state, "ready");
        snprintf(sub.kind, sizeof sub.kind, "builtin");
        snprintf(sub.seat, sizeof sub.seat, "builtin:%s", bots[i % 4]);
        snprintf(sub.filename, sizeof sub.filename, "builtin:%s", bots[i % 4]);
        subs[i] = site_subs_add(s, &sub, &err);
        if (tids[i] <= 0 || subs[i] <= 0 || !site_teams_set_active(s, tids[i], subs[i], &err)) {
            fprintf(stderr, "bench_serve: %s\n", buf_cstr(&err));
            return 1;
        }
    }
    rng_t rng;
    rng_seed(&rng, 1, 0);
    for (int g = 0; g < games; g++) {
        int a = (int)rng_below(&rng, (uint32_t)teams), b = (int)rng_below(&rng, (uint32_t)teams - 1);
        if (b >= a) b++;
        site_game_seat seats[2] = {{.team_id = tids[a], .sub_id = subs[a]}, {.team_id = tids[b], .sub_id = subs[b]}};
        snprintf(seats[0].name, sizeof seats[0].name, "team%04d", a);
        snprintf(seats[1].name, sizeof seats[1].name, "team%04d", b);
        queue_job job = {.spec = "{}", .seed = (uint64_t)g, .nseats = 2, .priority = 10};
        int64_t id = site_games_add(s, "ladder", 0, true, "bench", 2, seats, &job, &err);
        /* the lower index wins more often: a table with a shape */
        double p = 1 / (1 + pow(10, (double)(a - b) / teams * 800 / 400));
        store_result r;
        memset(&r, 0, sizeof r);
        r.idx = (int)id;
        r.seed = (uint64_t)g;
        r.nseats = 2;
        r.entrant[0] = (int)subs[a];
        r.entrant[1] = (int)subs[b];
        bool first = rng_double(&rng) < p;
        r.score[0] = first;
        r.score[1] = !first;
        r.rank[0] = first ? 1 : 2;
        r.rank[1] = first ? 2 : 1;
        r.turns = 80;
        r.seconds = 0.3;
        if (!id || !queue_store_result(s, "ladder", 0, &r, &err)) {
            fprintf(stderr, "bench_serve: %s\n", buf_cstr(&err));
            return 1;
        }
    }
    printf("{\"teams\": %d, \"games\": %d, \"fill_s\": %.1f}\n", teams, games, now_s() - t0);
    store_close(s);
    free(subs);
    free(tids);
    buf_free(&err);
    return 0;
}

typedef struct {
    int port;
    double until;
    int npaths;
    char **paths;
    double *lat;       /* ms, per request */
    int *which;        /* path index per request */
    int n, cap, errors;
} client;

static int connect_to(int port) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

/* One GET on a keep-alive connection: the status (0 on failure). */
static int get(int fd, const char *path, char *buf, size_t cap) {
    char req[512];
    int n = snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", path);
    if (write(fd, req, (size_t)n) != n) return 0;
    size_t got = 0;
    long body = -1;
    size_t head = 0;
    for (;;) {
        ssize_t r = read(fd, buf + got, cap - got - 1);
        if (r <= 0) return 0;
        got += (size_t)r;
        buf[got] = 0;
        if (body < 0) {
            char *end = strstr(buf, "\r\n\r\n");
            if (!end) continue;
            head = (size_t)(end - buf) + 4;
            char *cl = strcasestr(buf, "Content-Length:");
            body = cl ? strtol(cl + 15, NULL, 10) : 0;
        }
        if (got >= head + (size_t)body) break;
        if (got >= cap - 1) { /* a large body: keep reading into the same space */
            size_t keep = 0;
            body -= (long)(got - head);
            head = 0;
            got = keep;
        }
    }
    return atoi(buf + 9);
}

static void *run_client(void *arg) {
    client *c = arg;
    size_t cap = 1 << 20;
    char *buf = malloc(cap);
    int fd = connect_to(c->port);
    for (int k = 0; now_s() < c->until; k++) {
        if (fd < 0) {
            fd = connect_to(c->port);
            c->errors++;
            if (fd < 0) {
                usleep(10000);
                continue;
            }
        }
        int p = k % c->npaths;
        double t = now_s();
        int st = get(fd, c->paths[p], buf, cap);
        double ms = (now_s() - t) * 1000;
        if (st != 200) {
            c->errors++;
            close(fd);
            fd = -1;
            continue;
        }
        if (c->n == c->cap) {
            c->cap = c->cap ? 2 * c->cap : 4096;
            c->lat = realloc(c->lat, sizeof *c->lat * (size_t)c->cap);
            c->which = realloc(c->which, sizeof *c->which * (size_t)c->cap);
        }
        c->lat[c->n] = ms;
        c->which[c->n++] = p;
    }
    if (fd >= 0) close(fd);
    free(buf);
    return NULL;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double pct(double *v, int n, double q) { return n ? v[(int)(q * (n - 1))] : 0; }

static int load(int port, int nclients, double seconds, int npaths, char **paths) {
    client *c = calloc((size_t)nclients, sizeof *c);
    pthread_t *th = calloc((size_t)nclients, sizeof *th);
    double until = now_s() + seconds;
    for (int i = 0; i < nclients; i++) {
        c[i] = (client){.port = port, .until = until, .npaths = npaths, .paths = paths};
        /* each client starts at another path, so every path is asked all the time */
        char **rot = malloc(sizeof *rot * (size_t)npaths);
        for (int k = 0; k < npaths; k++) rot[k] = paths[(k + i) % npaths];
        c[i].paths = rot;
        pthread_create(&th[i], NULL, run_client, &c[i]);
    }
    int total = 0, errors = 0;
    for (int i = 0; i < nclients; i++) {
        pthread_join(th[i], NULL);
        total += c[i].n;
        errors += c[i].errors;
    }
    double *all = malloc(sizeof *all * (size_t)(total + 1));
    int k = 0;
    for (int i = 0; i < nclients; i++)
        for (int j = 0; j < c[i].n; j++) all[k++] = c[i].lat[j];
    qsort(all, (size_t)total, sizeof *all, cmp_double);
    printf("{\"clients\": %d, \"seconds\": %.0f, \"requests\": %d, \"errors\": %d, \"per_s\": %.0f, \"p50_ms\": %.2f, "
           "\"p99_ms\": %.2f, \"paths\": {",
           nclients, seconds, total, errors, total / seconds, pct(all, total, 0.5), pct(all, total, 0.99));
    for (int p = 0; p < npaths; p++) {
        int m = 0;
        for (int i = 0; i < nclients; i++)
            for (int j = 0; j < c[i].n; j++)
                if (strcmp(c[i].paths[c[i].which[j]], paths[p]) == 0) all[m++] = c[i].lat[j];
        qsort(all, (size_t)m, sizeof *all, cmp_double);
        printf("%s\"%s\": [%d, %.2f, %.2f]", p ? ", " : "", paths[p], m, pct(all, m, 0.5), pct(all, m, 0.99));
    }
    printf("}}\n");
    return 0;
}

/* The store at target, a Chicken server without options around it (what the ladder's functions
 * read) and the active submissions; NULL when the store cannot be opened (said). */
static store_t *bench_store(const char *target, serve_t *srv, site_sub **active, int *n, buf_t *err) {
    store_t *s = store_open(target, false, err);
    if (!s) {
        fprintf(stderr, "bench_serve: %s\n", buf_cstr(err));
        return NULL;
    }
    memset(srv, 0, sizeof *srv);
    srv->game = registry_find("chicken");
    pthread_mutex_init(&srv->lock, NULL);
    srv->settings = json_pack("{s:[]}", "options");
    *n = site_subs_active(s, 4096, active, err);
    return s;
}

/* The ladder's table computed once from the store: seconds and the process's peak memory. */
static int ladder(const char *target) {
    buf_t err;
    buf_init(&err);
    serve_t srv;
    site_sub *active = NULL;
    int n = 0;
    store_t *s = bench_store(target, &srv, &active, &n, &err);
    if (!s) return 1;
    double t0 = now_s();
    store_result *res = NULL;
    int nres = site_ladder_results(s, &res, &err);
    free(res);
    double t1 = now_s();
    ladder_table t;
    if (n < 0 || !ladder_compute(&srv, s, active, n, &t, &err)) {
        fprintf(stderr, "bench_serve: %s\n", buf_cstr(&err));
        return 1;
    }
    double t2 = now_s();
    long hwm = 0;
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "VmHWM:", 6) == 0) hwm = atol(line + 6);
    if (f) fclose(f);
    printf("{\"active\": %d, \"results\": %d, \"read_s\": %.2f, \"compute_s\": %.2f, \"peak_mb\": %.0f}\n", n, nres,
           t1 - t0, t2 - t1, hwm / 1024.0);
    ladder_free(&t);
    free(active);
    store_close(s);
    return 0;
}

/* Statements and seconds of one read: "NAME": {"statements": N, "s": S}. */
#define TRIPS_TIMED(name, call)                                                                                 \
    do {                                                                                                        \
        uint64_t q0 = db_statements(store_db(s));                                                               \
        double t0 = now_s();                                                                                    \
        ok = ok && (call);                                                                                      \
        printf("%s\"%s\": {\"statements\": %llu, \"s\": %.4f}", first ? "" : ", ", name,                            \
               (unsigned long long)(db_statements(store_db(s)) - q0), now_s() - t0);                            \
        first = false;                                                                                          \
    } while (0)

/* The round trips of the ladder's and the games' reads (bench_ladder_pg.sh). */
static int trips(const char *target) {
    buf_t err;
    buf_init(&err);
    serve_t srv;
    site_sub *active = NULL;
    int n = 0;
    store_t *s = bench_store(target, &srv, &active, &n, &err);
    if (!s) return 1;
    bool ok = n >= 0, first = true;
    store_result *res = NULL;
    int nres = 0;
    ladder_table t;
    memset(&t, 0, sizeof t);
    site_game *g = calloc(200, sizeof *g);
    printf("{");
    TRIPS_TIMED("ladder_results", (nres = site_ladder_results(s, &res, &err)) >= 0);
    TRIPS_TIMED("ladder_compute", ladder_compute(&srv, s, active, n, &t, &err));
    TRIPS_TIMED("games_page_200", site_games_list(s, 0, NULL, NULL, 0, -1, 0, 200, g, &err) >= 0);
    TRIPS_TIMED("team_page_50", site_games_list(s, n > 0 ? active[0].team_id : 1, NULL, NULL, 0, -1, 0, 50, g, &err) >= 0);
    TRIPS_TIMED("one_game", site_games_get(s, 1, g, &err) >= 0);
    printf(", \"results\": %d}\n", nres);
    if (!ok) fprintf(stderr, "bench_serve: %s\n", buf_cstr(&err));
    free(g);
    free(res);
    ladder_free(&t);
    free(active);
    json_decref(srv.settings);
    store_close(s);
    buf_free(&err);
    return ok ? 0 : 1;
}

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "ladder") == 0) return ladder(argv[2]);
    if (argc == 3 && strcmp(argv[1], "trips") == 0) return trips(argv[2]);
    if (argc == 5 && strcmp(argv[1], "fill") == 0) return fill(argv[2], atoi(argv[3]), atoi(argv[4]));
    if (argc >= 6 && strcmp(argv[1], "load") == 0)
        return load(atoi(argv[2]), atoi(argv[3]), atof(argv[4]), argc - 5, argv + 5);
    fprintf(stderr, "usage: bench_serve fill STORE TEAMS GAMES | ladder STORE | trips STORE | load PORT CLIENTS SECONDS PATH...\n");
    return 2;
}
