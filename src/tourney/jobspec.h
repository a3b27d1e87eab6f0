/* jobspec.h: a match to play as the queue carries it (the `spec` of a job, JSON): game, options,
 * seed, seats (seat strings, or bundles to fetch), clocks, sandbox, the whole-match limit and
 * where its replay goes. Tournaments and the competition server write it; `arena worker` and the
 * local workers of `arena tourney` read it and play it through the same referee as `arena play`.
 *
 * {"v":1,"game":"chicken","options":["colours=fixed"],"seed":7,
 *  "seats":[{"name":"A","seat":"./bot","player":0,"bundle":"<sha256>","path":"./bot","inner":"bot"}, ...],
 *  "clock":{"move_ms":100,"hard_ms":1000,"bank_ms":0,"startup_ms":10000,"pause":false},"quick":false,
 *  "sandbox":{"mode":0,"without":0,"limits":[cpu_s,mem_mb,as_mb,procs,fsize_mb,nofile,disk_mb],
 *             "workdir":0,"read":[],"write":[],"env":[],"cgroup":null},
 *  "timeout_s":3600,"cwd":"/where/relative/seats/resolve",
 *  "replay":"DIR/t1-m000003.jsonl","store_replay":false,"stderr_dir":null,"history_dir":null}
 *
 * A seat with a bundle runs from the worker's copy of that bundle: the word `path` of its seat
 * string is replaced by the unpacked copy of `inner` (see worker.c). */
#ifndef ARENA_JOBSPEC_H
#define ARENA_JOBSPEC_H
#include "../core/buf.h"
#include "../match/match.h"

#define JOBSPEC_MAX_OPTIONS 40

typedef struct {
    char *name;   /* display name (the entrant's) */
    char *seat;   /* the seat string, without name= */
    int player;   /* the owner's number for this seat (the entrant index; -1 the filler) */
    char *bundle; /* SHA-256 of its bundle (NULL: none) */
    char *path;   /* the word of seat that names the bundled file or folder */
    char *inner;  /* that file or folder inside the bundle ("bot.py", "agent/run.sh") */
} jobspec_seat;

typedef struct {
    const game_t *game;
    char *game_id;
    int nkv;
    char *kv[JOBSPEC_MAX_OPTIONS];
    uint64_t seed;
    int nseats;
    jobspec_seat seats[GAME_MAX_SEATS];
    match_clock clock;
    bool quick;
    sandbox_config sandbox;   /* its strings point into the spec */
    double timeout_s;         /* whole-match limit (0: none) */
    char *cwd;                /* where relative seat paths resolve (NULL: the worker's own) */
    char *replay;             /* replay file to write (NULL: none) */
    bool store_replay;        /* the worker also stores the replay in the store with the result
                                 (other machines cannot read its files: replays.h) */
    char *stderr_dir;         /* keep the seats' stderr there (NULL: no) */
    char *history_dir;        /* the game's own record (NULL: no) */
} jobspec;

void jobspec_json(const jobspec *s, buf_t *out);
/* Makes a game outside the registry (a test's model game) known to jobspec_parse in this process
 * and the workers it forks. g must live as long as the process (a static table, as the registry's
 * are); a later game with the same id replaces it. */
void jobspec_add_game(const game_t *g);
/* Reads a spec; a game this arena does not know is an error naming it. */
bool jobspec_parse(const char *json, jobspec *out, buf_t *err);
/* The match configuration of the spec (seats parsed, options with defaults); free the seats
 * with seatspec_free. */
bool jobspec_match_config(const jobspec *s, match_config *mc, buf_t *err);
/* Whether the spec's match can be made here and now as a worker makes it: jobspec_match_config,
 * then the referee's match_new_status (the same check `arena play` makes of its one game: the
 * options and seat count as the game takes them). Nothing is started: no process, no file.
 * *runtime_error as match_new_status's (out of memory: not the spec's fault). */
bool jobspec_check(const jobspec *s, buf_t *err, bool *runtime_error);
/* Replaces seat i's seat string (after a bundle was unpacked). */
void jobspec_set_seat(jobspec *s, int i, const char *seat);
/* Frees a spec jobspec_parse made (one built by hand only points at its owner's strings). */
void jobspec_free(jobspec *s);
#endif
