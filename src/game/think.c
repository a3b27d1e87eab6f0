/* think.c: the time budget of bots that search (think.h). */
#include "think.h"

int64_t think_limit_ms(const bot_clock *clock, int64_t default_ms) {
    return clock && clock->limit_ms > 0 ? clock->limit_ms : default_ms;
}

void think_begin(think_budget *b, const bot_clock *clock, int64_t budget_ms, int64_t work_per_ms, int cap_factor) {
    if (budget_ms < 0) budget_ms = 0;
    b->budget_ms = budget_ms;
    b->done = 0;
    b->cap = budget_ms * work_per_ms;
    b->now_us = clock ? clock->now_us : NULL;
    b->deadline_us = 0;
    if (b->now_us) {
        b->cap *= cap_factor > 1 ? cap_factor : 1;
        b->deadline_us = clock->asked_us + budget_ms * 1000;
    }
}

bool think_more(const think_budget *b) {
    if (b->done >= b->cap) return false;
    return !b->now_us || b->now_us() < b->deadline_us;
}

bool think_spend(think_budget *b, int64_t units) {
    b->done += units;
    return think_more(b);
}
