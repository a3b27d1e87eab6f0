/* fuzz_kit_all.c: every game's starter-kit parser (the inverse codec of the referee's messages) on
 * any bytes, with the game's first built-in bot answering each view it completes. The first byte
 * picks the game. */
#include "games/registry.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1 || !registry_games[0]) return 0;
    int ngames = 0;
    while (registry_games[ngames]) ngames++;
    const game_t *g = registry_games[data[0] % ngames];
    data++, size--;
    if (!g->wire.kit_parse) return 0;
    void *kit = calloc(1, g->wire.kit_size ? g->wire.kit_size : 1);
    void *view = calloc(1, g->view_size);
    void *action = calloc(1, g->action_size);
    const game_bot *bot = &g->bots[0];
    void *mem = calloc(1, bot->memory_size ? bot->memory_size : 1);
    rng_t rng;
    rng_seed(&rng, 1, 0);
    buf_t out;
    buf_init(&out);
    const char *p = (const char *)data, *end = p + size;
    while (p < end) {
        size_t n, take;
        if (g->wire.transport == TRANSPORT_RECORDS) {
            n = take = g->wire.message_size;
            if (!n || (size_t)(end - p) < n) break;
        } else {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            n = nl ? (size_t)(nl - p) : (size_t)(end - p);
            take = n + 1;
        }
        int r = g->wire.kit_parse(kit, p, n, view);
        p += take;
        if (r == KIT_END || r == KIT_ERROR) break;
        if (r == KIT_VIEW && bot->act(mem, view, action, &rng)) {
            buf_reset(&out);
            g->wire.encode_action(action, &out);
        }
    }
    buf_free(&out);
    free(kit);
    free(view);
    free(action);
    free(mem);
    return 0;
}
