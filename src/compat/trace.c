/* trace.c: the list of trace checkers. */
#include "trace.h"
#include "../core/log.h"
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

const trace_checker trace_checkers[] = {
    {"rising_tide", trace_rising_tide,
     "JSON Lines from the original engine: a game header then one line per round (alive, moves, order, "
     "terrain, scores); see tests/vectors/rising_tide/README.md"},
    {"chicken", trace_chicken,
     "JSON Lines from the original v1.1 engine: scenarios.jsonl (whole games ply by ply) or "
     "legality.jsonl (positions x actions); see tests/vectors/chicken/README.md"},
    {"splitter", trace_splitter,
     "JSON from the original Tester's tests: scoring_vectors.json (boards with their scores) or "
     "dice_vectors.json (CustomHash and the seeded dice); see tests/vectors/splitter/README.md"},
    {"rezzo", trace_rezzo,
     "JSON Lines from the original C server: a header (seed, size, players, agents, state hash), one line "
     "per tick (each seat's ack, ts, message hash and raw records; state hash; eliminations) and an end "
     "line; see tests/vectors/rezzo/VECTORS.md. Or its start-state vectors (start_states.json with its "
     "map files: seed, size, agents, counts, hashes after N idle steps; see tests/vectors/rezzo/README.md)"},
    {NULL, NULL, NULL},
};

const trace_checker *trace_find(const char *game) {
    for (int i = 0; trace_checkers[i].game; i++)
        if (strcmp(trace_checkers[i].game, game) == 0) return &trace_checkers[i];
    return NULL;
}

/* What every checker would otherwise word its own way (or misread): a file that is not there, a
 * folder, and an Arena replay given where a file of the ORIGINAL engine belongs. */
static bool trace_readable(const char *path, FILE *err) {
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(err, "arena trace-check: cannot read %s: %s\n", path, strerror(errno));
        return false;
    }
    if (S_ISDIR(st.st_mode)) {
        fprintf(err, "arena trace-check: %s is a folder; give one of the files in it\n", path);
        return false;
    }
    /* a pipe (<(zcat trace.jsonl.gz), /dev/stdin) is read once: looking at its start here took
     * that start from the checker ("line 1: not JSON"), and Rezzo's checker reads its file twice */
    if (!S_ISREG(st.st_mode)) {
        fprintf(err, "arena trace-check: %s is a pipe, read once: save it to a file first (zcat trace.jsonl.gz > "
                     "trace.jsonl)\n", path);
        return false;
    }
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(err, "arena trace-check: cannot read %s: %s\n", path, strerror(errno));
        return false;
    }
    char head[512];
    size_t n = fread(head, 1, sizeof head - 1, f);
    fclose(f);
    head[n] = 0;
    char *nl = strchr(head, '\n');
    if (nl) *nl = 0;
    if (strstr(head, "\"format\":\"arena-replay\"")) {
        fprintf(err, "arena trace-check: %s is an Arena replay, not a file of the original engine; check it with "
                     "`%s verify %s`\n", path, log_program(), path);
        return false;
    }
    return true;
}

int trace_run(const trace_checker *t, const char *path, FILE *out, FILE *err) {
    if (!trace_readable(path, err)) return 2;
    return t->check(path, out);
}
