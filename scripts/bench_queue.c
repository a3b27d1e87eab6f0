/* bench_queue.c: the queue's own cost, without playing: light clients that run the same claim and
 * report code as `arena worker` (src/store/queue.c) against a store. Built and run by
 * scripts/bench_scale.sh (docs/benchmarks.md, "Many workers").
 *   bench_queue DB cost N          one client: N jobs claimed and reported; ms per claim, report, match
 *   bench_queue DB many CLIENTS N [GAME_MS]
 *                                  CLIENTS processes claim and report N jobs in all: as fast as they
 *                                  can (GAME_MS 0: the server's capacity), or as workers playing games
 *                                  of GAME_MS each between claim and report (what a claim costs a
 *                                  worker at that load); claims/s and claim latency p50/p99
 * Prints one JSON object. */
#include "store/queue.h"
#include "core/clock.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double pct(double *v, int n, double p) {
    if (n == 0) return 0;
    qsort(v, (size_t)n, sizeof *v, by_value);
    int i = (int)(p * (n - 1) + 0.5);
    return v[i];
}

static store_t *open_or_die(const char *db) {
    buf_t err;
    buf_init(&err);
    store_t *s = store_open(db, true, &err);
    if (!s) {
        fprintf(stderr, "bench_queue: %s\n", buf_cstr(&err));
        exit(1);
    }
    buf_free(&err);
    return s;
}

static void enqueue(store_t *s, int64_t owner, int n) {
    queue_job *jobs = calloc((size_t)n, sizeof *jobs);
    for (int i = 0; i < n; i++)
        jobs[i] = (queue_job){.owner_kind = "bench", .owner_id = owner, .owner_key = i, .spec = "{}", .nseats = 2};
    buf_t err;
    buf_init(&err);
    if (!queue_add(s, jobs, n, &err)) {
        fprintf(stderr, "bench_queue: %s\n", buf_cstr(&err));
        exit(1);
    }
    buf_free(&err);
    free(jobs);
}

/* Claims and reports until nothing is left (or max), each match "played" for game_ms; claim
 * latencies (ms) into lat. */
static int drain(store_t *s, int64_t owner, double *lat, double *rep, int max, int game_ms) {
    buf_t err;
    buf_init(&err);
    queue_worker w;
    if (!queue_worker_register(s, NULL, "", &w, &err)) {
        fprintf(stderr, "bench_queue: %s\n", buf_cstr(&err));
        exit(1);
    }
    store_result r;
    memset(&r, 0, sizeof r);
    r.nseats = 2;
    r.entrant[0] = 0, r.entrant[1] = 1, r.rank[0] = 1, r.rank[1] = 2, r.score[0] = 1;
    int n = 0;
    while (n < max) {
        queue_claim c;
        int64_t t0 = clock_now_us();
        int rc = queue_claim_next(s, &w, "bench", owner, 60, &c, &err);
        int64_t t1 = clock_now_us();
        lat[n] = (double)(t1 - t0) / 1000.0;
        if (rc < 0) {
            fprintf(stderr, "bench_queue: %s\n", buf_cstr(&err));
            buf_reset(&err);
            continue;
        }
        if (rc == 0) break;
        if (game_ms > 0) usleep((useconds_t)game_ms * 1000);
        t1 = clock_now_us();
        r.idx = (int)c.owner_key;
        queue_report_rc k = queue_report(s, &w, &c, QUEUE_DONE, &r, NULL, &err);
        int64_t t2 = clock_now_us();
        if (k != QUEUE_REPORT_STORED) fprintf(stderr, "bench_queue: report %d: %s\n", k, buf_cstr(&err));
        queue_claim_free(&c);
        if (rep) rep[n] = (double)(t2 - t1) / 1000.0;
        n++;
    }
    queue_worker_stop(s, &w);
    buf_free(&err);
    return n;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: bench_queue DB cost N | bench_queue DB many CLIENTS N [GAME_MS]\n");
        return 2;
    }
    const char *db = argv[1];
    int64_t owner = (int64_t)getpid();
    if (strcmp(argv[2], "cost") == 0) {
        int n = atoi(argv[3]);
        store_t *s = open_or_die(db);
        enqueue(s, owner, n);
        double *claim = calloc((size_t)n, sizeof *claim), *rep = calloc((size_t)n, sizeof *rep);
        int64_t t0 = clock_now_us();
        int got = drain(s, owner, claim, rep, n, 0);
        double wall = (double)(clock_now_us() - t0) / 1000.0;
        printf("{\"engine\":\"%s\",\"matches\":%d,\"ms_per_match\":%.3f,\"claim_p50_ms\":%.3f,\"report_p50_ms\":%.3f}\n",
               db_engine_name(store_db(s)), got, wall / (got ? got : 1), pct(claim, got, 0.5), pct(rep, got, 0.5));
        store_close(s);
        return got == n ? 0 : 1;
    }
    int clients = atoi(argv[3]), n = argc > 4 ? atoi(argv[4]) : 1000, game_ms = argc > 5 ? atoi(argv[5]) : 0;
    store_t *s = open_or_die(db);
    enqueue(s, owner, n);
    store_close(s);
    int (*pipes)[2] = calloc((size_t)clients, sizeof *pipes);
    /* Every client connects first; then all start together (a pipe closed by the parent). */
    int go[2];
    if (pipe(go) != 0) return 1;
    for (int k = 0; k < clients; k++) {
        if (pipe(pipes[k]) != 0) return 1;
        if (fork() == 0) {
            close(go[1]);
            store_t *cs = open_or_die(db);
            char b;
            (void)!read(go[0], &b, 1);
            double *lat = calloc((size_t)n, sizeof *lat);
            int got = drain(cs, owner, lat, NULL, n, game_ms);
            (void)!write(pipes[k][1], &got, sizeof got);
            (void)!write(pipes[k][1], lat, sizeof *lat * (size_t)got);
            store_close(cs);
            _exit(0);
        }
        close(pipes[k][1]);
    }
    close(go[0]);
    usleep(200000 + 5000 * clients); /* let them connect */
    int64_t t0 = clock_now_us();
    close(go[1]);
    double *all = calloc((size_t)n, sizeof *all);
    int total = 0;
    for (int k = 0; k < clients; k++) {
        int got = 0;
        if (read(pipes[k][0], &got, sizeof got) != sizeof got) got = 0;
        size_t want = sizeof *all * (size_t)got, have = 0;
        while (have < want) {
            ssize_t r = read(pipes[k][0], (char *)(all + total) + have, want - have);
            if (r <= 0) break;
            have += (size_t)r;
        }
        total += got;
        close(pipes[k][0]);
    }
    double wall = (double)(clock_now_us() - t0) / 1e6;
    while (wait(NULL) > 0) {
    }
    printf("{\"clients\":%d,\"game_ms\":%d,\"claims\":%d,\"claims_per_second\":%.1f,\"claim_p50_ms\":%.3f,"
           "\"claim_p99_ms\":%.3f}\n",
           clients, game_ms, total, total / wall, pct(all, total, 0.5), pct(all, total, 0.99));
    return total == n ? 0 : 1;
}
