/* cmd_list.c: `arena list [GAME]`: games, their built-in bots, options and clock defaults. */
#include "cli.h"
#include "../games/registry.h"
#include <stdio.h>
#include <string.h>

/* An option's type as its table gives it (game_option.type): how the game reads the value, and how
 * the simulator's snapshots compare it (docs/sim.md). */
static const char *option_type_name(game_option_type t) {
    switch (t) {
    case GAME_OPTION_NUMBER: return "number";
    case GAME_OPTION_SIZE: return "WxH";
    case GAME_OPTION_WIDTH: return "width";
    case GAME_OPTION_HEIGHT: return "height";
    case GAME_OPTION_TEXT: break;
    }
    return "text";
}

static void show_game(const game_t *g, bool full) {
    printf("%-12s %s\n", g->id, g->summary);
    if (g->min_seats == g->max_seats) printf("             seats: %d", g->min_seats);
    else printf("             seats: %d to %d", g->min_seats, g->max_seats);
    buf_t names;
    buf_init(&names);
    game_bot_names(g, " ", &names);
    printf("; built-in bots: %s\n", buf_cstr(&names));
    buf_free(&names);
    if (!full) return;
    printf("\nbuilt-in bots (seat: builtin:NAME):\n");
    for (const game_bot *b = g->bots; b && b->name; b++) printf("  %-20s %s\n", b->name, b->help);
    printf("\noptions (--option KEY=VALUE; type: number, text, WxH, or width/height: a side of the WxH):\n");
    /* columns as wide as the game's longest key and default (Rezzo's keyframe_every is 14) */
    int kw = 12, dw = 10;
    for (const game_option *o = g->options; o && o->key; o++) {
        if ((int)strlen(o->key) > kw) kw = (int)strlen(o->key);
        if ((int)strlen(o->def) > dw) dw = (int)strlen(o->def);
    }
    for (const game_option *o = g->options; o && o->key; o++)
        printf("  %-*s %-6s default %-*s %s\n", kw, o->key, option_type_name(o->type), dw, o->def, o->help);
    printf("\nclock defaults (ms, 0 = none): --move-ms %lld --hard-ms %lld --bank-ms %lld --startup-ms %lld%s\n",
           (long long)g->limits.clock.move_ms, (long long)g->limits.clock.hard_ms, (long long)g->limits.clock.bank_ms,
           (long long)g->limits.clock.startup_ms, g->limits.clock.pause_idle ? " (idle seats paused)" : "");
    if (g->wire.python_module)
        printf("python seats: %s runs a bot written for the original's Python API, unchanged\n", g->wire.python_seat);
    if (g->display.modes && g->display.modes[0]) {
        printf("display modes (--view MODE; v cycles them):");
        for (int i = 0; g->display.modes[i]; i++) printf(" %s", g->display.modes[i]);
        printf("%s\n", g->display.mode_check ? " ... (docs/games/)" : "");
    }
}

int cmd_list(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) {
        printf("usage: arena list [GAME]\n       arena list --bots\n\nLists the games with their built-in bots; with GAME, also the bots'\n"
               "descriptions, the game options, the clock defaults, the display modes (--view) and how a\n"
               "python: seat is written. --bots prints one `GAME BOT` line per built-in bot (for scripts).\n");
        return EXIT_OK;
    }
    /* an option after the game was "'--view' is extra", as if it were a second game */
    if (argc > 2 && argv[2][0] == '-' && argv[2][1])
        return cli_usage_error("list", "unknown option %s after the game (%s list [GAME], or --bots)", argv[2], cli_program());
    if (argc > 2) return cli_usage_error("list", "one GAME at a time ('%s' is extra)", argv[2]);
    if (argc >= 2 && strcmp(argv[1], "--bots") == 0) { /* machine-readable: GAME BOT per line */
        for (int i = 0; registry_games[i]; i++)
            for (const game_bot *b = registry_games[i]->bots; b && b->name; b++)
                printf("%s %s\n", registry_games[i]->id, b->name);
        return EXIT_OK;
    }
    if (argc >= 2 && argv[1][0] == '-' && argv[1][1]) /* it was "unknown game '--json'" */
        return cli_usage_error("list", "unknown option %s (%s list [GAME], or --bots)", argv[1], cli_program());
    if (argc >= 2) {
        const game_t *g = cli_game("list", argv[1]);
        if (!g) return EXIT_USAGE;
        show_game(g, true);
        return EXIT_OK;
    }
    for (int i = 0; registry_games[i]; i++) show_game(registry_games[i], false);
    printf("\n`%s list GAME` shows a game's bots, options and clock defaults.\n", cli_program());
    return EXIT_OK;
}
