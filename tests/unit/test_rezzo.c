/* test_rezzo.c: Rezzo's rules, generator, CA, view, records and end (docs/games/rezzo.md), each
 * test named after the rule it checks, whose words stand above it. The vectors are
 * tests/vectors/rezzo/ (copies of the original's outputs). */
#include "t.h"
#include "limited_child.h"
#include "core/glibc_random.h"
#include "core/hash.h"
#include "game/keys.h"
#include "games/rezzo/rz.h"
#include "compat/trace.h"
#include <jansson.h>
#include <stdarg.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static json_t *load(const char *path) {
    json_error_t e;
    json_t *j = json_load_file(path, 0, &e);
    if (!j) printf("# cannot load %s: %s\n", path, e.text);
    return j;
}

static const char *hex(uint64_t h) {
    static char b[4][17];
    static int k;
    k = (k + 1) % 4;
    snprintf(b[k], 17, "%016llx", (unsigned long long)h);
    return b[k];
}

static rz_state *make(uint32_t seed, int w, int h, int players, buf_t *err) {
    rz_config cfg = {.w = w, .h = h, .players = players, .max_ticks = 0, .tick_ms = 60, .start_ms = 1000,
                     .keyframe_every = 500, .seed32 = seed};
    return rz_new(&cfg, err, NULL);
}

/* A state from ASCII rows given as arguments. */
static rz_state *map(int h, ...) {
    const char *rows[64];
    va_list ap;
    va_start(ap, h);
    for (int y = 0; y < h; y++) rows[y] = va_arg(ap, const char *);
    va_end(ap);
    buf_t err;
    buf_init(&err);
    rz_state *st = rz_from_map((int)strlen(rows[0]), h, rows, &err);
    if (!st) printf("# map: %s\n", buf_cstr(&err));
    buf_free(&err);
    return st;
}

/* The state as rows of view letters, joined with '|'. */
static const char *rows_of(const rz_state *st) {
    static char out[8192];
    size_t k = 0;
    for (int y = 0; y < st->world.h; y++) {
        if (y) out[k++] = '|';
        for (int x = 0; x < st->world.w; x++) {
            size_t i = (size_t)y * (size_t)st->world.w + (size_t)x;
            out[k++] = (char)rz_letter(st->world.type[i], st->world.owner[i]);
        }
    }
    out[k] = 0;
    return out;
}

static void idle_tick(rz_state *st) {
    int acts[RZ_MAX_PLAYERS];
    bool multi[RZ_MAX_PLAYERS] = {false};
    for (int s = 0; s < RZ_MAX_PLAYERS; s++) acts[s] = -1;
    rz_tick(st, acts, multi, NULL);
}

/* ---------------- generator (Rezzo D15) ---------------- */

TEST(rezzo_rng_check_values) {
    json_t *j = load(VEC("rezzo/random_check.json"));
    CHECK(j != NULL);
    size_t i;
    json_t *v;
    int seen = 0;
    json_array_foreach(json_object_get(j, "vectors"), i, v) {
        uint64_t seed = (uint64_t)json_integer_value(json_object_get(v, "seed"));
        glibc_random_t g;
        glibc_srandom(&g, (uint32_t)seed);
        json_t *first = json_object_get(v, "outputs_1_to_5");
        for (int k = 1; k <= 1000000; k++) {
            int32_t x = glibc_random(&g);
            if (k <= 5) CHECK_EQ_INT(x, json_integer_value(json_array_get(first, (size_t)k - 1)));
            if (k == 1000) CHECK_EQ_INT(x, json_integer_value(json_object_get(v, "output_1000")));
            if (k == 1000000) CHECK_EQ_INT(x, json_integer_value(json_object_get(v, "output_1000000")));
        }
        seen++;
    }
    CHECK_EQ_INT(seen, 6);
    json_decref(j);
}

TEST(rezzo_rng_negative_r0_seeds) {
    /* 2^31 and 2^32-5 go through a negative r[0] (glibc's seeding, step 1). */
    glibc_random_t g;
    glibc_srandom(&g, 2147483648u);
    CHECK_EQ_INT(glibc_random(&g), 1336741213);
    glibc_srandom(&g, 4294967291u);
    CHECK_EQ_INT(glibc_random(&g), 1469203335);
    CHECK_EQ_INT(glibc_random(&g), 1952330421);
    CHECK_EQ_INT(glibc_random(&g), 2063378439);
}

/* ---------------- world generation (Rezzo D14, D15; tests/vectors/rezzo/start_states.json) ---------------- */

static void check_start_vector(json_t *v) {
    buf_t err;
    buf_init(&err);
    int w = (int)json_integer_value(json_object_get(v, "width")), h = (int)json_integer_value(json_object_get(v, "height"));
    rz_state *st = make((uint32_t)json_integer_value(json_object_get(v, "seed")), w, h,
                        (int)json_integer_value(json_object_get(v, "num_agents")), &err);
    CHECK(st != NULL);
    if (!st) return;
    size_t i;
    json_t *a;
    json_array_foreach(json_object_get(v, "agents"), i, a) {
        CHECK_EQ_INT(st->p[i].x, json_integer_value(json_object_get(a, "x")));
        CHECK_EQ_INT(st->p[i].y, json_integer_value(json_object_get(a, "y")));
        CHECK_EQ_INT(st->p[i].facing, json_integer_value(json_object_get(a, "facing_code")));
    }
    int counts[256] = {0};
    for (size_t k = 0; k < st->world.n; k++) counts[st->world.type[k]]++;
    json_t *c = json_object_get(v, "counts");
    CHECK_EQ_INT(counts[RZ_BLANK], json_integer_value(json_object_get(c, "blank")));
    CHECK_EQ_INT(counts[RZ_COND], json_integer_value(json_object_get(c, "conductor")));
    CHECK_EQ_INT(counts[RZ_ELEC], json_integer_value(json_object_get(c, "electron")));
    CHECK_EQ_INT(counts[RZ_TAIL], json_integer_value(json_object_get(c, "electron_tail")));
    CHECK_EQ_INT(counts[RZ_GEYSER], json_integer_value(json_object_get(c, "flag_geyser")));
    CHECK_EQ_INT(counts[RZ_BASE], json_integer_value(json_object_get(c, "base")));
    CHECK_EQ_STR(hex(rz_owner_hash(&st->world)), json_string_value(json_object_get(v, "owner_hash_step0")));
    /* The map file, letter for letter. */
    char path[256];
    snprintf(path, sizeof path, "tests/vectors/rezzo/%s", json_string_value(json_object_get(v, "initial_map_file")));
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    if (f) {
        char *line = NULL;
        size_t cap = 0;
        int y = 0, bad = 0;
        while (getline(&line, &cap, f) > 0 && y < h) {
            for (int x = 0; x < w; x++) {
                size_t k = (size_t)y * (size_t)w + (size_t)x;
                if (line[x] != (char)rz_letter(st->world.type[k], st->world.owner[k])) bad++;
            }
            y++;
        }
        CHECK_EQ_INT(y, h);
        CHECK_EQ_INT(bad, 0);
        free(line);
        fclose(f);
    }
    json_t *hashes = json_object_get(v, "type_hash");
    for (int step = 0; step <= 300; step++) {
        char key[16];
        snprintf(key, sizeof key, "%d", step);
        json_t *want = json_object_get(hashes, key);
        if (want) CHECK_EQ_STR(hex(rz_type_hash(&st->world)), json_string_value(want));
        idle_tick(st);
    }
    rz_free(st);
    buf_free(&err);
}

TEST(rezzo_gen_start_states) {
    json_t *j = load(VEC("rezzo/start_states.json"));
    CHECK(j != NULL);
    size_t i;
    json_t *v;
    json_array_foreach(json_object_get(j, "vectors"), i, v) check_start_vector(v);
    CHECK_EQ_INT(json_array_size(json_object_get(j, "vectors")), 2);
    json_decref(j);
}

TEST(rezzo_gen_draw_counts) {
    /* The original's draw counts: 4876 draws before placement, 4882 in all, for seed 12345 at 320x320. */
    rz_config cfg = {.w = 320, .h = 320, .players = 0, .seed32 = 12345};
    rz_state *st = calloc(1, sizeof *st);
    st->cfg = cfg;
    rz_world_init(&st->world, 320, 320);
    long draws = 0;
    buf_t err;
    buf_init(&err);
    CHECK(rz_generate(st, &err, &draws));
    CHECK_EQ_INT(draws, 4876);
    rz_free(st);
    st = calloc(1, sizeof *st);
    cfg.players = 2;
    st->cfg = cfg;
    st->n = 2;
    rz_world_init(&st->world, 320, 320);
    CHECK(rz_generate(st, &err, &draws));
    CHECK_EQ_INT(draws, 4882);
    CHECK_EQ_STR(hex(rz_type_hash(&st->world)), "77f2f2b22e7cf30f");
    CHECK_EQ_STR(hex(rz_state_hash(&st->world)), "b3f2df909e323c42");
    rz_free(st);
    buf_free(&err);
}

TEST(rezzo_gen_ca_no_moves) {
    json_t *j = load(VEC("rezzo/ca_no_moves.json"));
    CHECK(j != NULL);
    size_t i;
    json_t *v;
    int checked = 0;
    json_array_foreach(json_object_get(j, "vectors"), i, v) {
        buf_t err;
        buf_init(&err);
        rz_state *st = make((uint32_t)json_integer_value(json_object_get(v, "seed")),
                            (int)json_integer_value(json_object_get(v, "width")),
                            (int)json_integer_value(json_object_get(v, "height")),
                            (int)json_integer_value(json_object_get(v, "players")), &err);
        CHECK(st != NULL);
        json_t *hashes = json_object_get(v, "type_hash");
        int last = 0;
        const char *key;
        json_t *val;
        json_object_foreach(hashes, key, val) if (atoi(key) > last) last = atoi(key);
        for (int step = 0; step <= last; step++) {
            char k[16];
            snprintf(k, sizeof k, "%d", step);
            json_t *want = json_object_get(hashes, k);
            if (want) {
                CHECK_EQ_STR(hex(rz_type_hash(&st->world)), json_string_value(want));
                checked++;
            }
            uint32_t losers = rz_ca_step(&st->world);
            CHECK_EQ_INT(losers, 0);
        }
        rz_free(st);
        buf_free(&err);
    }
    CHECK_EQ_INT(checked, 15 + 5 + 9 + 6);
    json_decref(j);
}

/* Rezzo D14: placement gives up after 1,000,000 rejected positions with an error naming W, H and N. */
TEST(rezzo_gen_D14_placement_cap) {
    buf_t err;
    buf_init(&err);
    rz_state *st = make(2, 16, 16, 10, &err);
    CHECK(st == NULL);
    CHECK(strstr(buf_cstr(&err), "16x16") != NULL);
    CHECK(strstr(buf_cstr(&err), "10 players") != NULL);
    buf_reset(&err);
    st = make(1, 16, 16, 10, &err);
    CHECK(st != NULL);
    if (st) CHECK_EQ_INT(rz_alive_count(st), 10);
    rz_free(st);
    buf_free(&err);
}

/* Rezzo D15: The generator is seeded with the game seed mod 2^32 (the original's -r -5 is seed 4294967291) */
TEST(rezzo_D14_D15_options) {
    game_options o = {.count = 1, .key = {"size"}, .value = {"64x48"}};
    rz_config cfg;
    buf_t err;
    buf_init(&err);
    CHECK(rz_config_from_options(&o, 4294967291ULL + (1ULL << 32), 2, &cfg, &err));
    CHECK_EQ_INT(cfg.w, 64);
    CHECK_EQ_INT(cfg.h, 48);
    CHECK_EQ_INT(cfg.seed32, 4294967291u); /* Rezzo D15: mod 2^32 */
    game_options o2 = {.count = 3, .key = {"width", "height", "seed"}, .value = {"100", "17", "-5"}};
    CHECK(rz_config_from_options(&o2, 1, 2, &cfg, &err));
    CHECK_EQ_INT(cfg.w, 100);
    CHECK_EQ_INT(cfg.h, 17);
    CHECK_EQ_INT(cfg.seed32, 4294967291u); /* the original's -r -5 */
    game_options bad = {.count = 1, .key = {"size"}, .value = {"15x320"}};
    CHECK(!rz_config_from_options(&bad, 1, 2, &cfg, &err));
    CHECK(!rz_config_from_options(&o, 1, 11, &cfg, &err)); /* Rezzo D13 */
    CHECK(!rz_config_from_options(&o, 1, 0, &cfg, &err));
    buf_free(&err);
}

/* ---------------- the CA: scenarios (tests/vectors/rezzo/) and single rules ---------------- */

static bool run_scenario(const char *name) {
    FILE *f = fopen(VEC("rezzo/scenarios.jsonl"), "r");
    if (!f) return false;
    char *line = NULL;
    size_t cap = 0;
    bool found = false, ok = true;
    while (getline(&line, &cap, f) > 0) {
        json_t *j = json_loads(line, 0, NULL);
        if (!j || strcmp(json_string_value(json_object_get(j, "name")), name) != 0) {
            json_decref(j);
            continue;
        }
        found = true;
        int w = (int)json_integer_value(json_object_get(j, "width"));
        int h = (int)json_integer_value(json_object_get(j, "height"));
        json_t *steps = json_object_get(j, "steps");
        rz_state *st = NULL, *ref = NULL;
        for (size_t k = 0; k < json_array_size(steps) && ok; k++) {
            json_t *step = json_array_get(steps, k);
            json_t *m = json_object_get(step, "map");
            const char *rows[64];
            char want[8192] = "";
            for (int y = 0; y < h; y++) {
                rows[y] = json_string_value(json_array_get(m, (size_t)y));
                if (y) strcat(want, "|");
                strcat(want, rows[y]);
            }
            if (k == 0) {
                buf_t err;
                buf_init(&err);
                st = rz_from_map(w, h, rows, &err);
                ref = rz_from_map(w, h, rows, &err);
                buf_free(&err);
                if (!st || !ref) return false;
                continue;
            }
            idle_tick(st);
            /* The reference stepper reaches the same map. */
            uint8_t *t = malloc(ref->world.n), *o = malloc(ref->world.n);
            uint32_t losers = rz_ca_step_ref(&ref->world, t, o);
            rz_eliminate_cells(&ref->world, losers);
            free(t);
            free(o);
            if (strcmp(rows_of(st), want) != 0 || strcmp(rows_of(ref), want) != 0) {
                printf("# %s step %zu:\n#   got  %s\n#   ref  %s\n#   want %s\n", name, k, rows_of(st), rows_of(ref), want);
                ok = false;
            }
            json_t *el = json_object_get(step, "eliminated");
            uint32_t want_mask = 0, got_mask = 0;
            for (size_t q = 0; q < json_array_size(el); q++) want_mask |= 1u << json_integer_value(json_array_get(el, q));
            for (int q = 0; q < st->last.nelim; q++) got_mask |= 1u << st->last.elim[q];
            if (want_mask != got_mask || losers != want_mask) {
                printf("# %s step %zu: eliminated %x, reference %x, want %x\n", name, k, got_mask, losers, want_mask);
                ok = false;
            }
        }
        rz_free(st);
        rz_free(ref);
        json_decref(j);
        break;
    }
    free(line);
    fclose(f);
    return found && ok;
}

/* Rezzo R9: Electron → photon if a neighbour is a flag or geyser and a neighbour is a tail, else → tail. */
TEST(rezzo_R9_R10_R11_pull) { CHECK(run_scenario("pull")); }
/* Rezzo R10: Photon → flag of owner p if the flag/geyser neighbours all belong to p, else → conductor. */
TEST(rezzo_R10_geyser) { CHECK(run_scenario("geyser")); }
/* Rezzo R10: Photon → flag of owner p if the flag/geyser neighbours all belong to p */
TEST(rezzo_R10_flag_duplication) { CHECK(run_scenario("flag-duplication")); }
/* Rezzo R12: After the step, every loser is removed: its flags become conductors, its agent, bases and
 * geysers become blank (damage stays). */
TEST(rezzo_R12_victory) { CHECK(run_scenario("victory")); }
/* Rezzo R11.1: if a neighbour is a base of another owner, p loses this step */
TEST(rezzo_R11_loss_orthogonal) { CHECK(run_scenario("loss-orthogonal")); }
/* Rezzo R11.1: if a neighbour is a base of another owner, p loses this step */
TEST(rezzo_R11_loss_diagonal) { CHECK(run_scenario("loss-diagonal")); }
/* Rezzo R11.1: (a flag beside its own base is harmless) */
TEST(rezzo_R11_own_base) { CHECK(run_scenario("own-base")); }
/* Rezzo R3: The neighbourhood of a cell is its 8 surrounding cells (wrapped); no rule counts the cell
 * itself. */
TEST(rezzo_R11_distance_2) { CHECK(run_scenario("distance-2")); }
/* Rezzo R13: Several players can go in one step. */
TEST(rezzo_R13_both_lose) { CHECK(run_scenario("both-lose")); }
/* Rezzo R12: After the step, every loser is removed */
TEST(rezzo_R12_one_loses) { CHECK(run_scenario("one-loses")); }
/* Rezzo R11: Flag of p: - R11.1 if a neighbour is a base of another owner, p loses this step (a flag
 * beside its own base is harmless); - R11.2 if a neighbour is a photon, the flag becomes a conductor. */
TEST(rezzo_R11_loss_and_dissipation) { CHECK(run_scenario("loss-and-dissipation")); }
/* Rezzo R10: Photon → flag of owner p if the flag/geyser neighbours all belong to p, else → conductor. */
TEST(rezzo_R10_photon_one_owner) { CHECK(run_scenario("photon-one-owner")); }
/* Rezzo R10: Photon → flag of owner p if the flag/geyser neighbours all belong to p, else → conductor. */
TEST(rezzo_R10_photon_two_owners) { CHECK(run_scenario("photon-two-owners")); }
/* Rezzo R10: Photon → flag of owner p if the flag/geyser neighbours all belong to p, else → conductor. */
TEST(rezzo_R10_photon_geyser_and_flag) { CHECK(run_scenario("photon-geyser-and-flag")); }
/* Rezzo R10: Photon → flag of owner p if the flag/geyser neighbours all belong to p */
TEST(rezzo_R10_photon_geyser_same_owner) { CHECK(run_scenario("photon-geyser-same-owner")); }
/* Rezzo R10: else → conductor. */
TEST(rezzo_R10_photon_alone) { CHECK(run_scenario("photon-alone")); }
/* Rezzo R10: else → conductor. */
TEST(rezzo_R10_photon_not_adjacent) { CHECK(run_scenario("photon-not-adjacent")); }
/* Rezzo R9: Electron → photon if a neighbour is a flag or geyser and a neighbour is a tail, else → tail. */
TEST(rezzo_R9_tailless_electron) { CHECK(run_scenario("tailless-electron")); }
/* Rezzo R9: Electron → photon if a neighbour is a flag or geyser and a neighbour is a tail, else → tail. */
TEST(rezzo_R9_electron_with_tail) { CHECK(run_scenario("electron-with-tail")); }

/* One CA step on an ASCII map; returns the new rows. */
static const char *step_map(rz_state *st) {
    idle_tick(st);
    return rows_of(st);
}

/* Rezzo R6: Blank, agent, geyser, base: unchanged. */
TEST(rezzo_R6_static_types) {
    /* Blank, agents, geysers and bases never change, even beside electrons. */
    rz_state *st = map(5, "       ", " 0*a,  ", " n .b  ", "  1o   ", "       ");
    CHECK(st);
    CHECK_EQ_STR(step_map(st), "       | 0,a.  | n *b  |  1o   |       ");
    rz_free(st);
}

/* Rezzo R7: Tail → conductor. */
TEST(rezzo_R7_tail_becomes_conductor) {
    rz_state *st = map(3, "     ", " ,,, ", "     ");
    CHECK_EQ_STR(step_map(st), "     | ... |     ");
    rz_free(st);
}

/* Rezzo R8: Conductor → electron if exactly 1 or 2 of its 8 neighbours are electrons. */
TEST(rezzo_R8_one_or_two_electrons) {
    /* Conductors with 1, 2 and 3 electron neighbours: the first two fire, the third does not. */
    rz_state *st = map(5, "           ", " *.  *.*  *", " .   ...  .", "           ", "*         *");
    CHECK(st);
    /* Column by column: (2,1) has 1 electron, (6,2) has 2 (5,1),(7,1) ... checked by hand. */
    rz_state *ref = map(5, "           ", " *.  *.*  *", " .   ...  .", "           ", "*         *");
    uint8_t *t = malloc(st->world.n), *o = malloc(st->world.n);
    rz_ca_step_ref(&ref->world, t, o);
    const char *got = step_map(st);
    CHECK_EQ_STR(got, rows_of(ref));
    /* (2,1): one electron neighbour (1,1) -> electron. */
    CHECK_EQ_INT(st->world.type[1 * 11 + 2], RZ_ELEC);
    /* (6,1): neighbours (5,1) and (7,1): two -> electron. */
    CHECK_EQ_INT(st->world.type[1 * 11 + 6], RZ_ELEC);
    rz_free(st);
    rz_free(ref);
    /* Three electrons around one conductor: it stays a conductor. */
    st = map(4, "     ", " *** ", "  .  ", "     ");
    step_map(st);
    CHECK_EQ_INT(st->world.type[2 * 5 + 2], RZ_COND);
    rz_free(st);
    free(t);
    free(o);
}

/* Rezzo R3: The neighbourhood of a cell is its 8 surrounding cells (wrapped); no rule counts the cell
 * itself. */
TEST(rezzo_R3_R1_wrap_neighbours) {
    /* An electron on the left edge fires the conductor on the right edge: the world wraps. */
    rz_state *st = map(3, "                ", "*              .", "                ");
    CHECK_EQ_STR(step_map(st), "                |,              *|                ");
    rz_free(st);
    st = map(3, "               .", "                ", "*               ");
    CHECK_EQ_STR(step_map(st), "               *|                |,               ");
    rz_free(st);
}

/* ---------------- actions (Rezzo R15-R19) ---------------- */

/* Player 1's agent at (2,2) facing N (rz_from_map faces agents north); F is (2,1). */
static rz_state *facing_cell(char f) {
    char row1[8] = "     ";
    row1[2] = f;
    return map(5, "     ", row1, "  0  ", "     ", "     ");
}

/* Rezzo R15: Advance and build need the cell ahead to be blank (type only; damage and owner do not
 * matter). */
TEST(rezzo_R15_advance_and_build_need_blank) {
    const char *types = " .*,~0AanBbo";
    for (const char *t = types; *t; t++) {
        for (int build = 0; build < 2; build++) {
            rz_state *st = facing_cell(*t);
            if (*t == '0') { /* an agent of another player in front */
                rz_free(st);
                st = map(5, "     ", "  1  ", "  0  ", "     ", "     ");
            }
            int ack = rz_act(st, 0, build ? RZ_ACT_BUILD : RZ_ACT_ADVANCE);
            if (*t == ' ') {
                CHECK_EQ_INT(ack, RZ_ACK_OK);
                CHECK_EQ_INT(st->p[0].y, 1);
                CHECK_EQ_INT(st->world.type[1 * 5 + 2], RZ_AGENT);
                CHECK_EQ_INT(st->world.type[2 * 5 + 2], build ? RZ_COND : RZ_BLANK);
            } else {
                CHECK_EQ_INT(ack, RZ_ACK_INVALID_ACTION);
                CHECK_EQ_INT(st->p[0].y, 2);
            }
            rz_free(st);
        }
    }
}

/* Rezzo R15: (type only; damage and owner do not matter) */
TEST(rezzo_R15_blank_with_damage_is_blank) {
    rz_state *st = facing_cell(' ');
    st->world.damage[1 * 5 + 2] = 3;
    CHECK_EQ_INT(rz_act(st, 0, RZ_ACT_ADVANCE), RZ_ACK_OK);
    rz_free(st);
}

/* Rezzo R16: Turning is always allowed. */
TEST(rezzo_R16_turns_wrap) {
    rz_state *st = facing_cell(' ');
    CHECK_EQ_INT(st->p[0].facing, RZ_N);
    CHECK_EQ_INT(rz_act(st, 0, RZ_ACT_LEFT), RZ_ACK_OK);
    CHECK_EQ_INT(st->p[0].facing, RZ_W);
    CHECK_EQ_INT(rz_act(st, 0, RZ_ACT_RIGHT), RZ_ACK_OK);
    CHECK_EQ_INT(st->p[0].facing, RZ_N);
    for (int k = 0; k < 4; k++) rz_act(st, 0, RZ_ACT_RIGHT);
    CHECK_EQ_INT(st->p[0].facing, RZ_N);
    CHECK_EQ_INT(rz_act(st, 0, RZ_ACT_NOP), RZ_ACK_OK);
    CHECK_EQ_INT(rz_act(st, 0, 'x'), RZ_ACK_INVALID_MESSAGE);
    CHECK_EQ_INT(rz_act(st, 0, 0), RZ_ACK_INVALID_MESSAGE);
    rz_free(st);
}

/* Rezzo R17: Hit is refused when the cell ahead is blank, an agent, a geyser or a base; photons and flags
 * can be hit, by anyone. */
TEST(rezzo_R17_hit_targets) {
    const char *types = " .*,~1AanBbo";
    for (const char *t = types; *t; t++) {
        rz_state *st = facing_cell(*t);
        int ack = rz_act(st, 0, RZ_ACT_HIT);
        bool hittable = strchr(".*,~AB", *t) != NULL;
        CHECK_EQ_INT(ack, hittable ? RZ_ACK_OK : RZ_ACK_INVALID_ACTION);
        CHECK_EQ_INT(st->world.damage[1 * 5 + 2], hittable ? 1 : 0);
        rz_free(st);
    }
}

/* Rezzo R18: A hit that takes damage to 4 turns the cell blank with damage 0 */
TEST(rezzo_R18_four_hits_destroy) {
    rz_state *st = facing_cell('B');
    for (int k = 0; k < 3; k++) CHECK_EQ_INT(rz_act(st, 0, RZ_ACT_HIT), RZ_ACK_OK);
    CHECK_EQ_INT(st->world.damage[7], 3);
    CHECK_EQ_INT(st->world.type[7], RZ_FLAG);
    CHECK_EQ_INT(rz_act(st, 0, RZ_ACT_HIT), RZ_ACK_OK);
    CHECK_EQ_INT(st->world.type[7], RZ_BLANK);
    CHECK_EQ_INT(st->world.owner[7], 0); /* Rezzo D16 */
    CHECK_EQ_INT(st->world.damage[7], 0);
    CHECK_EQ_INT(rz_act(st, 0, RZ_ACT_HIT), RZ_ACK_INVALID_ACTION);
    rz_free(st);
}

/* Rezzo R18: damage survives type changes, so a wire hit twice that then carries an electron is destroyed
 * by two more hits. */
TEST(rezzo_R18_R5_damage_survives_type_change) {
    /* A wire hit twice carries an electron: two more hits still destroy it (Rezzo R5, R18). */
    rz_state *st = map(5, "     ", " *.. ", "  0  ", "     ", "     ");
    CHECK_EQ_INT(rz_act(st, 0, RZ_ACT_HIT), RZ_ACK_OK);
    CHECK_EQ_INT(rz_act(st, 0, RZ_ACT_HIT), RZ_ACK_OK);
    idle_tick(st); /* the electron moves onto the damaged wire */
    CHECK_EQ_INT(st->world.type[7], RZ_ELEC);
    CHECK_EQ_INT(st->world.damage[7], 2);
    idle_tick(st);
    CHECK_EQ_INT(st->world.type[7], RZ_TAIL);
    CHECK_EQ_INT(rz_act(st, 0, RZ_ACT_HIT), RZ_ACK_OK);
    CHECK_EQ_INT(rz_act(st, 0, RZ_ACT_HIT), RZ_ACK_OK);
    CHECK_EQ_INT(st->world.type[7], RZ_BLANK);
    rz_free(st);
}

/* Rezzo R19: Advance and build set the damage of both cells (the old and the new) to 0. */
TEST(rezzo_R19_advance_resets_damage) {
    rz_state *st = facing_cell(' ');
    st->world.damage[7] = 2;  /* F */
    st->world.damage[12] = 3; /* P */
    CHECK_EQ_INT(rz_act(st, 0, RZ_ACT_BUILD), RZ_ACK_OK);
    CHECK_EQ_INT(st->world.damage[7], 0);
    CHECK_EQ_INT(st->world.damage[12], 0);
    rz_free(st);
}

/* Rezzo R12: its flags become conductors, its agent, bases and geysers become blank (damage stays). */
TEST(rezzo_R12_elimination_keeps_damage) {
    rz_state *st = map(3, "         ", " Bn  1 b ", "         ");
    st->world.damage[9 + 1] = 2;
    idle_tick(st);
    CHECK_EQ_STR(rows_of(st), "         | .n      |         ");
    CHECK_EQ_INT(st->world.damage[10], 2);
    CHECK(!st->p[1].alive);
    CHECK_EQ_INT(st->p[1].elim_tick, 1);
    CHECK_EQ_INT(st->p[1].cause, RZ_CAUSE_FLAG);
    rz_free(st);
}

/* ---------------- the tick (2.6, D2) ---------------- */

/* Rezzo D2: A tick's replies are collected until the deadline, then applied in seat order 1..N against the
 * live state, then the CA step runs */
TEST(rezzo_D2_seat_order_conflict) {
    /* Two agents advance into the same cell: seat 1 wins, seat 2 gets INVALID_ACTION. */
    rz_state *st = map(5, "       ", "       ", "  0 1  ", "       ", "       ");
    st->p[0].facing = RZ_E;
    st->p[1].facing = RZ_W;
    int acts[RZ_MAX_PLAYERS] = {RZ_ACT_ADVANCE, RZ_ACT_ADVANCE};
    bool multi[RZ_MAX_PLAYERS] = {false};
    rz_tick(st, acts, multi, NULL);
    CHECK_EQ_INT(st->p[0].ack, RZ_ACK_OK);
    CHECK_EQ_INT(st->p[1].ack, RZ_ACK_INVALID_ACTION);
    CHECK_EQ_INT(st->p[0].x, 3);
    CHECK_EQ_INT(st->p[1].x, 4);
    rz_free(st);
}

/* Rezzo P7: The ack in the message of tick t+1 (0 in tick 0), computed when the action is applied in seat
 * order: */
TEST(rezzo_P7_acks_in_tick) {
    rz_state *st = map(5, "       ", "   .   ", "  0 1  ", "       ", "       ");
    int acts[RZ_MAX_PLAYERS] = {RZ_ACT_BUILD, -1};
    bool multi[RZ_MAX_PLAYERS] = {true, false};
    rz_tick(st, acts, multi, NULL);
    /* The first action stands and the ack says MULTIPLE_MESSAGES (Rezzo P7). */
    CHECK_EQ_INT(st->p[0].ack, RZ_ACK_MULTIPLE);
    CHECK_EQ_INT(st->p[0].y, 1);
    CHECK_EQ_INT(st->world.type[2 * 7 + 2], RZ_COND);
    CHECK_EQ_INT(st->p[1].ack, RZ_ACK_NO_MESSAGE);
    rz_view v;
    rz_view_of(st, 0, &v);
    CHECK_EQ_INT(v.ack, RZ_ACK_MULTIPLE);
    CHECK_EQ_INT(v.ts, 1);
    rz_free(st);
}

/* Rezzo D6: A seat whose process fails (exit, signal, a write failing with EPIPE, a fatal pipe error) is
 * eliminated after the step of the tick in which the referee noticed it; records it wrote before it died
 * still count */
TEST(rezzo_D6_failure_eliminates_after_step) {
    rz_state *st = map(5, "       ", "       ", "  0 1  ", "       ", "       ");
    int acts[RZ_MAX_PLAYERS] = {RZ_ACT_BUILD, -1};
    bool multi[RZ_MAX_PLAYERS] = {false};
    rz_cause failed[RZ_MAX_PLAYERS] = {RZ_CAUSE_EXIT, RZ_CAUSE_NONE};
    rz_tick(st, acts, multi, failed);
    /* Its record still counted, then it left at tick 1 with its cells (Rezzo D6, R14). */
    CHECK(!st->p[0].alive);
    CHECK_EQ_INT(st->p[0].elim_tick, 1);
    CHECK_EQ_INT(st->p[0].cause, RZ_CAUSE_EXIT);
    CHECK_EQ_STR(rows_of(st), "       |       |  . 1  |       |       ");
    CHECK(st->over); /* one player left (Rezzo D4) */
    rz_free(st);
}

/* ---------------- end and ranking (Rezzo D4, D5, W4) ---------------- */

/* Rezzo D5: Players alive at the end share first place; eliminated players rank by elimination tick, later
 * is better; the same tick ties ("1224"). */
TEST(rezzo_D4_D5_end_and_rank) {
    buf_t err;
    buf_init(&err);
    rz_config cfg = {.w = 32, .h = 32, .players = 4, .max_ticks = 3, .tick_ms = 60, .keyframe_every = 500, .seed32 = 7};
    rz_state *st = rz_new(&cfg, &err, NULL);
    CHECK(st != NULL);
    for (int t = 0; t < 2; t++) {
        idle_tick(st);
        CHECK(!st->over);
    }
    idle_tick(st);
    CHECK(st->over); /* t+1 = max_ticks */
    CHECK_EQ_INT(st->tick, 3);
    int ranks[RZ_MAX_PLAYERS];
    double pts[RZ_MAX_PLAYERS];
    rz_ranks(st, ranks);
    for (int s = 0; s < 4; s++) CHECK_EQ_INT(ranks[s], 1); /* all alive: shared first */
    /* A alive, B and C out at 500, D at 100: 1, 2, 2, 4. */
    st->p[1].alive = st->p[2].alive = st->p[3].alive = false;
    st->p[1].elim_tick = st->p[2].elim_tick = 500;
    st->p[3].elim_tick = 100;
    rz_ranks(st, ranks);
    CHECK_EQ_INT(ranks[0], 1);
    CHECK_EQ_INT(ranks[1], 2);
    CHECK_EQ_INT(ranks[2], 2);
    CHECK_EQ_INT(ranks[3], 4);
    rz_points(st, pts);
    CHECK(pts[0] == 1.0 && pts[1] == 0.5 && pts[2] == 0.5 && pts[3] == 0.0);
    rz_free(st);
    /* The last two eliminated in one step: a draw, both rank 1. */
    st = map(4, "       ", " Bn    ", " Ao    ", "       ");
    idle_tick(st);
    CHECK(st->over);
    rz_ranks(st, ranks);
    CHECK_EQ_INT(ranks[0], 1);
    CHECK_EQ_INT(ranks[1], 1);
    rz_free(st);
    /* One survivor ends the game (N >= 2); a one-player game runs to max_ticks. */
    st = map(3, "         ", " Bn  1 b ", "         ");
    idle_tick(st);
    CHECK(st->over);
    rz_free(st);
    cfg.players = 1;
    cfg.max_ticks = 5;
    st = rz_new(&cfg, &err, NULL);
    for (int t = 0; t < 4; t++) idle_tick(st);
    CHECK(!st->over);
    idle_tick(st);
    CHECK(st->over);
    rz_free(st);
    buf_free(&err);
}

/* Rezzo D7: A seat that cannot be started is still placed, then removed at tick 0 before any message; it
 * ranks below everyone who played. */
TEST(rezzo_D7_absent_seat) {
    buf_t err;
    buf_init(&err);
    rz_state *st = make(12345, 320, 320, 3, &err);
    rz_absent(st, 1);
    CHECK(!st->p[1].alive);
    CHECK_EQ_INT(st->p[1].elim_tick, 0);
    CHECK_EQ_INT(st->p[1].cause, RZ_CAUSE_START);
    int owned = 0;
    for (size_t i = 0; i < st->world.n; i++) owned += st->world.owner[i] == 2;
    CHECK_EQ_INT(owned, 0);
    int ranks[RZ_MAX_PLAYERS];
    rz_ranks(st, ranks);
    CHECK_EQ_INT(ranks[1], 3);
    rz_free(st);
    buf_free(&err);
}

/* Rezzo R4: the view letter folds the owner in */
/* (the page's table: agent '0'+p-1, flag 'A'+p-1, geyser 'a'+p-1, base 'n'+p-1 for players
 * p = 1..10; the unowned types are their own letters) */
TEST(rezzo_R4_view_letters_of_all_ten_players) {
    static const uint8_t OWNED[4] = {RZ_AGENT, RZ_FLAG, RZ_GEYSER, RZ_BASE};
    static const char FIRST[4] = {'0', 'A', 'a', 'n'};
    for (int k = 0; k < 4; k++)
        for (int p = 1; p <= 10; p++) {
            uint8_t letter = (uint8_t)(FIRST[k] + p - 1), type = 0, owner = 0;
            CHECK_EQ_INT(rz_letter(OWNED[k], (uint8_t)p), letter);
            CHECK(rz_unletter(letter, &type, &owner));
            CHECK_EQ_INT(type, OWNED[k]);
            CHECK_EQ_INT(owner, p);
        }
    static const char PLAIN[] = " .*,~";
    for (int k = 0; PLAIN[k]; k++) {
        uint8_t type = 0, owner = 9;
        CHECK(rz_unletter((uint8_t)PLAIN[k], &type, &owner));
        CHECK_EQ_INT(type, (uint8_t)PLAIN[k]);
        CHECK_EQ_INT(owner, 0);
    }
    /* the letters just past each range name nobody */
    static const char NONE[] = ":Kkx";
    for (int k = 0; NONE[k]; k++) {
        uint8_t type, owner;
        CHECK(!rz_unletter((uint8_t)NONE[k], &type, &owner));
    }
}

/* Rezzo P7 in the replay: a turn record lists each seat's applied action (null: none), the seats
 * (ids) that sent more than one record, and each seat's ack. */
TEST(rezzo_P7_turn_record_names_actions_extra_records_and_acks) {
    rz_state *st = map(5, "       ", "       ", "  0 1  ", "       ", "       ");
    int acts[RZ_MAX_PLAYERS] = {-1, RZ_ACT_LEFT};
    bool multi[RZ_MAX_PLAYERS] = {false, true};
    rz_tick(st, acts, multi, NULL);
    buf_t out;
    buf_init(&out);
    jw_t w;
    jw_init(&w, &out);
    rz_turn_json(st, &w);
    json_error_t e;
    json_t *j = json_loads(buf_cstr(&out), 0, &e);
    if (!j) printf("# not JSON (%s): %s\n", e.text, buf_cstr(&out));
    CHECK(j != NULL);
    json_t *a = json_object_get(j, "acts"), *m = json_object_get(j, "multi"), *k = json_object_get(j, "acks");
    CHECK_EQ_INT(json_array_size(a), 2);
    CHECK(json_is_null(json_array_get(a, 0)));
    CHECK_EQ_INT(json_integer_value(json_array_get(a, 1)), RZ_ACT_LEFT);
    CHECK_EQ_INT(json_array_size(m), 1);
    CHECK_EQ_INT(json_integer_value(json_array_get(m, 0)), 2);
    CHECK_EQ_INT(json_array_size(k), 2);
    CHECK_EQ_INT(json_integer_value(json_array_get(k, 0)), RZ_ACK_NO_MESSAGE);
    CHECK_EQ_INT(json_integer_value(json_array_get(k, 1)), RZ_ACK_MULTIPLE);
    json_decref(j);
    buf_free(&out);
    rz_free(st);
}

/* The human seat (docs/games/rezzo.md "Displays"): key presses queue actions, at most two; each
 * tick plays the oldest, or nop when none is queued. Up advances (builds in build mode, `b`),
 * Left and Right turn, Space builds, Enter hits, Down is nop; other keys do nothing. */
TEST(rezzo_human_seat_keys_queue_at_most_two_actions) {
    void *mem = calloc(1, rz_human_bot.memory_size);
    rz_view v;
    memset(&v, 0, sizeof v);
    v.ts = 7;
    rz_action a;
    static const int keys[] = {GAME_KEY_LEFT, 'x', GAME_KEY_UP, GAME_KEY_RIGHT}; /* the third is dropped */
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) rz_human_key(mem, keys[k]);
    static const int want[] = {RZ_ACT_LEFT, RZ_ACT_ADVANCE, RZ_ACT_NOP};
    for (size_t k = 0; k < 3; k++) {
        CHECK(rz_human_bot.act(mem, &v, &a, NULL));
        CHECK_EQ_INT(a.act, want[k]);
        CHECK_EQ_INT(a.ts, 7);
    }
    rz_human_key(mem, 'b'); /* build mode: Up builds */
    rz_human_key(mem, GAME_KEY_UP);
    rz_human_key(mem, ' ');
    CHECK(rz_human_bot.act(mem, &v, &a, NULL) && a.act == RZ_ACT_BUILD);
    CHECK(rz_human_bot.act(mem, &v, &a, NULL) && a.act == RZ_ACT_BUILD);
    rz_human_key(mem, 'B'); /* and back */
    rz_human_key(mem, GAME_KEY_UP);
    rz_human_key(mem, '\r');
    CHECK(rz_human_bot.act(mem, &v, &a, NULL) && a.act == RZ_ACT_ADVANCE);
    CHECK(rz_human_bot.act(mem, &v, &a, NULL) && a.act == RZ_ACT_HIT);
    rz_human_key(mem, GAME_KEY_DOWN);
    rz_human_key(mem, '\n');
    CHECK(rz_human_bot.act(mem, &v, &a, NULL) && a.act == RZ_ACT_NOP);
    CHECK(rz_human_bot.act(mem, &v, &a, NULL) && a.act == RZ_ACT_HIT);
    free(mem);
}

/* ---------------- the view (Rezzo P2) ---------------- */

/* Rezzo P2: View index i = 13·r + k shows the cell (12 − r) ahead and (k − 6) to the right of the agent. */
TEST(rezzo_P2_view) {
    json_t *j = load(VEC("rezzo/views_s12345_320x320_p2_t0.json"));
    buf_t err;
    buf_init(&err);
    rz_state *st = make(12345, 320, 320, 2, &err);
    size_t i;
    json_t *m;
    json_array_foreach(json_object_get(j, "messages"), i, m) {
        rz_view v;
        rz_view_of(st, (int)i, &v);
        char hexmsg[2 * RZ_MSG_SIZE + 1];
        for (int k = 0; k < RZ_MSG_SIZE; k++) snprintf(hexmsg + 2 * k, 3, "%02x", ((uint8_t *)&v)[k]);
        CHECK_EQ_STR(hexmsg, json_string_value(json_object_get(m, "message_hex")));
        CHECK_EQ_STR(hex(hash_fnv1a64(&v, sizeof v, FNV1A64_OFFSET)), json_string_value(json_object_get(m, "message_fnv")));
        for (int r = 0; r < 13; r++) {
            char row[14];
            memcpy(row, v.c + 13 * r, 13);
            row[13] = 0;
            CHECK_EQ_STR(row, json_string_value(json_array_get(json_object_get(m, "rows"), (size_t)r)));
        }
    }
    CHECK_EQ_INT(json_array_size(json_object_get(j, "messages")), 2);
    rz_free(st);
    json_decref(j);
    buf_free(&err);
}

/* Rezzo P2: View index i = 13·r + k shows the cell (12 − r) ahead and (k − 6) to the right of the agent. */
TEST(rezzo_P2_view_mapping_all_facings_across_wrap) {
    /* Every cell gets a unique letter pattern via damage+type; the agent sits at the corner so
     * the view crosses both wrap edges. Index i shows (12-r) ahead and (k-6) right. */
    for (int f = 0; f < 4; f++) {
        rz_state *st = map(3, "                 ", "                 ", "                 ");
        rz_free(st);
        const char *rows[20];
        char buf[20][21];
        for (int y = 0; y < 20; y++) {
            memset(buf[y], ' ', 20);
            buf[y][20] = 0;
            rows[y] = buf[y];
        }
        buf[0][0] = '0';
        buf_t err;
        buf_init(&err);
        st = rz_from_map(20, 20, rows, &err);
        st->p[0].facing = f;
        for (size_t c = 0; c < st->world.n; c++) st->world.damage[c] = (uint8_t)(c % 4);
        /* Put a unique type pattern on a few cells to check letters too. */
        st->world.type[rz_idx(&st->world, 0 + RZ_FWD[f][0] * 12, 0 + RZ_FWD[f][1] * 12)] = RZ_COND;
        rz_view v;
        rz_view_of(st, 0, &v);
        int bad = 0;
        for (int i = 0; i < 169; i++) {
            int r = i / 13, k = i % 13;
            int ahead = 12 - r, right = k - 6;
            int x = (ahead * RZ_FWD[f][0] + right * RZ_RIGHT[f][0] + 40) % 20;
            int y = (ahead * RZ_FWD[f][1] + right * RZ_RIGHT[f][1] + 40) % 20;
            size_t c = (size_t)y * 20 + (size_t)x;
            if (v.damage[i] != st->world.damage[c]) bad++;
            if (v.c[i] != rz_letter(st->world.type[c], st->world.owner[c])) bad++;
        }
        CHECK_EQ_INT(bad, 0);
        CHECK_EQ_INT(v.c[162], '0');
        CHECK_EQ_INT(v.c[6], '.'); /* 12 ahead, straight on */
        rz_free(st);
        buf_free(&err);
    }
}

/* rz_view_of steps along each row of the view instead of wrapping every cell (a simulator step
 * views three times): at every position and facing of a world smaller than twice the view, both
 * wrap edges crossed, on a non-square one, every cell is the one rz_view_cell names. */
TEST(rezzo_P2_view_equals_the_cell_mapping_at_every_position) {
    static const uint8_t types[5] = {RZ_BLANK, RZ_COND, RZ_ELEC, RZ_TAIL, RZ_PHOTON};
    int bad = 0, seen = 0;
    for (int size = 0; size < 2; size++) {
        int W = size ? 16 : 23, H = size ? 19 : 14;
        const char *rows[32];
        char buf[32][33];
        for (int y = 0; y < H; y++) {
            memset(buf[y], ' ', (size_t)W);
            buf[y][W] = 0;
            rows[y] = buf[y];
        }
        buf[0][0] = '0';
        buf_t err;
        buf_init(&err);
        rz_state *st = rz_from_map(W, H, rows, &err);
        CHECK(st != NULL);
        if (!st) return;
        rz_world *w = &st->world;
        for (size_t c = 0; c < w->n; c++) { /* 20 distinct (letter, damage) pairs, a pattern of period 20 */
            w->type[c] = types[(c * 7 + c / (size_t)W) % 5];
            w->damage[c] = (uint8_t)((c * 3 + c / (size_t)W) % 4);
        }
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                for (int f = 0; f < 4; f++) {
                    st->p[0].x = x, st->p[0].y = y, st->p[0].facing = f;
                    rz_view v;
                    rz_view_of(st, 0, &v);
                    for (int i = 0; i < RZ_VIEWPORT_SQ; i++) {
                        int cx, cy;
                        rz_view_cell(w, x, y, f, i, &cx, &cy);
                        size_t c = (size_t)cy * (size_t)W + (size_t)cx;
                        bad += v.c[i] != rz_letter(w->type[c], w->owner[c]) || v.damage[i] != w->damage[c];
                        seen++;
                    }
                }
        rz_free(st);
        buf_free(&err);
    }
    CHECK_EQ_INT(bad, 0);
    CHECK_EQ_INT(seen, (23 * 14 + 16 * 19) * 4 * RZ_VIEWPORT_SQ);
}

/* The tick's changes in increasing order, as the replay diff lists them, whichever way
 * rz_changes_sort takes: a bitmap in a small world, qsort in a large one with few changes. */
TEST(rezzo_changes_sorted_in_small_and_large_worlds) {
    static const int sizes[][3] = {{64, 64, 300}, {64, 64, 2}, {64, 64, 4096}, {320, 320, 40}, {320, 320, 5000}};
    for (size_t t = 0; t < sizeof sizes / sizeof sizes[0]; t++) {
        rz_world w;
        CHECK(rz_world_init(&w, sizes[t][0], sizes[t][1]));
        w.track = true;
        uint64_t x = 88172645463325252ULL + t;
        for (int k = 0; k < sizes[t][2]; k++) { /* a cell may change twice: listed once */
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            rz_set(&w, (size_t)(x % w.n), RZ_COND, 0);
        }
        size_t listed = w.nchanged, marked = 0, bad = 0;
        rz_changes_sort(&w);
        for (size_t i = 0; i < w.n; i++) marked += w.mark[i];
        for (size_t k = 0; k < w.nchanged; k++) {
            if (k && w.changed[k] <= w.changed[k - 1]) bad++;
            if (!w.mark[w.changed[k]]) bad++;
        }
        CHECK_EQ_INT((int)w.nchanged, (int)listed);
        CHECK_EQ_INT((int)marked, (int)listed);
        CHECK_EQ_INT((int)bad, 0);
        rz_world_free(&w);
    }
}

/* ---------------- traces and invariants (Rezzo D16) ---------------- */

static void check_invariants(const rz_state *st, int *bad) {
    const rz_world *w = &st->world;
    int agents[RZ_MAX_PLAYERS + 1] = {0}, bases[RZ_MAX_PLAYERS + 1] = {0}, geysers[RZ_MAX_PLAYERS + 1] = {0};
    for (size_t i = 0; i < w->n; i++) {
        uint8_t t = w->type[i], o = w->owner[i];
        bool owned = t == RZ_AGENT || t == RZ_FLAG || t == RZ_GEYSER || t == RZ_BASE;
        if (owned != (o != 0)) (*bad)++;
        if (w->damage[i] > 3) (*bad)++;
        if (o > st->n) (*bad)++;
        else if (o && !st->p[o - 1].alive) (*bad)++;
        if (t == RZ_AGENT) agents[o]++;
        if (t == RZ_BASE) bases[o]++;
        if (t == RZ_GEYSER) geysers[o]++;
    }
    for (int s = 0; s < st->n; s++) {
        if (!st->p[s].alive) continue;
        if (agents[s + 1] != 1 || bases[s + 1] != 2 || geysers[s + 1] != 2) (*bad)++;
        size_t i = rz_idx(w, st->p[s].x, st->p[s].y);
        if (w->type[i] != RZ_AGENT || w->owner[i] != s + 1) (*bad)++;
    }
}

static int trace_file(const char *path) {
    FILE *out = tmpfile();
    int rc = trace_rezzo(path, out);
    if (rc) {
        rewind(out);
        char line[512];
        while (fgets(line, sizeof line, out)) printf("# %s", line);
    }
    fclose(out);
    return rc;
}

TEST(rezzo_trace_s12345_320x320_p2_random) { CHECK_EQ_INT(trace_file(VEC("rezzo/trace_s12345_320x320_p2_random.jsonl")), 0); }
TEST(rezzo_trace_s12345_320x320_p2_wander) { CHECK_EQ_INT(trace_file(VEC("rezzo/trace_s12345_320x320_p2_wander.jsonl")), 0); }
TEST(rezzo_trace_s14_48x48_p4_random) { CHECK_EQ_INT(trace_file(VEC("rezzo/trace_s14_48x48_p4_random.jsonl")), 0); }

TEST(rezzo_trace_detects_a_difference) {
    /* A trace with one altered record fails, naming the tick. */
    FILE *in = fopen(VEC("rezzo/trace_s14_48x48_p4_random.jsonl"), "r");
    char tmp[] = "/tmp/rezzo_trace_XXXXXX";
    int fd = mkstemp(tmp);
    FILE *out = fdopen(fd, "w");
    char *line = NULL;
    size_t cap = 0;
    int n = 0;
    while (getline(&line, &cap, in) > 0) {
        if (n == 11) {
            char *p = strstr(line, "\"records\": [\"0a");
            if (p) p[15] = p[15] == '2' ? '5' : '2'; /* change one action byte */
        }
        fputs(line, out);
        n++;
    }
    fclose(in);
    fclose(out);
    free(line);
    FILE *msg = tmpfile();
    CHECK_EQ_INT(trace_rezzo(tmp, msg), 1);
    rewind(msg);
    char text[512] = "";
    if (!fgets(text, sizeof text, msg)) text[0] = 0;
    CHECK(strstr(text, "game 0") != NULL);
    CHECK(strstr(text, "tick 1") != NULL);
    fclose(msg);
    unlink(tmp);
    msg = tmpfile();
    CHECK_EQ_INT(trace_rezzo("/nonexistent/trace.jsonl", msg), 2);
    fclose(msg);
}

/* Replays a trace's records through rz_tick and checks the invariants after every tick. */
static int invariants_over_trace(const char *path) {
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    rz_state *st = NULL;
    int bad = 0;
    while (getline(&line, &cap, f) > 0) {
        json_t *j = json_loads(line, 0, NULL);
        if (!st) {
            st = make((uint32_t)json_integer_value(json_object_get(j, "seed")), (int)json_integer_value(json_object_get(j, "width")),
                      (int)json_integer_value(json_object_get(j, "height")),
                      (int)json_integer_value(json_object_get(j, "players")), NULL);
            check_invariants(st, &bad);
        } else if (json_object_get(j, "seats")) {
            int acts[RZ_MAX_PLAYERS];
            bool multi[RZ_MAX_PLAYERS] = {false};
            for (int s = 0; s < RZ_MAX_PLAYERS; s++) acts[s] = -1;
            size_t k;
            json_t *e;
            json_array_foreach(json_object_get(j, "seats"), k, e) {
                int s = (int)json_integer_value(json_object_get(e, "id")) - 1;
                size_t r;
                json_t *jr;
                json_array_foreach(json_object_get(e, "records"), r, jr) {
                    unsigned b0, b1;
                    sscanf(json_string_value(jr), "%2x%2x", &b0, &b1);
                    if (b0 != (unsigned)(st->tick & 255)) continue;
                    if (acts[s] >= 0) multi[s] = true;
                    else acts[s] = (int)b1;
                }
            }
            rz_tick(st, acts, multi, NULL);
            check_invariants(st, &bad);
        }
        json_decref(j);
    }
    free(line);
    fclose(f);
    rz_free(st);
    return bad;
}

/* Rezzo D16: A cell's owner is non-zero exactly when its type is agent, flag, geyser or base */
TEST(rezzo_D16_invariants_traces) {
    CHECK_EQ_INT(invariants_over_trace(VEC("rezzo/trace_s14_48x48_p4_random.jsonl")), 0);
    CHECK_EQ_INT(invariants_over_trace(VEC("rezzo/trace_s12345_320x320_p2_random.jsonl")), 0);
}

/* Rezzo D16: A cell's owner is non-zero exactly when its type is agent, flag, geyser or base */
TEST(rezzo_D16_invariants_fuzz) {
    /* Random actions on small crowded worlds, with all kinds of outcomes. */
    static const uint8_t ACTS[] = {RZ_ACT_ADVANCE, RZ_ACT_BUILD, RZ_ACT_LEFT, RZ_ACT_RIGHT, RZ_ACT_HIT, RZ_ACT_NOP, 'x'};
    rng_t rng;
    rng_seed(&rng, 99, 0);
    int bad = 0, eliminations = 0;
    for (int game = 0; game < 40; game++) {
        int players = 2 + (int)rng_below(&rng, 5);
        rz_state *st = make((uint32_t)rng_next(&rng), 24 + (int)rng_below(&rng, 20), 24 + (int)rng_below(&rng, 20), players, NULL);
        if (!st) continue;
        for (int t = 0; t < 1500 && !st->over; t++) {
            int acts[RZ_MAX_PLAYERS];
            bool multi[RZ_MAX_PLAYERS];
            for (int s = 0; s < RZ_MAX_PLAYERS; s++) {
                acts[s] = rng_below(&rng, 20) ? ACTS[rng_below(&rng, sizeof ACTS)] : -1;
                multi[s] = rng_below(&rng, 30) == 0;
            }
            rz_tick(st, acts, multi, NULL);
            check_invariants(st, &bad);
            eliminations += st->last.nelim;
        }
        rz_free(st);
    }
    CHECK_EQ_INT(bad, 0);
    printf("# %d eliminations in the fuzz games\n", eliminations);
    CHECK(eliminations > 0);
}

/* ---------------- the fast CA against the reference ---------------- */

static void soup(rz_world *w, rng_t *rng, int owners) {
    static const uint8_t T[] = {RZ_BLANK, RZ_COND, RZ_COND, RZ_COND, RZ_ELEC, RZ_TAIL, RZ_PHOTON,
                                RZ_AGENT, RZ_FLAG, RZ_GEYSER, RZ_BASE, RZ_BLANK, RZ_COND};
    for (size_t i = 0; i < w->n; i++) {
        uint8_t t = T[rng_below(rng, sizeof T)];
        if (rng_below(rng, 3)) t = rng_below(rng, 2) ? RZ_BLANK : RZ_COND;
        w->type[i] = t;
        w->owner[i] = (t == RZ_AGENT || t == RZ_FLAG || t == RZ_GEYSER || t == RZ_BASE) ? (uint8_t)(1 + rng_below(rng, (uint32_t)owners)) : 0;
    }
    rz_rebuild_active(w);
}

static int differential(int width, int height, int steps, uint64_t seed) {
    rng_t rng;
    rng_seed(&rng, seed, 0);
    rz_world a, b;
    rz_world_init(&a, width, height);
    rz_world_init(&b, width, height);
    soup(&a, &rng, 1 + (int)rng_below(&rng, 10));
    memcpy(b.type, a.type, a.n);
    memcpy(b.owner, a.owner, a.n);
    uint8_t *t = malloc(a.n), *o = malloc(a.n);
    int bad = 0;
    for (int s = 0; s < steps && !bad; s++) {
        uint32_t la = rz_ca_step(&a), lb = rz_ca_step_ref(&b, t, o);
        if (la != lb || memcmp(a.type, b.type, a.n) || memcmp(a.owner, b.owner, a.n)) {
            printf("# %dx%d seed %llu differs at step %d\n", width, height, (unsigned long long)seed, s + 1);
            bad++;
        }
        /* Now and then an elimination or a hit, so stale active entries are exercised. */
        if (la && rng_below(&rng, 2)) {
            rz_eliminate_cells(&a, la);
            rz_eliminate_cells(&b, la);
        }
        if (rng_below(&rng, 4) == 0) {
            size_t i = rng_below(&rng, (uint32_t)a.n);
            if (a.type[i] != RZ_AGENT && a.type[i] != RZ_GEYSER && a.type[i] != RZ_BASE) {
                a.type[i] = b.type[i] = RZ_BLANK;
                a.owner[i] = b.owner[i] = 0;
            }
        }
    }
    free(t);
    free(o);
    rz_world_free(&a);
    rz_world_free(&b);
    return bad;
}

TEST(rezzo_ca_differential) {
    int bad = 0;
    rng_t rng;
    rng_seed(&rng, 2024, 0);
    for (int k = 0; k < 16; k++) {
        int w = 16 + (int)rng_below(&rng, 50), h = 16 + (int)rng_below(&rng, 50);
        bad += differential(w, h, 1000, 100 + (uint64_t)k);
    }
    bad += differential(300, 300, 60, 1);
    bad += differential(257, 131, 100, 2);
    bad += differential(64, 129, 500, 3);
    bad += differential(17, 16, 3000, 4);
    CHECK_EQ_INT(bad, 0);
}

/* ---------------- options, setup and the table's glue ---------------- */

/* The message rz_config_from_options gives for one option KEY=VALUE with PLAYERS seats, or
 * "(accepted)". */
static const char *option_message(const char *key, const char *value, int players) {
    static char msg[256];
    game_options o = {.count = 1, .key = {key}, .value = {value}};
    rz_config cfg;
    buf_t err;
    buf_init(&err);
    bool ok = rz_config_from_options(&o, 1, players, &cfg, &err);
    snprintf(msg, sizeof msg, "%s", ok ? "(accepted)" : buf_cstr(&err));
    buf_free(&err);
    return msg;
}

/* Options (docs/games/rezzo.md "Options"): each value outside its range, or not a number, is
 * refused with a message that names the option and what it takes. */
TEST(rezzo_options_out_of_range_are_refused_with_a_message) {
    const char *size = "expected WIDTHxHEIGHT, each 16..4096 (e.g. size=128x128)";
    static const char *bad_sizes[] = {"64", "x64", "64x", "15x64", "64x15", "64x4097", "123456789012345678901234567890123x64"};
    for (size_t k = 0; k < sizeof bad_sizes / sizeof *bad_sizes; k++) {
        char want[256];
        snprintf(want, sizeof want, "option size=%s: %s", bad_sizes[k], size);
        CHECK_EQ_STR(option_message("size", bad_sizes[k], 2), want);
    }
    CHECK_EQ_STR(option_message("size", "64X48", 2), "(accepted)");
    CHECK_EQ_STR(option_message("width", "15", 2), "option width=15: expected an integer from 16 to 4096");
    CHECK_EQ_STR(option_message("height", "wide", 2), "option height=wide: expected an integer from 16 to 4096");
    CHECK_EQ_STR(option_message("max_ticks", "-1", 2), "option max_ticks=-1: expected an integer from 0 to 1000000000");
    CHECK_EQ_STR(option_message("tick_ms", "0", 2), "option tick_ms=0: expected an integer from 1 to 600000");
    CHECK_EQ_STR(option_message("start_ms", "60001", 2), "option start_ms=60001: expected an integer from 0 to 60000");
    CHECK_EQ_STR(option_message("keyframe_every", "often", 2),
                 "option keyframe_every=often: expected an integer from 0 to 1000000000");
    const char *seed = "expected an integer (used mod 2^32, as the original's -r)";
    char want[256];
    snprintf(want, sizeof want, "option seed=12ab: %s", seed);
    CHECK_EQ_STR(option_message("seed", "12ab", 2), want);
    snprintf(want, sizeof want, "option seed=-4294967297: %s", seed);
    CHECK_EQ_STR(option_message("seed", "-4294967297", 2), want);
    CHECK_EQ_STR(option_message("seed", "-4294967296", 2), "(accepted)");
    CHECK_EQ_STR(option_message("size", "64x48", 11), "rezzo needs 1 to 10 seats, got 11");
    /* an empty value keeps the default */
    game_options o = {.count = 2, .key = {"size", "seed"}, .value = {"", ""}};
    rz_config cfg;
    CHECK(rz_config_from_options(&o, 7, 2, &cfg, NULL));
    CHECK(cfg.w == 320 && cfg.h == 320 && cfg.seed32 == 7 && cfg.max_ticks == 10000 && cfg.tick_ms == 60);
}

/* A state is restarted only at its own size; restarted with a seed, it is the game a new state
 * with that seed starts (the simulator's restart). */
TEST(rezzo_restart_keeps_the_world_size_and_starts_the_seeds_game) {
    buf_t err;
    buf_init(&err);
    rz_state *st = make(1, 64, 64, 2, &err), *fresh = make(2, 64, 64, 2, &err);
    CHECK(st && fresh);
    if (!st || !fresh) return;
    idle_tick(st);
    rz_config cfg = st->cfg;
    cfg.w = 48;
    CHECK(!rz_restart(st, &cfg, &err));
    CHECK_EQ_STR(buf_cstr(&err), "rezzo: cannot restart a 64x64 world as 48x64");
    cfg.w = 64, cfg.seed32 = 2;
    CHECK(rz_restart(st, &cfg, &err));
    CHECK_EQ_INT(st->tick, 0);
    CHECK_EQ_STR(hex(rz_state_hash(&st->world)), hex(rz_state_hash(&fresh->world)));
    for (int s = 0; s < 2; s++) CHECK(st->p[s].x == fresh->p[s].x && st->p[s].y == fresh->p[s].y && st->p[s].alive);
    rz_free(st);
    rz_free(fresh);
    buf_free(&err);
}

/* A map (scenarios, tests) is rows of view letters, each as long as the world is wide. */
TEST(rezzo_map_rows_must_be_view_letters_of_the_width) {
    buf_t err;
    buf_init(&err);
    const char *short_row[] = {"    ", "   "};
    CHECK(rz_from_map(4, 2, short_row, &err) == NULL);
    CHECK_EQ_STR(buf_cstr(&err), "map row 1 has 3 letters, expected 4");
    buf_reset(&err);
    const char *bad_letter[] = {"  # "};
    CHECK(rz_from_map(4, 1, bad_letter, &err) == NULL);
    CHECK_EQ_STR(buf_cstr(&err), "map row 0 column 2: '#' is not a view letter");
    buf_free(&err);
}

/* Rezzo D7: A seat that cannot be started is still placed, then removed at tick 0 before any message */
/* (once: a seat number that is not in the game, or a seat already out, is left as it is) */
/* Rezzo D4: a one-player game runs to max_ticks. */
TEST(rezzo_D7_D4_absent_once_and_a_one_player_game_goes_on) {
    rz_state *st = map(3, "0 1", "   ", "A B");
    CHECK(st != NULL);
    if (!st) return;
    rz_absent(st, -1);
    rz_absent(st, 2);
    CHECK_EQ_INT(st->last.nelim, 0);
    rz_absent(st, 0);
    rz_absent(st, 0);
    CHECK_EQ_INT(st->last.nelim, 1);
    CHECK(st->over); /* N = 2 and one player left */
    rz_free(st);
    st = map(2, "0  ", "A  ");
    CHECK(st != NULL);
    if (!st) return;
    rz_absent(st, 0);
    CHECK(!st->p[0].alive);
    CHECK(!st->over);
    rz_free(st);
}

/* The ack names of Rezzo P7's table and the causes a player leaves by (W3), as the log, the
 * display and the replays write them; anything else is "?". */
TEST(rezzo_P7_W3_ack_and_cause_names) {
    static const char *const ACKS[] = {"OK", "NO_MESSAGE", "INVALID_ACTION", "INVALID_MESSAGE", "MULTIPLE_MESSAGES"};
    for (int k = 0; k < RZ_ACK_COUNT; k++) CHECK_EQ_STR(rz_ack_name(k), ACKS[k]);
    CHECK_EQ_STR(rz_ack_name(-1), "?");
    CHECK_EQ_STR(rz_ack_name(RZ_ACK_COUNT), "?");
    CHECK_EQ_STR(rz_cause_name(RZ_CAUSE_FLAG), "flag");
    CHECK_EQ_STR(rz_cause_name(RZ_CAUSE_DOWN), "down");
    CHECK_EQ_STR(rz_cause_name((rz_cause)(RZ_CAUSE_DOWN + 1)), "?");
}

/* One tick through the table (rules.apply) where seat 0's turn is TURN and seat 1 has no record. */
static rz_state *applied(seat_turn turn) {
    rz_state *st = map(3, "0 1", "   ", "A B");
    if (!st) return NULL;
    rz_action acts[2] = {{0, RZ_ACT_LEFT}, {0, RZ_ACT_NOP}};
    seat_turn turns[2] = {turn, {.asked = true}};
    game_rezzo.rules.apply(st, acts, turns, NULL);
    return st;
}

/* Rezzo D6: A seat whose process fails (exit, signal, a write failing with EPIPE, a fatal pipe error) is eliminated after the step of the tick in which the referee noticed it; records it wrote before it died still count */
/* (through the table: the verdict's cause becomes the elimination's) */
TEST(rezzo_D6_failures_through_the_table_name_their_cause) {
    static const struct {
        verdict_kind verdict;
        verdict_cause cause;
        bool out;
        rz_cause want;
    } CASES[] = {
        {VERDICT_CRASH, CAUSE_EXIT, true, RZ_CAUSE_EXIT},     {VERDICT_CRASH, CAUSE_SIGNAL, true, RZ_CAUSE_SIGNAL},
        {VERDICT_CRASH, CAUSE_CLOSED, true, RZ_CAUSE_PIPE},   {VERDICT_CRASH, CAUSE_START, true, RZ_CAUSE_START},
        {VERDICT_DOWN, CAUSE_FLOOD, false, RZ_CAUSE_DOWN},    {VERDICT_OK, CAUSE_NONE, false, RZ_CAUSE_NONE},
    };
    for (size_t k = 0; k < sizeof CASES / sizeof *CASES; k++) {
        seat_turn t = {.asked = true, .has_action = true, .verdict = CASES[k].verdict, .cause = CASES[k].cause,
                       .out = CASES[k].out};
        rz_state *st = applied(t);
        CHECK(st != NULL);
        if (!st) return;
        CHECK_EQ_INT(st->p[0].facing, RZ_W); /* the record read before the failure was applied */
        CHECK_EQ_INT(st->p[0].alive, CASES[k].want == RZ_CAUSE_NONE);
        CHECK_EQ_INT(st->p[0].cause, CASES[k].want);
        if (CASES[k].want != RZ_CAUSE_NONE) CHECK_EQ_INT(st->p[0].elim_tick, 1);
        CHECK_EQ_INT(st->p[1].ack, RZ_ACK_NO_MESSAGE);
        /* the table releases an eliminated seat's process, and only that one */
        CHECK_EQ_INT(game_rezzo.rules.release(st, 0), CASES[k].want != RZ_CAUSE_NONE);
        CHECK(!game_rezzo.rules.release(st, 1));
        rz_free(st);
    }
}

/* Rezzo T6: A bot may use up to tick_ms of CPU every tick, so the per-seat CPU limit for Rezzo is at least ⌈2 · max_ticks · tick_ms / 1000⌉ + 10 seconds (unlimited when max_ticks is 0). */
/* (1210 s with the defaults; an option the game refuses leaves the sandbox's default.) And the
 * table: who acts (every alive player, nobody once the game is over), the kit's message size. */
TEST(rezzo_table_to_act_kit_message_and_T6_cpu_limit) {
    rz_state *st = map(3, "0 1", "   ", "A B");
    CHECK(st != NULL);
    if (!st) return;
    bool mask[2];
    CHECK_EQ_INT(game_rezzo.rules.to_act(st, mask), 2);
    st->over = true;
    CHECK_EQ_INT(game_rezzo.rules.to_act(st, mask), 0);
    CHECK(!mask[0] && !mask[1]);
    rz_free(st);
    rz_view v;
    /* a message the referee could send: ack 0..4, any ts, view letters, damage 0..3 */
    char msg[RZ_MSG_SIZE + 1] = {0};
    msg[0] = 4;
    msg[1] = (char)0xff;
    memset(msg + 2, ' ', RZ_VIEWPORT_SQ);
    memcpy(msg + 2, ".*,~09AJajnw", 12);
    msg[2 + RZ_VIEWPORT_SQ] = 3;
    CHECK_EQ_INT(game_rezzo.wire.kit_parse(NULL, msg, RZ_MSG_SIZE, &v), KIT_VIEW);
    CHECK_EQ_INT(game_rezzo.wire.kit_parse(NULL, msg, RZ_MSG_SIZE - 1, &v), KIT_ERROR);
    /* Garbage is refused (it used to be a view): 340 bytes of 0xff, an ack above 4, a byte that is no
     * view letter, a damage above 3, zero bytes as letters. */
    char bad[RZ_MSG_SIZE];
    memset(bad, 0xff, sizeof bad);
    CHECK_EQ_INT(game_rezzo.wire.kit_parse(NULL, bad, RZ_MSG_SIZE, &v), KIT_ERROR);
    static const struct { int at; char byte; } CORRUPT[] = {
        {0, 5}, {2, 'k'}, {2 + 168, 0}, {2 + RZ_VIEWPORT_SQ, 4}, {RZ_MSG_SIZE - 1, (char)0xff}};
    for (size_t k = 0; k < sizeof CORRUPT / sizeof *CORRUPT; k++) {
        memcpy(bad, msg, RZ_MSG_SIZE);
        bad[CORRUPT[k].at] = CORRUPT[k].byte;
        CHECK_EQ_INT(game_rezzo.wire.kit_parse(NULL, bad, RZ_MSG_SIZE, &v), KIT_ERROR);
    }
    static const struct {
        const char *key, *value;
        int64_t cpu_s;
    } CPU[] = {{"max_ticks", "10000", 1210}, {"max_ticks", "0", -1}, {"tick_ms", "1001", 20030}, {"tick_ms", "x", 99}};
    for (size_t k = 0; k < sizeof CPU / sizeof *CPU; k++) {
        game_options o = {.count = 1, .key = {CPU[k].key}, .value = {CPU[k].value}};
        game_sandbox d = {.cpu_s = 99}; /* a refused option leaves the sandbox's default */
        game_rezzo.limits.sandbox(&o, &d);
        CHECK_EQ_INT(d.cpu_s, CPU[k].cpu_s);
    }
}

/* docs/games/rezzo.md "Displays", the original's palette: flags in their owner's colour (player 3
 * green: 0,255,0; player 10 white), photons black (0,0,0). A picture is drawn at zoom 1 to 16. */
TEST(rezzo_9_1_flag_and_photon_colours_and_picture_zooms) {
    uint8_t rgb[3];
    rz_cell_rgb(RZ_FLAG, 3, rgb);
    CHECK(rgb[0] == 0 && rgb[1] == 255 && rgb[2] == 0);
    rz_cell_rgb(RZ_FLAG, 10, rgb);
    CHECK(rgb[0] == 255 && rgb[1] == 255 && rgb[2] == 255);
    rz_cell_rgb(RZ_FLAG, 0, rgb);
    CHECK(rgb[0] == 0 && rgb[1] == 0 && rgb[2] == 0);
    rz_cell_rgb(RZ_PHOTON, 0, rgb);
    CHECK(rgb[0] == 0 && rgb[1] == 0 && rgb[2] == 0);
    rz_state *st = map(2, "0 ~C", "    ");
    CHECK(st != NULL);
    if (!st) return;
    buf_t pic;
    buf_init(&pic);
    int w = 0, h = 0;
    buf_t why;
    buf_init(&why);
    CHECK(!rz_image(st, 0, &pic, &w, &h, &why));
    CHECK_EQ_STR(buf_cstr(&why), "zoom 0: expected 1 to 16");
    buf_reset(&why);
    CHECK(!rz_image(st, 17, &pic, &w, &h, &why));
    CHECK_EQ_STR(buf_cstr(&why), "zoom 17: expected 1 to 16");
    buf_reset(&why);
    CHECK(rz_image(st, 16, &pic, &w, &h, &why));
    CHECK(w == 64 && h == 32 && pic.len == 64 * 32 * 3 && why.len == 0);
    buf_free(&pic);
    buf_free(&why);
    rz_free(st);
}

/* The simulator's encoding (docs/sim.md "Rezzo"): a photon is type 4, a byte that is no view
 * letter is blank; an action that is not one of the six has no index. */
TEST(rezzo_sim_photon_and_unknown_bytes) {
    rz_view v;
    memset(&v, ' ', sizeof v);
    memset(v.damage, 0, sizeof v.damage);
    v.c[(RZ_VIEWPORT - 1) * RZ_VIEWPORT + RZ_VIEWPORT / 2] = '1'; /* the viewer, player 2 */
    v.c[0] = '~';
    v.c[1] = '#';
    v.c[2] = 'B';
    v.c[3] = 'C';
    uint8_t obs[3 * RZ_VIEWPORT_SQ + 1];
    game_rezzo.sim->encode(&v, NULL, obs);
    CHECK_EQ_INT(obs[0], 4);
    CHECK_EQ_INT(obs[1], 0);
    CHECK_EQ_INT(obs[2], 6);
    CHECK_EQ_INT(obs[RZ_VIEWPORT_SQ + 2], 1); /* its own flag */
    CHECK_EQ_INT(obs[RZ_VIEWPORT_SQ + 3], 2); /* another player's */
    CHECK_EQ_INT(obs[RZ_VIEWPORT_SQ + 1], 0);
    rz_action a = {0, RZ_ACT_HIT};
    CHECK_EQ_INT(game_rezzo.sim->index(&v, NULL, &a), 5);
    a.act = 'x';
    CHECK_EQ_INT(game_rezzo.sim->index(&v, NULL, &a), -1);
}

/* The event log: a one-player game says "1 player", a seat without a name is "?", and an invalid
 * message without records names none. A world has at least one cell, and a table game whose
 * options or placement fail is not made (the message says why). */
TEST(rezzo_log_one_player_and_unnamed_seats_and_failed_setups) {
    rz_state *st = map(2, "0  ", "A  ");
    CHECK(st != NULL);
    if (!st) return;
    game_names none = {0};
    void *lg = game_rezzo.records.log_new(&none);
    buf_t out;
    buf_init(&out);
    log_event evs[] = {
        {.kind = LOGEV_START, .seat = -1},
        {.kind = LOGEV_INVALID, .seat = 0, .now = 3, .cause = CAUSE_MALFORMED, .text = "", .len = 0},
    };
    for (size_t i = 0; i < sizeof evs / sizeof evs[0]; i++) game_rezzo.records.log_event(lg, st, &evs[i], &out);
    CHECK_EQ_STR(buf_cstr(&out), "rezzo 3x2, world seed 0, 1 player: 1=?\n"
                                 "tick 3: player 1 (?): INVALID_MESSAGE\n");
    game_rezzo.records.log_free(lg);
    rz_free(st);
    rz_world w;
    CHECK(!rz_world_init(&w, 0, 16));
    CHECK(!rz_world_init(&w, 16, 0));
    game_options o = {.count = 1, .key = {"size"}, .value = {"15x15"}};
    rng_t r;
    rng_seed(&r, 2, RNG_STREAM_MATCH);
    game_setup setup = {2, &o, 2, &r};
    buf_reset(&out);
    CHECK(game_rezzo.rules.create(&setup, &out) == NULL);
    CHECK(strstr(buf_cstr(&out), "option size=15x15") != NULL);
    game_options tiny = {.count = 1, .key = {"size"}, .value = {"16x16"}};
    game_setup crowded = {10, &tiny, 2, &r}; /* seed 2 cannot place 10 agents on 16x16 (Rezzo D14) */
    buf_reset(&out);
    CHECK(game_rezzo.rules.create(&crowded, &out) == NULL);
    CHECK(strstr(buf_cstr(&out), "10 players") != NULL);
    buf_free(&out);
}

/* Worlds too large for the memory left are an error of create (NULL and a message), not the end of
 * the process: the cell arrays came from the aborting allocator. In a child whose address space is
 * limited to 1 GiB, 4096x4096 worlds (80 MiB each) are created until one fails. */
static int create_worlds_until_one_fails(void) {
    game_options o = {.count = 2, .key = {"size", "max_ticks"}, .value = {"4096x4096", "10"}};
    rng_t r;
    rng_seed(&r, 2, RNG_STREAM_MATCH);
    game_setup setup = {2, &o, 2, &r};
    buf_t err;
    buf_init(&err);
    for (int k = 0; k < 64; k++)
        if (!game_rezzo.rules.create(&setup, &err)) /* the earlier states stay: they fill the memory */
            return k > 0 && strstr(buf_cstr(&err), "out of memory for a 4096x4096 world (80 MiB)") ? 0 : 3;
    return 4;
}

TEST(rezzo_create_out_of_memory_is_an_error) {
    CHECK_EQ_INT(limited_child(create_worlds_until_one_fails), 0);
}

static void *fill[LIMITED_FILL_MAX]; /* limited_fill's blocks */

/* One tick in which no agent acts. */
static void tick_idle(rz_state *st) {
    int acts[RZ_MAX_PLAYERS] = {-1, -1};
    bool multi[RZ_MAX_PLAYERS] = {false};
    rz_tick(st, acts, multi, NULL);
}

/* The same with memory filled for the tick (limited_child only). */
static void tick_idle_without_memory(rz_state *st) {
    int n = limited_fill(fill);
    tick_idle(st);
    limited_unfill(fill, n);
}

/* A list that cannot grow during play ends the game with an error, the world as before the step:
 * the CA's lists grew with the aborting allocator (xrealloc), which killed the referee. The first
 * step with an electron needs the candidates' list; memory is filled before it. */
static int step_without_memory(void) {
    rz_state *st = map(4, "0     1 ", " ...*.. ", "        ", "        ");
    if (!st) return 2;
    st->world.track = true; /* as the referee plays it */
    uint64_t before = rz_state_hash(&st->world);
    tick_idle_without_memory(st);
    buf_t why;
    buf_init(&why);
    bool failed = game_rezzo.rules.failed(st, &why);
    int rc = !failed                                                                      ? 3
             : !strstr(buf_cstr(&why), "out of memory at tick 0: the cell lists of the 8x4 world could not grow") ? 4
             : !game_rezzo.rules.is_over(st)                                              ? 5
             : rz_state_hash(&st->world) != before || st->tick != 0                       ? 6
                                                                                          : 0;
    if (rc) printf("# rc %d: %s\n", rc, buf_cstr(&why));
    /* a further tick (a host that did not ask) changes nothing either */
    tick_idle(st);
    if (!rc && (rz_state_hash(&st->world) != before || st->tick != 0)) rc = 7;
    buf_free(&why);
    rz_free(st);
    return rc;
}

TEST(rezzo_out_of_memory_during_play_ends_the_game_with_an_error) {
    CHECK_EQ_INT(limited_child(step_without_memory), 0);
    /* with memory, that step plays: the electron spreads both ways, nothing failed */
    rz_state *st = map(4, "0     1 ", " ...*.. ", "        ", "        ");
    tick_idle(st);
    buf_t why;
    buf_init(&why);
    CHECK(!game_rezzo.rules.failed(st, &why));
    CHECK_EQ_INT(st->tick, 1);
    CHECK_EQ_STR(rows_of(st), "0     1 | ..*,*. |        |        ");
    buf_free(&why);
    rz_free(st);
}

/* A list that cannot grow in the middle of a step, after some of it is done: phase A's counts so
 * far are undone, the world is as before the step, and the game ends with the error. A world of
 * width w: agents in row 0, then rows of `a`, `b` and `c` cells; the lists get the given room with
 * memory (so that the step's first growth is the one wanted), then memory is filled:
 *   mid:     200 electrons between conductor rows: 400 candidates, room for 256: the candidates'
 *            list grows when about 250 conductors have their counts;
 *   photons: 64 photons between flag rows: 384 flags to dissipate, room for 256: that list grows
 *            after about 42 photons;
 *   between: 600 electrons, room for their 1200 candidates: phase A is done, then the active list
 *            (1024) cannot take 1800 cells before phase B writes anything;
 *   changes: the same with room in the active list, tracked (as the referee plays): the list of
 *            changes cannot grow before phase B. */
typedef struct {
    const char *name;
    int w;
    char a, b, c;
    size_t cand, diss, active;
    bool track;
} mid_step;
static const mid_step MID[] = {
    {"mid", 200, '.', '*', '.', 256, 0, 0, false},
    {"photons", 64, 'A', '~', 'A', 0, 256, 0, false},
    {"between", 600, '.', '*', '.', 2048, 0, 0, false},
    {"changes", 600, '.', '*', '.', 2048, 0, 2048, true},
};
static int mid_case;

static rz_state *mid_world(const mid_step *c) {
    static char rows[4][4097];
    const char *r[4] = {rows[0], rows[1], rows[2], rows[3]};
    memset(rows, 0, sizeof rows);
    memset(rows[0], ' ', (size_t)c->w);
    rows[0][0] = '0', rows[0][c->w - 1] = '1';
    memset(rows[1], c->a, (size_t)c->w);
    memset(rows[2], c->b, (size_t)c->w);
    memset(rows[3], c->c, (size_t)c->w);
    buf_t err;
    buf_init(&err);
    rz_state *st = rz_from_map(c->w, 4, r, &err);
    if (!st) printf("# %s: %s\n", c->name, buf_cstr(&err));
    buf_free(&err);
    return st;
}

static int step_fails_midway(void) {
    const mid_step *c = &MID[mid_case];
    rz_state *st = mid_world(c);
    if (!st) return 2;
    rz_world *w = &st->world;
    w->track = c->track;
    if ((c->cand && !rz_cells_reserve(&w->cand, &w->cand_cap, c->cand)) ||
        (c->diss && !rz_cells_reserve(&w->dissipate, &w->diss_cap, c->diss)) ||
        (c->active && !rz_active_reserve(w, c->active)))
        return 3;
    uint64_t before = rz_state_hash(w);
    size_t nactive = w->nactive;
    tick_idle_without_memory(st);
    buf_t why;
    buf_init(&why);
    char want[96];
    snprintf(want, sizeof want, "out of memory at tick 0: the cell lists of the %dx4 world could not grow", c->w);
    bool counts_zero = true;
    for (size_t i = 0; i < w->n; i++) counts_zero = counts_zero && w->count[i] == 0;
    int rc = !game_rezzo.rules.failed(st, &why)                               ? 4
             : strcmp(buf_cstr(&why), want) != 0                              ? 5
             : !game_rezzo.rules.is_over(st) || st->tick != 0                 ? 6
             : rz_state_hash(w) != before || w->nactive != nactive            ? 7
             : !counts_zero || w->ncand || w->ndiss                           ? 8
                                                                              : 0;
    if (rc) printf("# %s: rc %d: %s\n", c->name, rc, buf_cstr(&why));
    buf_free(&why);
    rz_free(st);
    return rc;
}

TEST(rezzo_out_of_memory_in_the_middle_of_a_step_leaves_the_world_as_before) {
    for (mid_case = 0; mid_case < (int)(sizeof MID / sizeof MID[0]); mid_case++) {
        CHECK_EQ_INT(limited_child(step_fails_midway), 0);
        /* with memory the same step plays: something changed, nothing failed */
        rz_state *st = mid_world(&MID[mid_case]);
        CHECK(st != NULL);
        if (!st) continue;
        st->world.track = MID[mid_case].track;
        uint64_t before = rz_state_hash(&st->world);
        int acts[RZ_MAX_PLAYERS] = {-1, -1};
        bool multi[RZ_MAX_PLAYERS] = {false};
        rz_tick(st, acts, multi, NULL);
        buf_t why;
        buf_init(&why);
        CHECK(!game_rezzo.rules.failed(st, &why) && st->tick == 1 && rz_state_hash(&st->world) != before);
        buf_free(&why);
        rz_free(st);
    }
}

/* The simulator's state copy (docs/sim.md): a copy of a game in progress, into a state of another
 * game of the same size, plays on exactly as the original, and owns its own cells. */
TEST(rezzo_sim_copy_plays_on_as_the_original) {
    buf_t err;
    buf_init(&err);
    rz_state *src = make(12345, 320, 320, 2, &err), *dst = make(1, 320, 320, 2, &err);
    CHECK(src && dst);
    if (!src || !dst) return;
    src->world.track = true;
    for (int t = 0; t < 5; t++) idle_tick(src);
    game_rezzo.sim->copy(dst, src);
    CHECK(dst->world.type != src->world.type);
    CHECK_EQ_INT(dst->world.nchanged, src->world.nchanged);
    for (int t = 0; t < 30; t++) {
        int acts[RZ_MAX_PLAYERS] = {t % 3 ? RZ_ACT_BUILD : RZ_ACT_RIGHT, RZ_ACT_ADVANCE};
        bool multi[RZ_MAX_PLAYERS] = {false};
        rz_tick(src, acts, multi, NULL);
        rz_tick(dst, acts, multi, NULL);
    }
    CHECK_EQ_STR(hex(rz_state_hash(&dst->world)), hex(rz_state_hash(&src->world)));
    for (int s = 0; s < 2; s++) CHECK(dst->p[s].x == src->p[s].x && dst->p[s].y == src->p[s].y);
    CHECK_EQ_INT(dst->tick, 35);
    rz_free(src);
    rz_free(dst);
    buf_free(&err);
}

int main(void) {
    RUN(rezzo_P2_view_equals_the_cell_mapping_at_every_position);
    RUN(rezzo_changes_sorted_in_small_and_large_worlds);
    RUN(rezzo_rng_check_values);
    RUN(rezzo_rng_negative_r0_seeds);
    RUN(rezzo_gen_start_states);
    RUN(rezzo_gen_draw_counts);
    RUN(rezzo_gen_ca_no_moves);
    RUN(rezzo_gen_D14_placement_cap);
    RUN(rezzo_D14_D15_options);
    RUN(rezzo_R9_R10_R11_pull);
    RUN(rezzo_R10_geyser);
    RUN(rezzo_R10_flag_duplication);
    RUN(rezzo_R12_victory);
    RUN(rezzo_R11_loss_orthogonal);
    RUN(rezzo_R11_loss_diagonal);
    RUN(rezzo_R11_own_base);
    RUN(rezzo_R11_distance_2);
    RUN(rezzo_R13_both_lose);
    RUN(rezzo_R12_one_loses);
    RUN(rezzo_R11_loss_and_dissipation);
    RUN(rezzo_R10_photon_one_owner);
    RUN(rezzo_R10_photon_two_owners);
    RUN(rezzo_R10_photon_geyser_and_flag);
    RUN(rezzo_R10_photon_geyser_same_owner);
    RUN(rezzo_R10_photon_alone);
    RUN(rezzo_R10_photon_not_adjacent);
    RUN(rezzo_R9_tailless_electron);
    RUN(rezzo_R9_electron_with_tail);
    RUN(rezzo_R6_static_types);
    RUN(rezzo_R7_tail_becomes_conductor);
    RUN(rezzo_R8_one_or_two_electrons);
    RUN(rezzo_R3_R1_wrap_neighbours);
    RUN(rezzo_R15_advance_and_build_need_blank);
    RUN(rezzo_R15_blank_with_damage_is_blank);
    RUN(rezzo_R16_turns_wrap);
    RUN(rezzo_R17_hit_targets);
    RUN(rezzo_R18_four_hits_destroy);
    RUN(rezzo_R18_R5_damage_survives_type_change);
    RUN(rezzo_R19_advance_resets_damage);
    RUN(rezzo_R12_elimination_keeps_damage);
    RUN(rezzo_D2_seat_order_conflict);
    RUN(rezzo_P7_acks_in_tick);
    RUN(rezzo_R4_view_letters_of_all_ten_players);
    RUN(rezzo_human_seat_keys_queue_at_most_two_actions);
    RUN(rezzo_P7_turn_record_names_actions_extra_records_and_acks);
    RUN(rezzo_D6_failure_eliminates_after_step);
    RUN(rezzo_D4_D5_end_and_rank);
    RUN(rezzo_D7_absent_seat);
    RUN(rezzo_P2_view);
    RUN(rezzo_P2_view_mapping_all_facings_across_wrap);
    RUN(rezzo_trace_s12345_320x320_p2_random);
    RUN(rezzo_trace_s12345_320x320_p2_wander);
    RUN(rezzo_trace_s14_48x48_p4_random);
    RUN(rezzo_trace_detects_a_difference);
    RUN(rezzo_D16_invariants_traces);
    RUN(rezzo_D16_invariants_fuzz);
    RUN(rezzo_ca_differential);
    RUN(rezzo_options_out_of_range_are_refused_with_a_message);
    RUN(rezzo_restart_keeps_the_world_size_and_starts_the_seeds_game);
    RUN(rezzo_map_rows_must_be_view_letters_of_the_width);
    RUN(rezzo_D7_D4_absent_once_and_a_one_player_game_goes_on);
    RUN(rezzo_P7_W3_ack_and_cause_names);
    RUN(rezzo_D6_failures_through_the_table_name_their_cause);
    RUN(rezzo_table_to_act_kit_message_and_T6_cpu_limit);
    RUN(rezzo_9_1_flag_and_photon_colours_and_picture_zooms);
    RUN(rezzo_sim_photon_and_unknown_bytes);
    RUN(rezzo_log_one_player_and_unnamed_seats_and_failed_setups);
    RUN(rezzo_sim_copy_plays_on_as_the_original);
    /* a sanitizer reserves terabytes of address space at start: no address-space limit then */
    if (LIMITED_CHILD_WORKS) RUN(rezzo_create_out_of_memory_is_an_error);
    else printf("# skipped (not counted): rezzo_create_out_of_memory_is_an_error: under a sanitizer\n");
    if (LIMITED_CHILD_WORKS) RUN(rezzo_out_of_memory_during_play_ends_the_game_with_an_error);
    else printf("# skipped (not counted): rezzo_out_of_memory_during_play_ends_the_game_with_an_error: under a sanitizer\n");
    if (LIMITED_CHILD_WORKS) RUN(rezzo_out_of_memory_in_the_middle_of_a_step_leaves_the_world_as_before);
    else printf("# skipped (not counted): rezzo_out_of_memory_in_the_middle_of_a_step_leaves_the_world_as_before: under a "
                "sanitizer\n");
    return T_DONE();
}
