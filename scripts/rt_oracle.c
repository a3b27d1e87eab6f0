/* rt_oracle.c: an offline oracle for Rising Tide's champion (docs/games/rising_tide.md "The champion",
 * "Can the losses be avoided?"). It plays the exact games of `arena play rising_tide ... --seed S`
 * (the same rules, the same built-in bots on the same random streams: the match's stream 0 for the
 * execution order, stream 1000 + seat for each built-in), with the champion given no clock (its
 * budget counted in simulated rounds, so every run is the same), and searches the champion seat's
 * moves against the other seats' exact replies. Built and run by scripts/rt_oracle.sh.
 *   rt_oracle play SEED B0,B1,B2,B3             one game: the four scores (compare with arena play)
 *   rt_oracle scan BOT,BOT,BOT BASE N [R]       the champion in seat g mod 4 of game g (the others in
 *                                               order), seed BASE+g, as scripts/eval_rising_tide.sh
 *                                               seats it; prints the games it loses (R: only the
 *                                               rounds before R, a seat alive then counted as a
 *                                               survivor: the openings alone)
 *   rt_oracle show BOT,BOT,BOT SEED SEAT FROM    the game of scan, the seat's view printed every round
 *                                               from round FROM, with every seat's move
 *   rt_oracle search BOT,BOT,BOT SEED SEAT [H] [BEAM] [KEEP] [W_REL] [FROM]
 *                                               beam search over the seat's moves in rounds FROM..H-1
 *                                               (the champion plays the rounds before FROM)
 *                                               (every legal neighbour move inside view rows and
 *                                               columns 0..10, and a pass; the children ranked by
 *                                               how much land the diggers must still remove to reach
 *                                               the city), then the champion plays each of the KEEP
 *                                               best end positions out to round 800: a survivor is
 *                                               a saving line, printed move by move
 * Because the other seats' random streams do not depend on this seat's moves except through the
 * board, the search sees exactly the replies the bots would make. */
#include "games/rising_tide/rt_champ.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXH 64

typedef struct {
    rt_state st;
    rng_t match, bot[RT_SEATS];
    int score;          /* the heuristic, higher better */
    uint64_t hash;
    int n;              /* moves in line */
    rt_action line[MAXH];
} node;

static const game_bot *bots[RT_SEATS];
static void *mem[RT_SEATS];

static const game_bot *find_bot(const char *name) {
    for (const game_bot *b = rt_bots; b->name; b++)
        if (!strcmp(b->name, name)) return b;
    fprintf(stderr, "rt_oracle: no built-in %s\n", name);
    exit(2);
}

static void start(node *n, uint64_t seed) {
    memset(n, 0, sizeof *n);
    rt_config cfg = {false, RT_MAX_ROUNDS};
    rt_start(&n->st, &cfg);
    rng_seed(&n->match, seed, RNG_STREAM_MATCH);
    for (int s = 0; s < RT_SEATS; s++) rng_seed(&n->bot[s], seed, RNG_STREAM_BOT + (uint64_t)s);
}

/* The other seats' moves (board coordinates) and the execution order of this round; the seat
 * `skip` is left to the caller (-1: every seat plays its bot). */
static void others(node *n, int skip, int moves[RT_SEATS][4], bool has[RT_SEATS], int order[RT_SEATS], int *n_order) {
    *n_order = 0;
    for (int s = 0; s < RT_SEATS; s++) {
        has[s] = false;
        if (!rt_alive(&n->st, s)) continue;
        order[(*n_order)++] = s;
        if (s == skip) continue;
        rt_view v;
        rt_view_of(&n->st, s, &v);
        rt_action a = {RT_PASS, 0, 0, 0, 0};
        if (!bots[s]->act(mem[s], &v, &a, &n->bot[s]) || a.kind != RT_MOVE) continue;
        int si, sj, di, dj;
        if (a.i1 < 0 || a.j1 < 0 || a.i2 < 0 || a.j2 < 0 || a.i1 >= RT_N || a.j1 >= RT_N || a.i2 >= RT_N || a.j2 >= RT_N)
            continue;
        rt_view_to_board(s, a.i1, a.j1, &si, &sj);
        rt_view_to_board(s, a.i2, a.j2, &di, &dj);
        if (!rt_legal(n->st.board, false, si, sj, di, dj)) continue; /* Rising Tide R5.3 */
        moves[s][0] = si, moves[s][1] = sj, moves[s][2] = di, moves[s][3] = dj;
        has[s] = true;
    }
    for (int i = *n_order - 1; i >= 1; i--) { /* Rising Tide R8, as rt_apply draws it */
        int j = (int)rng_below(&n->match, (uint32_t)i + 1), t = order[i];
        order[i] = order[j], order[j] = t;
    }
}

static int max_round = RT_MAX_ROUNDS; /* scan: stop here, the seat counted as surviving */

/* Plays on with every seat's bot until the game ends (or max_round); the seat's score. */
static int play_out(node *n, int seat) {
    while (!n->st.over && n->st.round < max_round) {
        int moves[RT_SEATS][4], order[RT_SEATS], no;
        bool has[RT_SEATS];
        others(n, -1, moves, has, order, &no);
        rt_play_round(&n->st, (const int(*)[4])moves, has, order, no);
    }
    return n->st.score[seat];
}

static void set_bots(char *list, int cand_seat) {
    int s = 0;
    for (char *t = strtok(list, ","); t; t = strtok(NULL, ",")) {
        if (s == cand_seat) s++;
        if (s >= RT_SEATS) break;
        bots[s++] = find_bot(t);
    }
    if (cand_seat >= 0) bots[cand_seat] = find_bot("champion");
    for (int k = 0; k < RT_SEATS; k++) {
        free(mem[k]);
        mem[k] = bots[k]->memory_size ? calloc(1, bots[k]->memory_size) : NULL;
    }
}

/* The land the diggers must still remove to flood the city (view of `seat`): the least sum of
 * heights over an 8-connected path from a cell next to water to a cell of ring 1 (a bucket Dijkstra;
 * dry other cities weigh 0). 1000 once nothing is wet. */
static int dig_cost(const int8_t (*v)[RT_N]) {
    enum { MAXC = 1000 };
    int d[RT_N][RT_N];
    static int bucket[MAXC + 9][RT_CELLS];
    int bn[MAXC + 9];
    memset(bn, 0, sizeof bn);
    for (int i = 0; i < RT_N; i++)
        for (int j = 0; j < RT_N; j++) {
            d[i][j] = MAXC;
            if (v[i][j] == RT_FLOODED || (i == 5 && j == 5) || !rt_near_water(v, i, j)) continue;
            int h = v[i][j] < 0 ? 0 : v[i][j];
            d[i][j] = h;
            bucket[h][bn[h]++] = i * RT_N + j;
        }
    for (int c = 0; c < MAXC; c++)
        for (int x = 0; x < bn[c]; x++) {
            int i = bucket[c][x] / RT_N, j = bucket[c][x] % RT_N;
            if (d[i][j] != c) continue;
            if (rt_champ_ring(i, j) == 1) return c;
            for (int a = i - 1; a <= i + 1; a++)
                for (int b = j - 1; b <= j + 1; b++) {
                    if (!rt_champ_on_board(a, b) || v[a][b] == RT_FLOODED || (a == 5 && b == 5)) continue;
                    int nd = c + v[a][b];
                    if (nd < d[a][b] && nd < MAXC) d[a][b] = nd, bucket[nd][bn[nd]++] = a * RT_N + b;
                }
        }
    return MAXC;
}

static int weight_rel = 3, line_from = 0;

static int heuristic(const node *n, int seat) {
    rt_view v;
    rt_view_of(&n->st, seat, &v);
    const int8_t(*b)[RT_N] = (const int8_t(*)[RT_N])v.cell;
    int md = rt_champ_coast_dist(b, 5, 5), others_d = 20;
    for (int k = 1; k < RT_SEATS; k++)
        if (b[RT_CITY[k][0]][RT_CITY[k][1]] != RT_FLOODED) {
            int x = rt_champ_coast_dist(b, RT_CITY[k][0], RT_CITY[k][1]);
            if (x < others_d) others_d = x;
        }
    int rel = md - others_d;
    rel = rel > 3 ? 3 : rel < -3 ? -3 : rel;
    return 10 * dig_cost(b) + weight_rel * rel * 10 + (md < 10 ? md : 10);
}

static uint64_t hash_board(const rt_state *st) {
    uint64_t h = 1469598103934665603ULL;
    const int8_t *c = &st->board[0][0];
    for (int k = 0; k < RT_CELLS; k++) h = (h ^ (uint8_t)c[k]) * 1099511628211ULL;
    return h;
}

static void print_line(const node *n, int seat) {
    printf("  line (view of seat %d):", seat);
    for (int k = 0; k < n->n; k++) {
        const rt_action *a = &n->line[k];
        if (a->kind == RT_PASS) printf(" r%d:pass", line_from + k);
        else printf(" r%d:%d,%d>%d,%d", line_from + k, a->i1, a->j1, a->i2, a->j2);
    }
    printf("\n");
}

typedef struct {
    int score, parent;
    uint64_t hash;
    rt_action a;
} child;

static int by_child(const void *a, const void *b) {
    const child *x = a, *y = b;
    return (y->score > x->score) - (y->score < x->score);
}

/* The round of parent p with our move a (the others' moves and the order already drawn). */
static void apply_move(node *c, const node *p, int seat, int (*moves)[4], bool *has, const int *order, int no,
                       const rt_action *a) {
    *c = *p;
    int m[RT_SEATS][4];
    bool h[RT_SEATS];
    memcpy(m, moves, sizeof m);
    memcpy(h, has, sizeof h);
    h[seat] = a->kind == RT_MOVE;
    if (h[seat]) {
        rt_view_to_board(seat, a->i1, a->j1, &m[seat][0], &m[seat][1]);
        rt_view_to_board(seat, a->i2, a->j2, &m[seat][2], &m[seat][3]);
    }
    rt_play_round(&c->st, (const int(*)[4])m, h, order, no);
    if (c->n < MAXH) c->line[c->n++] = *a;
}

static int search(uint64_t seed, int seat, int from, int horizon, int beam, int keep) {
    static const int D[8][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}};
    node *cur = malloc(sizeof(node) * (size_t)beam), *base = malloc(sizeof(node) * (size_t)beam);
    int(*moves)[RT_SEATS][4] = malloc(sizeof *moves * (size_t)beam), (*order)[RT_SEATS] = malloc(sizeof *order * (size_t)beam);
    bool(*has)[RT_SEATS] = malloc(sizeof *has * (size_t)beam);
    int *no = malloc(sizeof(int) * (size_t)beam);
    size_t cap = (size_t)beam * 1000;
    child *ch = malloc(sizeof(child) * cap);
    start(&cur[0], seed);
    while (cur[0].st.round < from && !cur[0].st.over) { /* the champion's own moves until then */
        int m[RT_SEATS][4], o[RT_SEATS], no0;
        bool h[RT_SEATS];
        others(&cur[0], -1, m, h, o, &no0);
        rt_play_round(&cur[0].st, (const int(*)[4])m, h, o, no0);
    }
    int ncur = 1, best_dead = 0;
    for (int r = from; r < horizon && ncur; r++) {
        size_t nn = 0;
        for (int x = 0; x < ncur; x++) {
            if (cur[x].st.over) { /* the game ended with us alive (the others sank) */
                printf("seed %llu seat %d: survives (game over in round %d)\n", (unsigned long long)seed, seat,
                       cur[x].st.round);
                print_line(&cur[x], seat);
                return 1;
            }
            base[x] = cur[x];
            others(&base[x], seat, moves[x], has[x], order[x], &no[x]);
            rt_view v;
            rt_view_of(&base[x].st, seat, &v);
            for (int i = 0; i <= 10; i++)
                for (int j = 0; j <= 10; j++)
                    for (int d = -1; d < 8; d++) {
                        rt_action a = {RT_PASS, 0, 0, 0, 0};
                        if (d >= 0) {
                            int i2 = i + D[d][0], j2 = j + D[d][1];
                            if (i2 < 0 || j2 < 0 || i2 > 10 || j2 > 10 ||
                                !rt_legal((const int8_t(*)[RT_N])v.cell, false, i, j, i2, j2))
                                continue;
                            a = (rt_action){RT_MOVE, i, j, i2, j2};
                        } else if (i || j)
                            continue; /* one pass per parent */
                        if (nn == cap) break;
                        node c;
                        apply_move(&c, &base[x], seat, moves[x], has[x], order[x], no[x], &a);
                        if (c.st.score[seat] >= 0 && c.st.score[seat] < RT_MAX_ROUNDS) {
                            if (c.st.round > best_dead) best_dead = c.st.round;
                            continue;
                        }
                        ch[nn++] = (child){heuristic(&c, seat), x, hash_board(&c.st), a};
                    }
        }
        qsort(ch, nn, sizeof *ch, by_child);
        int k = 0;
        uint64_t *seen = malloc(sizeof(uint64_t) * (size_t)beam);
        node *next = malloc(sizeof(node) * (size_t)beam);
        for (size_t x = 0; x < nn && k < beam; x++) {
            bool dup = false;
            for (int y = 0; y < k && !dup; y++) dup = seen[y] == ch[x].hash;
            if (dup) continue;
            int p = ch[x].parent;
            apply_move(&next[k], &base[p], seat, moves[p], has[p], order[p], no[p], &ch[x].a);
            next[k].score = ch[x].score;
            seen[k++] = ch[x].hash;
        }
        memcpy(cur, next, sizeof(node) * (size_t)k);
        free(next);
        free(seen);
        ncur = k;
        fprintf(stderr, "round %d: %zu children, beam %d, best %d worst %d\n", r, nn, ncur, ncur ? cur[0].score : 0,
                ncur ? cur[ncur - 1].score : 0);
    }
    if (!ncur) {
        printf("seed %llu seat %d: NO line survives the first %d rounds (beam %d; the last death in round %d)\n",
               (unsigned long long)seed, seat, horizon, beam, best_dead - 1);
        return 0;
    }
    int best = 0;
    for (int x = 0; x < ncur && x < keep; x++) {
        node n = cur[x];
        memset(mem[seat], 0, bots[seat]->memory_size);
        int s = play_out(&n, seat);
        fprintf(stderr, "  end position %d (score %d): the champion plays on, scores %d\n", x, cur[x].score, s);
        if (s > best) best = s;
        if (s >= RT_MAX_ROUNDS) {
            printf("seed %llu seat %d: a line survives (the champion plays on from round %d)\n", (unsigned long long)seed,
                   seat, horizon);
            print_line(&cur[x], seat);
            return 1;
        }
    }
    printf("seed %llu seat %d: %d lines alive after %d rounds, none of the %d best survives with the champion after "
           "them (best score %d)\n", (unsigned long long)seed, seat, ncur, horizon, keep, best);
    return 0;
}

/* The seat's view at the start of the round and the moves chosen (view coordinates). */
static void show(const node *n, int seat, int moves[RT_SEATS][4], const bool *has) {
    rt_view v;
    rt_view_of(&n->st, seat, &v);
    printf("round %d, view of seat %d; moves:", n->st.round, seat);
    for (int s = 0; s < RT_SEATS; s++) {
        int vs = (s - seat + RT_SEATS) % RT_SEATS, a, b, c, d;
        if (!has[s]) {
            printf(" [%d] pass", vs);
            continue;
        }
        rt_board_to_view(seat, moves[s][0], moves[s][1], &a, &b);
        rt_board_to_view(seat, moves[s][2], moves[s][3], &c, &d);
        printf(" [%d] %d,%d>%d,%d", vs, a, b, c, d);
    }
    printf("\n");
    for (int i = 0; i < RT_N; i++) {
        for (int j = 0; j < RT_N; j++) {
            int h = v.cell[i][j];
            printf("%c", h < 0 ? '.' : rt_is_city(i, j) ? (i == 5 && j == 5 ? '@' : 'C') : (char)('0' + h));
        }
        printf("\n");
    }
}

int main(int argc, char **argv) {
    if (argc >= 4 && !strcmp(argv[1], "play")) {
        set_bots(argv[3], -1);
        node n;
        start(&n, strtoull(argv[2], NULL, 10));
        play_out(&n, 0);
        printf("%d %d %d %d\n", n.st.score[0], n.st.score[1], n.st.score[2], n.st.score[3]);
        return 0;
    }
    if (argc >= 5 && !strcmp(argv[1], "scan")) {
        uint64_t base = strtoull(argv[3], NULL, 10);
        int games = atoi(argv[4]), lost = 0;
        if (argc >= 6) max_round = atoi(argv[5]);
        for (int g = 0; g < games; g++) {
            char list[256];
            snprintf(list, sizeof list, "%s", argv[2]);
            set_bots(list, g % 4);
            node n;
            start(&n, base + (uint64_t)g);
            int s = play_out(&n, g % 4);
            if (s >= 0 && s < RT_MAX_ROUNDS) {
                lost++;
                printf("lost: seed %llu seat %d score %d\n", (unsigned long long)(base + (uint64_t)g), g % 4, s);
                fflush(stdout);
            }
        }
        printf("%s: %d of %d games survived\n", argv[2], games - lost, games);
        return 0;
    }
    if (argc >= 6 && !strcmp(argv[1], "show")) {
        int seat = atoi(argv[4]), from = atoi(argv[5]);
        set_bots(argv[2], seat);
        node n;
        start(&n, strtoull(argv[3], NULL, 10));
        while (!n.st.over) {
            int moves[RT_SEATS][4], order[RT_SEATS], no;
            bool has[RT_SEATS];
            others(&n, -1, moves, has, order, &no);
            if (n.st.round >= from) show(&n, seat, moves, has);
            rt_play_round(&n.st, (const int(*)[4])moves, has, order, no);
        }
        printf("scores %d %d %d %d\n", n.st.score[0], n.st.score[1], n.st.score[2], n.st.score[3]);
        return 0;
    }
    if (argc >= 5 && !strcmp(argv[1], "search")) {
        int seat = atoi(argv[4]);
        set_bots(argv[2], seat);
        int h = argc > 5 ? atoi(argv[5]) : 20, beam = argc > 6 ? atoi(argv[6]) : 100, keep = argc > 7 ? atoi(argv[7]) : 10;
        if (argc > 8) weight_rel = atoi(argv[8]);
        int from = argc > 9 ? atoi(argv[9]) : 0;
        line_from = from;
        if (h - from > MAXH) h = from + MAXH;
        return search(strtoull(argv[3], NULL, 10), seat, from, h, beam, keep) ? 0 : 1;
    }
    fprintf(stderr, "usage: rt_oracle play SEED B0,B1,B2,B3 | scan BOT,BOT,BOT BASE N | "
                    "search BOT,BOT,BOT SEED SEAT [H] [BEAM] [KEEP] [W_REL] [FROM]\n");
    return 2;
}
