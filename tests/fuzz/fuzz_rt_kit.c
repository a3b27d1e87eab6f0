/* fuzz_rt_kit.c: the starter kit's parser of referee messages, line by line. */
#include "games/rising_tide/rt.h"
#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    rt_kit kit;
    rt_view v;
    memset(&kit, 0, sizeof kit);
    const char *p = (const char *)data, *end = p + size;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        if (rt_kit_parse(&kit, p, n, &v) == KIT_END) break;
        p += n + 1;
    }
    return 0;
}
