/* test_replay.c: the replay reader (src/match/replay.c) refuses what is not a replay of the game
 * it names: a real replay (the fuzz corpus's six Rising Tide rounds) verifies, and the same file
 * with its header's type, or a seat's verdict or cause, changed into something Arena never
 * writes is refused with the reason. */
#include "t.h"
#include "games/registry.h"
#include "match/replay.h"
#include <stdio.h>
#include <stdlib.h>

#define CORPUS "tests/fuzz/corpus/fuzz_replay/six_rounds.jsonl"

static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    static char text[1 << 20];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    return text;
}

/* text with the first `from` replaced by `to` (a static buffer). */
static const char *edited(const char *text, const char *from, const char *to) {
    static char out[1 << 20];
    const char *at = strstr(text, from);
    if (!at) return "";
    snprintf(out, sizeof out, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    return out;
}

/* Reads and checks a whole replay from memory as `arena verify` does; false with the reason in err. */
static bool verify_text(const char *text, buf_t *err) {
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    if (!f) return false;
    replay_t *r = replay_open_stream(f, "mem.jsonl", registry_find, err);
    if (!r) return false;
    bool ok = false;
    for (;;) {
        json_t *rec = NULL;
        replay_rec kind = replay_next(r, &rec, err);
        bool good = kind == REPLAY_TURN ? replay_apply(r, rec, true, err)
                    : kind == REPLAY_RESULT ? (ok = replay_check_result(r, rec, err))
                                            : kind != REPLAY_ERROR;
        if (rec) json_decref(rec);
        if (kind == REPLAY_EOF || !good) {
            if (!good) ok = false;
            break;
        }
    }
    replay_close(r);
    return ok;
}

static bool refused_with(const char *text, const char *why) {
    buf_t err;
    buf_init(&err);
    bool ok = verify_text(text, &err);
    bool right = !ok && strstr(buf_cstr(&err), why) != NULL;
    if (!right) printf("# verified %d, error: %s\n", ok, buf_cstr(&err));
    buf_free(&err);
    return right;
}

TEST(the_corpus_replay_verifies) {
    const char *text = slurp(CORPUS);
    CHECK(text != NULL);
    if (!text) return;
    buf_t err;
    buf_init(&err);
    CHECK(verify_text(text, &err));
    if (err.len) printf("# %s\n", buf_cstr(&err));
    buf_free(&err);
}

TEST(a_header_of_another_type_or_format_is_refused) {
    const char *text = slurp(CORPUS);
    CHECK(text != NULL);
    if (!text) return;
    CHECK(refused_with(edited(text, "\"type\":\"header\"", "\"type\":\"turn\""), "not an Arena replay header"));
    CHECK(refused_with(edited(text, "\"format\":\"arena-replay\"", "\"format\":\"other\""), "not an Arena replay header"));
}

TEST(an_unknown_verdict_or_cause_is_refused) {
    const char *text = slurp(CORPUS);
    CHECK(text != NULL);
    if (!text) return;
    CHECK(refused_with(edited(text, "{\"seat\":2,\"verdict\":\"ok\"", "{\"seat\":2,\"verdict\":\"okay\""),
                       "seat 2: unknown verdict or cause"));
    CHECK(refused_with(edited(text, "{\"seat\":2,\"verdict\":\"ok\"", "{\"seat\":2,\"verdict\":\"ok\",\"cause\":\"?\""),
                       "seat 2: unknown verdict or cause"));
}

int main(void) {
    RUN(the_corpus_replay_verifies);
    RUN(a_header_of_another_type_or_format_is_refused);
    RUN(an_unknown_verdict_or_cause_is_refused);
    return T_DONE();
}
