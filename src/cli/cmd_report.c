/* cmd_report.c: `arena report --db FILE -o report.html`: the HTML report of a stored tournament. */
#include "cli_tourney.h"
#include "../store/db.h"
#include "../tourney/report.h"
#include "../ui/page.h"
#include "../core/text.h"
#include "../core/xalloc.h"
#include <sys/stat.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void help(void) {
    printf("usage: arena report --db FILE|URL -o report.html [--tourney ID] [--anchor NAME] [--views N|all]\n\n"
           "Writes one self-contained HTML page for a stored tournament (default: the one run last): the\n"
           "standings, a plot of each entrant's rating or mean with its 95%% interval, the pairwise results\n"
           "matrix, the SPRT verdict if any, and every match with a link to its replay (relative to the\n"
           "report's folder). `-o -` writes to standard output. --anchor NAME: Elo-rated games rate\n"
           "NAME 1500 (default: the field's mean is 1500).\n"
           "  --views N|all  also write the web viewer's page (as `arena view`) next to the replays of the\n"
           "               first N matches (default 100; 0: none) and link them as \"watch\"; a page newer\n"
           "               than its replay is kept\n");
}

int cmd_report(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) {
        help();
        return EXIT_OK;
    }
    const char *db = NULL, *out_path = NULL, *anchor = NULL;
    long long views = 100;
    long long id = 0;
    for (int i = 1; i < argc; i++) {
        const char *v;
        bool missing;
        if (cli_flag_value(argc, argv, &i, "--db", &v, &missing)) {
            if (missing) return cli_usage_error("report", "--db needs a file");
            db = v;
        } else if (cli_flag_value(argc, argv, &i, "-o", &v, &missing) ||
                   cli_flag_value(argc, argv, &i, "--output", &v, &missing)) {
            if (missing) return cli_usage_error("report", "-o needs a file name");
            if (!*v) /* it was "cannot write : No such file or directory", exit 1 */
                return cli_usage_error("report", "-o: an empty name; give the page's file name (- for standard output)");
            out_path = v;
        } else if (cli_flag_value(argc, argv, &i, "--tourney", &v, &missing)) {
            /* strtoll took 2^63 for the largest id, silently */
            if (missing || !text_parse_ll(v, 1, LLONG_MAX, &id))
                return cli_usage_error("report", "--tourney %s: expected a tournament id, a whole number from 1 (standings --list shows them)",
                                       missing ? "" : v);
        } else if (cli_flag_value(argc, argv, &i, "--anchor", &v, &missing)) {
            if (missing) return cli_usage_error("report", "--anchor needs an entrant's name");
            anchor = v;
        } else if (cli_flag_value(argc, argv, &i, "--views", &v, &missing)) {
            views = (long long)1 << 40;
            if (missing || (strcmp(v, "all") != 0 && !text_parse_ll(v, 0, LLONG_MAX, &views)))
                return cli_usage_error("report", "--views %s: expected a number of pages or all", missing ? "" : v);
        } else {
            return cli_usage_error("report", "unknown argument %s", argv[i]);
        }
    }
    if (!db) return cli_usage_error("report", "missing --db FILE");
    if (!out_path) return cli_usage_error("report", "missing -o FILE (the HTML page to write)");
    if (!cli_output_safe("report", out_path, db_target_is_postgres(db) ? NULL : db, "store")) return EXIT_USAGE;
    buf_t err;
    buf_init(&err);
    store_tourney t;
    stored_t v;
    int opened = cli_tourney_open("report", db, id, anchor, &t, &v);
    if (opened != EXIT_OK) {
        buf_free(&err);
        return opened;
    }
    bool to_stdout = strcmp(out_path, "-") == 0;
    /* A file is written beside and renamed into place (never half written); a device or a pipe
     * (-o /dev/stdout, a process substitution) is written as it is: renaming over it replaced the
     * node, and a temporary file cannot be made in /dev. */
    struct stat os;
    bool direct = to_stdout || (stat(out_path, &os) == 0 && !S_ISREG(os.st_mode));
    char tmp[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s.tmp", out_path);
    FILE *f = to_stdout ? stdout : fopen(direct ? out_path : tmp, "w");
    int rc = EXIT_OK;
    if (!f) {
        fprintf(stderr, "arena: error: cannot write %s: %s\n", out_path, strerror(errno));
        rc = EXIT_FAIL;
    } else {
        char base[PATH_MAX];
        snprintf(base, sizeof base, "%s", out_path);
        char *slash = strrchr(base, '/');
        if (to_stdout || !slash) snprintf(base, sizeof base, ".");
        else if (slash == base) base[1] = 0;
        else *slash = 0;
        /* The viewer pages: the first `views` matches with a replay on disk; one that is newer than
         * its replay is kept, so running the report again is cheap. */
        char **watch = xcalloc((size_t)t.nresults + 1, sizeof(char *));
        int nwatch = 0, gone = 0;
        const char *first_gone = NULL;
        for (int k = 0; k < t.nresults && nwatch < views; k++) {
            const char *rp = t.results[k].replay;
            struct stat rs, hs;
            if (!rp[0]) continue;
            if (stat(rp, &rs) != 0) {
                if (!gone++) first_gone = rp;
                continue;
            }
            char *page = page_name(rp);
            buf_t verr;
            buf_init(&verr);
            bool fresh = stat(page, &hs) == 0 && hs.st_mtime >= rs.st_mtime;
            if (fresh || page_write_file(rp, page, NULL, &verr)) {
                watch[k] = page;
                nwatch++;
            } else {
                fprintf(stderr, "arena: warning: no viewer page for match %d: %s\n", t.results[k].idx, buf_cstr(&verr));
                free(page);
            }
            buf_free(&verr);
        }
        if (gone) /* moved or deleted since the tournament: their matches get no watch link */
            fprintf(stderr, "arena: warning: %d stored replay%s not found (the first: %s); their matches have no watch link\n",
                    gone, gone == 1 ? " is" : "s are", first_gone);
        report_input in = {.t = &t, .st = &v.st, .watch = watch, .nwatch = nwatch, .game_title = v.game ? v.game->title : t.game, .link_base = base,
                           .sprt_on = v.sprt_on, .sprt = v.sprt,
                           .entrant_a = t.nplayers > 0 ? t.names[0] : "A", .entrant_b = t.nplayers > 1 ? t.names[1] : "B"};
        report_html(f, &in);
        for (int k = 0; k < t.nresults; k++) free(watch[k]);
        free(watch);
        /* standard output too: a report cut short (a full disk) exited 0 */
        bool bad = fflush(f) != 0 || ferror(f) != 0;
        if (!to_stdout && (fclose(f) != 0 || bad || (!direct && rename(tmp, out_path) != 0))) bad = true;
        if (bad) {
            fprintf(stderr, "arena: error: cannot write %s: %s\n", to_stdout ? "standard output" : out_path,
                    strerror(errno ? errno : EIO));
            if (!direct) unlink(tmp);
            rc = EXIT_FAIL;
        } else if (!to_stdout) {
            printf("report: %s (%d matches)\n", out_path, t.nresults);
        }
    }
    stored_free(&v);
    tourneys_free(&t);
    buf_free(&err);
    return rc;
}
