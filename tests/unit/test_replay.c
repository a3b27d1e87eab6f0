/* test_replay.c: the replay reader (src/match/replay.c) refuses what is not a replay of the game
 * it names: a real replay (the fuzz corpus's six Rising Tide rounds) verifies, and the same file
 * with its header's type, or a seat's verdict or cause, changed into something Arena never
 * writes is refused with the reason; blank lines are skipped but a stray line after the result is
 * refused; a seat that crashed is out for the rest of the replay. The replay writer
 * (src/match/sink_replay.c) keeps what a seat wrote, down to one character, and the replay of a
 * match with a seat that answered nonsense and then crashed verifies. */
#include "t.h"
#include "match_fixture.h"
#include "match/replay.h"
#include "match/sinks.h"
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

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

/* text with the first `from` after the first `after` replaced by `to` (a static buffer). */
static const char *edited_after(const char *text, const char *after, const char *from, const char *to) {
    static char out[1 << 20];
    const char *start = strstr(text, after);
    const char *at = start ? strstr(start, from) : NULL;
    if (!at) return "";
    snprintf(out, sizeof out, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    return out;
}

/* Blank lines are no records (an editor may add one at the end), but anything else after the
 * result is refused, naming its line: the corpus has 8 lines, so the stray one is line 9. */
TEST(blank_lines_are_skipped_and_a_stray_line_after_the_result_is_refused) {
    const char *text = slurp(CORPUS);
    CHECK(text != NULL);
    if (!text) return;
    static char more[(1 << 20) + 8];
    snprintf(more, sizeof more, "%s\n\n", text);
    buf_t err;
    buf_init(&err);
    CHECK(verify_text(more, &err));
    if (err.len) printf("# %s\n", buf_cstr(&err));
    buf_free(&err);
    snprintf(more, sizeof more, "%s}\n", text);
    CHECK(refused_with(more, "line 9: not a JSON object"));
}

/* A seat whose verdict is crash (or down) is out of the game from that turn on: a later turn that
 * records it as asked is refused at that turn, before the digest (which any edit breaks) is
 * reached. Seat 2 (Pass Perth) passes, so its crash in turn 1 changes no frame. */
TEST(a_seat_recorded_as_asked_after_its_crash_is_refused) {
    const char *text = slurp(CORPUS);
    CHECK(text != NULL);
    if (!text) return;
    const char *crashed = edited_after(text, "\"turn\":1,", "{\"seat\":2,\"verdict\":\"ok\",\"action\":\"pass\"}",
                                       "{\"seat\":2,\"verdict\":\"crash\",\"cause\":\"exit\"}");
    CHECK(strlen(crashed) > 0);
    CHECK(refused_with(crashed, "line 4 (turn 2): seat 2 is recorded as asked, but the game does not ask it"));
}

/* Rising Tide, seat 0 a process that answers "x" to its first question and exits with status 3,
 * three built-in seats, three rounds, its replay written to PATH. */
static bool play_x_then_exit(const char *path) {
    buf_t err;
    buf_init(&err);
    sink_t *replay = sink_replay_new(path, &err);
    if (!replay) printf("# %s\n", buf_cstr(&err));
    buf_free(&err);
    if (!replay) return false;
    char *kv[] = {"rounds=3"};
    const char *seats[] = {"read line; echo x; exit 3", "builtin:pass_perth", "builtin:pass_perth", "builtin:pass_perth"};
    fixture_game f = {.game = "rising_tide", .options = kv, .noptions = 1, .seats = seats, .nseats = 4,
                      .sandbox = SANDBOX_OFF, .seed = 5, .sinks = replay, .nsinks = 1};
    static match_config cfg;
    int rc = -1;
    match_t *m = fixture_play(&f, &cfg, &rc);
    if (m) {
        CHECK_EQ_INT(rc, 0);
        CHECK_EQ_INT(m->verdicts[0][VERDICT_INVALID], 1);
        CHECK_EQ_INT(m->verdicts[0][VERDICT_CRASH], 1);
    }
    bool played = m != NULL;
    fixture_finish(m, &cfg);
    sink_free(replay);
    return played;
}

/* The replay keeps the line a seat wrote (its text), even a single character, with its verdict;
 * the crash that follows is charged in the seat's next turn with its exit status, and the seat
 * is out (not asked) after it. The whole replay verifies. */
TEST(a_replay_keeps_a_one_character_answer_and_the_crash_after_it) {
    char path[] = "/tmp/arena-test-replay-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd < 0) return;
    close(fd);
    CHECK(play_x_then_exit(path));
    const char *text = slurp(path);
    CHECK(text != NULL);
    if (text) {
        CHECK(strstr(text, "\"turn\":0,\"seats\":[{\"seat\":0,\"verdict\":\"invalid\",\"cause\":\"malformed\"") != NULL);
        CHECK(strstr(text, "\"text\":\"x\"") != NULL);
        /* asked in turn 1 or not: whether the exit was noticed before that turn's question */
        CHECK(strstr(text, "\"turn\":1,\"seats\":[{\"seat\":0,\"verdict\":\"crash\",\"cause\":\"exit\",\"status\":3") ||
              strstr(text, "\"turn\":1,\"seats\":[{\"seat\":0,\"asked\":false,\"verdict\":\"crash\",\"cause\":\"exit\",\"status\":3"));
        CHECK(strstr(text, "\"turn\":2,\"seats\":[{\"seat\":0,\"asked\":false,\"verdict\":\"crash\"") != NULL);
        buf_t err;
        buf_init(&err);
        CHECK(verify_text(text, &err));
        if (err.len) printf("# %s\n", buf_cstr(&err));
        buf_free(&err);
    }
    if (getenv("KEEP_REPLAY")) printf("# kept %s\n", path);
    else unlink(path);
}

int main(void) {
    RUN(the_corpus_replay_verifies);
    RUN(a_header_of_another_type_or_format_is_refused);
    RUN(an_unknown_verdict_or_cause_is_refused);
    RUN(blank_lines_are_skipped_and_a_stray_line_after_the_result_is_refused);
    RUN(a_seat_recorded_as_asked_after_its_crash_is_refused);
    RUN(a_replay_keeps_a_one_character_answer_and_the_crash_after_it);
    return T_DONE();
}
