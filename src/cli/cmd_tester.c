/* cmd_tester.c: `arena tester`: the original Splitter Tester's command line (System.CommandLine
 * style: --opt VALUE, --opt=VALUE, --opt:VALUE; --command takes every token up to the next option)
 * plus Arena's additions. The run itself is src/compat/tester.c. */
#include "cli.h"
#include "../compat/tester.h"
#include "../core/text.h"
#include "../games/registry.h"
#include "../match/seatspec.h"
#include "../match/sinks.h" /* ARENA_VERSION */
#include "../sandbox/sandbox.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const OPTION_NAMES[] = {"--games",   "--silent", "--seed",  "--layout",          "--command",
                                           "--version", "-?",       "-h",      "--help",            "--timeout",
                                           "--startup-timeout",     "--strict", "--jobs", "--first-game",
                                           "--replay-dir",          "--sandbox", NULL};

/* If tok is a known option (alone, or followed by '=' or ':' and a value), returns its name and
 * sets *inline_value (NULL when the value is not inline). */
static const char *option_of(const char *tok, const char **inline_value) {
    *inline_value = NULL;
    for (int i = 0; OPTION_NAMES[i]; i++) {
        size_t n = strlen(OPTION_NAMES[i]);
        if (strncmp(tok, OPTION_NAMES[i], n) != 0) continue;
        if (tok[n] == 0) return OPTION_NAMES[i];
        if (tok[n] == '=' || tok[n] == ':') {
            *inline_value = tok + n + 1;
            return OPTION_NAMES[i];
        }
    }
    return NULL;
}

static bool is_option(const char *tok) {
    const char *v;
    return option_of(tok, &v) != NULL || cli_clock_is_flag(tok);
}

static void help(void) {
    printf("usage: arena tester [--games N] [--silent] [--seed S] [--layout L] --command CMD...\n"
           "                    [--timeout MS] [--startup-timeout MS] [--strict] [--jobs N]\n"
           "                    [--first-game K] [--replay-dir DIR]\n\n"
           "Runs a Splitter bot for N games, one process per game, exactly as the original Tester did:\n"
           "same protocol, same output, same summary lines.\n\n"
           "the original's options:\n"
           "  --games N            number of games (default 200; 0 or less plays none)\n"
           "  --silent             hide the echoed bot lines and the per-game score blocks\n"
           "  --seed S             any string; game g uses the dice of (S, g). Without it a seed is\n"
           "                       drawn and printed first as \"Seed <hex>\"\n"
           "  --layout L           1 (default) for layout 1; any other integer for layout 2\n"
           "  --command CMD...     the bot: every token up to the next option, joined with spaces, run\n"
           "                       with /bin/bash -c; or builtin:NAME (");
    /* the game's own list: a fixed one here went stale when a bot was added */
    buf_t names;
    buf_init(&names);
    game_bot_names(registry_find("splitter"), ", ", &names);
    printf("%s)\n", buf_cstr(&names));
    buf_free(&names);
    printf("  --version, -h, --help\n"
           "Arena's additions:\n"
           "  --timeout MS         per-move limit (default 1000; 0 = none); the game then scores 0\n"
           "  --startup-timeout MS limit of the first move, process start included (default 10000)\n"
           "  --sandbox MODE       on (default), off or strict: the bot's sandbox (docs/sandbox.md)\n"
           "  --strict             the original's failure behaviour: an illegal placement prints its\n"
           "                       message and exits 1; a malformed line aborts with status 134\n"
           "  --jobs N             games played at once (same output, printed in game order)\n"
           "  --first-game K       the index of the first game (replay game 17: --first-game 17 --games 1)\n"
           "  --replay-dir DIR     write DIR/game-<index>.jsonl for every game (arena verify checks them)\n"
           "clock (milliseconds), the flags of `arena play`: --hard-ms is --timeout, --startup-ms is\n"
           "--startup-timeout; a move later than --move-ms also scores the game 0:\n");
    cli_clock_help(true);
    printf("\nexit status: 0 run played; 1 --strict failure or usage error; 2 no --command; 134 --strict\n"
           "malformed line. Ctrl-C prints the summary of the games played and ends by SIGINT.\n"
           "Documentation: docs/games/splitter.md\n");
}

/* A command whose program is not there (a mistyped path, "python3 mybot.py" without mybot.py)
 * scores 0 in every game, as the original Tester's did (Splitter D5), each game saying only "the
 * bot exited before the game ended (move 1 of 22, exit status 2)", after minutes of games; `arena
 * play` refuses such a seat. The run stays the original's (stdout unchanged), but stderr first
 * says what every game will meet, in play's words. */
static void warn_missing_program(const char *command) {
    if (strncmp(command, "builtin:", 8) == 0) return;
    seat_spec s;
    memset(&s, 0, sizeof s);
    s.kind = SEAT_COMMAND;
    s.command = (char *)command; /* read only */
    buf_t err;
    buf_init(&err);
    if (!seatspec_program_found(&s, getenv("PATH"), true, &err)) {
        /* play's advice on quoting a seat does not apply to --command's tokens */
        char *advice = err.data ? strstr(err.data, "; a command with arguments is one quoted seat") : NULL;
        if (advice) *advice = 0;
        fprintf(stderr, "arena tester: warning: %s: every game will score 0\n", buf_cstr(&err));
    }
    buf_free(&err);
}

static int usage_error(const char *fmt, const char *a, const char *b) {
    fputs("arena tester: ", stderr);
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    return EXIT_FAIL; /* System.CommandLine's status for a parse error */
}

static bool parse_int32(const char *s, long long *out) {
    while (*s == ' ' || *s == '\t') s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t')) n--;
    return text_parse_int(s, n, INT32_MIN, INT32_MAX, out);
}

int cmd_tester(int argc, char **argv) {
    tester_opts o = {.games = 200, .layout = 1, .jobs = 1};
    cli_clock clock = {.clock = tester_default_clock()};
    cli_args clock_args = {.cmd = "tester", .argc = argc, .argv = argv};
    buf_t cmd;
    buf_init(&cmd);
    bool have_command = false;
    int rc = -1;
    for (int i = 1; i < argc && rc < 0; i++) {
        const char *inline_value;
        const char *name = option_of(argv[i], &inline_value);
        if (!name && cli_clock_is_flag(argv[i])) {
            clock_args.i = i;
            if (cli_clock_flag(&clock_args, &clock) < 0) rc = EXIT_FAIL; /* the tester's status for usage errors */
            i = clock_args.i;
            continue;
        }
        if (!name) {
            rc = usage_error("Unrecognized command or argument '%s'.%s", argv[i], "");
            break;
        }
        if (!strcmp(name, "--help") || !strcmp(name, "-h") || !strcmp(name, "-?")) {
            help();
            rc = EXIT_OK;
        } else if (!strcmp(name, "--version")) {
            printf("%s\n", ARENA_VERSION);
            rc = EXIT_OK;
        } else if (!strcmp(name, "--command")) {
            /* One or more tokens up to the next option, joined with single spaces. */
            buf_reset(&cmd);
            have_command = true;
            bool first = true;
            if (inline_value) {
                buf_puts(&cmd, inline_value);
                first = false;
            }
            while (i + 1 < argc && !is_option(argv[i + 1])) {
                if (!first) buf_putc(&cmd, ' ');
                buf_puts(&cmd, argv[++i]);
                first = false;
            }
            if (first) have_command = false; /* no token at all: as if missing */
        } else if (!strcmp(name, "--silent") || !strcmp(name, "--strict")) {
            bool value = true;
            const char *v = inline_value;
            if (!v && i + 1 < argc && (!strcasecmp(argv[i + 1], "true") || !strcasecmp(argv[i + 1], "false")))
                v = argv[++i];
            if (v) {
                if (!strcasecmp(v, "true")) value = true;
                else if (!strcasecmp(v, "false")) value = false;
                else {
                    rc = usage_error("Cannot parse argument '%s' for option '%s' as expected type 'System.Boolean'.",
                                     v, name);
                    break;
                }
            }
            if (!strcmp(name, "--silent")) o.silent = value;
            else o.strict = value;
        } else {
            const char *v = inline_value;
            if (!v) {
                if (i + 1 >= argc || is_option(argv[i + 1])) {
                    rc = usage_error("Required argument missing for option: '%s'.%s", name, "");
                    break;
                }
                v = argv[++i];
            }
            if (!strcmp(name, "--seed")) {
                o.seed = v;
                continue;
            }
            if (!strcmp(name, "--replay-dir")) {
                o.replay_dir = v;
                continue;
            }
            if (!strcmp(name, "--sandbox")) {
                if (!sandbox_mode_parse(v, &o.sandbox)) {
                    rc = usage_error("--sandbox %s: expected on, off or strict%s", v, "");
                    break;
                }
                continue;
            }
            long long x;
            if (!parse_int32(v, &x)) {
                rc = usage_error("Cannot parse argument '%s' for option '%s' as expected type 'System.Int32'.", v, name);
                break;
            }
            if (!strcmp(name, "--games")) o.games = x;
            else if (!strcmp(name, "--layout")) o.layout = x == 1 ? 1 : 2; /* any other integer: layout 2 */
            else if (!strcmp(name, "--first-game") && x >= 0) o.first_game = x;
            else if (!strcmp(name, "--jobs") && x >= 1 && x <= 256) o.jobs = (int)x;
            else if (!strcmp(name, "--timeout") && x >= 0) clock.clock.hard_ms = x;
            else if (!strcmp(name, "--startup-timeout") && x >= 0) clock.clock.startup_ms = x;
            else {
                rc = usage_error("%s %s: out of range (--jobs 1..256; --timeout, --startup-timeout and "
                                 "--first-game 0 or more)", name, v);
                break;
            }
        }
    }
    /* a game's index is a .NET int (the dice of (seed, g)): games past it each failed on their own,
     * after the games before them, leaving an empty replay each and exit 0 */
    if (rc < 0 && o.games > 0 && o.first_game > INT32_MAX - (o.games - 1)) {
        char last[32];
        snprintf(last, sizeof last, "%lld", o.first_game + o.games - 1);
        rc = usage_error("--first-game with --games: the last game's index %s is past %s; start lower or play fewer", last,
                         "2147483647");
    }
    if (rc < 0 && (!have_command || cmd.len == 0 || cmd.data[0] == ' ')) {
        /* the original's words; the first token empty counts as missing */
        printf("Run tester with --help to get info about how to run it\n");
        rc = EXIT_USAGE;
    }
    if (rc < 0) {
        cli_clock_done(&clock);
        o.clock = clock.clock;
        o.command = buf_steal(&cmd);
        warn_missing_program(o.command);
        rc = tester_run(&o);
        free(o.command);
    }
    buf_free(&cmd);
    return rc;
}
