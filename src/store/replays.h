/* replays.h: replays kept in the store with their results (table `replays`, one row per job, the
 * replay's JSONL gzip-compressed), so any machine that reaches the store can show a match that a
 * worker elsewhere played: `arena worker` stores it with the result when the match's spec asks
 * (jobspec store_replay), in the report's own transaction (queue_report: r->replay_gz). */
#ifndef ARENA_REPLAYS_H
#define ARENA_REPLAYS_H
#include "store.h"

/* Reads a replay file and gzip-compresses it into out (appended). */
bool replays_pack_file(const char *path, buf_t *out, buf_t *err);
/* The stored replay of job, uncompressed, appended to out: 1 found, 0 none stored, -1 error. */
int replays_load(store_t *s, int64_t job, buf_t *out, buf_t *err);
/* Writes the stored replay of job to path (through path.part, renamed when whole): 1 written,
 * 0 none stored, -1 error. */
int replays_save(store_t *s, int64_t job, const char *path, buf_t *err);
/* Records path as the replay of job's result: the copy written here from the store, where the
 * result named none (the worker kept no file) or the worker's own file on its machine. */
bool replays_set_path(store_t *s, int64_t job, const char *path, buf_t *err);
#endif
