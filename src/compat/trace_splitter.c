/* trace_splitter.c: the trace checker for Splitter. A scoring file ({"vectors": [...]}) is scored with
 * Splitter R9 board by board; a dice file ({"seeds": [...]}) is replayed through CustomHash and the
 * .NET generator roll by roll (Splitter R7/R8). The first difference is named with its index in the
 * file. */
#include "trace.h"
#include "../core/dotnet_random.h"
#include "../games/splitter/spl.h"
#include <jansson.h>
#include <string.h>

/* Reads a grid (list of rows) of small integers into g; false if it is not h rows of w. */
static bool read_grid(json_t *rows, int w, int h, int lo, int hi, int8_t g[SPL_MAXH][SPL_MAXW]) {
    if (!json_is_array(rows) || (int)json_array_size(rows) != h) return false;
    for (int y = 0; y < h; y++) {
        json_t *row = json_array_get(rows, (size_t)y);
        if (!json_is_array(row) || (int)json_array_size(row) != w) return false;
        for (int x = 0; x < w; x++) {
            json_t *c = json_array_get(row, (size_t)x);
            if (!json_is_integer(c) || json_integer_value(c) < lo || json_integer_value(c) > hi) return false;
            g[y][x] = (int8_t)json_integer_value(c);
        }
    }
    return true;
}

static int check_scoring(json_t *vectors, const char *path, FILE *out) {
    size_t i;
    json_t *v;
    json_array_foreach(vectors, i, v) {
        const char *name = json_string_value(json_object_get(v, "name"));
        json_t *jw = json_object_get(v, "width"), *jh = json_object_get(v, "height");
        json_t *je = json_object_get(v, "expected_score");
        int w = (int)json_integer_value(jw), h = (int)json_integer_value(jh);
        spl_layout L;
        int8_t sheet[SPL_MAXH][SPL_MAXW];
        memset(&L, 0, sizeof L);
        memset(sheet, 0, sizeof sheet);
        L.w = w, L.h = h;
        if (!name || !json_is_integer(jw) || !json_is_integer(jh) || !json_is_integer(je) || w < 1 || h < 1 ||
            w > SPL_MAXW || h > SPL_MAXH || !read_grid(json_object_get(v, "layout"), w, h, 0, 3, L.code) ||
            !read_grid(json_object_get(v, "state"), w, h, 0, 6, sheet)) {
            fprintf(out, "%s: vector %zu is not a scoring board (name, width, height, layout, state, expected_score)\n",
                    path, i);
            return 2;
        }
        spl_score sc;
        spl_score_sheet(&L, sheet, &sc);
        if (sc.total != json_integer_value(je)) {
            fprintf(out, "%s: vector %zu (%s): score %d, expected %lld (exact groups %d, star bonus %d, hearts %d)\n",
                    path, i, name, sc.total, (long long)json_integer_value(je), sc.exact, sc.star_bonus, sc.hearts);
            return 1;
        }
    }
    fprintf(out, "%s: all %zu scoring boards match\n", path, json_array_size(vectors));
    return 0;
}

static int check_dice(json_t *root, const char *path, FILE *out) {
    json_t *seeds = json_object_get(root, "seeds");
    size_t i, checked = 0;
    json_t *s;
    json_array_foreach(seeds, i, s) {
        const char *str = json_string_value(json_object_get(s, "seed_string"));
        json_t *jh = json_object_get(s, "custom_hash");
        if (!str || !json_is_integer(jh)) {
            fprintf(out, "%s: seeds[%zu] has no seed_string or custom_hash\n", path, i);
            return 2;
        }
        int32_t h = dotnet_custom_hash_utf8(str, strlen(str));
        if (h != json_integer_value(jh)) {
            fprintf(out, "%s: seeds[%zu] (\"%s\"): CustomHash %d, expected %lld\n", path, i, str, h,
                    (long long)json_integer_value(jh));
            return 1;
        }
        size_t k;
        json_t *game;
        json_array_foreach(json_object_get(s, "games"), k, game) {
            json_t *jg = json_object_get(game, "game"), *jr = json_object_get(game, "random_seed");
            json_t *dice = json_object_get(game, "dice");
            if (!json_is_integer(jg) || !json_is_array(dice)) {
                fprintf(out, "%s: seeds[%zu].games[%zu] has no game or dice\n", path, i, k);
                return 2;
            }
            int g = (int)json_integer_value(jg);
            /* The game plays exactly as the Tester: a state seeded with (hash, g) on layout 1. */
            spl_state st;
            spl_start(&st, &SPL_LAYOUT1, 1, h, g);
            int32_t seed = (int32_t)((uint32_t)h + (uint32_t)g);
            if (jr && json_integer_value(jr) != seed) {
                fprintf(out, "%s: seeds[%zu] game %d: random seed %d, expected %lld\n", path, i, g, seed,
                        (long long)json_integer_value(jr));
                return 1;
            }
            size_t r;
            json_t *roll;
            json_array_foreach(dice, r, roll) {
                int e1 = (int)json_integer_value(json_array_get(roll, 0));
                int e2 = (int)json_integer_value(json_array_get(roll, 1));
                if (st.over || st.d1 != e1 || st.d2 != e2) {
                    fprintf(out, "%s: seeds[%zu] (\"%s\") game %d, roll %zu: got %d %d, expected %d %d\n", path, i,
                            str, g, r + 1, st.d1, st.d2, e1, e2);
                    return 1;
                }
                /* Any legal placement draws the next roll: the dice do not depend on the bot. */
                for (int y = 0; y < st.L.h; y++)
                    for (int x = 0; x < st.L.w / 2; x++)
                        if (st.L.code[y][x] && !st.sheet[y][x]) {
                            spl_action a = {st.d1, x, y};
                            spl_place(&st, &a);
                            goto placed;
                        }
            placed:;
            }
            if (json_array_size(dice) != (size_t)st.rounds || !st.over) {
                fprintf(out, "%s: seeds[%zu] game %d: %zu rolls recorded, the game has %d\n", path, i, g,
                        json_array_size(dice), st.rounds);
                return 1;
            }
            checked++;
        }
    }
    json_t *r42 = json_object_get(root, "random_42_next_1_7");
    if (json_is_array(r42)) {
        dotnet_random r;
        dotnet_random_init(&r, 42);
        size_t k;
        json_t *x;
        json_array_foreach(r42, k, x) {
            int got = dotnet_random_next(&r, 1, 7);
            if (got != json_integer_value(x)) {
                fprintf(out, "%s: random_42_next_1_7[%zu]: got %d, expected %lld\n", path, k, got,
                        (long long)json_integer_value(x));
                return 1;
            }
        }
    }
    json_t *r0 = json_object_get(root, "random_0_next");
    if (json_is_array(r0)) {
        dotnet_random r;
        dotnet_random_init(&r, 0);
        size_t k;
        json_t *x;
        json_array_foreach(r0, k, x) {
            int32_t got = dotnet_random_sample(&r);
            if (got != json_integer_value(x)) {
                fprintf(out, "%s: random_0_next[%zu]: got %d, expected %lld\n", path, k, got,
                        (long long)json_integer_value(x));
                return 1;
            }
        }
    }
    fprintf(out, "%s: all dice match (%zu games, %zu Next(1,7) and %zu Next() checks)\n", path, checked,
            json_array_size(r42), json_array_size(r0));
    return 0;
}

int trace_splitter(const char *path, FILE *out) {
    json_error_t je;
    json_t *root = json_load_file(path, 0, &je);
    if (!root) {
        fprintf(out, "%s: cannot read: %s (line %d)\n", path, je.text, je.line);
        return 2;
    }
    int rc;
    json_t *vectors = json_object_get(root, "vectors");
    if (json_is_array(vectors)) rc = check_scoring(vectors, path, out);
    else if (json_is_array(json_object_get(root, "seeds"))) rc = check_dice(root, path, out);
    else {
        fprintf(out, "%s: not a Splitter vector file (expected \"vectors\" or \"seeds\")\n", path);
        rc = 2;
    }
    json_decref(root);
    return rc;
}
