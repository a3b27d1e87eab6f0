/* play.h: a game of the server as a job in the queue: the seats (a team's submission, or a
 * reference bot), the competition's options and clocks, the whole-game limit, where the replay
 * and the seats' stderr go, and the priority of its kind. Every validation, scrimmage and ladder
 * game is made here; workers play them (the server never does). */
#ifndef ARENA_PLAY_H
#define ARENA_PLAY_H
#include "../match/match.h"
#include "../store/site_games.h"
#include "../store/site_subs.h"
#include "serve.h"

/* Priorities in the queue: higher first. */
#define PLAY_PRIORITY_VALIDATION 40
#define PLAY_PRIORITY_SCRIMMAGE 30
#define PLAY_PRIORITY_PLACEMENT 20
#define PLAY_PRIORITY_LADDER 10

typedef struct {
    int64_t team_id;     /* 0: a reference bot */
    int64_t sub_id;      /* the submission (0: a reference bot) */
    const char *builtin; /* a reference bot's seat ("builtin:NAME") */
    const char *name;    /* a reference bot's name (a team's is read from the store) */
} play_seat;

/* Enqueues one game (seed drawn from the OS): its id, 0 on error (err says why). */
int64_t play_game(serve_t *srv, store_t *s, const char *kind, int64_t owner_id, bool ranked, int nseats,
                  const play_seat *seats, int priority, buf_t *err);
/* The same game registered inside the caller's transaction and not queued yet: after the commit,
 * site_games_enqueue_registered queues it (so several games and what asks for them are written
 * together, or none is). */
int64_t play_register(serve_t *srv, store_t *s, const char *kind, int64_t owner_id, bool ranked, int nseats,
                      const play_seat *seats, int priority, buf_t *err);
/* The clocks of a setting ("clock", "final_clock") over the game's own. */
match_clock play_clock(serve_t *srv, const char *key);
/* The seat of a reference bot named name ("" or NULL: the validation bot): true when known. */
bool play_reference(serve_t *srv, const char *name, char seat[128], char display[64]);
/* The replay file and the stderr folder (seatN.stderr in it) of a game's files (site_game.files),
 * as the local workers write them. */
void play_files_paths(serve_t *srv, const char *files, char *replay, size_t rn, char *errdir, size_t en);
#endif
