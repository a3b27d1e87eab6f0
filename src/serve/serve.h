/* serve.h: `arena serve`, the competition server: the options of a run, and the state its parts
 * share (the game, the store's target, the data folder, the settings, the ladder's cached table).
 * The parts: http.c (HTTP), routes.c (the table of endpoints), auth.c (passwords, sessions, CSRF,
 * throttle), one file per family of endpoints, scheduler.c (the loop that enqueues games and
 * watches the local workers), static.c (the embedded pages); the SQL is in src/store/site_*.c. */
#ifndef ARENA_SERVE_H
#define ARENA_SERVE_H
#include "../game/game.h"
#include <jansson.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

/* The organizer account the first start makes, and the file in the data folder that keeps its
 * password until it is changed (accounts_password_changed removes it then). */
#define SERVE_ADMIN_NAME "admin"
#define SERVE_ADMIN_PASSWORD_FILE "admin-password.txt"

typedef struct {
    const char *game;      /* game id (NULL: the store's, else required) */
    const char *db;        /* store target (default arena-serve.db) */
    const char *listen;    /* ADDR:PORT (default 127.0.0.1:8080) */
    const char *data;      /* uploads, builds, replays, logs (default: DB path + ".data") */
    const char *config;    /* a JSON file of settings applied at start (NULL: none) */
    int jobs;              /* local worker processes (0: none; remote `arena worker`s play) */
    int threads;           /* HTTP threads (0: 4) */
    bool demo;             /* the game's reference bots as teams, a ladder running */
    bool behind_proxy;     /* a reverse proxy on this machine: the client is X-Forwarded-For's last hop */
} serve_opts;

typedef struct serve_s {
    const game_t *game;
    serve_opts o;
    char db[PATH_MAX];     /* the store's target */
    char data[PATH_MAX];   /* the data folder (absolute) */
    char exe[PATH_MAX];    /* this program, for the worker processes */
    pthread_mutex_t lock;  /* guards what follows */
    json_t *settings;      /* the settings in force (settings.c) */
    char *ladder_json;     /* the ladder's table as served (ladder.c), NULL: not computed yet */
    int64_t ladder_results;/* results it was computed from */
    int nratings;          /* the ladder's current rating of each rated team (scrimmages' ranked window) */
    struct serve_rating { int64_t team; double rating; } *ratings;
    volatile int stopping;
} serve_t;

/* Runs the server until SIGINT/SIGTERM; returns an exit status. */
int serve_run(const serve_opts *o);
#endif
