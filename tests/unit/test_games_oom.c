/* test_games_oom.c: the games' allocations outside create when memory runs out. A game never ends
 * the process: each game's log (log_new) is NULL, which its host reports; Rezzo's terminal drawing,
 * zoomed picture and replay frames need no memory of their own (they came from the aborting
 * xmalloc/xcalloc, which ended the referee), and a picture too large for the memory left is an
 * error of rz_image with its reason. Each is done once with memory, then again in a child whose
 * memory is filled (limited_child), where the aborting allocators killed the child. */
#include "t.h"
#include "core/jw.h"
#include "games/registry.h"
#include "games/rezzo/rz.h"
#include "limited_child.h"

static void *fill[LIMITED_FILL_MAX];

static game_names names = {2, {"alice", "bob"}, {"A", "B"}};

/* Every game's log_new once memory is full: NULL (the xcalloc aborted), and with memory again a log. */
static int every_log_without_memory(void) {
    int ngames = 0;
    while (registry_games[ngames] && ngames < 16) ngames++;
    int n = limited_fill(fill), rc = n == LIMITED_FILL_MAX ? 60 : 0;
    void *lg[16] = {NULL};
    for (int gi = 0; gi < ngames && !rc; gi++)
        if ((lg[gi] = registry_games[gi]->records.log_new(&names)) != NULL) rc = 10 + gi;
    limited_unfill(fill, n);
    for (int gi = 0; gi < ngames; gi++) {
        if (lg[gi]) registry_games[gi]->records.log_free(lg[gi]);
        if (rc) continue;
        void *again = registry_games[gi]->records.log_new(&names);
        if (!again) rc = 30 + gi;
        else registry_games[gi]->records.log_free(again);
    }
    if (rc) printf("# rc %d\n", rc);
    return rc;
}

TEST(every_games_log_without_memory_is_null_not_an_abort) {
    CHECK_EQ_INT(limited_child(every_log_without_memory), 0);
}

static rz_state *rezzo(int w, int h, int players, uint32_t seed) {
    rz_config cfg = {.w = w, .h = h, .players = players, .max_ticks = 0, .tick_ms = 60, .start_ms = 1000,
                     .keyframe_every = 500, .seed32 = seed};
    return rz_new(&cfg, NULL, NULL);
}

/* A few ticks of play that change cells (builds, advances), tracked as the referee
 * plays, so that the last tick's frame is a diff with cells in it. */
static void play(rz_state *st, int ticks) {
    static const uint8_t ACTS[] = {RZ_ACT_BUILD, RZ_ACT_ADVANCE, RZ_ACT_BUILD, RZ_ACT_LEFT};
    bool multi[RZ_MAX_PLAYERS] = {false};
    st->world.track = true;
    for (int t = 0; t < ticks; t++) {
        int acts[RZ_MAX_PLAYERS];
        for (int s = 0; s < RZ_MAX_PLAYERS; s++) acts[s] = ACTS[(t + s) % 4];
        rz_tick(st, acts, multi, NULL);
    }
}

static bool same_canvas(const canvas_t *a, const canvas_t *b) {
    return a->rows == b->rows && a->cols == b->cols &&
           memcmp(a->cells, b->cells, sizeof *a->cells * (size_t)a->rows * (size_t)a->cols) == 0;
}

/* Rezzo's world drawn at full resolution (the 9.2 picture: a copy of it came from xmalloc) and
 * downscaled (a map of the agents came from xcalloc), a zoomed picture (a zoom-1 copy came from
 * xmalloc) and a diff frame (a sorted copy of the changes came from xmalloc), with memory and
 * then with none: the same. */
static rz_state *st;
static canvas_t *with[2], *without[2];
static buf_t pic_with, pic_without, frame_with, frame_without;
static int rezzo_output_without_memory(void) {
    int n = limited_fill(fill), rc = n == LIMITED_FILL_MAX ? 60 : 0;
    static const char *const modes[2] = {"live", "live,scale=2"};
    for (int k = 0; k < 2 && !rc; k++) {
        canvas_clear(without[k], CANVAS_DEFAULT, CANVAS_DEFAULT);
        game_rezzo.display.draw(st, &names, modes[k], without[k]);
    }
    if (!rc) rz_picture(st, 3, (uint8_t *)pic_without.data);
    jw_t w;
    jw_init(&w, &frame_without);
    if (!rc) game_rezzo.records.frame_json(st, &w);
    limited_unfill(fill, n);
    if (rc) return rc;
    for (int k = 0; k < 2; k++)
        if (!same_canvas(with[k], without[k])) rc = 2 + k;
    if (!rc && memcmp(pic_with.data, pic_without.data, pic_with.len) != 0) rc = 4;
    if (!rc && strcmp(buf_cstr(&frame_with), buf_cstr(&frame_without)) != 0) rc = 5;
    if (rc) printf("# rc %d\n", rc);
    return rc;
}

TEST(rezzo_draws_pictures_and_frames_without_memory_of_their_own) {
    st = rezzo(64, 64, 2, 7);
    CHECK(st != NULL);
    if (!st) return;
    play(st, 6);
    static const char *const modes[2] = {"live", "live,scale=2"};
    for (int k = 0; k < 2; k++) {
        with[k] = canvas_new(40, 100); /* 64x64 fits at scale 1: the full-resolution view */
        without[k] = canvas_new(40, 100);
        canvas_clear(with[k], CANVAS_DEFAULT, CANVAS_DEFAULT);
        game_rezzo.display.draw(st, &names, modes[k], with[k]);
    }
    size_t bytes = (size_t)64 * 3 * 64 * 3 * 3;
    buf_init(&pic_with);
    buf_init(&pic_without);
    buf_reserve(&pic_with, bytes);
    buf_reserve(&pic_without, bytes);
    pic_with.len = pic_without.len = bytes;
    rz_picture(st, 3, (uint8_t *)pic_with.data);
    buf_init(&frame_with);
    buf_init(&frame_without);
    jw_t w;
    jw_init(&w, &frame_with);
    game_rezzo.records.frame_json(st, &w);
    buf_reserve(&frame_without, frame_with.len * 2); /* the frame's text is the host's, had before */
    /* a diff (not a keyframe) with cells in it */
    CHECK(strstr(buf_cstr(&frame_with), "\"diff\":\"") && !strstr(buf_cstr(&frame_with), "\"diff\":\"\""));
    CHECK(!strstr(buf_cstr(&frame_with), "\"key\""));
    if (LIMITED_CHILD_WORKS) CHECK_EQ_INT(limited_child(rezzo_output_without_memory), 0);
    else printf("# (the out-of-memory half skipped: under a sanitizer)\n");
    for (int k = 0; k < 2; k++) canvas_free(with[k]), canvas_free(without[k]);
    buf_free(&pic_with);
    buf_free(&pic_without);
    buf_free(&frame_with);
    buf_free(&frame_without);
    rz_free(st);
}

/* A picture too large for the memory left (4096x4096 at zoom 16: 12 GiB, in a child of 1 GiB) is
 * rz_image's error with its reason; buf_reserve aborted. The picture of a smaller zoom is had. */
static int picture_too_large(void) {
    rz_state *big = rezzo(4096, 4096, 2, 3);
    if (!big) return 2;
    buf_t rgb, why;
    buf_init(&rgb);
    buf_init(&why);
    int w = 0, h = 0, rc = 0;
    if (rz_image(big, 16, &rgb, &w, &h, &why)) rc = 3;
    else if (strcmp(buf_cstr(&why), "out of memory for a 65536x65536 picture (12288 MiB)") != 0) rc = 4;
    buf_reset(&why);
    if (!rc && (!rz_image(big, 2, &rgb, &w, &h, &why) || w != 8192 || rgb.len != (size_t)8192 * 8192 * 3)) rc = 5;
    if (rc) printf("# rc %d: %s\n", rc, buf_cstr(&why));
    buf_free(&rgb);
    buf_free(&why);
    rz_free(big);
    return rc;
}

TEST(rezzo_picture_too_large_for_memory_is_an_error) {
    CHECK_EQ_INT(limited_child(picture_too_large), 0);
}

/* rz_picture_pixel, the terminal's pixels, is the picture's pixel everywhere: on a world where
 * every player's agent and home are drawn, after play, and on one so small that a home square wraps
 * onto itself (its cells are tinted twice, as the picture does). */
static int pixels_differing(const rz_state *s) {
    const rz_world *w = &s->world;
    uint8_t *rgb = malloc(w->n * 3);
    rz_picture(s, 1, rgb);
    int bad = 0;
    for (int y = 0; y < w->h; y++)
        for (int x = 0; x < w->w; x++) {
            uint8_t px[3];
            rz_picture_pixel(s, x, y, px);
            bad += memcmp(px, rgb + 3 * ((size_t)y * (size_t)w->w + (size_t)x), 3) != 0;
        }
    free(rgb);
    return bad;
}

TEST(rezzo_picture_pixel_is_the_pictures_pixel) {
    rz_state *ten = rezzo(48, 48, 10, 11);
    CHECK(ten != NULL);
    if (!ten) return;
    CHECK_EQ_INT(pixels_differing(ten), 0);
    play(ten, 5);
    CHECK_EQ_INT(pixels_differing(ten), 0);
    rz_free(ten);
    static const char *const rows[] = {"0  ..  1", " ..*.. A", "        ", "   a    "};
    buf_t err;
    buf_init(&err);
    rz_state *tiny = rz_from_map(8, 4, rows, &err);
    CHECK(tiny != NULL);
    if (tiny) {
        CHECK_EQ_INT(pixels_differing(tiny), 0);
        play(tiny, 3);
        CHECK_EQ_INT(pixels_differing(tiny), 0);
        rz_free(tiny);
    }
    buf_free(&err);
}

int main(void) {
    if (LIMITED_CHILD_WORKS) RUN(every_games_log_without_memory_is_null_not_an_abort);
    else printf("# skipped (not counted): every_games_log_without_memory_is_null_not_an_abort: under a sanitizer\n");
    RUN(rezzo_draws_pictures_and_frames_without_memory_of_their_own);
    if (LIMITED_CHILD_WORKS) RUN(rezzo_picture_too_large_for_memory_is_an_error);
    else printf("# skipped (not counted): rezzo_picture_too_large_for_memory_is_an_error: under a sanitizer\n");
    RUN(rezzo_picture_pixel_is_the_pictures_pixel);
    return T_DONE();
}
