/* fuzz_referee.c: the referee's transports on any bytes a bot process writes: line splitting
 * (over-long lines, lone CRs, no final newline), records framing (odd bytes, wrong tick bytes),
 * decoding, verdicts, and the end of the stream. The first byte picks the game; the rest is what
 * a seat's process (`cat FILE`) writes at once and then closes. */
#include "games/registry.h"
#include "match/match.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const struct {
    const char *game;
    const char *opts[3];
    const char *other; /* the other seats' built-in */
    int seats;
} setups[] = {
    {"rising_tide", {"rounds=3"}, "builtin:pass_perth", 4},
    {"splitter", {"layout=2"}, NULL, 1},
    {"rezzo", {"size=16x16", "max_ticks=3", "tick_ms=30"}, "builtin:wander", 2},
    {"chicken", {"moves=2", "colours=fixed"}, "builtin:yolanda", 2},
    {"suitebot", {"rounds=3"}, "builtin:hold", 2},
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    int k = data[0] % (int)(sizeof setups / sizeof setups[0]);
    const game_t *g = registry_find(setups[k].game);
    if (!g) return 0;
    char path[64];
    snprintf(path, sizeof path, "/tmp/arena-fuzz-referee-%d", (int)getpid());
    FILE *f = fopen(path, "wb");
    if (!f) return 0;
    fwrite(data + 1, 1, size - 1, f);
    fclose(f);
    static match_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.game = g;
    buf_t err;
    buf_init(&err);
    int nkv = 0;
    char *kv[3];
    while (nkv < 3 && setups[k].opts[nkv]) kv[nkv] = (char *)setups[k].opts[nkv], nkv++;
    if (!match_parse_options(g, nkv, kv, &cfg.options, &err)) abort();
    cfg.clock = match_default_clock(g);
    cfg.clock.move_ms = g->limits.clock.move_ms ? 20 : 0;
    cfg.clock.hard_ms = 200;
    cfg.clock.bank_ms = g->limits.clock.bank_ms ? 300 : 0;
    cfg.clock.startup_ms = 200;
    cfg.clock.grace_ms = 20;
    cfg.quick = true;
    cfg.sandbox.mode = SANDBOX_OFF;
    cfg.seed = 1;
    cfg.nseats = setups[k].seats;
    char cmd[96];
    snprintf(cmd, sizeof cmd, "cat %s", path);
    for (int s = 0; s < cfg.nseats; s++)
        if (!seatspec_parse(g, s == 0 ? cmd : setups[k].other, &cfg.seats[s], &err)) abort();
    match_t *m = match_new(&cfg, &err);
    if (m) {
        match_run(m);
        match_free(m);
    }
    for (int s = 0; s < cfg.nseats; s++) seatspec_free(&cfg.seats[s]);
    buf_free(&err);
    unlink(path);
    return 0;
}
