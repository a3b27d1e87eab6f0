/* fuzz_decode_all.c: every game's action decoder, legality check and apply on any bytes a bot could
 * send. The first byte picks the game and the seat; the rest is lines (or records, for binary
 * games). Each decoded, legal action is played as that seat's move of a turn. */
#include "games/registry.h"
#include "match/match.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    int ngames = 0;
    while (registry_games[ngames]) ngames++;
    const game_t *g = registry_games[data[0] % ngames];
    int seats = g->min_seats < 2 && g->max_seats >= 2 ? 2 : g->min_seats;
    int seat = (data[0] / ngames) % seats;
    data++, size--;
    game_options o;
    buf_t err, why;
    buf_init(&err);
    buf_init(&why);
    if (!match_parse_options(g, 0, NULL, &o, &err)) goto out;
    rng_t rng;
    rng_seed(&rng, 7, 0);
    game_setup setup = {seats, &o, 7, &rng};
    void *st = g->rules.create(&setup, &err);
    if (!st) goto out;
    unsigned char *acts = calloc((size_t)seats, g->action_size);
    seat_turn turns[GAME_MAX_SEATS];
    const char *p = (const char *)data, *end = p + size;
    int steps = 0;
    while (p < end && !g->rules.is_over(st) && steps++ < 1000) {
        size_t n;
        decode_result r;
        void *a = acts + (size_t)seat * g->action_size;
        memset(acts, 0, (size_t)seats * g->action_size);
        buf_reset(&why);
        if (g->wire.transport == TRANSPORT_RECORDS && g->wire.decode_record) {
            n = g->wire.record_size ? g->wire.record_size : 2;
            if ((size_t)(end - p) < n) break;
            g->wire.decode_record(st, seat, (const unsigned char *)p, a);
            r = DECODE_ACTION;
        } else {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            n = nl ? (size_t)(nl - p) : (size_t)(end - p);
            r = g->wire.decode_line(st, seat, p, n, a, &why);
            n++;
        }
        p += n;
        if (r != DECODE_ACTION) continue;
        bool mask[GAME_MAX_SEATS] = {false};
        g->rules.to_act(st, mask);
        if (!mask[seat]) continue;
        if (g->rules.validate && g->rules.validate(st, seat, a, &why) != 0) continue;
        memset(turns, 0, sizeof turns);
        for (int s = 0; s < seats; s++) turns[s].asked = mask[s];
        turns[seat].has_action = true;
        g->rules.apply(st, acts, turns, &rng);
    }
    free(acts);
    g->rules.destroy(st);
out:
    buf_free(&err);
    buf_free(&why);
    return 0;
}
