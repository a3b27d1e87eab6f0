/* test_rezzo_frames.c: Rezzo's pictures and replay frames (docs/games/rezzo.md "Displays", "Replays"):
 * the picture against the original's frame vectors at every zoom, the PNG writer against the
 * reference PNGs, eliminated agents, and keyframes plus diffs rebuilding the state exactly. */
#include "t.h"
#include "core/hash.h"
#include "games/rezzo/rz.h"
#include "ui/png_frames.h"
#include <jansson.h>
#include <unistd.h>

static rz_state *world(int players) {
    rz_config cfg = {.w = 320, .h = 320, .players = players, .max_ticks = 0, .tick_ms = 60, .start_ms = 1000,
                     .keyframe_every = 500, .seed32 = 12345};
    return rz_new(&cfg, NULL, NULL);
}

static buf_t rgb_why; /* why rz_image refused (it never should here) */

static const char *hex(uint64_t h) {
    static char b[2][17];
    static int k;
    k ^= 1;
    snprintf(b[k], 17, "%016llx", (unsigned long long)h);
    return b[k];
}

TEST(rezzo_frame_picture_vectors) {
    json_t *j = json_load_file(VEC("rezzo/frame_s12345_320x320_p2_t0.json"), 0, NULL);
    CHECK(j != NULL);
    rz_state *st = world(2);
    size_t i;
    json_t *fr;
    int frames = 0;
    json_array_foreach(json_object_get(j, "frames"), i, fr) {
        int z = (int)json_integer_value(json_object_get(fr, "zoom"));
        buf_t rgb;
        buf_init(&rgb);
        int w, h;
        CHECK(rz_image(st, z, &rgb, &w, &h, &rgb_why));
        CHECK_EQ_INT(w, json_integer_value(json_object_get(fr, "width")));
        CHECK_EQ_INT(h, json_integer_value(json_object_get(fr, "height")));
        CHECK_EQ_STR(hex(hash_fnv1a64(rgb.data, rgb.len, FNV1A64_OFFSET)), json_string_value(json_object_get(fr, "rgb_fnv")));
        size_t k;
        json_t *s;
        json_array_foreach(json_object_get(fr, "samples"), k, s) {
            json_t *cell = json_object_get(s, "cell"), *want = json_object_get(s, "rgb");
            int x = (int)json_integer_value(json_array_get(cell, 0)), y = (int)json_integer_value(json_array_get(cell, 1));
            const uint8_t *px = (const uint8_t *)rgb.data + ((size_t)y * (size_t)z * (size_t)w + (size_t)x * (size_t)z) * 3;
            for (int c = 0; c < 3; c++) CHECK_EQ_INT(px[c], json_integer_value(json_array_get(want, (size_t)c)));
        }
        buf_free(&rgb);
        frames++;
    }
    CHECK_EQ_INT(frames, 3);
    rz_free(st);
    json_decref(j);
}

TEST(rezzo_frame_png_matches_reference_pngs) {
    rz_state *st = world(2);
    for (int z = 1; z <= 2; z++) {
        buf_t rgb, err;
        buf_init(&rgb);
        buf_init(&err);
        int w, h;
        CHECK(rz_image(st, z, &rgb, &w, &h, &err));
        /* Ours, written and read back. */
        char path[] = "/tmp/rezzo_png_XXXXXX";
        int fd = mkstemp(path);
        close(fd);
        CHECK(png_write_rgb(path, (const uint8_t *)rgb.data, w, h, &err));
        uint8_t *back;
        int bw, bh;
        CHECK(png_read_rgb(path, &back, &bw, &bh, &err));
        CHECK_EQ_INT(bw, w);
        CHECK_EQ_INT(bh, h);
        CHECK(back && memcmp(back, rgb.data, rgb.len) == 0);
        free(back);
        unlink(path);
        /* The reference PNG decodes to the same pixels (PNG bytes differ between compressors). */
        char ref[128];
        snprintf(ref, sizeof ref, VEC("rezzo/frame_s12345_320x320_p2_t0_z%d.png"), z);
        uint8_t *want;
        CHECK(png_read_rgb(ref, &want, &bw, &bh, &err));
        CHECK_EQ_INT(bw, w);
        CHECK(want && memcmp(want, rgb.data, rgb.len) == 0);
        free(want);
        buf_free(&rgb);
        buf_free(&err);
    }
    rz_free(st);
}

TEST(rezzo_frame_eliminated_agents_not_drawn) {
    rz_state *st = world(2);
    rz_absent(st, 0);
    buf_t rgb;
    buf_init(&rgb);
    int w, h;
    CHECK(rz_image(st, 1, &rgb, &w, &h, &rgb_why));
    const uint8_t *px = (const uint8_t *)rgb.data + (80 * 320 + 74) * 3; /* agent 1's old cell */
    CHECK_EQ_INT(px[0], 0);
    CHECK_EQ_INT(px[1], 0);
    CHECK_EQ_INT(px[2], 0);
    px = (const uint8_t *)rgb.data + (93 * 320 + 14) * 3; /* agent 2 is still drawn */
    CHECK_EQ_INT(px[0], 85);
    CHECK_EQ_INT(px[2], 255);
    buf_free(&rgb);
    rz_free(st);
}

/* Rebuilds the world from a keyframe and the following diffs, as the web viewer does. */
typedef struct {
    int w, h;
    char *cells;
    uint8_t *damage;
} replica;

static void from_keyframe(replica *r, json_t *f) {
    r->w = (int)json_integer_value(json_object_get(f, "width"));
    r->h = (int)json_integer_value(json_object_get(f, "height"));
    free(r->cells);
    free(r->damage);
    r->cells = strdup(json_string_value(json_object_get(f, "cells")));
    r->damage = calloc((size_t)r->w * (size_t)r->h, 1);
    size_t i;
    json_t *d;
    json_array_foreach(json_object_get(f, "damage"), i, d)
        r->damage[json_integer_value(json_array_get(d, 0))] = (uint8_t)json_integer_value(json_array_get(d, 1));
}

static int b64(char c) { return (int)(strchr(RZ_B64, c) - RZ_B64); }

static bool apply_diff(replica *r, json_t *f) {
    const char *d = json_string_value(json_object_get(f, "diff"));
    if (!d) return false;
    long long idx = -1;
    while (*d) {
        unsigned long long gap = 0;
        int shift = 0, v;
        do {
            v = b64(*d++);
            gap |= (unsigned long long)(v & 31) << shift;
            shift += 5;
        } while (v >= 32);
        idx += (long long)gap + 1;
        r->cells[idx] = *d++;
        r->damage[idx] = 0;
    }
    size_t i;
    json_t *e;
    json_array_foreach(json_object_get(f, "damage"), i, e)
        r->damage[json_integer_value(json_array_get(e, 0))] = (uint8_t)json_integer_value(json_array_get(e, 1));
    return true;
}

/* The frame of one tick, parsed. */
static json_t *frame_of(const rz_state *st) {
    buf_t b;
    buf_init(&b);
    jw_t w;
    jw_init(&w, &b);
    rz_frame_json(st, &w);
    json_t *f = json_loads(buf_cstr(&b), 0, NULL);
    buf_free(&b);
    return f;
}

static bool same(const replica *r, const rz_state *st) {
    for (size_t i = 0; i < st->world.n; i++) {
        if (r->cells[i] != (char)rz_letter(st->world.type[i], st->world.owner[i])) return false;
        if (r->damage[i] != st->world.damage[i]) return false;
    }
    return true;
}

TEST(rezzo_frame_keyframes_and_diffs_rebuild_the_state) {
    /* Random actions (hits, builds) on a small crowded world, keyframes every 50 ticks. */
    rz_config cfg = {.w = 48, .h = 40, .players = 4, .max_ticks = 400, .tick_ms = 60, .keyframe_every = 50, .seed32 = 9};
    rz_state *st = rz_new(&cfg, NULL, NULL);
    st->world.track = true;
    rng_t rng;
    rng_seed(&rng, 5, 0);
    static const uint8_t ACTS[] = {RZ_ACT_ADVANCE, RZ_ACT_BUILD, RZ_ACT_LEFT, RZ_ACT_RIGHT, RZ_ACT_HIT, RZ_ACT_HIT};
    replica r = {0};
    int keyframes = 0, diffs = 0, bad = 0;
    for (int t = 0; !st->over; t++) {
        json_t *f = frame_of(st);
        if (json_is_true(json_object_get(f, "key"))) {
            from_keyframe(&r, f);
            keyframes++;
            CHECK_EQ_STR(json_string_value(json_object_get(f, "state_hash")), hex(rz_state_hash(&st->world)));
        } else {
            CHECK(apply_diff(&r, f));
            diffs++;
        }
        if (!same(&r, st)) bad++;
        json_decref(f);
        int acts[RZ_MAX_PLAYERS];
        bool multi[RZ_MAX_PLAYERS] = {false};
        for (int s = 0; s < RZ_MAX_PLAYERS; s++) acts[s] = ACTS[rng_below(&rng, sizeof ACTS)];
        rz_tick(st, acts, multi, NULL);
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(keyframes >= 8);
    CHECK(diffs > 300);
    free(r.cells);
    free(r.damage);
    rz_free(st);
}


TEST(rezzo_frame_diff_lists_only_the_cells_of_its_tick) {
    /* A still world (no electrons): agent 1 advances from (2,2) to (2,1), then both stand still.
     * The first diff lists the two cells that changed, in index order (gap 9 to (2,1), now '0';
     * gap 6 to (2,2), now blank); the next tick changed nothing, so its diff is empty. */
    const char *rows[5] = {"       ", "       ", "  0 1  ", "       ", "       "};
    buf_t err;
    buf_init(&err);
    rz_state *st = rz_from_map(7, 5, rows, &err);
    CHECK(st != NULL);
    if (!st) return;
    st->world.track = true;
    int acts[RZ_MAX_PLAYERS] = {RZ_ACT_ADVANCE, RZ_ACT_NOP};
    bool multi[RZ_MAX_PLAYERS] = {false};
    rz_tick(st, acts, multi, NULL);
    json_t *f = frame_of(st);
    CHECK(f != NULL && !json_is_true(json_object_get(f, "key")));
    char want[5] = {RZ_B64[9], '0', RZ_B64[6], ' ', 0};
    CHECK_EQ_STR(json_string_value(json_object_get(f, "diff")), want);
    json_decref(f);
    acts[0] = RZ_ACT_NOP;
    rz_tick(st, acts, multi, NULL);
    f = frame_of(st);
    CHECK_EQ_STR(json_string_value(json_object_get(f, "diff")), "");
    CHECK_EQ_INT(json_array_size(json_object_get(f, "damage")), 0);
    json_decref(f);
    rz_free(st);
    buf_free(&err);
}

int main(void) {
    RUN(rezzo_frame_picture_vectors);
    RUN(rezzo_frame_png_matches_reference_pngs);
    RUN(rezzo_frame_eliminated_agents_not_drawn);
    RUN(rezzo_frame_keyframes_and_diffs_rebuild_the_state);
    RUN(rezzo_frame_diff_lists_only_the_cells_of_its_tick);
    return T_DONE();
}
