/* cmd_standings.c: `arena standings --db FILE`: the standings of a stored tournament, again. */
#include "cli_tourney.h"
#include "../core/text.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void help(void) {
    printf("usage: arena standings --db FILE|URL [--tourney ID] [--json|--csv] [--anchor NAME] [--list]\n\n"
           "Prints the standings of a tournament stored by `arena tourney`, computed from its stored\n"
           "matches (default: the tournament run last in FILE).\n"
           "  --json      one object: game, ranking, matches, failed, sprt (H1, H0, inconclusive,\n"
           "              undecided; null: no SPRT), players (each with rank, name,\n"
           "              games, rating and ci95 for Elo-rated games, mean, sd and its ci95 (mean_ci95 for\n"
           "              Elo-rated games), wins/draws/losses, verdicts ...)\n"
           "  --csv       one row per player\n"
           "  --tourney ID  another tournament of the file (see --list)\n"
           "  --anchor NAME  Elo-rated games: NAME is rated 1500 (default: the field's mean is 1500)\n"
           "  --list      the tournaments stored in FILE\n");
}

int cmd_standings(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) {
        help();
        return EXIT_OK;
    }
    const char *db = NULL, *anchor = NULL;
    bool json = false, csv = false, list = false;
    long long id = 0;
    for (int i = 1; i < argc; i++) {
        const char *v;
        bool missing;
        if (strcmp(argv[i], "--json") == 0) json = true;
        else if (strcmp(argv[i], "--csv") == 0) csv = true;
        else if (strcmp(argv[i], "--list") == 0) list = true;
        else if (cli_flag_value(argc, argv, &i, "--db", &v, &missing)) {
            if (missing) return cli_usage_error("standings", "--db needs a file");
            db = v;
        } else if (cli_flag_value(argc, argv, &i, "--tourney", &v, &missing)) {
            /* strtoll took 2^63 for the largest id, silently */
            if (missing || !text_parse_ll(v, 1, LLONG_MAX, &id))
                return cli_usage_error("standings", "--tourney %s: expected a tournament id, a whole number from 1 (--list shows them)",
                                       missing ? "" : v);
        } else if (cli_flag_value(argc, argv, &i, "--anchor", &v, &missing)) {
            if (missing) return cli_usage_error("standings", "--anchor needs an entrant's name");
            anchor = v;
        } else {
            return cli_usage_error("standings", "unknown argument %s", argv[i]);
        }
    }
    if (!db) return cli_usage_error("standings", "missing --db FILE");
    if (json && csv) return cli_usage_error("standings", "--json and --csv exclude each other");
    buf_t err;
    buf_init(&err);
    if (list) {
        store_t *s = store_open_read(db, &err);
        if (!s) {
            fprintf(stderr, "arena: error: %s\n", buf_cstr(&err));
            buf_free(&err);
            return EXIT_FAIL;
        }
        tourneys_list(s, stdout);
        store_close(s);
        buf_free(&err);
        return EXIT_OK;
    }
    store_tourney t;
    stored_t v;
    int opened = cli_tourney_open("standings", db, id, anchor, &t, &v);
    if (opened != EXIT_OK) {
        buf_free(&err);
        return opened;
    }
    if (!v.game) fprintf(stderr, "arena: warning: this arena does not know the game '%s'; ranking by mean score\n", t.game);
    /* a test at its --games cap said nothing: the reader could not tell it from a decided one's table */
    if (v.sprt_on)
        v.st.sprt = sprt_word(!t.sprt_result ? SPRT_CONTINUE : strcmp(t.sprt_result, "H1") == 0 ? SPRT_H1 : SPRT_H0,
                              t.nresults >= t.planned);
    if (json) {
        buf_t out;
        buf_init(&out);
        standings_json(&v.st, &out);
        printf("%s\n", buf_cstr(&out));
        buf_free(&out);
    } else if (csv) {
        standings_csv(&v.st, stdout);
    } else {
        printf("%s tournament #%lld (%s, seed %llu): %d of %d matches stored\n", v.game ? v.game->title : t.game,
               (long long)t.id, t.format, (unsigned long long)t.seed, t.nresults, t.planned);
        standings_print_table(&v.st, stdout);
        if (!v.st.sprt) ;
        else if (v.st.sprt[0] == 'H') printf("SPRT: %s accepted\n", v.st.sprt);
        else if (strcmp(v.st.sprt, "inconclusive") == 0)
            printf("SPRT: inconclusive after the maximum of %d games (raise --games to go on)\n", t.planned);
        else printf("SPRT: undecided so far\n");
    }
    stored_free(&v);
    tourneys_free(&t);
    buf_free(&err);
    return EXIT_OK;
}
