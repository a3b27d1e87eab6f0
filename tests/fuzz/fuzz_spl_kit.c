/* fuzz_spl_kit.c: the starter kit's parser of Splitter's referee messages (header, layout, rolls),
 * line by line, and a built-in bot answering every view it completes. */
#include "games/splitter/spl.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    spl_kit kit;
    spl_view v;
    memset(&kit, 0, sizeof kit);
    const game_bot *bot = &spl_bots[2]; /* greedy */
    void *mem = calloc(1, bot->memory_size);
    rng_t rng;
    rng_seed(&rng, 1, RNG_STREAM_BOT);
    const char *p = (const char *)data, *end = p + size;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        int r = spl_kit_parse(&kit, p, n, &v);
        if (r == KIT_ERROR) break;
        if (r == KIT_VIEW) {
            spl_action a;
            bot->act(mem, &v, &a, &rng);
        }
        p += n + 1;
    }
    free(mem);
    return 0;
}
