/* chk_rules.c: Chicken R1-R16: set-up draws, sensors, legality with its labels, the effects
 * of a move, and how a game ends. Boards are 64-bit masks in reading order (sq = 8y + x). */
#include "chk.h"
#include "../../core/text.h"
#include <stdlib.h>
#include <string.h>

const int CHK_DX[4] = {0, 1, 0, -1};
const int CHK_DY[4] = {-1, 0, 1, 0};
const char *const CHK_DIR_NAME[4] = {"UP", "RIGHT", "DOWN", "LEFT"};
const char *const CHK_TYPE_NAME[3] = {"PLAIN", "EGG", "TURD"};
const char *const CHK_REASON_NAME[CHK_REASON_COUNT] = {"EGGS_LAID",  "BLOCKING_END", "TIMEOUT",
                                                       "INVALID_TURN", "CODE_CRASH",  "MEMORY_ERROR",
                                                       "FAILED_INIT", "SPAWN_BLOCKED"};
const char *const CHK_CHECK_LABEL[CHK_CHECK_COUNT] = {
    "ok",           "no_turds_left",         "egg_wrong_parity",       "onto_opponent",
    "off_board",    "opponent_egg",          "onto_opponent_turd",     "next_to_opponent_turd",
    "own_item_here", "turd_next_to_opponent", "unknown_direction",      "unknown_type"};

#define FILE_A 0x0101010101010101ULL /* x == 0 */
#define FILE_H 0x8080808080808080ULL /* x == 7 */

/* A square's edge neighbours: its zone without itself (constant expressions, no negative shift). */
#define ZONE(t) ((t) | ((t) >> 8) | ((t) << 8) | (((t) >> 1) & ~FILE_H) | (((t) << 1) & ~FILE_A))
#define NB(sq) (ZONE(1ULL << (sq)) & ~(1ULL << (sq)))
#define NB8(r) NB(8 * (r)), NB(8 * (r) + 1), NB(8 * (r) + 2), NB(8 * (r) + 3), NB(8 * (r) + 4), NB(8 * (r) + 5), \
               NB(8 * (r) + 6), NB(8 * (r) + 7)
const uint64_t CHK_NEIGHBOURS[CHK_CELLS] = {NB8(0), NB8(1), NB8(2), NB8(3), NB8(4), NB8(5), NB8(6), NB8(7)};

/* Rule 6: 2 on the centre four squares, 1 on the rest of the 4x4 centre, 0 elsewhere. */
#define IN(v, lo, hi) ((v) >= (lo) && (v) <= (hi))
#define W(x, y) (IN(x, 3, 4) && IN(y, 3, 4) ? 2 : IN(x, 2, 5) && IN(y, 2, 5) ? 1 : 0)
#define W8(y) W(0, y), W(1, y), W(2, y), W(3, y), W(4, y), W(5, y), W(6, y), W(7, y)
const uint8_t CHK_DOOR_WEIGHT[CHK_CELLS] = {W8(0), W8(1), W8(2), W8(3), W8(4), W8(5), W8(6), W8(7)};

int chk_parity(int sq) { return (CHK_X(sq) + CHK_Y(sq)) & 1; }

bool chk_is_corner(int sq) { return sq == 0 || sq == 7 || sq == 56 || sq == 63; }

int chk_step(int sq, int dir) {
    int x = CHK_X(sq) + CHK_DX[dir], y = CHK_Y(sq) + CHK_DY[dir];
    if (x < 0 || y < 0 || x >= CHK_N || y >= CHK_N) return -1;
    return CHK_SQ(x, y);
}

uint64_t chk_zone(uint64_t t) { return ZONE(t); }

/* ---------- options and set-up ---------- */

void chk_config_default(chk_config *cfg) {
    cfg->colours_fixed = false;
    cfg->moves = 40;
    cfg->turds = 5;
    cfg->spawn_row = 0;
    cfg->doors[0] = cfg->doors[1] = -1;
}

static bool parse_square(const char *s, size_t n, int *sq) {
    const char *comma = memchr(s, ',', n);
    long long x, y;
    if (!comma) return false;
    if (!text_parse_int(s, (size_t)(comma - s), 0, 7, &x)) return false;
    if (!text_parse_int(comma + 1, n - (size_t)(comma - s) - 1, 0, 7, &y)) return false;
    *sq = CHK_SQ((int)x, (int)y);
    return true;
}

static bool is_possible_spawn(int sq, int spawn_row) {
    int x = CHK_X(sq), y = CHK_Y(sq);
    if (x != 0 && x != 7) return false;
    return spawn_row ? y == spawn_row : (y >= 1 && y <= 6);
}

bool chk_config_parse(const game_options *o, chk_config *cfg, buf_t *err) {
    chk_config_default(cfg);
    const char *v;
    long long n;
    if ((v = game_option_get(o, "colours"))) {
        if (strcmp(v, "fixed") == 0) cfg->colours_fixed = true;
        else if (strcmp(v, "random") != 0) {
            buf_printf(err, "option colours=%s: expected random or fixed", v);
            return false;
        }
    }
    if ((v = game_option_get(o, "moves"))) {
        if (!text_parse_ll(v, 1, CHK_MAX_MOVES, &n)) {
            buf_printf(err, "option moves=%s: expected an integer from 1 to %d", v, CHK_MAX_MOVES);
            return false;
        }
        cfg->moves = (int)n;
    }
    if ((v = game_option_get(o, "turds"))) {
        if (!text_parse_ll(v, 0, CHK_MAX_TURDS, &n)) {
            buf_printf(err, "option turds=%s: expected an integer from 0 to %d", v, CHK_MAX_TURDS);
            return false;
        }
        cfg->turds = (int)n;
    }
    if ((v = game_option_get(o, "spawn")) && strcmp(v, "random") != 0) {
        if (!text_parse_ll(v, 1, 6, &n)) {
            buf_printf(err, "option spawn=%s: expected random or a row from 1 to 6", v);
            return false;
        }
        cfg->spawn_row = (int)n;
    }
    if ((v = game_option_get(o, "doors")) && strcmp(v, "random") != 0) {
        const char *semi = strchr(v, ';');
        int w, b;
        if (!semi || !parse_square(v, (size_t)(semi - v), &w) || !parse_square(semi + 1, strlen(semi + 1), &b)) {
            buf_printf(err, "option doors=%s: expected WX,WY;BX,BY (white door; black door), e.g. 3,3;4,3", v);
            return false;
        }
        if (chk_parity(w) != 0 || chk_parity(b) != 1) {
            buf_printf(err, "option doors=%s: the white door needs x+y even and the black door x+y odd", v);
            return false;
        }
        if (is_possible_spawn(w, cfg->spawn_row) || is_possible_spawn(b, cfg->spawn_row)) {
            buf_printf(err, "option doors=%s: a door may not be on a spawn (x = 0 or 7 on the spawn row%s)", v,
                       cfg->spawn_row ? "" : "s 1..6");
            return false;
        }
        cfg->doors[0] = w;
        cfg->doors[1] = b;
    }
    return true;
}

static void spawns_for_row(int y, int *a, int *b) {
    *a = y % 2 == 0 ? CHK_SQ(0, y) : CHK_SQ(7, y);
    *b = y % 2 == 0 ? CHK_SQ(7, y) : CHK_SQ(0, y);
}

void chk_setup_fixed(chk_state *st, const chk_config *cfg, int spawn_a, int spawn_b, int door_w, int door_b) {
    memset(st, 0, sizeof *st);
    st->cfg = *cfg;
    st->seat_of[CHK_A] = 0;
    st->seat_of[CHK_B] = 1;
    st->colour_of[0] = CHK_A;
    st->colour_of[1] = CHK_B;
    st->spawn[CHK_A] = st->pos[CHK_A] = spawn_a;
    st->spawn[CHK_B] = st->pos[CHK_B] = spawn_b;
    st->door[CHK_WHITE_DOOR] = door_w;
    st->door[CHK_BLACK_DOOR] = door_b;
    for (int c = 0; c < 2; c++) {
        st->turds_left[c] = cfg->turds;
        st->moves_left[c] = cfg->moves;
        st->bank_left_ms[c] = CHK_NO_BANK;
    }
    st->mover = CHK_A;
    st->winner = CHK_PLAYING;
    st->last.fail_seat = -1;
}

/* Rule 8.3/8.4: rejection sampling over the weights, cumulated in the order k = 8x + y. */
static int draw_door(rng_t *rng, int parity) {
    for (;;) {
        int r = (int)rng_below(rng, 20), acc = 0;
        for (int k = 0; k < CHK_CELLS; k++) {
            int x = k / 8, y = k % 8;
            acc += CHK_DOOR_WEIGHT[CHK_SQ(x, y)];
            if (acc > r) {
                if ((x + y) % 2 == parity) return CHK_SQ(x, y);
                break;
            }
        }
    }
}

void chk_setup(chk_state *st, const chk_config *cfg, rng_t *rng) {
    int a_seat = 0;
    if (!cfg->colours_fixed) a_seat = (int)rng_below(rng, 2);
    int row = cfg->spawn_row ? cfg->spawn_row : (int)rng_range(rng, 1, 6);
    int sa, sb;
    spawns_for_row(row, &sa, &sb);
    int dw = cfg->doors[0] >= 0 ? cfg->doors[0] : draw_door(rng, 0);
    int db = cfg->doors[1] >= 0 ? cfg->doors[1] : draw_door(rng, 1);
    chk_setup_fixed(st, cfg, sa, sb, dw, db);
    st->seat_of[CHK_A] = a_seat;
    st->seat_of[CHK_B] = 1 - a_seat;
    st->colour_of[a_seat] = CHK_A;
    st->colour_of[1 - a_seat] = CHK_B;
    chk_sense(st, st->pos[CHK_A], rng, st->sense);
}

/* ---------- sensors (Chicken R10) ---------- */

int chk_prob_hear(int dx, int dy) {
    if (dx + dy == 1) return 50;
    if (dx == 1 && dy == 1) return 25;
    if ((dx == 2 && dy <= 1) || (dy == 2 && dx <= 1)) return 10;
    return 0;
}

int chk_prob_feel(int dx, int dy) {
    if (dx + dy == 1) return 30;
    if (dx == 1 && dy == 1) return 15;
    return 0;
}

/* Rule 10's table by (dx, dy), as the functions above state it (hot path: every ply). */
static const uint8_t HEAR[8][8] = {{0, 50, 10, 0, 0, 0, 0, 0}, {50, 25, 10, 0, 0, 0, 0, 0}, {10, 10, 0, 0, 0, 0, 0, 0}};
static const uint8_t FEEL[8][8] = {{0, 30, 0, 0, 0, 0, 0, 0}, {30, 15, 0, 0, 0, 0, 0, 0}};

void chk_sense(const chk_state *st, int sq, rng_t *rng, bool out[4]) {
    for (int d = 0; d < 2; d++) {
        int dx = abs(CHK_X(sq) - CHK_X(st->door[d])), dy = abs(CHK_Y(sq) - CHK_Y(st->door[d]));
        /* Four draws always, even when a probability is 0 (Chicken R10). */
        out[2 * d] = (int)rng_below(rng, 100) < HEAR[dx][dy];
        out[2 * d + 1] = (int)rng_below(rng, 100) < FEEL[dx][dy];
    }
}

/* ---------- legality (Chicken R11) ---------- */

static bool own_item(const chk_state *st, int me, int sq) {
    return ((st->eggs[me] | st->turds[me]) & CHK_BIT(sq)) != 0;
}

chk_check chk_why(const chk_state *st, int me, int dir, int type) {
    if (dir < 0 || dir > 3) return CHK_BAD_DIRECTION;
    if (type < 0 || type > 2) return CHK_BAD_TYPE;
    int opp = 1 - me, p = st->pos[me], q = st->pos[opp];
    if (type == CHK_TURD && st->turds_left[me] < 1) return CHK_NO_TURDS_LEFT;
    if (type == CHK_EGG && chk_parity(p) != me) return CHK_EGG_WRONG_PARITY;
    int x = CHK_X(p) + CHK_DX[dir], y = CHK_Y(p) + CHK_DY[dir];
    if (x == CHK_X(q) && y == CHK_Y(q)) return CHK_ONTO_OPPONENT;
    if (x < 0 || y < 0 || x >= CHK_N || y >= CHK_N) return CHK_OFF_BOARD;
    int d = CHK_SQ(x, y);
    if (st->eggs[opp] & CHK_BIT(d)) return CHK_OPPONENT_EGG;
    if (st->turds[opp] & CHK_BIT(d)) return CHK_ONTO_OPPONENT_TURD;
    if (st->turds[opp] & CHK_NEIGHBOURS[d]) return CHK_NEXT_TO_OPPONENT_TURD;
    if (type == CHK_PLAIN) return CHK_OK;
    if (own_item(st, me, p)) return CHK_OWN_ITEM_HERE;
    if (type == CHK_EGG) return CHK_OK;
    int dist = abs(CHK_X(p) - CHK_X(q)) + abs(CHK_Y(p) - CHK_Y(q));
    return dist >= 2 ? CHK_OK : CHK_TURD_NEXT_TO_OPPONENT;
}

unsigned chk_legal_mask_raw(int me, int p, int q, uint64_t own_items, uint64_t opp_eggs, uint64_t opp_turds,
                            int turds_left) {
    /* Squares me may enter: on the board (by construction), not the opponent's square, no
     * opponent egg, not in the opponent's turd zone (Chicken R11, checks 3-6). */
    uint64_t enter = ~(opp_eggs | chk_zone(opp_turds) | CHK_BIT(q));
    bool here_free = !(own_items & CHK_BIT(p));
    bool egg = here_free && chk_parity(p) == me;
    int dist = abs(CHK_X(p) - CHK_X(q)) + abs(CHK_Y(p) - CHK_Y(q));
    bool turd = here_free && turds_left > 0 && dist >= 2;
    unsigned extra = 1u | (egg ? 2u : 0u) | (turd ? 4u : 0u);
    unsigned mask = 0;
    int x = CHK_X(p), y = CHK_Y(p);
    if (y > 0 && (enter & CHK_BIT(p - 8))) mask |= extra << (3 * CHK_UP);
    if (x < 7 && (enter & CHK_BIT(p + 1))) mask |= extra << (3 * CHK_RIGHT);
    if (y < 7 && (enter & CHK_BIT(p + 8))) mask |= extra << (3 * CHK_DOWN);
    if (x > 0 && (enter & CHK_BIT(p - 1))) mask |= extra << (3 * CHK_LEFT);
    return mask;
}

unsigned chk_legal_mask(const chk_state *st, int me) {
    int opp = 1 - me;
    return chk_legal_mask_raw(me, st->pos[me], st->pos[opp], st->eggs[me] | st->turds[me], st->eggs[opp],
                              st->turds[opp], st->turds_left[me]);
}

int chk_legal_moves(const chk_state *st, int me, chk_action *out) {
    unsigned mask = chk_legal_mask(st, me);
    int n = 0;
    for (int i = 0; i < 12; i++)
        if (mask & (1u << i)) out[n++] = (chk_action){i / 3, i % 3};
    return n;
}

/* ---------- effects of a move (Chicken R13) and the end (Chicken R14-R16) ---------- */

static void decide_by_eggs(chk_state *st, chk_reason reason) {
    st->over = true;
    st->reason = reason;
    st->winner = st->score[CHK_A] > st->score[CHK_B]   ? CHK_WIN_A
                 : st->score[CHK_B] > st->score[CHK_A] ? CHK_WIN_B
                                                        : CHK_TIE;
}

bool chk_spawn_free(const chk_state *st, int me) {
    int opp = 1 - me, s = st->spawn[me];
    if (st->pos[opp] == s) return false;
    if ((st->eggs[opp] | st->turds[opp]) & CHK_BIT(s)) return false;
    return (st->turds[opp] & CHK_NEIGHBOURS[s]) == 0;
}

void chk_play(chk_state *st, int dir, int type, rng_t *rng) {
    int me = st->mover, opp = 1 - me, p = st->pos[me];
    int d = chk_step(p, dir);
    chk_last *L = &st->last;
    memset(L, 0, sizeof *L);
    L->ply = st->ply + 1;
    L->mover = me;
    L->moved = true;
    L->move = (chk_action){dir, type};
    L->from = p;
    L->to = d;
    L->fail_seat = -1;
    if (type == CHK_EGG) {
        st->eggs[me] |= CHK_BIT(p);
        st->score[me] += chk_is_corner(p) ? 3 : 1;
    } else if (type == CHK_TURD) {
        st->turds[me] |= CHK_BIT(p);
        st->turds_left[me]--;
    }
    st->pos[me] = d;
    bool spawn_blocked = false;
    for (int k = 0; k < 2; k++) {
        if (d != st->door[k]) continue;
        st->found[k] = true;
        st->score[opp] += 4;
        st->pos[me] = st->spawn[me];
        L->fell = true;
        L->door = k;
        spawn_blocked = !chk_spawn_free(st, me);
    }
    st->moves_left[me]--;
    st->ply++;
    if (spawn_blocked) {
        decide_by_eggs(st, CHK_SPAWN_BLOCKED);
        return;
    }
    if (st->moves_left[opp] >= 1 && chk_legal_mask(st, opp) == 0) {
        st->score[me] += 5;
        L->blocked = true;
        decide_by_eggs(st, CHK_BLOCKING_END);
        return;
    }
    if (st->moves_left[me] == 0 && st->moves_left[opp] == 0) {
        decide_by_eggs(st, CHK_EGGS_LAID);
        return;
    }
    st->mover = opp;
    if (rng) {
        chk_sense(st, st->pos[opp], rng, st->sense);
        memcpy(L->next_sense, st->sense, sizeof L->next_sense);
        L->sensed = true;
    }
}

void chk_lose(chk_state *st, int loser, chk_reason reason) {
    st->over = true;
    st->reason = reason;
    st->winner = loser == CHK_A ? CHK_WIN_B : CHK_WIN_A;
}

void chk_both_failed_init(chk_state *st) {
    st->over = true;
    st->reason = CHK_FAILED_INIT;
    st->winner = CHK_TIE;
}

bool chk_start(void *st, const game_setup *setup, buf_t *err) {
    if (setup->seats != 2) {
        buf_printf(err, "chicken needs exactly 2 seats, got %d", setup->seats);
        return false;
    }
    chk_config cfg;
    if (!chk_config_parse(setup->options, &cfg, err)) return false;
    chk_setup(st, &cfg, setup->rng);
    return true;
}
