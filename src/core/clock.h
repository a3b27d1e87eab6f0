/* clock.h: the referee's time source (CLOCK_MONOTONIC) and small helpers. */
#ifndef ARENA_CLOCK_H
#define ARENA_CLOCK_H
#include <stdint.h>

/* Microseconds on CLOCK_MONOTONIC. */
int64_t clock_now_us(void);
/* Nanoseconds on CLOCK_MONOTONIC (benchmarks). */
int64_t clock_now_ns(void);
/* Milliseconds to wait from now until `deadline_us` (0 if past, -1 if deadline is CLOCK_NEVER),
 * rounded up so that poll() never wakes before the deadline. */
int clock_poll_ms(int64_t deadline_us);
void clock_sleep_us(int64_t us);

#define CLOCK_NEVER INT64_MAX
#endif
