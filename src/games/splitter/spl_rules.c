/* spl_rules.c: Splitter's rules, Splitter R2 (the layouts), R4 (placement with mirroring), R5
 * (legality in the original's order and words), R7 (the dice) and R9 (scoring), and a new game from
 * the options. */
#include "spl.h"
#include "spl_bb.h"
#include "../../core/text.h"
#include <stdio.h>
#include <string.h>

#define L1ROWS {{0, 0, 1, 1, 1, 1, 0, 0}, {0, 1, 1, 1, 1, 1, 1, 0}, {1, 1, 1, 1, 1, 1, 1, 1}, {2, 1, 1, 1, 1, 1, 1, 2}, \
                {1, 1, 1, 1, 1, 1, 1, 1}, {0, 1, 1, 1, 1, 1, 1, 0}, {0, 0, 1, 1, 1, 1, 0, 0}}
#define L2ROWS {{1, 1, 1, 0, 0, 1, 3, 1}, {1, 1, 1, 1, 1, 1, 1, 1}, {0, 3, 1, 1, 1, 1, 1, 0}, {0, 1, 1, 0, 0, 1, 1, 0}, \
                {0, 1, 1, 1, 3, 1, 1, 0}, {1, 1, 1, 1, 1, 1, 1, 1}, {1, 2, 1, 0, 0, 1, 2, 1}}

/* Splitter R2: layout 1 (stars at (0,3) and (7,3)) and layout 2 (stars at (1,6), (6,6); hearts at (6,0),
 * (1,2), (4,4), deliberately not mirrored: Splitter D9). */
const spl_layout SPL_LAYOUT1 = {8, 7, L1ROWS};
const spl_layout SPL_LAYOUT2 = {8, 7, L2ROWS};

const spl_layout *spl_layout_by_number(int n) { return n == 1 ? &SPL_LAYOUT1 : &SPL_LAYOUT2; }

int spl_fillable(const spl_layout *L) {
    int n = 0;
    for (int y = 0; y < L->h; y++)
        for (int x = 0; x < L->w; x++) n += L->code[y][x] != SPL_BLANK;
    return n;
}

static void roll(spl_state *st) {
    st->d1 = dotnet_random_next(&st->dice, 1, 7);
    st->d2 = dotnet_random_next(&st->dice, 1, 7);
}

void spl_start(spl_state *st, const spl_layout *L, int layout_number, int32_t dice_base, int game_index) {
    memset(st, 0, sizeof *st);
    st->L = *L;
    st->layout_number = layout_number;
    st->rounds = spl_fillable(L) / 2;
    st->game_index = game_index;
    st->dice_base = dice_base;
    /* Splitter R7: seed = CustomHash(S) + g, wrapping in 32 bits. */
    dotnet_random_init(&st->dice, (int32_t)((uint32_t)dice_base + (uint32_t)game_index));
    st->failure.verdict = VERDICT_OK;
    if (st->rounds == 0) {
        st->over = true;
        return;
    }
    roll(st); /* the first roll happens when the game is created */
}

int spl_check(const spl_state *st, const spl_action *a, buf_t *why) {
    if (a->v != st->d1 && a->v != st->d2) {
        if (why) buf_printf(why, "%d was not rolled please try again!", a->v);
        return 1;
    }
    if (a->x < 0 || a->y < 0 || a->x >= st->L.w || a->y >= st->L.h) {
        if (why) buf_puts(why, "Index was outside the bounds of the array.");
        return 2;
    }
    if (st->L.code[a->y][a->x] == SPL_BLANK) {
        if (why) buf_printf(why, "Can't place, tile blank / non-placeable place: %d,%d", a->x, a->y);
        return 3;
    }
    if (st->sheet[a->y][a->x] != 0) {
        if (why)
            buf_printf(why, "Can't place on invalid tile it already has something place: %d,%d value: %d", a->x, a->y,
                       st->sheet[a->y][a->x]);
        return 4;
    }
    return 0;
}

void spl_place(spl_state *st, const spl_action *a) {
    int other = a->v == st->d1 ? st->d2 : st->d1;
    st->sheet[a->y][a->x] = (int8_t)a->v;
    /* Splitter R4: the mirror about the vertical centre line. Only (x, y) is checked: cells are filled
     * in mirror pairs, so the mirror is empty too. */
    st->sheet[a->y][st->L.w - 1 - a->x] = (int8_t)other;
    st->placed = true;
    st->last = *a;
    st->last_other = other;
    st->last_d1 = st->d1;
    st->last_d2 = st->d2;
    st->round++;
    if (st->round >= st->rounds) {
        st->over = true; /* Splitter R6: nothing more is sent */
        st->d1 = st->d2 = 0;
    } else {
        roll(st);
    }
}

void spl_fail(spl_state *st, verdict_kind v, verdict_cause cause, int status, int rule, const spl_action *a) {
    if (rule > 0 && a) {
        /* the message names the roll and the sheet as they were: keep the placement */
        st->failure.v = a->v, st->failure.x = a->x, st->failure.y = a->y;
    }
    st->placed = false;
    st->last_d1 = st->d1;
    st->last_d2 = st->d2;
    st->failure.verdict = v;
    st->failure.cause = cause;
    st->failure.status = status;
    st->failure.rule = rule;
    st->over = true;
    st->d1 = st->d2 = 0;
}

/* Splitter R9.1: the group of (x, y) among cells holding the same value; marks them in seen. */
static int flood(const spl_layout *L, const int8_t s[SPL_MAXH][SPL_MAXW], bool seen[SPL_MAXH][SPL_MAXW], int x0,
                 int y0, bool *star) {
    int stack[SPL_MAXW * SPL_MAXH][2], top = 0, size = 0;
    int v = s[y0][x0];
    seen[y0][x0] = true;
    stack[top][0] = x0, stack[top][1] = y0, top++;
    while (top) {
        top--;
        int x = stack[top][0], y = stack[top][1];
        size++;
        if (L->code[y][x] == SPL_STAR) *star = true;
        static const int D[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        for (int k = 0; k < 4; k++) {
            int nx = x + D[k][0], ny = y + D[k][1];
            if (nx < 0 || ny < 0 || nx >= L->w || ny >= L->h || seen[ny][nx] || s[ny][nx] != v) continue;
            seen[ny][nx] = true;
            stack[top][0] = nx, stack[top][1] = ny, top++;
        }
    }
    return size;
}

void spl_score_sheet(const spl_layout *L, const int8_t s[SPL_MAXH][SPL_MAXW], spl_score *out) {
    memset(out, 0, sizeof *out);
    bool seen[SPL_MAXH][SPL_MAXW];
    memset(seen, 0, sizeof seen);
    for (int y = 0; y < L->h; y++)
        for (int x = 0; x < L->w; x++) {
            int v = s[y][x];
            if (v < 1 || v > 6 || seen[y][x]) continue;
            bool star = false;
            int size = flood(L, s, seen, x, y, &star);
            if (size != v) continue; /* Splitter R9.2: exactly v cells */
            out->groups[v] += v;
            if (star) out->stars[v]++; /* Splitter R9.3: once per group, however many stars */
        }
    /* Splitter R9.4: every heart holds the same v. */
    int hearts = 0, count[7] = {0};
    for (int y = 0; y < L->h; y++)
        for (int x = 0; x < L->w; x++)
            if (L->code[y][x] == SPL_HEART) {
                hearts++;
                int v = s[y][x];
                if (v >= 1 && v <= 6) count[v]++;
            }
    for (int v = 1; v <= 6; v++)
        if (hearts > 0 && count[v] == hearts) out->heart_value = v;
    for (int v = 1; v <= 6; v++) {
        out->exact += out->groups[v];
        out->star_bonus += v * out->stars[v];
    }
    out->hearts = out->heart_value ? 5 : 0;
    out->total = out->exact + out->star_bonus + out->hearts;
}

void spl_failure_text(const spl_state *st, buf_t *out) {
    const spl_failure *f = &st->failure;
    int move = st->round + 1;
    if (f->rule > 0) {
        /* check the placement again against the roll it answered */
        spl_state then = *st;
        then.d1 = st->last_d1, then.d2 = st->last_d2;
        spl_action a = {f->v, f->x, f->y};
        spl_check(&then, &a, out);
        return;
    }
    switch (f->verdict) {
    case VERDICT_INVALID:
        buf_printf(out, "malformed line (move %d of %d)", move, st->rounds);
        break;
    case VERDICT_DOWN:
    case VERDICT_LATE:
        buf_printf(out, "no move within the time limit (move %d of %d)", move, st->rounds);
        break;
    case VERDICT_CRASH: {
        log_event e = {.kind = LOGEV_CRASH, .cause = f->cause, .status = f->status};
        spl_failure_reason(&e, move, st->rounds, 0, out);
        break;
    }
    default:
        break;
    }
}

int spl_total(const spl_state *st) {
    if (st->failure.verdict != VERDICT_OK) return 0;
    /* the mask scorer (tested equal to spl_score_sheet on random sheets) */
    int total = spl_bb_sheet_score(st->L.w, st->L.h, st->L.code, st->sheet);
    if (total >= 0) return total;
    spl_score sc;
    spl_score_sheet(&st->L, st->sheet, &sc);
    return sc.total;
}

/* The dice base (CustomHash of the seed string) from the options: dice_seed, else seed_string,
 * else the match seed written in decimal (the contract for integer seeds). */
static bool dice_base(const game_setup *setup, int32_t *base, buf_t *err) {
    const char *ds = game_option_get(setup->options, "dice_seed");
    const char *ss = game_option_get(setup->options, "seed_string");
    if (ds && *ds) {
        long long v;
        if (!text_parse_ll(ds, INT32_MIN, INT32_MAX, &v)) {
            buf_printf(err, "option dice_seed=%s: expected a signed 32-bit integer", ds);
            return false;
        }
        *base = (int32_t)v;
    } else if (ss && *ss) {
        *base = dotnet_custom_hash_utf8(ss, strlen(ss));
    } else {
        char dec[32];
        snprintf(dec, sizeof dec, "%llu", (unsigned long long)setup->seed);
        *base = dotnet_custom_hash_utf8(dec, strlen(dec));
    }
    return true;
}

bool spl_begin(void *state, const game_setup *setup, buf_t *err) {
    if (setup->seats != 1) {
        buf_printf(err, "splitter is a one-player game: give exactly 1 seat, got %d", setup->seats);
        return false;
    }
    long long g = 0;
    const char *gs = game_option_get(setup->options, "game");
    if (gs && !text_parse_ll(gs, 0, INT32_MAX, &g)) {
        buf_printf(err, "option game=%s: expected a game index from 0 to 2147483647", gs);
        return false;
    }
    const char *ls = game_option_get(setup->options, "layout");
    int layout;
    if (!ls || strcmp(ls, "1") == 0) layout = 1;
    else if (strcmp(ls, "2") == 0) layout = 2;
    else if (strcmp(ls, "both") == 0) layout = g % 2 == 0 ? 1 : 2;
    else {
        buf_printf(err, "option layout=%s: expected 1, 2 or both", ls);
        return false;
    }
    int32_t base;
    if (!dice_base(setup, &base, err)) return false;
    spl_start(state, spl_layout_by_number(layout), layout, base, (int)g);
    return true;
}
