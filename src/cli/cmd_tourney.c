/* cmd_tourney.c: `arena tourney GAME SEAT...`: a resumable tournament stored in SQLite. */
#include "cli.h"
#include "../core/rng.h"
#include "../core/text.h"
#include "../match/option_files.h"
#include "../tourney/runner.h"
#include "../tourney/status.h"
#include "../tourney/stored.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Whether a seat runs a program by a path that exists on this machine. */
static bool seat_names_file_here(const seat_spec *s) {
    struct stat st;
    return s->kind == SEAT_COMMAND && s->direct && stat(s->command, &st) == 0;
}

static void help(void) {
    printf("usage: arena tourney GAME SEAT... [options]\n"
           "       arena tourney --db FILE|URL --status [--json] [--all]\n\n"
           "Plays a tournament between the SEATs (entrants; see `arena play --help` for seat strings; name\n"
           "them with NAME=SEAT), on parallel worker processes, storing every finished match in the store\n"
           "(--db: an SQLite file, or a PostgreSQL database for workers on other machines) as it finishes.\n"
           "Running the same command again resumes: stored matches are skipped (an entrant whose files\n"
           "changed since the first run is named on stderr: its stored matches were played by the earlier\n"
           "files; give a new version another NAME to rate it on its own).\n\n"
           "schedule:\n"
           "  --format F            round-robin (default): every group of K entrants plays --games games,\n"
           "                        rotating the seats so each entrant sits in every seat equally;\n"
           "                        gauntlet: the first SEAT plays every group of the others, the same way;\n"
           "                        random: --games games, each seating K entrants with the fewest games\n"
           "                        Two-seat games come in pairs that share a seed with the seats swapped.\n"
           "                        One-seat games: every entrant plays the same games 0..N-1.\n"
           "                        rounds (SuiteBot's original): --rounds R rounds of 3 games, every\n"
           "                        entrant in each game (more entrants than seats: dealt at random into\n"
           "                        tables of equal size), seats shuffled; ranked by place points\n"
           "  --rounds R            rounds format: how many rounds (default: one per multiplier, else 1)\n"
           "  --multipliers M,M,... rounds format: round r's points count M_r times (the original's\n"
           "                        10,14,20,28,40); the standings add a total column\n"
           "  --games N             round-robin/gauntlet: games per group (default K, one rotation);\n"
           "                        random: games in all (default entrants x K); one-seat: games per\n"
           "                        entrant (default 10); --sprt: the most games (default 20000)\n"
           "  --cycles C            round-robin: the same as --games C (Rising Tide's word)\n"
           "  --seats K             seats per match, for games with a range of seats (default: all\n"
           "                        entrants, within the game's range)\n"
           "  --fill SEAT           fills seats when there are fewer entrants than seats (not ranked)\n"
           "  --seed S              tournament seed; every match seed derives from it (default: resume the\n"
           "                        store's tournament of the same command, else drawn and printed)\n"
           "  --option KEY=VALUE    a game option for every match (repeatable); the first match is made\n"
           "                        before anything is stored: an option the game refuses is a usage error\n"
           "  --sprt ELO0,ELO1[,ALPHA,BETA]  with exactly two SEATs A B: play seat-swapped pairs until the\n"
           "                        sequential probability ratio test decides whether B is stronger than A\n"
           "                        by ELO1 (H1) or at most ELO0 (H0); ALPHA, BETA default 0.05\n"
           "running:\n"
           "  --jobs J, --workers J local worker processes (default: the number of cores); 0: only put\n"
           "                        the matches in the store's queue, for `arena worker`s elsewhere\n"
           "  --slurm               (PostgreSQL store) no local workers: submits a Slurm job array of\n"
           "                        --workers N tasks (default 4), each an `arena worker --exit-when-empty`\n"
           "                        playing $SLURM_CPUS_PER_TASK matches at once, follows it to the end\n"
           "  --slurm-args \"...\"    more sbatch options, split at blanks (e.g. \"--partition=batch\n"
           "                        --time=12:00:00 --cpus-per-task=4 --output=logs/%%A-%%a.log\")\n"
           "  --require TAG         every match needs a worker with this tag (arena worker --tag); without\n"
           "                        that tag, this command's workers play none and it says what it waits for\n"
           "  --tag T               a tag of this machine's workers (repeatable), as arena worker --tag\n"
           "  --lease S, --heartbeat S  a claim's lease (default 75) and its renewal period (default 15)\n"
           "  --store-retry S       a store that refuses writes (a restart, a full disk) is tried again for\n"
           "                        S seconds (default 30), then the tournament stops, to be resumed\n"
           "  --db FILE|URL         the store: an SQLite file (default tourney.db) or a PostgreSQL\n"
           "                        database, postgresql://USER@HOST/DB (docs/scale.md)\n"
           "  --replays DIR         write each match's replay to DIR/t<tournament>-m<match>.jsonl\n"
           "  --stderr-dir DIR      keep process seats' stderr in DIR/t<tournament>-m<match>/seatN.stderr\n"
           "  --history DIR         also write each match in the game's own record format (Chicken: the\n"
           "                        original's match JSON, DIR/<A>_<B>_<n>.json)\n"
           "  --match-timeout SEC   whole-match wall-clock limit (default 3600; 0 = none)\n"
           "  --retries N           plays a match again when its worker dies or it times out (default 2)\n"
           "  --retry-failed        plays again the matches stored as failed\n"
           "  --quiet               no progress and no table\n"
           "  --status              (with --db only) every tournament's progress, the queue and the workers\n"
           "                        seen within 10 leases (--all: every worker the store ever had)\n"
           "  --json                print the final standings as JSON (as `arena standings --json`)\n"
           "  --progress line|plain  one updating line (default on a terminal) or one line per match\n"
           "  --anchor NAME         Elo-rated games: NAME is rated 1500 in the tables (default: the mean)\n"
           "clock (milliseconds, per seat; defaults from the game): --move-ms --hard-ms --bank-ms --startup-ms\n"
           "  --no-timeout --pause --no-pause --quick (as in `arena play`)\n");
    cli_sandbox_help();
    printf("\nSee docs/tourney.md. Exit status: 0 done, 1 interrupted (run it again to resume) or matches failed\n"
           "(not counted: --retry-failed plays them again once their cause is fixed), 2 usage error\n");
}

static bool parse_int(const char *s, long long lo, long long hi, int *out) {
    long long v; /* (strtoll took " 5" with its blank, as no other option does) */
    if (!text_parse_ll(s, lo, hi, &v)) return false;
    *out = (int)v;
    return true;
}

/* arena tourney --db FILE|URL --status [--json] [--all] */
static int status_command(int argc, char **argv) {
    const char *db = "tourney.db";
    bool json = false, all = false;
    for (int i = 1; i < argc; i++) {
        const char *v;
        bool missing;
        if (strcmp(argv[i], "--status") == 0) continue;
        if (strcmp(argv[i], "--json") == 0) json = true;
        else if (strcmp(argv[i], "--all") == 0) all = true;
        else if (cli_flag_value(argc, argv, &i, "--db", &v, &missing)) {
            if (missing) return cli_usage_error("tourney", "--db needs a value");
            db = v;
        } else return cli_usage_error("tourney", "--status takes --db, --json and --all only, not %s", argv[i]);
    }
    buf_t err;
    buf_init(&err);
    if (!db_target_valid(db, &err)) { /* a URL that can never work is a usage error, as arena worker's */
        cli_usage_error("tourney", "--db: %s", buf_cstr(&err));
        buf_free(&err);
        return EXIT_USAGE;
    }
    bool ok = status_print(db, json, all, cli_program(), stdout, &err);
    if (!ok) fprintf(stderr, "arena: error: %s\n", buf_cstr(&err));
    buf_free(&err);
    return ok ? EXIT_OK : EXIT_FAIL;
}

int cmd_tourney(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) {
        help();
        return EXIT_OK;
    }
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--status") == 0) return status_command(argc, argv);
    if (argc < 2)
        return cli_usage_error("tourney", "missing GAME; e.g. %s tourney rising_tide builtin:a builtin:b ...", cli_program());
    const game_t *g = cli_game("tourney", argv[1]);
    if (!g) return EXIT_USAGE;
    static tourney_config c;
    memset(&c, 0, sizeof c);
    c.game = g;
    cli_clock clock = {.clock = match_default_clock(g)};
    runner_opts o = {.db_path = "tourney.db", .jobs = config_cpu_count(), .match_timeout_s = 3600, .retries = 2};
    const char *seats[TOURNEY_MAX_ENTRANTS];
    int nseats = 0;
    const char *fill = NULL, *sprt = NULL;
    bool slurm = false, jobs_given = false;
    char tags[200] = ""; /* the local workers' (--tag, as arena worker's) */
    buf_t err;
    buf_init(&err);
    cli_args a = {.cmd = "tourney", .argc = argc, .argv = argv};
    for (a.i = 2; a.i < argc; a.i++) {
        const char *arg = argv[a.i];
        if (strncmp(arg, "--", 2) != 0) {
            if (cli_short_flag("tourney", arg)) return EXIT_USAGE;
            if (nseats >= TOURNEY_MAX_ENTRANTS) return cli_usage_error("tourney", "at most %d entrants", TOURNEY_MAX_ENTRANTS);
            seats[nseats++] = arg;
            continue;
        }
        if (strcmp(arg, "--quiet") == 0) o.quiet = true;
        else if (strcmp(arg, "--json") == 0) o.json = true;
        else if (strcmp(arg, "--retry-failed") == 0) o.retry_failed = true;
        else if (strcmp(arg, "--slurm") == 0) slurm = true;
        else if (cli_arg(&a, "--slurm-args")) o.slurm_args = a.value;
        else if (cli_arg(&a, "--games") || cli_arg(&a, "--cycles")) {
            if (!parse_int(a.value, 1, TOURNEY_MAX_MATCHES, &c.games))
                return cli_usage_error("tourney", "%s %s: expected 1 to %d", arg, a.value, TOURNEY_MAX_MATCHES);
        } else if (cli_arg(&a, "--format")) {
            if (!config_format_parse(a.value, &c.format))
                return cli_usage_error("tourney", "--format %s: expected round-robin, gauntlet, random or rounds", a.value);
        } else if (cli_arg(&a, "--rounds")) {
            if (!parse_int(a.value, 1, TOURNEY_MAX_ROUNDS, &c.rounds))
                return cli_usage_error("tourney", "--rounds %s: expected 1 to %d", a.value, TOURNEY_MAX_ROUNDS);
        } else if (cli_arg(&a, "--multipliers")) {
            if (!config_weights_parse(a.value, &c.weights, &err)) {
                cli_usage_error("tourney", "%s", buf_cstr(&err));
                buf_free(&err);
                return EXIT_USAGE;
            }
        } else if (cli_arg(&a, "--seats")) {
            if (!parse_int(a.value, 1, GAME_MAX_SEATS, &c.seats))
                return cli_usage_error("tourney", "--seats %s: expected 1 to %d", a.value, GAME_MAX_SEATS);
        } else if (cli_arg(&a, "--jobs") || cli_arg(&a, "--workers")) {
            if (!parse_int(a.value, 0, 256, &o.jobs))
                return cli_usage_error("tourney", "%s %s: expected 0 to 256", arg, a.value);
            jobs_given = true;
        } else if (cli_arg(&a, "--lease") || cli_arg(&a, "--heartbeat")) {
            double sec;
            if (!cli_parse_number(a.value, 0.001, 86400, &sec))
                return cli_usage_error("tourney", "%s %s: expected seconds", arg, a.value);
            *(strncmp(arg, "--lease", 7) == 0 ? &o.lease_s : &o.heartbeat_s) = sec;
        } else if (cli_arg(&a, "--store-retry")) {
            if (!cli_parse_number(a.value, 0.001, 86400, &o.store_retry_s))
                return cli_usage_error("tourney", "--store-retry %s: expected seconds", a.value);
        } else if (cli_arg(&a, "--require")) {
            /* A worker's tag's characters (arena worker --tag) and no others: the claim matches the
             * requirement with LIKE, where '%' and '_' are wildcards ('%' went to every worker, the
             * untagged too), and a ',' or a blank no tag can hold left the matches queued forever. */
            if (!*a.value ||
                strspn(a.value, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-") != strlen(a.value))
                return cli_usage_error("tourney", "--require %s: a tag has letters, digits, '.' and '-' only", a.value);
            o.requires = a.value;
        } else if (cli_arg(&a, "--tag")) {
            if (!*a.value ||
                strspn(a.value, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-") != strlen(a.value))
                return cli_usage_error("tourney", "--tag %s: letters, digits, '.' and '-' only", a.value);
            if (strlen(tags) + strlen(a.value) + 2 >= sizeof tags) return cli_usage_error("tourney", "too many --tag");
            if (*tags) strcat(tags, ",");
            strcat(tags, a.value);
        } else if (cli_arg(&a, "--db")) o.db_path = a.value;
        else if (cli_arg(&a, "--replays")) o.replays_dir = a.value;
        else if (cli_arg(&a, "--stderr-dir")) o.stderr_dir = a.value;
        else if (cli_arg(&a, "--history")) o.history_dir = a.value;
        else if (cli_arg(&a, "--fill")) fill = a.value;
        else if (cli_arg(&a, "--anchor")) {
            /* an empty name anchors nothing: the scale silently fell back to the mean */
            if (!*a.value) return cli_usage_error("tourney", "--anchor '': expected an entrant's name");
            o.anchor = a.value;
        }
        else if (cli_arg(&a, "--sprt")) sprt = a.value;
        else if (cli_arg(&a, "--seed")) {
            if (!cli_parse_u64(a.value, RNG_SEED_MAX, &c.seed))
                return cli_usage_error("tourney", "--seed %s: expected an integer from 0 to 2^53-1", a.value);
            o.seed_given = true;
        } else if (cli_arg(&a, "--option")) {
            if (c.nkv >= 32) return cli_usage_error("tourney", "too many --option");
            c.kv[c.nkv++] = (char *)a.value;
        } else if (cli_arg(&a, "--match-timeout")) {
            if (!cli_parse_number(a.value, 0, 86400.0 * 365, &o.match_timeout_s))
                return cli_usage_error("tourney", "--match-timeout %s: expected seconds (0 = none)", a.value);
        } else if (cli_arg(&a, "--retries")) {
            if (!parse_int(a.value, 0, 100, &o.retries)) return cli_usage_error("tourney", "--retries %s: expected 0 to 100", a.value);
        } else if (cli_arg(&a, "--progress")) {
            if (strcmp(a.value, "line") == 0) o.progress = 1;
            else if (strcmp(a.value, "plain") == 0) o.progress = 2;
            else return cli_usage_error("tourney", "--progress %s: expected line or plain", a.value);
        } else if (!cli_clock_sandbox_flag(&a, &clock, &c.sandbox)) return EXIT_USAGE;
    }
    if (slurm) {
        if (jobs_given && o.jobs == 0) return cli_usage_error("tourney", "--slurm plays with --workers N tasks: N from 1");
        o.slurm_tasks = jobs_given ? o.jobs : 4;
    } else if (o.slurm_args) {
        return cli_usage_error("tourney", "--slurm-args belongs to --slurm");
    }
    if (*tags && (slurm || o.jobs == 0))
        return cli_usage_error("tourney", "--tag gives this command's own workers a tag: with %s it has none",
                               slurm ? "--slurm" : "--workers 0");
    o.tags = *tags ? tags : NULL;
    cli_clock_done(&clock);
    c.clock = clock.clock;
    c.quick = clock.quick;
    if (!cli_sandbox_check("tourney", &c.sandbox)) return EXIT_FAIL;
    if (c.format == FORMAT_ROUNDS) {
        if (c.games) return cli_usage_error("tourney", "--format rounds counts rounds of 3 games: use --rounds, not --games");
        if (sprt) return cli_usage_error("tourney", "--sprt plays its own pairs: leave out --format rounds");
        if (!c.rounds) c.rounds = c.weights.n ? c.weights.n : 1;
    } else if (c.rounds || c.weights.n) {
        return cli_usage_error("tourney", "--rounds and --multipliers belong to --format rounds");
    }
    if (nseats == 0) return cli_usage_error("tourney", "no entrants given; e.g. builtin:%s builtin:%s", g->bots[0].name,
                                            g->bots[1].name ? g->bots[1].name : g->bots[0].name);
    int rc = EXIT_USAGE;
    char *option_files[32] = {0};
    if (!queue_lease_ok(o.lease_s, o.heartbeat_s, &err)) {
        cli_usage_error("tourney", "%s", buf_cstr(&err));
        goto out;
    }
    if (!db_target_valid(o.db_path, &err)) { /* before anything is played or submitted */
        cli_usage_error("tourney", "--db: %s", buf_cstr(&err));
        goto out;
    }
    /* The game's tournament defaults (Splitter: layout=both) go first, so the user's win. */
    for (const char *const *d = g->tourney.option_defaults; d && *d; d++) {
        size_t klen = strcspn(*d, "=") + 1;
        bool given = false;
        for (int i = 0; i < c.nkv; i++) given |= strncmp(c.kv[i], *d, klen) == 0;
        if (given || c.nkv >= 32) continue;
        memmove(c.kv + 1, c.kv, sizeof c.kv[0] * (size_t)c.nkv);
        c.kv[0] = (char *)*d;
        c.nkv++;
    }
    /* A file option (SuiteBot's map) travels as its contents, in every match's spec: the
     * workers (here or on other machines) then need no file, as verify needs none. */
    if (!option_files_read_kv(g, c.nkv, c.kv, option_files, &err) ||
        !match_parse_options(g, c.nkv, c.kv, &c.options, &err) || !schedule_check_options(&c, &err)) {
        cli_usage_error("tourney", "%s", buf_cstr(&err));
        goto out;
    }
    for (int s = 0; s < nseats; s++)
        if (!config_add_entrant(&c, seats[s], &err)) {
            cli_usage_error("tourney", "entrant %d: %s", s + 1, buf_cstr(&err));
            goto out;
        }
    if (fill && !config_set_fill(&c, fill, &err)) {
        cli_usage_error("tourney", "--fill: %s", buf_cstr(&err));
        goto out;
    }
    /* Local workers run the entrants here: a program that is not there would crash in every game.
     * (Queued for other machines' workers, or Slurm's, a missing one is theirs to find; but one that
     * is here and cannot run, a folder or a file without its execute bit, travels as it is and
     * fails on every machine.) Local workers also need the interpreter a #! line names, as play. */
    bool local = !slurm && o.jobs > 0;
    bool (*check)(const char *, const char *, int, const seat_spec *, const sandbox_config *) =
        local ? cli_seat_runs_here : cli_seat_found;
    for (int s = 0; s < c.nentrants; s++)
        if ((local || seat_names_file_here(&c.entrants[s].seat)) &&
            !check("tourney", "entrant", s + 1, &c.entrants[s].seat, &c.sandbox))
            goto out;
    if (c.has_fill && (local || seat_names_file_here(&c.fill.seat)) &&
        !check("tourney", "--fill", 1, &c.fill.seat, &c.sandbox))
        goto out;
    if (sprt) {
        if (!sprt_parse(sprt, &c.sprt, &err)) {
            cli_usage_error("tourney", "%s", buf_cstr(&err));
            goto out;
        }
        c.sprt_on = true;
        if (nseats != 2) {
            cli_usage_error("tourney", "--sprt needs exactly two entrants, A (the base) and B (the candidate)");
            goto out;
        }
    }
    buf_reset(&err);
    if (!stored_anchor_rated(o.anchor, g->id, g->tourney.ranking, &err)) {
        cli_usage_error("tourney", "%s", buf_cstr(&err));
        goto out;
    }
    /* a name that is no entrant's anchored nothing: the tables fell back to the mean, silently */
    if (o.anchor) {
        int s = 0;
        while (s < c.nentrants && strcmp(c.entrants[s].name, o.anchor) != 0) s++;
        if (s == c.nentrants) {
            buf_reset(&err);
            for (int k = 0; k < c.nentrants; k++) buf_printf(&err, "%s%s", k ? ", " : "", c.entrants[k].name);
            cli_usage_error("tourney", "--anchor %s: no entrant has that name (entrants: %s)", o.anchor, buf_cstr(&err));
            goto out;
        }
    }
    if (o.history_dir && !g->records.history_end) {
        cli_usage_error("tourney", "--history: %s has no record format of its own (Chicken has); use --replays", g->id);
        goto out;
    }
    const char **dirs[3] = {&o.replays_dir, &o.stderr_dir, &o.history_dir};
    char abs_dirs[3][PATH_MAX];
    if (!cli_make_dirs_absolute(dirs, abs_dirs, 3)) {
        rc = EXIT_FAIL;
        goto out;
    }
    o.program = cli_program();
    rc = runner_run(&c, &o);
out:
    for (int i = 0; i < 32; i++) free(option_files[i]);
    config_free(&c);
    buf_free(&err);
    return rc;
}
