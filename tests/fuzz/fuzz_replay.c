/* fuzz_replay.c: the replay reader and verifier (arena verify / arena replay) on any file. */
#include "games/registry.h"
#include "match/replay.h"
#include <stdint.h>
#include <stdio.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FILE *f = fmemopen((void *)data, size ? size : 1, "r");
    if (!f) return 0;
    buf_t err;
    buf_init(&err);
    replay_t *r = replay_open_stream(f, "fuzz", registry_find, &err);
    if (r) {
        for (int k = 0; k < 2000; k++) {
            json_t *rec;
            replay_rec kind = replay_next(r, &rec, &err);
            if (kind == REPLAY_TURN) {
                bool ok = replay_apply(r, rec, true, &err);
                json_decref(rec);
                if (!ok) break;
            } else {
                if (kind == REPLAY_RESULT) replay_check_result(r, rec, &err);
                json_decref(rec);
                break;
            }
        }
        replay_close(r);
    } /* on failure replay_open_stream has closed f */
    buf_free(&err);
    return 0;
}
