/* test_referee_start.c: a process seat that cannot start is out of the game from the start and has
 * no descriptors: the referee never polls, reads or closes one for it (a zeroed process record
 * once named our own stdin, which the referee then read and closed). */
#include "t.h"
#include "games/registry.h"
#include "match/match.h"
#include <fcntl.h>
#include <unistd.h>

TEST(a_seat_that_cannot_start_leaves_our_stdin_alone) {
    const game_t *g = registry_find("rezzo");
    CHECK(g != NULL);
    if (!g) return;
    /* our stdin: a pipe holding four bytes */
    int saved = dup(0), p[2];
    CHECK(saved >= 0 && pipe(p) == 0);
    CHECK(write(p[1], "keep", 4) == 4);
    CHECK(dup2(p[0], 0) == 0);
    close(p[0]);
    static match_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.game = g;
    buf_t err;
    buf_init(&err);
    char *kv[] = {"size=16x16", "max_ticks=3", "tick_ms=30"};
    CHECK(match_parse_options(g, 3, kv, &cfg.options, &err));
    cfg.clock = match_default_clock(g);
    cfg.clock.startup_ms = 30;
    cfg.sandbox.mode = SANDBOX_OFF;
    cfg.seed = 1;
    cfg.nseats = 2;
    /* Rezzo's records cannot travel over tcp: seat 0 fails to start */
    CHECK(seatspec_parse(g, "tcp:true", &cfg.seats[0], &err));
    CHECK(seatspec_parse(g, "builtin:wander", &cfg.seats[1], &err));
    match_t *m = match_new(&cfg, &err);
    CHECK(m != NULL);
    if (m) {
        CHECK_EQ_INT(match_run(m), 0);
        CHECK_EQ_INT(m->verdicts[0][VERDICT_CRASH], 1);
        match_free(m);
    }
    /* stdin is still open and nobody read from it */
    CHECK(fcntl(0, F_GETFD) != -1);
    fcntl(0, F_SETFL, O_NONBLOCK);
    char got[8] = {0};
    CHECK_EQ_INT(read(0, got, sizeof got), 4);
    CHECK_EQ_STR(got, "keep");
    dup2(saved, 0);
    close(saved);
    close(p[1]);
    for (int s = 0; s < cfg.nseats; s++) seatspec_free(&cfg.seats[s]);
    buf_free(&err);
}

int main(void) {
    RUN(a_seat_that_cannot_start_leaves_our_stdin_alone);
    return T_DONE();
}
