/* splitter_starter.c: a Splitter bot on the C starter kit. The kit reads the protocol (header,
 * layout, one roll per line) into a spl_view and writes the answer; the bot only decides.
 *
 * Build (from the repository root, after `make`):
 *   cc -O2 -Isrc -Isdk/c -o mybot sdk/c/examples/splitter_starter.c sdk/c/kit.c build/libarena.a -ljansson -lsqlite3 -lpng -lz -lm
 * Run:
 *   bin/arena tester --games 200 --command ./mybot
 *
 * Strategy: put the die that matches a neighbour next to it, as long as that group does not grow
 * past its value; otherwise the first free cell of the left half. */
#include "arena_kit.h"
#include "games/splitter/spl.h"

typedef struct {
    spl_track track; /* our own record of the sheet (the protocol never echoes it) */
} memory;

/* Neighbours of (x, y) holding v. */
static int equal_neighbours(const spl_track *t, const spl_view *v, int x, int y, int value) {
    static const int D[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    int n = 0;
    for (int k = 0; k < 4; k++) {
        int nx = x + D[k][0], ny = y + D[k][1];
        if (nx >= 0 && ny >= 0 && nx < v->w && ny < v->h && t->sheet[ny][nx] == value) n++;
    }
    return n;
}

static bool starter(void *mem, const void *view, void *action, rng_t *rng) {
    (void)rng;
    memory *m = mem;
    const spl_view *v = view;
    spl_track_update(&m->track, v); /* a new roll means our last placement was written */
    spl_action best = {v->d1, -1, -1};
    int best_score = -1;
    for (int y = 0; y < v->h; y++)
        for (int x = 0; x < v->w / 2; x++) {
            if (v->code[y][x] == SPL_BLANK || m->track.sheet[y][x]) continue;
            for (int k = 0; k < 2; k++) {
                int die = k ? v->d2 : v->d1;
                int score = die > 1 ? equal_neighbours(&m->track, v, x, y, die) : 0;
                if (score >= die) score = 0; /* the group would already be too large */
                if (score > best_score) {
                    best_score = score;
                    best = (spl_action){die, x, y};
                }
            }
        }
    *(spl_action *)action = best;
    spl_track_answer(&m->track, v, &best);
    return true;
}

int main(int argc, char **argv) { return kit_run(&game_splitter, starter, sizeof(memory), argc, argv); }
