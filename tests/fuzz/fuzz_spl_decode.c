/* fuzz_spl_decode.c: Splitter P5.3 (line handling) and R5 (the legality check) on any bytes a bot
 * could send, line by line, against a game in progress; legal placements are played. */
#include "games/splitter/spl.h"
#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    spl_state st;
    spl_start(&st, &SPL_LAYOUT2, 2, 439329280, (int)(size % 7));
    buf_t why;
    buf_init(&why);
    const char *p = (const char *)data, *end = p + size;
    while (p < end && !st.over) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        spl_action a;
        spl_exception e;
        buf_reset(&why);
        spl_line_kind k = spl_parse_line(p, n, &a, &e, &why);
        if (k == SPL_LINE_PLACE) {
            buf_reset(&why);
            if (spl_check(&st, &a, &why) == 0) spl_place(&st, &a);
        }
        p += n + 1;
    }
    buf_free(&why);
    return spl_total(&st) >= 0 ? 0 : 0;
}
