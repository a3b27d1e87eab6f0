/* think.h: a time budget for bots that search (the champions), over the clock their host hands
 * them (game.h bot_clock). Pure: the only clock is the one handed in. A bot picks a budget in ms
 * for the move. With a clock it stops at the budget, or at cap_factor times the calibrated work
 * (a machine much faster than the development machine); without one (clock=off, tests, benches)
 * it does exactly budget_ms x work_per_ms units of work: the same moves on the same views. */
#ifndef ARENA_THINK_H
#define ARENA_THINK_H
#include "game.h"

typedef struct {
    int64_t (*now_us)(void); /* NULL: no clock (the work cap alone) */
    int64_t deadline_us;     /* with a clock: stop once now_us() reaches it */
    int64_t cap;             /* units of work allowed */
    int64_t done;            /* units of work done so far */
    int64_t budget_ms;       /* the budget of this move */
} think_budget;

/* The per-move limit the bot plays under: the clock's limit_ms, or default_ms without a clock or
 * without a limit (--no-timeout). */
int64_t think_limit_ms(const bot_clock *clock, int64_t default_ms);
/* Starts a move's budget of budget_ms (counted from clock->asked_us). work_per_ms: units of work
 * per millisecond the bot was calibrated to on the development machine. */
void think_begin(think_budget *b, const bot_clock *clock, int64_t budget_ms, int64_t work_per_ms, int cap_factor);
/* Counts `units` of work done; true while the bot may go on. */
bool think_spend(think_budget *b, int64_t units);
/* True while the bot may go on (no work counted). */
bool think_more(const think_budget *b);
#endif
