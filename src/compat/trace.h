/* trace.h: checkers for files produced by the ORIGINAL implementations (tests/vectors/<game>/),
 * behind `arena trace-check GAME FILE`. Each returns 0 when everything matches, 1 on the first
 * difference (printed to out, naming the game index and turn), 2 when the file cannot be read. */
#ifndef ARENA_TRACE_H
#define ARENA_TRACE_H
#include <stdbool.h>
#include <stdio.h>

typedef int (*trace_fn)(const char *path, FILE *out);

typedef struct {
    const char *game;
    trace_fn check;
    const char *help; /* what kind of file it reads */
} trace_checker;

extern const trace_checker trace_checkers[];
const trace_checker *trace_find(const char *game);
/* Runs a checker on path after the checks every file needs (it exists, is not a folder, is not an
 * Arena replay: 2 with a message on err); the checker's report goes to out. */
int trace_run(const trace_checker *t, const char *path, FILE *out, FILE *err);

int trace_rising_tide(const char *path, FILE *out);
/* The same with a chosen ruleset (the sample bots only make neighbour moves: both must pass). */
int trace_rising_tide_rules(const char *path, bool original, FILE *out);
/* A scenarios.jsonl or legality.jsonl file of the original engine; the first difference names the
 * file, the game id and index, and the ply. */
int trace_chicken(const char *path, FILE *out);
/* The original Tester's scoring boards (scoring_vectors.json) or seeded dice (dice_vectors.json);
 * 2 also when the file is not a Splitter vector file. */
int trace_splitter(const char *path, FILE *out);
/* A trace of the original server (JSON Lines), or its start-state vectors (start_states.json, one
 * JSON object with "vectors", checked by trace_rezzo_start). */
int trace_rezzo(const char *path, FILE *out);
/* The start states: agents, counts, owner hash, the map files beside the file, and type hashes
 * after N idle steps, vector by vector. */
int trace_rezzo_start(const char *path, FILE *out);
#endif
