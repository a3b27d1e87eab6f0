/* clock_flags.c: the clock flags of the subcommands that play matches (play, tourney, tester),
 * read in one place so that each means the same everywhere (docs/cli.md). */
#include "cli.h"
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* The flags that take milliseconds, and the field each sets. */
static const struct {
    const char *flag;
    size_t offset;
    const char *help;
    const char *tester_help; /* what it does in the tester, where any lost move loses the game */
} LIMITS[] = {
    {"--move-ms", offsetof(match_clock, move_ms), "soft limit: a later reply is discarded, the game's default applies",
     "soft limit: a later move scores the game 0 (none by default)"},
    {"--hard-ms", offsetof(match_clock, hard_ms), "hard limit: the seat is down for the rest of the game",
     "the same as --timeout"},
    {"--bank-ms", offsetof(match_clock, bank_ms), "chess-clock bank per seat",
     "a bank of think time for the whole game; empty: the game scores 0"},
    {"--startup-ms", offsetof(match_clock, startup_ms), "start-up allowance added to the first deadline",
     "the same as --startup-timeout"},
};
enum { NLIMITS = sizeof LIMITS / sizeof LIMITS[0] };
static const char *const SWITCHES[] = {"--no-timeout", "--pause", "--no-pause", "--quick", NULL};

int cli_clock_flag(cli_args *a, cli_clock *c) {
    const char *arg = a->argv[a->i];
    if (strcmp(arg, "--no-timeout") == 0) c->no_timeout = true;
    else if (strcmp(arg, "--pause") == 0) c->clock.pause_idle = true;
    else if (strcmp(arg, "--no-pause") == 0) c->clock.pause_idle = false;
    else if (strcmp(arg, "--quick") == 0) c->quick = true;
    else {
        for (int k = 0; k < NLIMITS; k++) {
            if (!cli_arg(a, LIMITS[k].flag)) {
                if (a->failed) return -1;
                continue;
            }
            if (!cli_parse_ms(a->value, (int64_t *)((char *)&c->clock + LIMITS[k].offset))) {
                cli_usage_error(a->cmd, "%s %s: expected milliseconds", LIMITS[k].flag, a->value);
                a->failed = true;
                return -1;
            }
            return 1;
        }
        return 0;
    }
    return 1;
}

bool cli_clock_is_flag(const char *tok) {
    for (int k = 0; k < NLIMITS; k++) {
        size_t n = strlen(LIMITS[k].flag);
        if (strncmp(tok, LIMITS[k].flag, n) == 0 && (tok[n] == 0 || tok[n] == '=')) return true;
    }
    for (int k = 0; SWITCHES[k]; k++)
        if (strcmp(tok, SWITCHES[k]) == 0) return true;
    return false;
}

bool cli_clock_sandbox_flag(cli_args *a, cli_clock *clock, sandbox_config *sandbox) {
    int flag = cli_clock_flag(a, clock);
    if (flag == 0) flag = cli_sandbox_flag(a->cmd, a->argc, a->argv, &a->i, sandbox);
    if (flag > 0) return true;
    if (flag == 0 && !a->failed) cli_usage_error(a->cmd, "unknown option %s", a->argv[a->i]);
    return false;
}

void cli_clock_done(cli_clock *c) {
    if (c->no_timeout) c->clock.move_ms = c->clock.hard_ms = c->clock.bank_ms = c->clock.startup_ms = 0;
}

void cli_clock_help(bool one_seat) {
    char flag[32];
    for (int k = 0; k < NLIMITS; k++) {
        snprintf(flag, sizeof flag, "%s N", LIMITS[k].flag);
        printf("  %-21s %s\n", flag, one_seat ? LIMITS[k].tester_help : LIMITS[k].help);
    }
    printf("  %-21s %s\n", "--no-timeout", "no limits at all (debugging)");
    if (one_seat) return;
    printf("  %-21s %s\n", "--pause / --no-pause", "SIGSTOP seats that are not on move");
    printf("  %-21s %s\n", "--quick", "realtime games: end a turn as soon as every seat answered");
}
