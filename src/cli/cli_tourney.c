/* cli_tourney.c: a stored tournament opened for `arena standings` and `arena report`, with
 * their --anchor checked the same way (see cli_tourney.h). */
#include "cli_tourney.h"
#include <stdio.h>

int cli_tourney_open(const char *cmd, const char *db, long long id, const char *anchor, store_tourney *t,
                     stored_t *v) {
    buf_t err;
    buf_init(&err);
    if (!stored_load(db, id, anchor, t, v, &err)) {
        fprintf(stderr, "arena: error: %s\n", buf_cstr(&err));
        buf_free(&err);
        return EXIT_FAIL;
    }
    int anchored = stored_anchor_check(t, v, anchor, &err);
    if (anchored == 2) {
        cli_usage_error(cmd, "%s", buf_cstr(&err));
        stored_free(v);
        tourneys_free(t);
        buf_free(&err);
        return EXIT_USAGE;
    }
    if (anchored == 1) fprintf(stderr, "arena: warning: %s\n", buf_cstr(&err));
    buf_free(&err);
    return EXIT_OK;
}
