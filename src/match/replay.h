/* replay.h: reading a replay back: re-simulating it from its seed and recorded actions (for
 * `arena verify` and for playback). */
#ifndef ARENA_REPLAY_H
#define ARENA_REPLAY_H
#include "../game/game.h"
#include <jansson.h>
#include <stdio.h>

typedef struct {
    FILE *f;
    char *path;
    int line_no;            /* of the last line read */
    json_t *header;
    const game_t *game;
    game_options options;   /* values point into kv */
    char *kv[32];           /* the header's options as "key=value", owned by the reader */
    int nkv;
    uint64_t seed;
    int nseats;
    game_names names;       /* from the header */
    void *state;
    rng_t rng;
    bool out[GAME_MAX_SEATS]; /* seats out of play so far */
    int turns;              /* turn records applied */
    unsigned char *actions;
    seat_turn seat_turns[GAME_MAX_SEATS];
    uint64_t digest;        /* FNV-1a of the lines read so far */
    uint64_t digest_before_last; /* the same, before the last line read */
    uint64_t header_digest;
    char *line;             /* the last line read (without newline) */
    size_t line_cap;
} replay_t;

typedef enum { REPLAY_TURN, REPLAY_RESULT, REPLAY_EOF, REPLAY_ERROR } replay_rec;

/* Finds a game by id (the registry's registry_find). */
typedef const game_t *(*replay_game_finder)(const char *id);

/* Opens a replay and rebuilds the start from its header. NULL + message on error. */
replay_t *replay_open(const char *path, replay_game_finder find, buf_t *err);
/* The same on an open stream (closed by replay_close, also on failure). */
replay_t *replay_open_stream(FILE *f, const char *path, replay_game_finder find, buf_t *err);
/* Reads the next record into *rec (caller json_decref's it). */
replay_rec replay_next(replay_t *r, json_t **rec, buf_t *err);
/* Applies one turn record. With check, also compares the recorded events and frame with the
 * recomputed ones and checks legality; returns false naming the first difference. */
bool replay_apply(replay_t *r, json_t *rec, bool check, buf_t *err);
/* Compares a result record with the final state (and the file digests). */
bool replay_check_result(replay_t *r, json_t *rec, buf_t *err);
void replay_close(replay_t *r);

/* First difference between two JSON values, as "path: recorded X, recomputed Y"; false if equal. */
bool replay_first_diff(json_t *recorded, json_t *recomputed, const char *path, buf_t *out);
#endif
