/* rt_rules.c: Rising Tide R1-R9: terrain, rotation, legality, rounds, flooding, scores, and a new
 * game from the options. */
#include "rt.h"
#include "../../core/text.h"
#include <stdlib.h>
#include <string.h>

const int RT_CITY[RT_SEATS][2] = {{5, 5}, {5, 12}, {12, 12}, {12, 5}};

void rt_view_to_board(int seat, int vi, int vj, int *bi, int *bj) {
    switch (seat & 3) {
    case 0: *bi = vi; *bj = vj; break;
    case 1: *bi = vj; *bj = RT_N - 1 - vi; break;
    case 2: *bi = RT_N - 1 - vi; *bj = RT_N - 1 - vj; break;
    default: *bi = RT_N - 1 - vj; *bj = vi; break;
    }
}

void rt_board_to_view(int seat, int bi, int bj, int *vi, int *vj) {
    switch (seat & 3) {
    case 0: *vi = bi; *vj = bj; break;
    case 1: *vi = RT_N - 1 - bj; *vj = bi; break;
    case 2: *vi = RT_N - 1 - bi; *vj = RT_N - 1 - bj; break;
    default: *vi = bj; *vj = RT_N - 1 - bi; break;
    }
}

int rt_dist(int i1, int j1, int i2, int j2) { return abs(i1 - i2) + abs(j1 - j2); }

bool rt_near_water(const int8_t (*v)[RT_N], int i, int j) {
    if (i == 0 || j == 0 || i == RT_N - 1 || j == RT_N - 1) return true;
    for (int a = i - 1; a <= i + 1; a++)
        for (int b = j - 1; b <= j + 1; b++)
            if ((a != i || b != j) && v[a][b] == RT_FLOODED) return true;
    return false;
}

static bool in_bounds(int i, int j) { return i >= 0 && j >= 0 && i < RT_N && j < RT_N; }

bool rt_legal(const int8_t (*b)[RT_N], bool original, int si, int sj, int di, int dj) {
    if (!original) {
        int di_ = abs(si - di), dj_ = abs(sj - dj);
        if ((di_ > dj_ ? di_ : dj_) != 1) return false;
    }
    return rt_legal_original(b, si, sj, di, dj);
}

static void set_cell(rt_state *st, int i, int j, int v) {
    st->board[i][j] = (int8_t)v;
    for (int s = 0; s < RT_SEATS; s++) {
        int vi, vj;
        rt_board_to_view(s, i, j, &vi, &vj);
        st->rot[s][vi][vj] = (int8_t)v;
    }
}

static void front_add(rt_state *st, int i, int j) {
    int k = i * RT_N + j;
    if (st->in_front[k] || st->board[i][j] == RT_FLOODED) return;
    st->in_front[k] = true;
    st->front[st->n_front++] = k;
}

void rt_start(rt_state *st, const rt_config *cfg) {
    memset(st, 0, sizeof *st);
    st->cfg = *cfg;
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++) {
            int d = i;
            if (j < d) d = j;
            if (RT_N - 1 - i < d) d = RT_N - 1 - i;
            if (RT_N - 1 - j < d) d = RT_N - 1 - j;
            int h = (d < 5 ? d : 5) + 1;
            set_cell(st, i, j, rt_is_city(i, j) ? 0 : h);
        }
    for (int s = 0; s < RT_SEATS; s++) st->score[s] = -1;
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++)
            if (i == 0 || j == 0 || i == RT_N - 1 || j == RT_N - 1) front_add(st, i, j);
    st->last.round = -1;
}

bool rt_alive(const rt_state *st, int seat) { return st->score[seat] < 0 && !st->over; }

int rt_terrain_sum(const int8_t (*b)[RT_N]) {
    int sum = 0;
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++)
            if (b[i][j] > 0) sum += b[i][j];
    return sum;
}

/* Rising Tide R7: one pass from the board as it was before the step. Only front cells can flood, so the step
 * costs the size of the front, not the board. */
void rt_flood_step(rt_state *st, int r) {
    int newly[RT_CELLS], n = 0;
    /* the board as one row of cells: board[k / RT_N][k % RT_N] cost a division's multiply and
     * shifts per front cell, most of this scan, which runs every round */
    const int8_t *cell = &st->board[0][0];
    for (int f = 0; f < st->n_front; f++) {
        int k = st->front[f];
        if (100 * cell[k] < r) newly[n++] = k;
    }
    st->last.flooded = n;
    if (!n) return;
    for (int x = 0; x < n; x++) set_cell(st, newly[x] / RT_N, newly[x] % RT_N, RT_FLOODED);
    /* Drop flooded cells from the front, then add their dry neighbours. */
    int w = 0;
    for (int f = 0; f < st->n_front; f++) {
        int k = st->front[f];
        if (cell[k] == RT_FLOODED) st->in_front[k] = false;
        else st->front[w++] = k;
    }
    st->n_front = w;
    for (int x = 0; x < n; x++) {
        int i = newly[x] / RT_N, j = newly[x] % RT_N;
        for (int a = i - 1; a <= i + 1; a++)
            for (int b = j - 1; b <= j + 1; b++)
                if (in_bounds(a, b)) front_add(st, a, b);
    }
}

void rt_play_round(rt_state *st, const int (*moves)[4], const bool *has_move, const int *order, int n_order) {
    int r = st->round;
    rt_last *L = &st->last;
    L->round = r;
    L->n_order = n_order;
    for (int s = 0; s < RT_SEATS; s++) {
        L->moved[s] = has_move[s];
        L->done[s] = false;
        L->eliminated[s] = false;
        if (has_move[s]) memcpy(L->move[s], moves[s], sizeof L->move[s]);
    }
    for (int x = 0; x < n_order; x++) {
        int s = order[x];
        L->order[x] = s;
        if (!has_move[s]) continue;
        const int *m = moves[s];
        /* Rising Tide R5.5: checked again against the board as it is now. */
        if (!rt_legal(st->board, st->cfg.original, m[0], m[1], m[2], m[3])) continue;
        set_cell(st, m[0], m[1], st->board[m[0]][m[1]] - 1);
        set_cell(st, m[2], m[3], st->board[m[2]][m[3]] + 1);
        L->done[s] = true;
    }
    rt_flood_step(st, r);
    int alive = 0;
    for (int s = 0; s < RT_SEATS; s++) {
        if (st->score[s] < 0 && st->board[RT_CITY[s][0]][RT_CITY[s][1]] == RT_FLOODED) {
            st->score[s] = r;
            L->eliminated[s] = true;
        }
        if (st->score[s] < 0) alive++;
    }
    if (alive <= 1 || r == st->cfg.rounds - 1) {
        st->over = true;
        for (int s = 0; s < RT_SEATS; s++)
            if (st->score[s] < 0) st->score[s] = st->cfg.rounds;
    }
    st->round = r + 1;
}

bool rt_begin(void *state, const game_setup *setup, buf_t *err) {
    if (setup->seats != RT_SEATS) {
        if (setup->seats < RT_SEATS)
            buf_printf(err, "rising_tide needs exactly 4 seats, got %d; fill the empty seats with builtin:pass_perth",
                       setup->seats);
        else /* "fill the empty seats" would be the wrong advice here */
            buf_printf(err, "rising_tide needs exactly 4 seats, got %d; remove %d of them", setup->seats,
                       setup->seats - RT_SEATS);
        return false;
    }
    rt_config cfg = {false, RT_MAX_ROUNDS};
    const char *rules = game_option_get(setup->options, "rules");
    if (rules && strcmp(rules, "original") == 0) cfg.original = true;
    else if (rules && strcmp(rules, "written") != 0) {
        buf_printf(err, "option rules=%s: expected written or original", rules);
        return false;
    }
    const char *rounds = game_option_get(setup->options, "rounds");
    long long n = RT_MAX_ROUNDS;
    if (rounds && !text_parse_ll(rounds, 1, RT_MAX_ROUNDS, &n)) {
        buf_printf(err, "option rounds=%s: expected an integer from 1 to 800", rounds);
        return false;
    }
    cfg.rounds = (int)n;
    rt_start(state, &cfg);
    return true;
}
