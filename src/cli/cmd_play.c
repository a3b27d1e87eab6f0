/* cmd_play.c: `arena play GAME SEAT...`: one game with the chosen outputs. */
#include "cli.h"
#include "../core/log.h"
#include "../core/rng.h"
#include "../core/text.h"
#include "../match/option_files.h"
#include "../match/sinks.h"
#include "../ui/live.h"
#include "../ui/png_frames.h"
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void on_signal(int sig) {
    (void)sig;
    match_interrupted = 1;
}

static void help(void) {
    printf("usage: arena play GAME SEAT... [options]\n\n"
           "Plays one game. A SEAT is one of:\n"
           "  builtin:NAME          a built-in bot (see `arena list GAME`)\n"
           "  python:FILE.py[:NAME] a bot written for the original Python API, through Arena's adapter\n"
           "  tcp:COMMAND           a bot server; COMMAND gets the port as its last argument\n"
           "  COMMAND               any program speaking the game's protocol on stdin/stdout\n"
           "                        (an executable path is run directly, anything else with /bin/sh -c)\n"
           "Any seat may start with a display name without blanks: alice=./mybot. A command with\n"
           "arguments is one quoted seat: \"python3 bot.py --depth 3\". A seat whose program is not\n"
           "there is refused before the game.\n\n"
           "options:\n"
           "  --seed N              match seed, 0..2^53-1 (default: drawn and printed)\n"
           "  --option KEY=VALUE    a game option (repeatable; see `arena list GAME`)\n"
           "  --display terminal|none  live view (default: terminal when stdout is a terminal and\n"
           "                        --json is not given)\n"
           "  --view MODE           a display mode of the game (Chicken: spectator, A, B; Rezzo: live,\n"
           "                        follow=N; Splitter: symbols, ascii; SuiteBot: plain, blast; `arena\n"
           "                        list GAME` lists them); an unknown mode is refused\n"
           "  --frames DIR          write one PNG per turn into DIR (games with a picture: Rezzo)\n"
           "  --zoom Z              --frames: pixels per cell, 1..16 (default 2)\n"
           "  --speed N             live view: turns per second (default 60; 0 = unlimited)\n"
           "  --replay FILE         write the replay (JSON Lines, docs/replay.md)\n"
           "  --log FILE            write the event log (Rising Tide: the original's log.txt)\n"
           "  --history DIR         also write the game's own record format (Chicken: match JSON)\n"
           "  --json                print the result as one JSON object\n"
           "  --stderr-dir DIR      keep each process seat's stderr and # lines in DIR/seatN.stderr (1 MiB)\n"
           "clock (milliseconds; defaults from the game, see `arena list GAME`):\n");
    cli_clock_help(false);
    cli_sandbox_help();
    printf("\nexit status: 0 game played, 1 abandoned or failed (or --sandbox strict refused), 2 usage error\n");
}

int cmd_play(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) {
        help();
        return EXIT_OK;
    }
    if (argc < 2) return cli_usage_error("play", "missing GAME; e.g. %s play rising_tide builtin:pass_perth ...", cli_program());
    const game_t *g = cli_game("play", argv[1]);
    if (!g) return EXIT_USAGE;
    static match_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.game = g;
    cli_clock clock = {.clock = match_default_clock(g)};
    char *seats[GAME_MAX_SEATS + 1];
    int nseats = 0;
    char *kv[32];
    int nkv = 0;
    const char *display = NULL, *replay = NULL, *logpath = NULL, *view = NULL, *history = NULL;
    const char *frames = NULL;
    long zoom = 2;
    bool zoom_given = false;
    bool json = false, have_seed = false;
    double speed = 60;
    cli_args a = {.cmd = "play", .argc = argc, .argv = argv};
    for (a.i = 2; a.i < argc; a.i++) {
        const char *arg = argv[a.i];
        if (strncmp(arg, "--", 2) != 0) {
            if (cli_short_flag("play", arg)) return EXIT_USAGE;
            if (nseats >= GAME_MAX_SEATS) return cli_usage_error("play", "at most %d seats", GAME_MAX_SEATS);
            seats[nseats++] = argv[a.i];
            continue;
        }
        if (strcmp(arg, "--json") == 0) json = true;
        else if (cli_arg(&a, "--seed")) {
            if (!cli_parse_u64(a.value, RNG_SEED_MAX, &cfg.seed))
                return cli_usage_error("play", "--seed %s: expected an integer from 0 to 2^53-1", a.value);
            have_seed = true;
        } else if (cli_arg(&a, "--option")) {
            if (nkv >= 32) return cli_usage_error("play", "too many --option");
            kv[nkv++] = (char *)a.value;
        } else if (cli_arg(&a, "--display")) display = a.value;
        else if (cli_arg(&a, "--view")) view = a.value;
        else if (cli_arg(&a, "--frames")) frames = a.value;
        else if (cli_arg(&a, "--zoom")) {
            long long z;
            if (!text_parse_ll(a.value, 1, 16, &z)) return cli_usage_error("play", "--zoom %s: expected 1 to 16", a.value);
            zoom = (long)z;
            zoom_given = true;
        } else if (cli_arg(&a, "--replay")) replay = a.value;
        else if (cli_arg(&a, "--log")) logpath = a.value;
        else if (cli_arg(&a, "--history")) history = a.value;
        else if (cli_arg(&a, "--stderr-dir")) cfg.stderr_dir = a.value;
        else if (cli_arg(&a, "--speed")) {
            if (!cli_parse_number(a.value, 0, 1e6, &speed))
                return cli_usage_error("play", "--speed %s: expected turns per second (0 = unlimited)", a.value);
        }
        else if (!cli_clock_sandbox_flag(&a, &clock, &cfg.sandbox)) return EXIT_USAGE;
    }
    cli_clock_done(&clock);
    cfg.clock = clock.clock;
    cfg.quick = clock.quick;
    if (nseats == 0) return cli_usage_error("play", "no seats given; e.g. builtin:%s", g->bots[0].name);
    /* --zoom alone did nothing: the pictures it sizes are --frames' */
    if (zoom_given && !frames) return cli_usage_error("play", "--zoom sizes --frames' pictures; give --frames DIR too");
    if (!cli_sandbox_paths_exist("play", &cfg.sandbox)) return EXIT_USAGE;
    if (!cli_sandbox_check("play", &cfg.sandbox)) return EXIT_FAIL;
    buf_t err;
    buf_init(&err);
    if (!match_parse_options(g, nkv, kv, &cfg.options, &err)) {
        int rc = cli_usage_error("play", "%s", buf_cstr(&err));
        buf_free(&err);
        return rc;
    }
    static char *option_files[32];
    if (!option_files_read(g, &cfg.options, option_files, &err)) {
        int rc = cli_usage_error("play", "%s", buf_cstr(&err));
        buf_free(&err);
        return rc;
    }
    for (int s = 0; s < nseats; s++) {
        if (!seatspec_parse(g, seats[s], &cfg.seats[s], &err)) {
            int rc = cli_usage_error("play", "seat %d: %s", s, buf_cstr(&err));
            buf_free(&err);
            return rc;
        }
    }
    cfg.nseats = nseats;
    int humans = 0;
    for (int s = 0; s < nseats; s++) humans += g->display.human && cfg.seats[s].bot == g->display.human;
    if (humans > 1) return cli_usage_error("play", "only one human seat per match");
    if (humans) cfg.quick = false; /* a human plays in real time (Rezzo 9.5) */
    if (!have_seed) cfg.seed = rng_os_seed();
    /* A game may carry its display choice as an option too (--option view=follow:2). Either is
     * checked even without the live view: a mistyped mode is an error, not the default display. */
    const char *view_option = game_option_get(&cfg.options, "view");
    if (!view) view = view_option;
    if (!game_display_mode_check_seats(g, view, nseats, &err) ||
        !game_display_mode_check_seats(g, view_option, nseats, &err)) {
        int rc = cli_usage_error("play", "%s", buf_cstr(&err));
        buf_free(&err);
        return rc;
    }
    bool tty = isatty(STDOUT_FILENO), display_given = display != NULL;
    if (!display) display = tty && !json ? "terminal" : "none";
    if (strcmp(display, "terminal") != 0 && strcmp(display, "none") != 0)
        return cli_usage_error("play", "--display %s: expected terminal or none", display);
    bool live = strcmp(display, "terminal") == 0;
    if (live && !tty) { /* asked for, it went without a word: the game played at full speed, unseen */
        if (display_given && !humans)
            fprintf(stderr, "arena play: --display terminal: stdout is not a terminal, so the game plays without the "
                            "live view (watch it afterwards with --replay FILE and %s replay FILE)\n", cli_program());
        live = false;
    }
    if (humans && !live) return cli_usage_error("play", "a human seat needs the terminal: run in a terminal without --display none");

    /* The match first (it checks the seats and options against the game), so that a refused
     * command prints no seed and leaves no output files; the sinks join cfg before match_run. */
    bool runtime_error;
    match_t *m = match_new_status(&cfg, &err, &runtime_error);
    if (!m) {
        /* the game refusing the seats or options is the command's mistake; running out of memory
         * making it is not (it was "usage error", exit 2) */
        int rc = EXIT_FAIL;
        if (runtime_error) fprintf(stderr, "arena play: the game could not be made: %s\n", buf_cstr(&err));
        else rc = cli_usage_error("play", "%s", buf_cstr(&err));
        buf_free(&err);
        return rc;
    }
    /* Then what the seats and outputs need of this machine and game, before anything is made. */
    bool usable = true;
    for (int s = 0; usable && s < nseats; s++) usable = cli_seat_runs_here("play", "seat", s, &cfg.seats[s], &cfg.sandbox);
    if (usable && replay && logpath && cli_same_file(replay, logpath)) /* both would write it: a broken replay */
        usable = !cli_usage_error("play", "--replay and --log are one file (%s); give each its own", logpath);
    /* a bot's own program or script named for an output (--replay bot.py, a typo) was written over
     * before the game: the bot was lost and crashed */
    for (int s = 0; usable && s < nseats; s++) {
        char *prog = seatspec_program_file(&cfg.seats[s]);
        const char *out = !prog ? NULL : replay && cli_same_file(replay, prog) ? replay
                                       : logpath && cli_same_file(logpath, prog) ? logpath : NULL;
        if (out)
            usable = !cli_usage_error("play", "%s is seat %d's program: writing over it would lose it; give another "
                                              "%s", out, s, out == replay ? "--replay" : "--log");
        free(prog);
    }
    if (usable && history && !g->records.history_end)
        usable = !cli_usage_error("play", "--history: %s has no record format of its own (Chicken has); use --replay", g->id);
    if (usable && frames && !g->display.image)
        usable = !cli_usage_error("play", "--frames: %s has no picture to write (Rezzo has)", g->id);
    if (!usable) {
        match_free(m);
        buf_free(&err);
        return EXIT_USAGE;
    }
    /* The output folders before the game: one that cannot be made (or a file in the way) would
     * lose its outputs while the game is played and exits 0. */
    const char *dirs[3] = {cfg.stderr_dir, history, frames};
    bool dirs_made = cli_make_dirs(dirs, 3);
    if (!dirs_made || (replay && !cli_output_safe("play", replay, NULL, NULL)) ||
        (logpath && !cli_output_safe("play", logpath, NULL, NULL))) {
        match_free(m);
        buf_free(&err);
        return dirs_made ? EXIT_USAGE : EXIT_FAIL;
    }
    if (!have_seed) fprintf(stderr, "arena: seed %llu\n", (unsigned long long)cfg.seed);
    sink_t *sinks[MATCH_MAX_SINKS];
    int ns = 0;
    if (replay && !(sinks[ns++] = sink_replay_new(replay, &err))) goto fail;
    if (logpath && !(sinks[ns++] = sink_log_new(logpath, &err))) goto fail;
    if (history && !(sinks[ns++] = sink_history_new(g, history, &err))) goto fail;
    if (frames && !(sinks[ns++] = sink_png_frames_new(g, frames, (int)zoom, &err))) goto fail;
    if (live && !(sinks[ns] = ui_live_new(g, view, speed, cfg.seed, &err))) {
        log_warn("%s; showing progress lines instead", buf_cstr(&err));
        buf_reset(&err);
        live = false;
    } else if (live) {
        ns++;
    }
    if (!live && !json) {
        sinks[ns++] = sink_progress_new(stdout);
    }
    for (int i = 0; i < ns; i++) cfg.sinks[i] = *sinks[i];
    cfg.nsinks = ns;

    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGHUP, on_signal);
    int rc = match_run(m);
    /* a replay or log cut short (a full disk) was announced as written, exit 0 */
    bool written = true;
    for (int i = 0; i < ns; i++) {
        buf_reset(&err);
        if (!sink_finish(sinks[i], &err)) {
            log_error("%s", buf_cstr(&err));
            written = false;
        }
        sink_free(sinks[i]);
    }
    if (json) {
        buf_t out;
        buf_init(&out);
        match_result_json(m, &out);
        printf("%s\n", buf_cstr(&out));
        buf_free(&out);
    } else {
        match_result_table(m, stdout);
        match_result_out_seats(m, stdout);
        if (replay && written) {
            char word[PATH_MAX + 64];
            cli_shell_word(replay, word, sizeof word);
            printf("replay: %s (watch: %s replay %s)\n", replay, cli_program(), word);
        }
    }
    match_free(m);
    for (int s = 0; s < nseats; s++) seatspec_free(&cfg.seats[s]);
    for (int i = 0; i < cfg.options.count; i++) free(option_files[i]);
    buf_free(&err);
    if (match_interrupted) {
        fprintf(stderr, "arena: interrupted; the game was abandoned and its bots killed\n");
        return EXIT_FAIL;
    }
    return rc == 0 && written ? EXIT_OK : EXIT_FAIL;
fail:
    log_error("%s", buf_cstr(&err));
    for (int i = 0; i < ns - 1; i++) sink_free(sinks[i]);
    match_free(m);
    buf_free(&err);
    return EXIT_FAIL;
}
