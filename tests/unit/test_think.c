/* test_think.c: the think budget of bots that search (src/game/think.c) over a clock handed in:
 * calibrated work without a clock, the deadline or the work cap with one. */
#include "game/think.h"
#include "t.h"

static int64_t fake_now; /* the test's clock, moved by hand */
static int64_t fake_clock(void) { return fake_now; }

TEST(think_without_clock_does_the_calibrated_work) {
    think_budget b;
    think_begin(&b, NULL, 40, 25, 4); /* 40 ms at 25 units/ms: exactly 1000 units */
    int n = 1;
    while (think_spend(&b, 1)) n++;
    CHECK_EQ_INT(n, 1000);
    CHECK(!think_more(&b));
}

TEST(think_with_clock_stops_at_the_deadline) {
    fake_now = 5000000;
    bot_clock c = {.now_us = fake_clock, .asked_us = 4990000, .limit_ms = 100}; /* asked 10 ms ago */
    think_budget b;
    think_begin(&b, &c, 40, 25, 4);
    CHECK(think_spend(&b, 500));
    fake_now = 4990000 + 39999;
    CHECK(think_more(&b));
    fake_now = 4990000 + 40000;
    CHECK(!think_more(&b));
}

TEST(think_with_clock_stops_at_cap_factor_times_the_work) {
    fake_now = 0;
    bot_clock c = {.now_us = fake_clock, .asked_us = 0, .limit_ms = 100};
    think_budget b;
    think_begin(&b, &c, 40, 25, 4); /* the clock never moves: 4 x 1000 units */
    int n = 1;
    while (think_spend(&b, 1)) n++;
    CHECK_EQ_INT(n, 4000);
}

TEST(think_limit_falls_back_to_the_default) {
    bot_clock none = {.now_us = fake_clock}, some = {.now_us = fake_clock, .limit_ms = 250};
    CHECK_EQ_INT(think_limit_ms(NULL, 100), 100);
    CHECK_EQ_INT(think_limit_ms(&none, 100), 100);
    CHECK_EQ_INT(think_limit_ms(&some, 100), 250);
}

int main(void) {
    RUN(think_without_clock_does_the_calibrated_work);
    RUN(think_with_clock_stops_at_the_deadline);
    RUN(think_with_clock_stops_at_cap_factor_times_the_work);
    RUN(think_limit_falls_back_to_the_default);
    return T_DONE();
}
