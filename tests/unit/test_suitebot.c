/* test_suitebot.c: SuiteBot II — every worked scenario (S01-S16, X01-X07) and the checks that need
 * no process: SuiteBot R1-R11, options (P4), layouts (P4.1), the state line (P5.1), replies (P5.3),
 * the kit parser, bots (P10), place points (P8), records and drawing. Scenarios live in
 * tests/vectors/suitebot/, one .scn file each (notation: P11.1). */
#include "t.h"
#include "core/buf.h"
#include "core/jw.h"
#include "game/canvas.h"
#include "games/registry.h"
#include "games/suitebot/sb.h"
#include "sb_fixture.h"
#include "match/replay.h"
#include "match/sinks.h"
#include <dirent.h>
#include <jansson.h>
#include <stdlib.h>
#include <unistd.h>

/* ---------- the .scn runner ---------- */

static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    buf_t b;
    buf_init(&b);
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) buf_append(&b, chunk, n);
    fclose(f);
    return buf_steal(&b);
}

static bool starts(const char *line, const char *word) {
    size_t n = strlen(word);
    return strncmp(line, word, n) == 0 && (line[n] == 0 || line[n] == ' ');
}

/* Compares the rendered canonical form with an expectation. With a grid the whole form must
 * match; without one only the kinds of lines given (e.g. just `bomb` or `score`) are compared. */
static void check_expect(const sb_state *st, const char *expect, const char *where) {
    buf_t got;
    buf_init(&got);
    sb_scn_render(st, &got);
    if (expect[0] == '|') {
        if (strcmp(buf_cstr(&got), expect) != 0) {
            if (!t_failed_now) printf("# %s: expected\n%s# got\n%s", where, expect, buf_cstr(&got));
            t_failed_now = 1;
        }
        buf_free(&got);
        return;
    }
    const char *kinds[] = {"agent", "bomb", "res", "score"};
    for (int k = 0; k < 4; k++) {
        buf_t want, have;
        buf_init(&want);
        buf_init(&have);
        bool asked = false;
        for (int pass = 0; pass < 2; pass++) {
            const char *p = pass ? buf_cstr(&got) : expect;
            while (*p) {
                const char *nl = strchr(p, '\n');
                size_t len = nl ? (size_t)(nl - p) : strlen(p);
                char line[256];
                snprintf(line, sizeof line, "%.*s", (int)len, p);
                if (starts(line, kinds[k])) {
                    buf_printf(pass ? &have : &want, "%s\n", line);
                    if (!pass) asked = true;
                }
                p += len + (nl ? 1 : 0);
            }
        }
        if (asked && strcmp(buf_cstr(&want), buf_cstr(&have)) != 0) {
            if (!t_failed_now) printf("# %s: expected\n%s# got\n%s", where, buf_cstr(&want), buf_cstr(&have));
            t_failed_now = 1;
        }
        buf_free(&want);
        buf_free(&have);
    }
    buf_free(&got);
}

static void check_deaths(const sb_state *st, const char *line, const char *where) {
    char want[64] = "", got[64] = "";
    snprintf(want, sizeof want, "%s", line + 7);
    for (int p = 0; p < st->plan.n; p++)
        if (st->last.died[p]) snprintf(got + strlen(got), sizeof got - strlen(got), "%s%d", got[0] ? " " : "", p + 1);
    if (!got[0]) snprintf(got, sizeof got, "-");
    if (strcmp(want, got) != 0) {
        if (!t_failed_now) printf("# %s: deaths %s, expected %s\n", where, got, want);
        t_failed_now = 1;
    }
}

static int letter_move(char c) {
    const char *p = strchr(SB_LETTERS, c);
    return p && c ? (int)(p - SB_LETTERS) : -1;
}

static void run_scenario(const char *path) {
    char *text = slurp(path);
    CHECK(text != NULL);
    if (!text) return;
    sb_rules rules;
    sb_rules_default(&rules);
    static sb_state st;
    int start_round = 1, plays = 0;
    enum { NONE, STATE, EXPECT } mode = NONE;
    bool have_state = false;
    buf_t block;
    buf_init(&block);
    char where[700];
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save);; line = strtok_r(NULL, "\n", &save)) {
        bool end = line == NULL;
        if (!end && (line[0] == '#' || line[0] == 0)) continue;
        bool keyword = end || starts(line, "play") || starts(line, "expect") || starts(line, "deaths") ||
                       starts(line, "state") || starts(line, "options") || starts(line, "round");
        if (!keyword) {
            buf_printf(&block, "%s\n", line);
            continue;
        }
        /* a block ends */
        if (mode == STATE && !have_state) {
            buf_t err;
            buf_init(&err);
            bool ok = sb_scn_parse(buf_cstr(&block), &rules, false, &st, &err);
            if (!ok) printf("# %s: %s\n", path, buf_cstr(&err));
            CHECK(ok);
            buf_free(&err);
            if (!ok) break;
            st.round = start_round;
            have_state = true;
        } else if (mode == EXPECT && block.len) {
            snprintf(where, sizeof where, "%s after play %d", path, plays);
            check_expect(&st, buf_cstr(&block), where);
        }
        buf_reset(&block);
        mode = NONE;
        if (end) break;
        if (starts(line, "options")) {
            const char *tok = line + 7;
            char key[32];
            char val[32];
            int used;
            while (sscanf(tok, " %31[^= ]=%31s%n", key, val, &used) == 2) {
                if (!strcmp(key, "blast")) rules.blast = strcmp(val, "cross") == 0 ? SB_BLAST_CROSS : SB_BLAST_SQUARE;
                else if (!strcmp(key, "radius")) rules.radius = atoi(val);
                else if (!strcmp(key, "countdown")) rules.countdown = atoi(val);
                else if (!strcmp(key, "kill")) rules.kill = atoi(val);
                else if (!strcmp(key, "rounds")) rules.rounds = atoi(val);
                tok += used;
            }
        } else if (starts(line, "round")) {
            start_round = atoi(line + 6);
        } else if (starts(line, "state")) {
            mode = STATE;
        } else if (starts(line, "play")) {
            CHECK(have_state);
            if (!have_state) break;
            int moves[SB_MAX_PLAYERS], k = 0;
            for (const char *p = line + 4; *p; p++)
                if (*p != ' ') {
                    int m = letter_move(*p);
                    CHECK(m >= 0);
                    if (k < SB_MAX_PLAYERS) moves[k++] = m;
                }
            CHECK_EQ_INT(k, st.plan.n);
            sb_play_round(&st, moves);
            plays++;
        } else if (starts(line, "expect")) {
            mode = EXPECT;
        } else if (starts(line, "deaths")) {
            snprintf(where, sizeof where, "%s after play %d", path, plays);
            check_deaths(&st, line, where);
        }
    }
    CHECK(plays > 0);
    buf_free(&block);
    free(text);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void run_all_scenarios(void) {
    const char *dir = VEC("suitebot");
    DIR *d = opendir(dir);
    if (!d) {
        printf("not ok - scenarios (cannot open %s)\n", dir);
        t_total++, t_bad++;
        return;
    }
    char *names[256];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 256) {
        size_t len = strlen(e->d_name);
        if (len > 4 && strcmp(e->d_name + len - 4, ".scn") == 0) names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, cmp_str);
    for (int i = 0; i < n; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        t_failed_now = 0;
        run_scenario(path);
        t_total++;
        if (t_failed_now) t_bad++;
        printf("%s - scenario_%.*s\n", t_failed_now ? "not ok" : "ok", (int)(strlen(names[i]) - 4), names[i]);
        free(names[i]);
    }
    if (n < 23) {
        printf("not ok - scenarios (only %d .scn files)\n", n);
        t_total++, t_bad++;
    }
}

/* ---------- helpers ---------- */

static game_options opts(int n, const char **kv) {
    game_options o;
    memset(&o, 0, sizeof o);
    for (const game_option *x = game_suitebot.options; x->key; x++) {
        o.key[o.count] = x->key;
        o.value[o.count] = x->def;
        for (int i = 0; i < n; i++) {
            size_t kl = strlen(x->key);
            if (strncmp(kv[i], x->key, kl) == 0 && kv[i][kl] == '=') o.value[o.count] = kv[i] + kl + 1;
        }
        o.count++;
    }
    return o;
}

static void *create(int seats, int n, const char **kv, buf_t *err) {
    game_options o = opts(n, kv);
    rng_t rng;
    rng_seed(&rng, 1, 0);
    game_setup setup = {seats, &o, 1, &rng};
    return game_suitebot.rules.create(&setup, err);
}

static void play(sb_state *st, const char *letters) {
    int moves[SB_MAX_PLAYERS], k = 0;
    for (const char *p = letters; *p; p++)
        if (*p != ' ') moves[k++] = letter_move(*p);
    sb_play_round(st, moves);
}

/* ---------- rules beyond the scenario files ---------- */

/* SuiteBot R8: A bomb planted in the last 4 rounds never explodes. */
TEST(rule8_bomb_planted_in_last_rounds_never_explodes) {
    sb_rules r;
    sb_rules_default(&r);
    r.rounds = 5;
    sb_state *st = state_of("|.........|\n|.........|\n|.A.....B.|\n|.........|\n|.........|\n", &r);
    play(st, "H H");
    play(st, "B H"); /* round 2: would explode in round 6 */
    play(st, "R H");
    play(st, "R H");
    play(st, "H H");
    CHECK(game_suitebot.rules.is_over(st));
    CHECK_EQ_INT(st->score[0], 0);
    CHECK_EQ_INT(st->bomb[2 * 9 + 1].owner, 1);
    CHECK_EQ_INT(st->bomb[2 * 9 + 1].countdown, 0); /* it would explode in round 6 */
    CHECK_EQ_INT(st->res[1 * 9 + 1], 1);
}

/* SuiteBot R7.5: After step 5 every agent is on the plan, alone on its field or on its own base. */
TEST(rule7_after_step5_every_agent_on_the_plan_and_alone) {
    /* random play on the default 4-player plan: invariants of step 5 hold every round */
    buf_t err;
    buf_init(&err);
    sb_state *st = create(4, 0, NULL, &err);
    rng_t rng;
    rng_seed(&rng, 7, 0);
    for (int t = 0; t < 100; t++) {
        int moves[4];
        for (int p = 0; p < 4; p++) moves[p] = (int)rng_below(&rng, SB_MOVES);
        sb_play_round(st, moves);
        for (int p = 0; p < 4; p++) {
            CHECK(st->ax[p] >= 0 && st->ax[p] < 14 && st->ay[p] >= 0 && st->ay[p] < 14);
            int b = sb_base_at(st, st->ax[p], st->ay[p]);
            CHECK(b < 0 || b == p);
            for (int q = 0; q < p; q++) CHECK(st->ax[p] != st->ax[q] || st->ay[p] != st->ay[q]);
        }
        for (int c = 0; c < 196; c++) CHECK(!st->bomb[c].owner || st->bomb[c].countdown <= 3);
    }
    game_suitebot.rules.destroy(st);
    buf_free(&err);
}

/* SuiteBot R10: A player's score is 1 per field it mined alone plus 10 per enemy agent it killed alone;
 * dying costs nothing. Scores only grow. */
TEST(rule10_scores_only_grow_and_equal_points_from_events) {
    buf_t err;
    buf_init(&err);
    sb_state *st = create(4, 0, NULL, &err);
    rng_t rng;
    rng_seed(&rng, 11, 0);
    int total[4] = {0};
    for (int t = 0; t < 100; t++) {
        int moves[4];
        for (int p = 0; p < 4; p++) moves[p] = (int)rng_below(&rng, SB_MOVES);
        sb_play_round(st, moves);
        for (int p = 0; p < 4; p++) total[p] += st->last.field_points[p] + st->last.kill_points[p];
    }
    for (int p = 0; p < 4; p++) CHECK_EQ_INT(st->score[p], total[p]);
    game_suitebot.rules.destroy(st);
    buf_free(&err);
}

/* SuiteBot R3: Every field holds a resource of 1, except the bases (0); resources never grow back. */
TEST(rule2_bases_hold_no_resource_at_start) {
    buf_t err;
    buf_init(&err);
    sb_state *st = create(4, 0, NULL, &err);
    int ones = 0;
    for (int c = 0; c < 196; c++) ones += st->res[c];
    CHECK_EQ_INT(ones, 192);
    CHECK_EQ_INT(st->res[3 * 14 + 3], 0);
    for (int p = 0; p < 4; p++) CHECK(st->ax[p] == st->plan.bx[p] && st->ay[p] == st->plan.by[p]);
    game_suitebot.rules.destroy(st);
    buf_free(&err);
}

/* SuiteBot D7: own + enemy bomb on my agent: nobody */
TEST(d7_own_and_enemy_bomb_on_my_agent_scores_nobody) {
    /* a's own bomb and b's bomb both reach a: "different players", nobody scores the kill */
    sb_state *st = state_of("|.........|\n|..a......|\n|..0.....B|\n|A........|\n|.........|\nbomb 3,1 2 0\n", NULL);
    play(st, "H H");
    CHECK_EQ_INT(st->last.died[0], SB_DIED_BOMB);
    CHECK_EQ_INT(st->last.killer[0], 0);
    CHECK_EQ_INT(st->last.kill_points[1], 0);
}

TEST(scn_canonical_round_trip) {
    /* every kind of line: an agent on another's base, bombs not shown as digits, an agent on a
     * field with a resource, scores */
    const char *text = "|.........|\n|.........|\n|.b0.....C|\n|A..a....B|\n|.........|\n"
                       "agent 3 8,3\nbomb 2,1 2 3\nbomb 5,2 1 2\nres 3,3 1\nscore 1 2 3\n";
    sb_state *st = state_of(text, NULL);
    buf_t out;
    buf_init(&out);
    sb_scn_render(st, &out);
    CHECK_EQ_STR(buf_cstr(&out), text);
    /* an override moves a grid agent away: its field keeps the 0 the letter gave it */
    st = state_of("|.........|\n|..c......|\n|.b0.....C|\n|A..a....B|\n|.........|\nagent 3 8,3\n", NULL);
    buf_reset(&out);
    sb_scn_render(st, &out);
    CHECK_EQ_STR(buf_cstr(&out), "|.........|\n|.. ......|\n|.b0.....C|\n|A..a....B|\n|.........|\n"
                                 "agent 3 8,3\nscore 0 0 0\n");
    buf_free(&out);
}

TEST(scn_rejects_bad_grids) {
    sb_rules r;
    sb_rules_default(&r);
    static sb_state st;
    buf_t err;
    buf_init(&err);
    CHECK(!sb_scn_parse("|.A..|\n|....|\n|....|\n", &r, false, &st, &err)); /* one base */
    buf_reset(&err);
    CHECK(!sb_scn_parse("|.A.C|\n|....|\n|....|\n", &r, false, &st, &err)); /* gap */
    buf_reset(&err);
    CHECK(!sb_scn_parse("|.A.B|\n|...|\n|....|\n", &r, false, &st, &err)); /* ragged */
    buf_reset(&err);
    CHECK(!sb_scn_parse("|.A.B|\n|.a..|\n|....|\n", &r, true, &st, &err)); /* maps: no agents */
    buf_reset(&err);
    CHECK(!sb_scn_parse("|.A.B|\n|....|\n|....|\nbomb 9,9 1 1\n", &r, false, &st, &err));
    buf_reset(&err);
    CHECK(sb_scn_parse("|.A.B|\n|....|\n|....|\nscore 3 4\n", &r, false, &st, &err));
    CHECK_EQ_INT(st.score[1], 4);
    buf_free(&err);
}

/* ---------- options (SuiteBot P4) ---------- */

TEST(option_blast_and_radius_areas) {
    sb_rules r;
    sb_rules_default(&r);
    sb_blast b;
    sb_blast_build(&r, 14, 14, &b);
    CHECK_EQ_INT(b.n, 9);
    r.radius = 2;
    sb_blast_build(&r, 14, 14, &b);
    CHECK_EQ_INT(b.n, 25);
    r.blast = SB_BLAST_CROSS;
    sb_blast_build(&r, 14, 14, &b);
    CHECK_EQ_INT(b.n, 9);
    r.radius = 0;
    sb_blast_build(&r, 14, 14, &b);
    CHECK_EQ_INT(b.n, 1);
    /* rule 9: a large radius on a small plan counts every field once */
    r.blast = SB_BLAST_SQUARE;
    r.radius = 7;
    sb_blast_build(&r, 5, 4, &b);
    CHECK_EQ_INT(b.n, 20);
}

TEST(option_rounds_sets_R_and_remainingRounds) {
    buf_t err;
    buf_init(&err);
    const char *kv[] = {"rounds=3"};
    sb_state *st = create(2, 1, kv, &err);
    sb_view v;
    sb_view_of(st, 0, &v);
    CHECK_EQ_INT(v.remaining, 1);
    int moves[2] = {SB_HOLD, SB_HOLD};
    for (int t = 0; t < 3; t++) {
        CHECK(!game_suitebot.rules.is_over(st));
        sb_play_round(st, moves);
    }
    CHECK(game_suitebot.rules.is_over(st));
    game_suitebot.rules.destroy(st);
    buf_free(&err);
}

TEST(option_countdown_changes_when_bombs_explode) {
    sb_rules r;
    sb_rules_default(&r);
    r.countdown = 2;
    sb_state *st = state_of("|.........|\n|.........|\n|.A.....B.|\n|.........|\n|.........|\n", &r);
    play(st, "B H");
    CHECK_EQ_INT(st->bomb[2 * 9 + 1].countdown, 1); /* bots see C-1 .. 0 */
    play(st, "R H");
    CHECK_EQ_INT(st->bomb[2 * 9 + 1].countdown, 0);
    play(st, "R H"); /* round r + C = 3 */
    CHECK_EQ_INT(st->bomb[2 * 9 + 1].owner, 0);
    CHECK_EQ_INT(st->score[0], 8);
}

TEST(option_kill_points) {
    sb_rules r;
    sb_rules_default(&r);
    r.kill = 3;
    sb_state *st = state_of("|A........|\n|.........|\n|..0b.....|\n|.........|\n|.......B.|\n", &r);
    play(st, "H H");
    CHECK_EQ_INT(st->score[0], 7 + 3);
}

TEST(option_size_scales_the_table_bases) {
    buf_t err;
    buf_init(&err);
    const char *kv[] = {"size=28x21"};
    sb_state *st = create(4, 1, kv, &err);
    CHECK(st != NULL);
    if (st) {
        CHECK_EQ_INT(st->plan.w, 28);
        CHECK_EQ_INT(st->plan.h, 21);
        /* x' = floor(x * 28 / 14), y' = floor(y * 21 / 14) */
        CHECK(st->plan.bx[0] == 6 && st->plan.by[0] == 4);
        CHECK(st->plan.bx[1] == 20 && st->plan.by[1] == 4);
        CHECK(st->plan.bx[2] == 6 && st->plan.by[2] == 15);
        CHECK(st->plan.bx[3] == 20 && st->plan.by[3] == 15);
        game_suitebot.rules.destroy(st);
    }
    const char *tiny[] = {"size=3x3"}; /* 8 scaled bases collide */
    buf_reset(&err);
    CHECK(create(8, 1, tiny, &err) == NULL);
    CHECK(strstr(buf_cstr(&err), "both on") != NULL);
    buf_free(&err);
}

TEST(option_bases_explicit_and_count_mismatch) {
    buf_t err;
    buf_init(&err);
    const char *kv[] = {"size=5x4", "bases=1,1;3,2"};
    sb_state *st = create(2, 2, kv, &err);
    CHECK(st && st->plan.bx[1] == 3 && st->plan.by[1] == 2);
    if (st) game_suitebot.rules.destroy(st);
    buf_reset(&err);
    CHECK(create(3, 2, kv, &err) == NULL);
    CHECK(strstr(buf_cstr(&err), "2 bases for 3 seats") != NULL);
    const char *out[] = {"size=5x4", "bases=1,1;5,2"};
    buf_reset(&err);
    CHECK(create(2, 2, out, &err) == NULL);
    const char *same[] = {"bases=1,1;1,1"};
    buf_reset(&err);
    CHECK(create(2, 1, same, &err) == NULL);
    buf_free(&err);
}

TEST(option_map_gives_plan_bases_and_resources) {
    buf_t err;
    buf_init(&err);
    const char *kv[] = {"map=|.. A|\n|....|\n|B . |\n"};
    sb_state *st = create(2, 1, kv, &err);
    CHECK(st != NULL);
    if (st) {
        CHECK_EQ_INT(st->plan.w, 4);
        CHECK_EQ_INT(st->plan.h, 3);
        CHECK(st->plan.bx[0] == 3 && st->plan.by[0] == 0 && st->plan.bx[1] == 0 && st->plan.by[1] == 2);
        CHECK_EQ_INT(st->res[2], 0);
        CHECK_EQ_INT(st->res[4], 1);
        CHECK_EQ_INT(st->res[2 * 4 + 1], 0);
        game_suitebot.rules.destroy(st);
    }
    buf_reset(&err);
    CHECK(create(3, 1, kv, &err) == NULL); /* seat count must match */
    const char *bad[] = {"map=|.. A|\n|.0..|\n|B . |\n"};
    buf_reset(&err);
    CHECK(create(2, 1, bad, &err) == NULL); /* bombs are not allowed in maps */
    /* map with size or bases asked for two games at once: refused, naming both options (the map's
     * game was played without a word); an empty size= or bases= is not given */
    const char *both[] = {"map=|.. A|\n|....|\n|B . |\n", "size=10x10", "bases=1,1;2,2"};
    buf_reset(&err);
    st = create(2, 3, both, &err);
    CHECK(st == NULL);
    CHECK(strstr(buf_cstr(&err), "option map cannot be given with option size=10x10 nor option bases=1,1;2,2: the map "
                                 "sets the plan's size and bases itself") != NULL);
    if (st) game_suitebot.rules.destroy(st);
    const char *with_size[] = {both[0], "size=junk"}, *with_bases[] = {both[0], "bases=junk"};
    buf_reset(&err);
    CHECK(create(2, 2, with_size, &err) == NULL);
    CHECK(strstr(buf_cstr(&err), "option map cannot be given with option size=junk: ") != NULL);
    buf_reset(&err);
    CHECK(create(2, 2, with_bases, &err) == NULL);
    CHECK(strstr(buf_cstr(&err), "option map cannot be given with option bases=junk: ") != NULL);
    const char *empty[] = {both[0], "size=", "bases="};
    buf_reset(&err);
    st = create(2, 3, empty, &err);
    CHECK(st && st->plan.w == 4);
    if (st) game_suitebot.rules.destroy(st);
    CHECK(game_suitebot.file_options && strcmp(game_suitebot.file_options[0], "map") == 0);
    buf_free(&err);
}

TEST(option_bad_values_are_errors) {
    const char *cases[] = {"blast=circle", "radius=8", "rounds=0", "countdown=10", "kill=-1", "size=2x9", "extras=2"};
    for (int i = 0; i < 7; i++) {
        buf_t err;
        buf_init(&err);
        void *st = create(2, 1, &cases[i], &err);
        CHECK(st == NULL);
        CHECK(err.len > 0);
        if (st) game_suitebot.rules.destroy(st);
        buf_free(&err);
    }
    buf_t err;
    buf_init(&err);
    CHECK(create(1, 0, NULL, &err) == NULL);
    buf_reset(&err);
    CHECK(create(9, 0, NULL, &err) == NULL);
    buf_free(&err);
}

/* ---------- layouts (SuiteBot P4.1) ---------- */

TEST(layouts_translation_symmetric) {
    for (int n = 2; n <= 8; n++) {
        sb_plan p;
        sb_layout(n, &p);
        CHECK_EQ_INT(p.n, n);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                int tx = p.bx[j] - p.bx[i], ty = p.by[j] - p.by[i];
                for (int k = 0; k < n; k++) {
                    int x = sb_wrap(p.bx[k] + tx, p.w), y = sb_wrap(p.by[k] + ty, p.h);
                    bool found = false;
                    for (int l = 0; l < n; l++) found |= p.bx[l] == x && p.by[l] == y;
                    if (!found) printf("# layout %d: translation %d->%d leaves base %d\n", n, i, j, k);
                    CHECK(found);
                }
            }
        /* any two bases at torus Chebyshev distance >= 4; 44..62 non-base fields per player */
        for (int i = 0; i < n; i++)
            for (int j = 0; j < i; j++) {
                int dx = abs(p.bx[i] - p.bx[j]), dy = abs(p.by[i] - p.by[j]);
                if (p.w - dx < dx) dx = p.w - dx;
                if (p.h - dy < dy) dy = p.h - dy;
                CHECK((dx > dy ? dx : dy) >= 4);
            }
        int per = (p.w * p.h - n) / n;
        CHECK(per >= 44 && per <= 62);
        /* ids in reading order */
        for (int i = 1; i < n; i++) CHECK(p.by[i] > p.by[i - 1] || (p.by[i] == p.by[i - 1] && p.bx[i] > p.bx[i - 1]));
    }
}

TEST(layouts_default_is_kit_fixture) {
    buf_t err;
    buf_init(&err);
    sb_state *st = create(4, 0, NULL, &err);
    CHECK(st->plan.w == 14 && st->plan.h == 14);
    int want[4][2] = {{3, 3}, {10, 3}, {3, 10}, {10, 10}};
    for (int p = 0; p < 4; p++) CHECK(st->plan.bx[p] == want[p][0] && st->plan.by[p] == want[p][1]);
    CHECK_EQ_INT(st->rules.rounds, 100);
    CHECK_EQ_INT(st->rules.countdown, 4);
    CHECK_EQ_INT(st->rules.kill, 10);
    game_suitebot.rules.destroy(st);
    buf_free(&err);
}

/* ---------- the state line (SuiteBot P5.1, transcript P5.4) ---------- */

static const char *ROUND1 =
    "{\"aiPlayerId\":1,\"currentRound\":1,\"remainingRounds\":98,\"gamePlanWidth\":5,\"gamePlanHeight\":4,"
    "\"players\":{\"1\":{\"name\":\"alice\",\"resources\":0,\"homeBaseLocation\":{\"x\":1,\"y\":1},"
    "\"agentLocation\":{\"x\":1,\"y\":1},\"agentLastMove\":null},\"2\":{\"name\":\"bob\",\"resources\":0,"
    "\"homeBaseLocation\":{\"x\":3,\"y\":2},\"agentLocation\":{\"x\":3,\"y\":2},\"agentLastMove\":null}},"
    "\"fieldResources\":[[1,1,1,1],[1,0,1,1],[1,1,1,1],[1,1,0,1],[1,1,1,1]],\"fieldBombs\":[[null,null,null,"
    "null],[null,null,null,null],[null,null,null,null],[null,null,null,null],[null,null,null,null]]}\n";

static const char *ROUND2 =
    "{\"aiPlayerId\":1,\"currentRound\":2,\"remainingRounds\":97,\"gamePlanWidth\":5,\"gamePlanHeight\":4,"
    "\"players\":{\"1\":{\"name\":\"alice\",\"resources\":0,\"homeBaseLocation\":{\"x\":1,\"y\":1},"
    "\"agentLocation\":{\"x\":1,\"y\":1},\"agentLastMove\":\"PLANT_BOMB\"},\"2\":{\"name\":\"bob\",\"resources\":0,"
    "\"homeBaseLocation\":{\"x\":3,\"y\":2},\"agentLocation\":{\"x\":2,\"y\":2},\"agentLastMove\":\"LEFT\"}},"
    "\"fieldResources\":[[1,1,1,1],[1,0,1,1],[1,1,1,1],[1,1,0,1],[1,1,1,1]],\"fieldBombs\":[[null,null,null,"
    "null],[null,{\"ownerId\":1,\"countdown\":3},null,null],[null,null,null,null],[null,null,null,null],[null,"
    "null,null,null]]}\n";

static sb_state *transcript_game(int extra_n, const char **extra) {
    const char *kv[4] = {"size=5x4", "bases=1,1;3,2"};
    for (int i = 0; i < extra_n; i++) kv[2 + i] = extra[i];
    buf_t err;
    buf_init(&err);
    sb_state *st = create(2, 2 + extra_n, kv, &err);
    buf_free(&err);
    game_names names = {2, {"alice", "bob"}, {"", ""}};
    game_suitebot.rules.set_names(st, &names);
    return st;
}

static void line_of(const sb_state *st, int seat, buf_t *out) {
    static sb_view v;
    buf_reset(out);
    game_suitebot.rules.view(st, seat, &v);
    game_suitebot.wire.encode_view(&v, out);
}

TEST(state_line_transcript_exact) {
    sb_state *st = transcript_game(0, NULL);
    buf_t out;
    buf_init(&out);
    line_of(st, 0, &out);
    CHECK_EQ_STR(buf_cstr(&out), ROUND1);
    line_of(st, 1, &out);
    CHECK(strncmp(buf_cstr(&out), "{\"aiPlayerId\":2,", 16) == 0);
    CHECK_EQ_STR(buf_cstr(&out) + 16, ROUND1 + 16);
    sb_action acts[2] = {{SB_PLANT}, {SB_LEFT}};
    seat_turn turns[2] = {{.asked = true, .has_action = true}, {.asked = true, .has_action = true}};
    game_suitebot.rules.apply(st, acts, turns, NULL);
    line_of(st, 0, &out);
    CHECK_EQ_STR(buf_cstr(&out), ROUND2);
    /* compact and valid JSON, keys in the original's order */
    json_t *j = json_loads(buf_cstr(&out), 0, NULL);
    CHECK(j != NULL);
    const char *order[] = {"aiPlayerId", "currentRound", "remainingRounds", "gamePlanWidth", "gamePlanHeight",
                           "players", "fieldResources", "fieldBombs"};
    const char *p = buf_cstr(&out);
    for (int i = 0; i < 8; i++) {
        char key[40];
        snprintf(key, sizeof key, "\"%s\":", order[i]);
        const char *at = strstr(p, key);
        CHECK(at != NULL);
        if (at) p = at;
    }
    CHECK(strchr(buf_cstr(&out), ' ') == NULL);
    CHECK(json_object_get(j, "arena") == NULL); /* SuiteBot D20 */
    json_decref(j);
    buf_free(&out);
    game_suitebot.rules.destroy(st);
}

TEST(state_line_xy_indexing) {
    /* a non-square plan: the outer arrays run over x */
    sb_state *st = transcript_game(0, NULL);
    st->bomb[3 * 5 + 4].owner = 2; /* (4,3) */
    st->bomb[3 * 5 + 4].countdown = 1;
    st->res[0 * 5 + 4] = 0; /* (4,0) */
    buf_t out;
    buf_init(&out);
    line_of(st, 0, &out);
    json_t *j = json_loads(buf_cstr(&out), 0, NULL);
    json_t *res = json_object_get(j, "fieldResources"), *bombs = json_object_get(j, "fieldBombs");
    CHECK_EQ_INT(json_array_size(res), 5);
    CHECK_EQ_INT(json_array_size(json_array_get(res, 0)), 4);
    CHECK_EQ_INT(json_integer_value(json_array_get(json_array_get(res, 4), 0)), 0);
    CHECK_EQ_INT(json_integer_value(json_array_get(json_array_get(res, 0), 4 - 4)), 1);
    json_t *b = json_array_get(json_array_get(bombs, 4), 3);
    CHECK_EQ_INT(json_integer_value(json_object_get(b, "ownerId")), 2);
    CHECK_EQ_INT(json_integer_value(json_object_get(b, "countdown")), 1);
    CHECK(json_is_object(json_object_get(json_object_get(j, "players"), "2"))); /* keyed by strings */
    json_decref(j);
    buf_free(&out);
    game_suitebot.rules.destroy(st);
}

/* SuiteBot D11: R - currentRound - 1 (98 in round 1, -1 in round R) */
TEST(state_line_remaining_rounds_98_then_minus_1) {
    buf_t err;
    buf_init(&err);
    sb_state *st = create(4, 0, NULL, &err);
    sb_view v;
    sb_view_of(st, 2, &v);
    CHECK_EQ_INT(v.id, 3);
    CHECK_EQ_INT(v.round, 1);
    CHECK_EQ_INT(v.remaining, 98);
    int moves[4] = {SB_HOLD, SB_HOLD, SB_HOLD, SB_HOLD};
    for (int t = 1; t < 100; t++) sb_play_round(st, moves);
    sb_view_of(st, 0, &v);
    CHECK_EQ_INT(v.round, 100);
    CHECK_EQ_INT(v.remaining, -1);
    CHECK_EQ_INT(v.remaining + v.round + 1, 100); /* the kit's max_rounds */
    game_suitebot.rules.destroy(st);
    buf_free(&err);
}

/* SuiteBot D12: the applied action as a word, HOLD after late/invalid/down; null in round 1 */
TEST(d12_last_move_is_applied_action_hold_after_late_invalid_down) {
    buf_t err;
    buf_init(&err);
    sb_state *st = create(4, 0, NULL, &err);
    sb_action acts[4] = {{SB_UP}, {SB_UP}, {SB_UP}, {SB_UP}};
    seat_turn turns[4] = {
        {.asked = true, .has_action = true, .verdict = VERDICT_OK},
        {.asked = true, .verdict = VERDICT_LATE, .cause = CAUSE_SOFT},
        {.asked = true, .verdict = VERDICT_INVALID, .cause = CAUSE_MALFORMED},
        {.asked = true, .verdict = VERDICT_DOWN, .cause = CAUSE_HARD, .out = true},
    };
    game_suitebot.rules.apply(st, acts, turns, NULL);
    sb_view v;
    sb_view_of(st, 0, &v);
    CHECK_EQ_INT(v.p[0].last, SB_UP);
    CHECK_EQ_INT(v.p[0].ay, 2);
    for (int p = 1; p < 4; p++) CHECK_EQ_INT(v.p[p].last, SB_HOLD);
    CHECK_EQ_INT(v.p[1].ay, 3);
    CHECK_EQ_INT(st->lates[1], 1);
    CHECK_EQ_INT(st->invalids[2], 1);
    CHECK_EQ_INT(st->down_round[3], 1);
    buf_t out;
    buf_init(&out);
    sb_encode_view(&v, &out);
    CHECK(strstr(buf_cstr(&out), "\"agentLastMove\":\"UP\"") != NULL);
    CHECK(strstr(buf_cstr(&out), "\"agentLastMove\":\"HOLD\"") != NULL);
    buf_free(&out);
    game_suitebot.rules.destroy(st);
    buf_free(&err);
}

/* SuiteBot D20: arena key only with extras=1, as the last key */
TEST(option_extras_appends_arena_as_last_key) {
    const char *kv[] = {"extras=1"};
    sb_state *st = transcript_game(1, kv);
    buf_t out;
    buf_init(&out);
    line_of(st, 0, &out);
    const char *tail = ",\"arena\":{\"blast\":\"square\",\"radius\":1,\"countdown\":4,\"kill\":10,\"rounds\":100}}\n";
    CHECK(out.len > strlen(tail) && strcmp(buf_cstr(&out) + out.len - strlen(tail), tail) == 0);
    buf_free(&out);
    game_suitebot.rules.destroy(st);
}

TEST(state_line_names_are_escaped) {
    sb_state *st = transcript_game(0, NULL);
    game_names names = {2, {"al\"ice\\", "b\tob"}, {"", ""}};
    game_suitebot.rules.set_names(st, &names);
    buf_t out;
    buf_init(&out);
    line_of(st, 0, &out);
    json_t *j = json_loads(buf_cstr(&out), 0, NULL);
    CHECK(j != NULL);
    CHECK_EQ_STR(json_string_value(json_object_get(json_object_get(json_object_get(j, "players"), "1"), "name")),
                 "al\"ice\\");
    json_decref(j);
    buf_free(&out);
    game_suitebot.rules.destroy(st);
}

/* ---------- replies (SuiteBot P5.3) ---------- */

/* SuiteBot D13: U D L R H B/P, any case; anything else HOLD (invalid) */
TEST(replies_first_character_any_case) {
    struct {
        const char *text;
        int move;
        decode_result res;
    } cases[] = {
        {"U", SB_UP, DECODE_ACTION},        {"up", SB_UP, DECODE_ACTION},          {"UP", SB_UP, DECODE_ACTION},
        {"d", SB_DOWN, DECODE_ACTION},      {"Left", SB_LEFT, DECODE_ACTION},      {"r", SB_RIGHT, DECODE_ACTION},
        {"hold", SB_HOLD, DECODE_ACTION},   {"B", SB_PLANT, DECODE_ACTION},        {"p", SB_PLANT, DECODE_ACTION},
        {"PLANT_BOMB", SB_PLANT, DECODE_ACTION}, {"  \tR\r", SB_RIGHT, DECODE_ACTION},
        {"X", SB_HOLD, DECODE_MALFORMED},   {"?", SB_HOLD, DECODE_MALFORMED},
        {"Invalid request - cannot parse JSON", SB_HOLD, DECODE_MALFORMED},
        {"#comment", SB_HOLD, DECODE_MALFORMED}, /* over tcp: no comments */
        {"", SB_HOLD, DECODE_SKIP},         {" \t\r", SB_HOLD, DECODE_SKIP},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sb_action a = {-5};
        decode_result r = sb_decode_reply(cases[i].text, strlen(cases[i].text), &a, NULL);
        if (r != cases[i].res || a.move != cases[i].move) printf("# reply '%s'\n", cases[i].text);
        CHECK(r == cases[i].res);
        CHECK_EQ_INT(a.move, cases[i].move);
    }
}

TEST(encode_action_letters_and_records_round_trip) {
    for (int m = 0; m < SB_MOVES; m++) {
        sb_action a = {m}, back = {-1};
        buf_t out;
        buf_init(&out);
        game_suitebot.wire.encode_action(&a, &out);
        CHECK(out.len == 1 && out.data[0] == SB_LETTERS[m]);
        CHECK(sb_decode_reply(out.data, out.len, &back, NULL) == DECODE_ACTION && back.move == m);
        buf_reset(&out);
        jw_t w;
        jw_init(&w, &out);
        game_suitebot.records.action_json(&a, &w);
        json_t *j = json_loads(buf_cstr(&out), JSON_DECODE_ANY, NULL);
        back.move = -1;
        CHECK(game_suitebot.records.action_parse(j, &back) && back.move == m);
        json_decref(j);
        buf_free(&out);
    }
}

/* ---------- the kit's parser ---------- */

TEST(kit_parse_round_trips_the_state_line) {
    sb_state *st = transcript_game(0, NULL);
    sb_action acts[2] = {{SB_PLANT}, {SB_LEFT}};
    seat_turn turns[2] = {{.asked = true, .has_action = true}, {.asked = true, .has_action = true}};
    game_suitebot.rules.apply(st, acts, turns, NULL);
    static sb_view v, back;
    sb_view_of(st, 1, &v);
    buf_t out;
    buf_init(&out);
    sb_encode_view(&v, &out);
    static sb_kit kit;
    CHECK_EQ_INT(sb_kit_parse(&kit, out.data, out.len, &back), KIT_VIEW);
    CHECK(back.id == 2 && back.round == 2 && back.remaining == 97 && back.w == 5 && back.h == 4 && back.n == 2);
    CHECK_EQ_INT(back.rules.rounds, 100);
    CHECK_EQ_STR(back.p[0].name, "alice");
    CHECK(back.p[0].last == SB_PLANT && back.p[1].last == SB_LEFT);
    CHECK(back.p[1].ax == 2 && back.p[1].ay == 2 && back.p[1].bx == 3 && back.p[1].by == 2);
    CHECK(memcmp(back.res, v.res, 20) == 0);
    CHECK(memcmp(back.bomb, v.bomb, 20 * sizeof v.bomb[0]) == 0);
    CHECK_EQ_INT(sb_kit_parse(&kit, "EXIT", 4, &back), KIT_END);
    CHECK_EQ_INT(sb_kit_parse(&kit, "", 0, &back), KIT_MORE);
    CHECK_EQ_INT(sb_kit_parse(&kit, "{\"x\":1}", 7, &back), KIT_ERROR);
    /* the kit fixture shows a countdown of 4: a bot that can read it loses nothing (SuiteBot D2) */
    const char *four = "{\"aiPlayerId\":1,\"currentRound\":1,\"remainingRounds\":98,\"gamePlanWidth\":3,"
                       "\"gamePlanHeight\":3,\"players\":{\"1\":{\"name\":\"a\",\"resources\":0,\"homeBaseLocation\":"
                       "{\"x\":0,\"y\":0},\"agentLocation\":{\"x\":0,\"y\":0}},\"2\":{\"name\":\"b\",\"resources\":0,"
                       "\"homeBaseLocation\":{\"x\":2,\"y\":2},\"agentLocation\":{\"x\":2,\"y\":2},\"agentLastMove\":"
                       "null}},\"fieldResources\":[[0,1,1],[1,1,1],[1,1,0]],\"fieldBombs\":[[null,null,null],[null,"
                       "{\"ownerId\":2,\"countdown\":4},null],[null,null,null]]}";
    CHECK_EQ_INT(sb_kit_parse(&kit, four, strlen(four), &back), KIT_VIEW);
    CHECK(back.bomb[1 * 3 + 1].owner == 2 && back.bomb[1 * 3 + 1].countdown == 4);
    CHECK_EQ_INT(back.p[0].last, SB_NO_MOVE); /* agentLastMove may be missing */
    buf_free(&out);
    game_suitebot.rules.destroy(st);
}

/* ---------- bots (SuiteBot P10) ---------- */

static int bot_move(const char *name, void *mem, const sb_view *v, rng_t *rng) {
    const game_bot *b = game_find_bot(&game_suitebot, name);
    sb_action a = {-1};
    CHECK(b && b->act(mem, v, &a, rng));
    return a.move;
}

TEST(bot_hold_always_holds) {
    buf_t err;
    buf_init(&err);
    sb_state *st = create(4, 0, NULL, &err);
    static sb_view v;
    sb_view_of(st, 0, &v);
    rng_t rng;
    rng_seed(&rng, 1, 1);
    for (int i = 0; i < 20; i++) CHECK_EQ_INT(bot_move("hold", NULL, &v, &rng), SB_HOLD);
    game_suitebot.rules.destroy(st);
    buf_free(&err);
}

TEST(bot_random_uniform_over_six) {
    buf_t err;
    buf_init(&err);
    sb_state *st = create(4, 0, NULL, &err);
    static sb_view v;
    sb_view_of(st, 0, &v);
    rng_t rng;
    rng_seed(&rng, 3, 1);
    int count[SB_MOVES] = {0};
    for (int i = 0; i < 6000; i++) count[bot_move("random", NULL, &v, &rng)]++;
    for (int m = 0; m < SB_MOVES; m++) CHECK(count[m] > 850 && count[m] < 1150);
    game_suitebot.rules.destroy(st);
    buf_free(&err);
}

TEST(bot_harvester_first_actions_B_U_U_then_horizontal_pair) {
    buf_t err;
    buf_init(&err);
    sb_state *st = create(4, 0, NULL, &err);
    const game_bot *b = game_find_bot(&game_suitebot, "harvester");
    void *mem[4];
    rng_t rng[4];
    for (int p = 0; p < 4; p++) {
        mem[p] = calloc(1, b->memory_size);
        rng_seed(&rng[p], 5, 1000 + (uint64_t)p);
    }
    int seq[6];
    static sb_view v;
    for (int t = 0; t < 6; t++) {
        int moves[4];
        for (int p = 0; p < 4; p++) {
            sb_view_of(st, p, &v);
            moves[p] = bot_move("harvester", mem[p], &v, &rng[p]);
        }
        seq[t] = moves[0];
        sb_play_round(st, moves);
    }
    CHECK_EQ_INT(seq[0], SB_PLANT);
    CHECK_EQ_INT(seq[1], SB_UP);
    CHECK_EQ_INT(seq[2], SB_UP);
    CHECK(seq[3] == SB_LEFT || seq[3] == SB_RIGHT);
    CHECK_EQ_INT(seq[4], seq[3]);
    CHECK_EQ_INT(seq[5], SB_PLANT);
    /* from (3,1) after U, U: both sides are unmined; vR = 9 - 1 = vL, so dir = 2: LEFT */
    CHECK_EQ_INT(seq[3], SB_LEFT);
    for (int p = 0; p < 4; p++) free(mem[p]);
    game_suitebot.rules.destroy(st);
    buf_free(&err);
}

/* SuiteBot P10 harvester: "two steps diagonally to the richest 3x3 (minus the field shared with its last
 * bomb)". Only the fields down and left of the agent hold resources: it plants, walks DOWN twice,
 * then re-picks the richer horizontal side, LEFT. */
TEST(bot_harvester_walks_to_the_richest_diagonal) {
    sb_state *st = state_of("|         |\n|       B |\n|         |\n|         |\n|....A    |\n"
                            "|.....    |\n|.....    |\n|.....    |\n|.....    |\n", NULL);
    const game_bot *b = game_find_bot(&game_suitebot, "harvester");
    void *mem = calloc(1, b->memory_size);
    rng_t rng;
    rng_seed(&rng, 9, 1);
    static sb_view v;
    int seq[4];
    for (int t = 0; t < 4; t++) {
        sb_view_of(st, 0, &v);
        int moves[2] = {bot_move("harvester", mem, &v, &rng), SB_HOLD};
        seq[t] = moves[0];
        sb_play_round(st, moves);
    }
    CHECK_EQ_INT(seq[0], SB_PLANT);
    CHECK_EQ_INT(seq[1], SB_DOWN);
    CHECK_EQ_INT(seq[2], SB_DOWN);
    CHECK_EQ_INT(seq[3], SB_LEFT);
    free(mem);
}

TEST(bot_harvester_suicide_mode_when_few_resources) {
    /* F <= 0.125: plant every third round, otherwise a random step */
    sb_state *st = state_of("|A    |\n|     |\n|  .  |\n|     |\n|    B|\n", NULL);
    const game_bot *b = game_find_bot(&game_suitebot, "harvester");
    void *mem = calloc(1, b->memory_size);
    rng_t rng;
    rng_seed(&rng, 9, 1);
    static sb_view v;
    sb_view_of(st, 0, &v);
    for (int k = 0; k < 9; k++) {
        int m = bot_move("harvester", mem, &v, &rng);
        if (k % 3 == 0) CHECK_EQ_INT(m, SB_PLANT);
        else CHECK(m == SB_UP || m == SB_DOWN || m == SB_LEFT || m == SB_RIGHT);
    }
    free(mem);
}

TEST(bot_miner_plants_on_rich_open_ground) {
    buf_t err;
    buf_init(&err);
    sb_state *st = create(4, 0, NULL, &err);
    static sb_view v;
    sb_view_of(st, 0, &v);
    CHECK_EQ_INT(bot_move("miner", NULL, &v, NULL), SB_PLANT);
    game_suitebot.rules.destroy(st);
    buf_free(&err);
}

TEST(bot_miner_leaves_a_countdown_0_blast) {
    /* it stands next to a bomb exploding this round: it must step out of the 3x3 */
    sb_state *st = state_of("|.........|\n|.........|\n|...0a....|\n|A........|\n|........B|\n", NULL);
    static sb_view v;
    sb_view_of(st, 0, &v);
    int m = bot_move("miner", NULL, &v, NULL);
    CHECK_EQ_INT(m, SB_RIGHT); /* the only move that leaves x 2..4 */
    /* and the schedule says so */
    sb_blast b;
    sb_blast_build(&v.rules, v.w, v.h, &b);
    static uint8_t danger[SB_MAX_COUNTDOWN + 1][SB_MAX_CELLS];
    sb_schedule(&v, &b, -1, danger);
    CHECK(danger[0][2 * 9 + 4] && !danger[0][2 * 9 + 5] && !danger[1][2 * 9 + 4]);
}

TEST(bot_miner_schedule_chains_and_replaces) {
    /* a countdown-3 bomb inside a countdown-1 bomb's blast explodes with it (T = 1) */
    sb_state *st = state_of("|.........|\n|.........|\n|..1......|\n|A..3.....|\n|........B|\n", NULL);
    static sb_view v;
    sb_view_of(st, 0, &v);
    sb_blast b;
    sb_blast_build(&v.rules, v.w, v.h, &b);
    static uint8_t danger[SB_MAX_COUNTDOWN + 1][SB_MAX_CELLS];
    sb_schedule(&v, &b, -1, danger);
    CHECK(danger[1][4 * 9 + 4]); /* (4,4): only in the chained bomb's blast */
    CHECK(!danger[3][4 * 9 + 4]);
    /* a plant on (2,2) replaces the countdown-1 bomb: nothing explodes before round C */
    sb_schedule(&v, &b, 2 * 9 + 2, danger);
    CHECK(!danger[1][2 * 9 + 2] && danger[3][4 * 9 + 4] && danger[3][2 * 9 + 2]);
}

TEST(bot_miner_never_enters_enemy_base_or_plants_without_escape) {
    /* boxed in by a wall of countdown-0 blasts on a tiny plan: no safe candidate -> HOLD */
    sb_state *st = state_of("|A0.|\n|0.0|\n|.0B|\n", NULL);
    static sb_view v;
    sb_view_of(st, 0, &v);
    CHECK_EQ_INT(bot_move("miner", NULL, &v, NULL), SB_HOLD);
    /* next to an enemy base with a rich field: never steps onto the base */
    st = state_of("|.........|\n|.........|\n|.A......B|\n|.........|\n|.........|\nagent 1 7,2\n", NULL);
    sb_view_of(st, 0, &v);
    CHECK(bot_move("miner", NULL, &v, NULL) != SB_RIGHT);
}

/* ---------- place points (SuiteBot P8, D16) ---------- */

/* SuiteBot D16: share places; place points averaged */
/* ---------- the champion ---------- */

/* The champion's move for seat `seat` of st (no clock: its calibrated steps). */
static int champion_move(const sb_state *st, int seat) {
    static sb_view v;
    sb_view_of(st, seat, &v);
    const game_bot *b = game_find_bot(&game_suitebot, "champion");
    void *mem = calloc(1, b->memory_size);
    sb_action a = {-1};
    rng_t rng;
    rng_seed(&rng, 1, 0);
    CHECK(game_bot_act(b, mem, &v, &a, &rng, NULL));
    free(mem);
    return a.move;
}

TEST(champion_walks_toward_resources_beyond_its_search) {
    /* 20x20, every resource gone but a 3x3 patch whose nearest field is 11 steps away (right and
     * down): no line it searches reaches it, so only where a line ends counts, and it walks. */
    const char *kv[] = {"size=20x20"};
    buf_t err;
    buf_init(&err);
    sb_state *st = create(2, 1, kv, &err);
    CHECK(st != NULL);
    if (!st) return;
    int w = st->plan.w, h = st->plan.h, x0 = st->ax[0], y0 = st->ay[0];
    memset(st->res, 0, sizeof st->res);
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) st->res[sb_wrap(y0 + 6 + dy, h) * w + sb_wrap(x0 + 7 + dx, w)] = 1;
    int m = champion_move(st, 0);
    CHECK(m == SB_RIGHT || m == SB_DOWN);
    game_suitebot.rules.destroy(st);
    buf_free(&err);
}

TEST(champion_on_a_plan_too_large_for_its_search_plays_as_the_miner) {
    /* Its compact rules hold plans up to 32x32 fields; on 40x40 it answers what the miner would,
     * round after round (at the start: plant on the rich ground around its base). */
    const char *kv[] = {"size=40x40"};
    buf_t err;
    buf_init(&err);
    sb_state *st = create(2, 1, kv, &err);
    CHECK(st != NULL);
    if (!st) return;
    static sb_view v;
    sb_view_of(st, 0, &v);
    CHECK_EQ_INT(champion_move(st, 0), SB_PLANT);
    int differ = 0, moved = 0;
    for (int r = 0; r < 12; r++) {
        int moves[SB_MAX_PLAYERS];
        for (int p = 0; p < 2; p++) {
            sb_view_of(st, p, &v);
            moves[p] = bot_move("miner", NULL, &v, NULL);
            differ += champion_move(st, p) != moves[p];
            moved += moves[p] != SB_HOLD && moves[p] != SB_PLANT;
        }
        sb_play_round(st, moves);
    }
    CHECK_EQ_INT(differ, 0);
    CHECK(moved > 0);
    game_suitebot.rules.destroy(st);
    buf_free(&err);
}

TEST(champion_foresees_a_miner_fleeing_onto_its_escape) {
    /* Player 1 (a miner, as the champion first believes every opponent is) at (7,6) beside its own
     * bomb (6,5), countdown 0: its only way out of the blast is RIGHT to (8,6) (DOWN is player 2's
     * base). The champion, player 2 at (8,7) beside a bomb at (9,8), countdown 0, may leave by UP
     * to (8,6) or LEFT onto its own base (7,7). Up, the two agents would collide and both die: it
     * goes left. */
    buf_t err;
    buf_init(&err);
    sb_state *st = create(2, 0, NULL, &err);
    CHECK(st != NULL);
    if (!st) return;
    CHECK(st->plan.w == 10 && st->plan.bx[1] == 7 && st->plan.by[1] == 7);
    st->ax[0] = 7, st->ay[0] = 6;
    st->ax[1] = 8, st->ay[1] = 7;
    st->bomb[5 * 10 + 6] = (sb_bomb){1, 0};
    st->bomb[8 * 10 + 9] = (sb_bomb){1, 0};
    static sb_view v;
    sb_view_of(st, 0, &v);
    CHECK_EQ_INT(bot_move("miner", NULL, &v, NULL), SB_RIGHT);
    CHECK_EQ_INT(champion_move(st, 1), SB_LEFT);
    game_suitebot.rules.destroy(st);
    buf_free(&err);
}

TEST(place_points_table_and_ties) {
    double s4[4] = {10, 40, 20, 30}, p[13];
    sb_place_points(4, s4, p);
    CHECK(p[1] == 25 && p[3] == 20 && p[2] == 16 && p[0] == 13);
    double tie[4] = {50, 50, 10, 0};
    sb_place_points(4, tie, p);
    CHECK(p[0] == 22.5 && p[1] == 22.5 && p[2] == 16 && p[3] == 13);
    double tie3[4] = {7, 9, 7, 7};
    sb_place_points(4, tie3, p);
    CHECK(p[1] == 25 && p[0] == (20 + 16 + 13) / 3.0 && p[2] == p[0] && p[3] == p[0]);
    double all[13], sum = 0;
    for (int i = 0; i < 13; i++) all[i] = 100 - i;
    sb_place_points(13, all, p);
    for (int i = 0; i < 13; i++) sum += p[i];
    CHECK(sum == 25 + 20 + 16 + 13 + 11 + 9 + 7 + 6 + 5 + 4 + 3 + 2 + 1);
    CHECK(p[12] == 1);
    CHECK(sb_place_value(14) == 0);
    CHECK(game_suitebot.tourney.ranking == RANKING_PLACE_POINTS);
}

/* ---------- records, log, drawing ---------- */

TEST(records_frame_and_events_are_json) {
    sb_state *st = state_of("|.........|\n|..c......|\n|.b0......|\n|A..a...CB|\n|.........|\n", NULL);
    play(st, "H H H");
    buf_t out;
    buf_init(&out);
    jw_t w;
    jw_init(&w, &out);
    game_suitebot.records.turn_json(st, &w);
    json_t *ev = json_loads(buf_cstr(&out), 0, NULL);
    CHECK(ev != NULL);
    CHECK_EQ_INT(json_array_size(json_object_get(ev, "deaths")), 3);
    CHECK_EQ_INT(json_array_size(json_object_get(ev, "explosions")), 1);
    CHECK_EQ_INT(json_array_size(json_object_get(ev, "hit")), 9);
    json_decref(ev);
    buf_reset(&out);
    jw_init(&w, &out);
    game_suitebot.records.frame_json(st, &w);
    json_t *fr = json_loads(buf_cstr(&out), 0, NULL);
    CHECK(fr != NULL);
    CHECK_EQ_INT(json_integer_value(json_array_get(json_object_get(fr, "scores"), 0)), 25);
    CHECK_EQ_STR(json_string_value(json_array_get(json_object_get(fr, "res"), 1)), "100011111");
    json_decref(fr);
    buf_free(&out);
}

TEST(log_lines_of_P7) {
    game_names names = {3, {"alice", "bob", "carol"}, {"", "", ""}};
    sb_state *st = state_of("|.........|\n|..c......|\n|.b0......|\n|A..a...CB|\n|.........|\n", NULL);
    play(st, "H H H");
    buf_t out;
    buf_init(&out);
    sb_describe_round(st, &names, &out);
    CHECK(strstr(buf_cstr(&out), "round 1: bomb of alice at (2,2) exploded; alice +5\n") != NULL);
    CHECK(strstr(buf_cstr(&out), "round 1: bob's agent killed by alice (+10)\n") != NULL);
    CHECK(strstr(buf_cstr(&out), "round 1: alice's agent killed by its own bomb (no score)\n") != NULL);
    st = state_of("|.........|\n|.........|\n|.A...b.aB|\n|.........|\n|.........|\n", NULL);
    play(st, "R H");
    buf_reset(&out);
    sb_describe_round(st, &names, &out);
    CHECK_EQ_STR(buf_cstr(&out), "round 1: alice's agent killed on bob's base (no score)\n");
    st = state_of("|.........|\n|.........|\n|..0.....B|\n|A........|\n|.........|\nbomb 3,1 2 3\n", NULL);
    play(st, "H H");
    buf_reset(&out);
    sb_describe_round(st, &names, &out);
    CHECK_EQ_STR(buf_cstr(&out), "round 1: chain of 2 bombs (alice and bob); alice +5, bob +5; 3 fields shared, no score\n");
    /* referee events */
    void *lg = game_suitebot.records.log_new(&names);
    buf_reset(&out);
    /* round-1 entries wait for the start line */
    log_event early = {.kind = LOGEV_COMMENT, .seat = 0, .turn = 1, .now = 1, .text = "#hi", .len = 3};
    game_suitebot.records.log_event(lg, st, &early, &out);
    CHECK_EQ_STR(buf_cstr(&out), "");
    log_event start = {.kind = LOGEV_START, .seat = -1, .turn = 1, .now = 1};
    game_suitebot.records.log_event(lg, st, &start, &out);
    CHECK_EQ_STR(buf_cstr(&out), "game start: 9x5 plan, 100 rounds, 2 players: A=alice B=bob\n[alice | round 1]: hi\n");
    buf_reset(&out);
    log_event late = {.kind = LOGEV_LATE, .seat = 2, .turn = 20, .now = 21, .text = "R", .len = 1, .elapsed_us = 412000};
    game_suitebot.records.log_event(lg, st, &late, &out);
    CHECK_EQ_STR(buf_cstr(&out), "round 20: carol LATE 412 ms -> HOLD; reply \"R\" discarded\n");
    buf_reset(&out);
    log_event down = {.kind = LOGEV_DOWN, .seat = 1, .turn = 23, .now = 23, .cause = CAUSE_HARD, .elapsed_us = 1000000};
    game_suitebot.records.log_event(lg, st, &down, &out);
    CHECK_EQ_STR(buf_cstr(&out), "round 23: bob DOWN (no answer in 1000 ms)\n");
    buf_reset(&out);
    log_event com = {.kind = LOGEV_COMMENT, .seat = 1, .turn = 3, .now = 3, .text = "# going left", .len = 12};
    game_suitebot.records.log_event(lg, st, &com, &out);
    CHECK_EQ_STR(buf_cstr(&out), "[bob | round 3]: going left\n");
    game_suitebot.records.log_free(lg);
    /* a seat past the names the match gave is P<n>, whatever lies beyond them */
    game_names two = {2, {"alice", "bob", "carol"}, {"", "", ""}};
    lg = game_suitebot.records.log_new(&two);
    game_suitebot.records.log_event(lg, st, &start, &out);
    buf_reset(&out);
    game_suitebot.records.log_event(lg, st, &late, &out);
    CHECK_EQ_STR(buf_cstr(&out), "round 20: P3 LATE 412 ms -> HOLD; reply \"R\" discarded\n");
    game_suitebot.records.log_free(lg);
    buf_free(&out);
}

TEST(draw_shows_map_scoreboard_and_final_ranking) {
    game_names names = {2, {"alice", "bob"}, {"", ""}};
    sb_rules r;
    sb_rules_default(&r);
    r.rounds = 2;
    sb_state *st = state_of("|.........|\n|.........|\n|.A0b....B|\n|.........|\n|.........|\nbomb 6,4 2 3\n", &r);
    canvas_t *c = canvas_new(game_suitebot.display.rows, game_suitebot.display.cols);
    game_suitebot.display.draw(st, &names, NULL, c);
    char *plain = canvas_plain(c);
    CHECK(strstr(plain, "round 0/2") != NULL);
    CHECK(strstr(plain, ". A 0 b . . . . B") != NULL); /* the torus, two columns per field */
    CHECK(strstr(plain, "alice") && strstr(plain, "bob"));
    free(plain);
    play(st, "H H");
    play(st, "H H");
    game_suitebot.display.draw(st, &names, "blast", c);
    plain = canvas_plain(c);
    CHECK(strstr(plain, "GAME OVER") != NULL);
    CHECK(strstr(plain, "final ranking") != NULL);
    CHECK(strstr(plain, " 1. alice") != NULL); /* 6 fields + a kill, and its own death */
    CHECK(strstr(plain, "last round:") == NULL || strstr(plain, "round 2") != NULL);
    free(plain);
    canvas_free(c);
}

TEST(replay_playback_redraws_every_round_and_verifies) {
    /* a match written as a replay, then re-simulated turn by turn (as playback and verify do):
     * every recorded frame matches and the draw works on each re-simulated state */
    char path[] = "/tmp/arena_sb_replay_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    close(fd);
    static match_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.game = &game_suitebot;
    cfg.seed = 7;
    cfg.clock = match_default_clock(&game_suitebot);
    buf_t err;
    buf_init(&err);
    char *kv[] = {"rounds=30", "size=9x9"};
    CHECK(match_parse_options(&game_suitebot, 2, kv, &cfg.options, &err));
    const char *seats[3] = {"builtin:miner", "builtin:harvester", "builtin:random"};
    for (int s = 0; s < 3; s++) CHECK(seatspec_parse(&game_suitebot, seats[s], &cfg.seats[s], &err));
    cfg.nseats = 3;
    sink_t *sink = sink_replay_new(path, &err);
    cfg.sinks[0] = *sink;
    cfg.nsinks = 1;
    match_t *m = match_new(&cfg, &err);
    CHECK(m != NULL);
    if (!m) return;
    CHECK_EQ_INT(match_run(m), 0);
    sink_free(sink);
    replay_t *r = replay_open(path, registry_find, &err);
    CHECK(r != NULL);
    canvas_t *c = canvas_new(game_suitebot.display.rows, game_suitebot.display.cols);
    bool result = false;
    for (json_t *rec; r;) {
        replay_rec kind = replay_next(r, &rec, &err);
        if (kind == REPLAY_EOF) break;
        CHECK(kind != REPLAY_ERROR);
        if (kind == REPLAY_TURN) CHECK(replay_apply(r, rec, true, &err));
        if (kind == REPLAY_RESULT) result = replay_check_result(r, rec, &err);
        json_decref(rec);
        if (kind == REPLAY_ERROR) break;
        game_suitebot.display.draw(r->state, &r->names, NULL, c);
    }
    if (err.len) printf("# %s\n", buf_cstr(&err));
    CHECK(result);
    char *plain = canvas_plain(c);
    CHECK(strstr(plain, "round 30/30  GAME OVER") != NULL);
    CHECK(strstr(plain, "miner") != NULL);
    free(plain);
    canvas_free(c);
    replay_close(r);
    match_free(m);
    for (int s = 0; s < 3; s++) seatspec_free(&cfg.seats[s]);
    buf_free(&err);
    unlink(path);
}

int main(void) {
    run_all_scenarios();
    RUN(rule8_bomb_planted_in_last_rounds_never_explodes);
    RUN(rule7_after_step5_every_agent_on_the_plan_and_alone);
    RUN(rule10_scores_only_grow_and_equal_points_from_events);
    RUN(rule2_bases_hold_no_resource_at_start);
    RUN(d7_own_and_enemy_bomb_on_my_agent_scores_nobody);
    RUN(scn_canonical_round_trip);
    RUN(scn_rejects_bad_grids);
    RUN(option_blast_and_radius_areas);
    RUN(option_rounds_sets_R_and_remainingRounds);
    RUN(option_countdown_changes_when_bombs_explode);
    RUN(option_kill_points);
    RUN(option_size_scales_the_table_bases);
    RUN(option_bases_explicit_and_count_mismatch);
    RUN(option_map_gives_plan_bases_and_resources);
    RUN(option_bad_values_are_errors);
    RUN(option_extras_appends_arena_as_last_key);
    RUN(layouts_translation_symmetric);
    RUN(layouts_default_is_kit_fixture);
    RUN(state_line_transcript_exact);
    RUN(state_line_xy_indexing);
    RUN(state_line_remaining_rounds_98_then_minus_1);
    RUN(state_line_names_are_escaped);
    RUN(d12_last_move_is_applied_action_hold_after_late_invalid_down);
    RUN(replies_first_character_any_case);
    RUN(encode_action_letters_and_records_round_trip);
    RUN(kit_parse_round_trips_the_state_line);
    RUN(bot_hold_always_holds);
    RUN(bot_random_uniform_over_six);
    RUN(bot_harvester_first_actions_B_U_U_then_horizontal_pair);
    RUN(bot_harvester_walks_to_the_richest_diagonal);
    RUN(bot_harvester_suicide_mode_when_few_resources);
    RUN(bot_miner_plants_on_rich_open_ground);
    RUN(bot_miner_leaves_a_countdown_0_blast);
    RUN(bot_miner_schedule_chains_and_replaces);
    RUN(bot_miner_never_enters_enemy_base_or_plants_without_escape);
    RUN(champion_walks_toward_resources_beyond_its_search);
    RUN(champion_on_a_plan_too_large_for_its_search_plays_as_the_miner);
    RUN(champion_foresees_a_miner_fleeing_onto_its_escape);
    RUN(place_points_table_and_ties);
    RUN(records_frame_and_events_are_json);
    RUN(log_lines_of_P7);
    RUN(draw_shows_map_scoreboard_and_final_ranking);
    RUN(replay_playback_redraws_every_round_and_verifies);
    return T_DONE();
}
