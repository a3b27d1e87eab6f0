/* fuzz_rt_decode.c: Rising Tide's action decoder and validation on any bytes a bot could send. */
#include "games/rising_tide/rt.h"
#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static rt_state st;
    static int ready;
    if (!ready) {
        rt_config cfg = {false, 800};
        rt_start(&st, &cfg);
        ready = 1;
    }
    rt_action a;
    buf_t why;
    buf_init(&why);
    decode_result r = rt_decode_line((const char *)data, size, &a, &why);
    if (r == DECODE_ACTION)
        for (int seat = 0; seat < 4; seat++) game_rising_tide.rules.validate(&st, seat, &a, &why);
    buf_free(&why);
    return 0;
}
