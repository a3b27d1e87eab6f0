/* tester.h: `arena tester`, the drop-in replacement for the Splitter Tester (docs/games/splitter.md
 * section "arena tester"): the parsed command line and the run. */
#ifndef ARENA_TESTER_H
#define ARENA_TESTER_H
#include <stdbool.h>
#include <stdint.h>

typedef struct {
    long long games;          /* --games (200); <= 0 plays none */
    bool silent;              /* --silent */
    const char *seed;         /* --seed string; NULL: draw one and print it (D1) */
    int layout;               /* --layout: 1, or 2 for any other integer */
    char *command;            /* --command tokens joined with single spaces (owned) */
    int64_t timeout_ms;       /* --timeout (1000; 0 = none) */
    int64_t startup_ms;       /* --startup-timeout (10000; 0 = none) */
    bool strict;              /* --strict: the original's failure behaviour */
    int jobs;                 /* --jobs (1) */
    long long first_game;     /* --first-game (0) */
    const char *replay_dir;   /* --replay-dir */
} tester_opts;

/* Plays the run and prints everything; returns the exit status (or re-raises SIGINT/SIGTERM after
 * printing the summary when interrupted). */
int tester_run(const tester_opts *o);
#endif
