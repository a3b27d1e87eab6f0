/* clock.c: monotonic clock helpers. */
#include "clock.h"
#include <time.h>

int64_t clock_now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

int64_t clock_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int clock_poll_ms(int64_t deadline_us) {
    if (deadline_us == CLOCK_NEVER) return -1;
    int64_t left = deadline_us - clock_now_us();
    if (left <= 0) return 0;
    int64_t ms = (left + 999) / 1000;
    return ms > 1000000 ? 1000000 : (int)ms;
}

void clock_sleep_us(int64_t us) {
    if (us <= 0) return;
    struct timespec ts = {us / 1000000, (us % 1000000) * 1000};
    while (nanosleep(&ts, &ts) != 0) {}
}
