/* tester.h: `arena tester`, the drop-in replacement for the Splitter Tester (docs/games/splitter.md
 * section "arena tester"): the options of a run (the CLI parses them) and the run. */
#ifndef ARENA_TESTER_H
#define ARENA_TESTER_H
#include <stdbool.h>
#include <stdint.h>

#include "../match/match.h"
#include "../sandbox/sandbox.h"

typedef struct {
    long long games;          /* --games (200); <= 0 plays none */
    bool silent;              /* --silent */
    const char *seed;         /* --seed string; NULL: draw one and print it (Splitter D1) */
    int layout;               /* --layout: 1, or 2 for any other integer */
    char *command;            /* --command tokens joined with single spaces (owned) */
    match_clock clock;        /* tester_default_clock(), then --timeout, --startup-timeout and the clock flags */
    bool strict;              /* --strict: the original's failure behaviour */
    int jobs;                 /* --jobs (1) */
    long long first_game;     /* --first-game (0) */
    const char *replay_dir;   /* --replay-dir */
    sandbox_mode sandbox;     /* --sandbox on|off|strict (default on) */
} tester_opts;

/* The Tester's clock: 1000 ms a move (the hard limit: a later move scores the game 0), the first
 * move 10000 ms with the process start, nothing soft, no bank. */
match_clock tester_default_clock(void);
/* Plays the run and prints everything; returns the exit status (or re-raises SIGINT/SIGTERM after
 * printing the summary when interrupted). */
int tester_run(const tester_opts *o);
#endif
