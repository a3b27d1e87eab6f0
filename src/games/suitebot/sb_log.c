/* sb_log.c: the event log of SuiteBot P7, one line per event ("round 17: bob's agent killed by
 * alice (+10)"), and the same lines for the display's ticker. */
#include "sb.h"
#include <stdlib.h>
#include <string.h>

typedef struct {
    const game_names *names; /* owned by the match; final once LOGEV_START arrives */
    bool started;            /* the start line is written */
    buf_t held;              /* round-1 entries (comments) that came before the start line */
} sb_log;

static const char *name_of(const game_names *names, int id) {
    int s = id - 1;
    if (!names || s < 0 || s >= names->count || !names->name[s]) {
        static const char *fallback[SB_MAX_PLAYERS] = {"P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8"};
        return s >= 0 && s < SB_MAX_PLAYERS ? fallback[s] : "?";
    }
    return names->name[s];
}

static void owner_list(buf_t *out, const game_names *names, unsigned mask) {
    int k = 0, total = 0;
    for (int o = 1; o <= SB_MAX_PLAYERS; o++) total += (mask >> (o - 1)) & 1;
    for (int o = 1; o <= SB_MAX_PLAYERS; o++) {
        if (!(mask & (1u << (o - 1)))) continue;
        if (k) buf_puts(out, k == total - 1 ? " and " : ", ");
        buf_puts(out, name_of(names, o));
        k++;
    }
}

void sb_describe_round(const sb_state *st, const game_names *names, buf_t *out) {
    const sb_last *L = &st->last;
    const int n = st->plan.n, t = L->round;
    if (t <= 0) return;
    /* collisions, grouped by field */
    bool told[SB_MAX_PLAYERS] = {false};
    for (int p = 0; p < n; p++) {
        if (L->died[p] != SB_DIED_COLLISION || told[p]) continue;
        unsigned mask = 0;
        for (int q = 0; q < n; q++)
            if (L->died[q] == SB_DIED_COLLISION && L->die_x[q] == L->die_x[p] && L->die_y[q] == L->die_y[p]) {
                mask |= 1u << q;
                told[q] = true;
            }
        buf_printf(out, "round %d: ", t);
        owner_list(out, names, mask);
        buf_printf(out, " collided at (%d,%d); all died\n", L->die_x[p], L->die_y[p]);
    }
    for (int i = 0; i < L->n_plants; i++)
        if (L->plant[i].old_owner) {
            buf_printf(out, "round %d: %s's plant at (%d,%d) replaced ", t, name_of(names, L->plant[i].player),
                       L->plant[i].x, L->plant[i].y);
            if (L->plant[i].old_owner == L->plant[i].player) buf_puts(out, "its own bomb");
            else buf_printf(out, "%s's bomb", name_of(names, L->plant[i].old_owner));
            buf_printf(out, " (countdown %d)\n", L->plant[i].old_countdown);
        }
    if (L->n_expl) {
        unsigned owners = 0;
        bool chained = false;
        for (int i = 0; i < L->n_expl; i++) {
            owners |= 1u << (L->expl[i].owner - 1);
            chained |= L->expl[i].by >= 0;
        }
        if (L->n_expl == 1)
            buf_printf(out, "round %d: bomb of %s at (%d,%d) exploded", t, name_of(names, L->expl[0].owner),
                       L->expl[0].x, L->expl[0].y);
        else {
            buf_printf(out, "round %d: %s of %d bombs (", t, chained ? "chain" : "explosion", L->n_expl);
            owner_list(out, names, owners);
            buf_putc(out, ')');
        }
        bool any = false;
        for (int p = 0; p < n; p++)
            if (L->field_points[p]) {
                buf_printf(out, "%s %s +%d", any ? "," : ";", name_of(names, p + 1), L->field_points[p]);
                any = true;
            }
        if (L->shared_fields)
            buf_printf(out, "; %d field%s shared, no score", L->shared_fields, L->shared_fields == 1 ? "" : "s");
        else if (!any)
            buf_puts(out, "; no fields mined");
        buf_putc(out, '\n');
    }
    for (int p = 0; p < n; p++) {
        if (L->died[p] == SB_DIED_BOMB) {
            const char *victim = name_of(names, p + 1);
            unsigned own = L->hit_by[p];
            if (L->killer[p])
                buf_printf(out, "round %d: %s's agent killed by %s (+%d)\n", t, victim, name_of(names, L->killer[p]),
                           st->rules.kill);
            else if (own == (1u << p))
                buf_printf(out, "round %d: %s's agent killed by its own bomb (no score)\n", t, victim);
            else {
                buf_printf(out, "round %d: %s's agent killed by ", t, victim);
                owner_list(out, names, own);
                buf_puts(out, " together (no score)\n");
            }
        } else if (L->died[p] == SB_DIED_BASE) {
            buf_printf(out, "round %d: %s's agent killed on %s's base (no score)\n", t, name_of(names, p + 1),
                       name_of(names, L->base_of[p]));
        }
    }
}

void *sb_log_new(const game_names *names) {
    sb_log *lg = calloc(1, sizeof *lg); /* not the aborting xcalloc: the host says so */
    if (!lg) return NULL;
    lg->names = names;
    buf_init(&lg->held);
    return lg;
}

void sb_log_free(void *p) {
    sb_log *lg = p;
    if (!lg) return;
    buf_free(&lg->held);
    free(lg);
}

static void quoted(buf_t *out, const char *text, size_t n) {
    if (!text) text = "", n = 0;
    if (n > 200) n = 200;
    while (n && (text[n - 1] == '\r' || text[n - 1] == '\n')) n--;
    buf_putc(out, '"');
    buf_append(out, text, n);
    buf_putc(out, '"');
}

void sb_log_event(void *p, const void *state, const log_event *ev, buf_t *out) {
    sb_log *lg = p;
    const sb_state *st = state;
    const char *name = name_of(lg->names, ev->seat + 1);
    /* The referee announces the start once round 1's replies are in (names are final then):
     * what came before waits, so that the log reads in order. */
    if (!lg->started && ev->kind != LOGEV_START && ev->kind != LOGEV_END) out = &lg->held;
    switch (ev->kind) {
    case LOGEV_START:
        buf_printf(out, "game start: %dx%d plan, %d rounds, %d players:", st->plan.w, st->plan.h, st->rules.rounds,
                   st->plan.n);
        for (int i = 0; i < st->plan.n; i++)
            buf_printf(out, " %c=%s", 'A' + i, name_of(lg->names, i + 1));
        buf_putc(out, '\n');
        lg->started = true;
        buf_append(out, lg->held.data ? lg->held.data : "", lg->held.len);
        buf_reset(&lg->held);
        break;
    case LOGEV_COMMENT:
    case LOGEV_RAWLOG: {
        const char *t = ev->text ? ev->text : "";
        size_t n = ev->text ? ev->len : 0;
        if (n >= 5 && memcmp(t, "#log:", 5) == 0) t += 5, n -= 5;
        else if (n && t[0] == '#') t++, n--;
        if (n && t[0] == ' ') t++, n--;
        while (n && t[n - 1] == '\r') n--;
        if (n > 500) n = 500;
        buf_printf(out, "[%s | round %d]: ", name, ev->now);
        buf_append(out, t, n);
        buf_putc(out, '\n');
        break;
    }
    case LOGEV_LATE:
        if (ev->text) {
            buf_printf(out, "round %d: %s LATE %lld ms -> HOLD; reply ", ev->turn, name,
                       (long long)(ev->elapsed_us / 1000));
            quoted(out, ev->text, ev->len);
            buf_puts(out, " discarded\n");
        } else {
            buf_printf(out, "round %d: %s LATE, no reply by the end of the game -> HOLD\n", ev->turn, name);
        }
        break;
    case LOGEV_DOWN:
        if (ev->cause == CAUSE_STARTUP)
            buf_printf(out, "round %d: %s DOWN (no answer within the start-up limit)\n", ev->now, name);
        else if (ev->cause == CAUSE_FLOOD)
            buf_printf(out, "round %d: %s DOWN (too much output in one round)\n", ev->now, name);
        else
            buf_printf(out, "round %d: %s DOWN (no answer in %lld ms)\n", ev->turn, name,
                       (long long)(ev->elapsed_us / 1000));
        break;
    case LOGEV_CRASH:
        buf_printf(out, "round %d: %s CRASH (", ev->now, name);
        if (ev->cause == CAUSE_SIGNAL) buf_printf(out, "killed by signal %d", ev->status);
        else if (ev->cause == CAUSE_EXIT) buf_printf(out, "exit status %d", ev->status);
        else if (ev->cause == CAUSE_START) buf_puts(out, "could not be started");
        else if (ev->cause == CAUSE_MEMORY) buf_puts(out, "MEMORY: killed by the memory limit");
        else buf_puts(out, "closed its output");
        buf_puts(out, ") -> DOWN, HOLD from now on\n");
        break;
    case LOGEV_INVALID:
        buf_printf(out, "round %d: %s INVALID ", ev->turn, name);
        quoted(out, ev->text, ev->len);
        buf_printf(out, " -> HOLD%s%s\n", ev->detail && *ev->detail ? ": " : "", ev->detail ? ev->detail : "");
        break;
    case LOGEV_UNASKED:
        buf_printf(out, "round %d: %s stale line ", ev->now, name);
        quoted(out, ev->text, ev->len);
        buf_puts(out, " discarded (no request pending)\n");
        break;
    case LOGEV_SKIP:
        break;
    case LOGEV_TURN:
        sb_describe_round(st, lg->names, out);
        break;
    case LOGEV_END: {
        if (lg->held.len) { /* a game that never got through round 1 */
            buf_append(out, lg->held.data, lg->held.len);
            buf_reset(&lg->held);
        }
        double scores[SB_MAX_PLAYERS], points[SB_MAX_PLAYERS];
        int ranks[SB_MAX_PLAYERS];
        for (int i = 0; i < st->plan.n; i++) scores[i] = st->score[i];
        game_ranks_from_scores(st->plan.n, scores, ranks);
        sb_place_points(st->plan.n, scores, points);
        buf_printf(out, "game over after %d rounds:", st->round - 1);
        for (int r = 1; r <= st->plan.n; r++)
            for (int i = 0; i < st->plan.n; i++)
                if (ranks[i] == r)
                    buf_printf(out, " %d. %s %d (%g place points);", r, name_of(lg->names, i + 1), st->score[i],
                               points[i]);
        if (out->len && out->data[out->len - 1] == ';') out->len--, out->data[out->len] = 0;
        buf_putc(out, '\n');
        break;
    }
    }
}
