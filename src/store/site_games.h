/* site_games.h: the competition server's games: every validation, scrimmage and ladder game is a
 * row here (its kind, who sits where) and a job in the queue (queue.h) whose owner key is this
 * row's id; results are the queue's (one per job). Also the per-kind view of the queue that the
 * organizer's page shows. */
#ifndef ARENA_SITE_GAMES_H
#define ARENA_SITE_GAMES_H
#include "queue.h"

extern const migrate_domain site_games_schema;

typedef struct {
    int64_t team_id;  /* 0: a reference bot */
    int64_t sub_id;   /* the submission (a reference bot: -(its index + 1)) */
    char name[64];    /* what the seat is called in the game (the team's name, the bot's) */
} site_game_seat;

typedef struct {
    int64_t id;
    int64_t job_id;             /* 0: not yet in the queue */
    char kind[16];              /* validation | scrimmage | ladder | final */
    int64_t owner_id;           /* the scrimmage's or submission's id (ladder: 0; final: the stage's) */
    bool ranked;                /* counts in the ladder's ratings */
    double created;
    char state[16];             /* the job's: queued | leased | done | failed | cancelled */
    int nseats;
    site_game_seat seats[GAME_MAX_SEATS];
    /* the result, when done or failed */
    bool have_result;
    double score[GAME_MAX_SEATS];
    int rank[GAME_MAX_SEATS];
    int verdicts[GAME_MAX_SEATS][VERDICT_COUNT];
    int turns;
    double seconds;
    char error[200];
    char replay[512];
    char finished[32];
    uint64_t seed;
    char files[48];             /* the name of its replay and stderr folder in the server's data */
} site_game;

/* Registers a game and puts it in the queue (job: queue_job with everything but the owner, which
 * become kind and owner_id, and the owner key, which becomes the game's id). files: the name of
 * its replay and stderr folder. Returns the game id (0 on error). */
int64_t site_games_add(store_t *s, const char *kind, int64_t owner_id, bool ranked, const char *files, int nseats,
                       const site_game_seat *seats, queue_job *job, buf_t *err);
/* Registers a game inside the caller's transaction (with what else it writes: a scrimmage's
 * acceptance and all its games, or none), not yet queued: site_games_enqueue_registered puts it in
 * the queue after the commit (a kill in between: the next start's site_games_repair does). */
int64_t site_games_register(store_t *s, const char *kind, int64_t owner_id, bool ranked, const char *files, int nseats,
                            const site_game_seat *seats, const queue_job *job, buf_t *err);
/* Queues the registered games of one owner that have no job yet: how many (-1 error). */
int site_games_enqueue_registered(store_t *s, const char *kind, int64_t owner_id, buf_t *err);
/* Fills a linked job's seats (from its spec) and files name; false skips the job. */
typedef bool (*site_games_seats_fn)(void *ctx, const char *spec, int64_t owner_key, int nseats, site_game_seat *seats,
                                    char files[48]);
/* Registers as games of kind/owner_id the jobs another module queued (job_kind/job_owner: the
 * final's stage, queued by the tournament engine), so they are listed and watched like the site's
 * own; a job already registered is left as it is. How many were registered (-1 error). */
int site_games_link(store_t *s, const char *kind, int64_t owner_id, const char *job_kind, int64_t job_owner,
                    site_games_seats_fn seats_of, void *ctx, buf_t *err);
/* Puts in the queue the games a kill left registered but not queued: how many (-1 error). */
int site_games_repair(store_t *s, buf_t *err);
/* One game with its result: 1 found, 0 none, -1 error. */
int site_games_get(store_t *s, int64_t id, site_game *g, buf_t *err);
/* Games, newest first: of a team (0: any), of a kind (NULL: any), not of the kind hide_kind (NULL:
 * none hidden), that team seen_by may see (0: every game; else the ladder's, the final's and its
 * own; -1: no team's own), of an owner (-1: any), with id below before (0: from the newest); at
 * most max. How many (-1 error). */
int site_games_list(store_t *s, int64_t team_id, const char *kind, const char *hide_kind, int64_t seen_by,
                    int64_t owner_id, int64_t before, int max, site_game *out, buf_t *err);
/* Plays a failed or cancelled game again: 1 requeued, 0 not such a game, -1 error. */
int site_games_requeue(store_t *s, int64_t id, buf_t *err);
/* Cancels every queued job of one owner kind: how many (-1 error). */
int64_t site_games_cancel_kind(store_t *s, const char *kind, buf_t *err);
#endif
