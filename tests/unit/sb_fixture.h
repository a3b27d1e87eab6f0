/* sb_fixture.h: SuiteBot positions for the unit tests, from the scenario notation (SuiteBot P11.1). */
#ifndef ARENA_SB_FIXTURE_H
#define ARENA_SB_FIXTURE_H
#include "core/buf.h"
#include "games/suitebot/sb.h"
#include <stdio.h>

/* The state a scenario text gives (the default rules when `rules` is NULL); a refused text says
 * why on a comment line and leaves the last state. */
static sb_state *state_of(const char *text, const sb_rules *rules) {
    static sb_state st;
    sb_rules r;
    if (!rules) sb_rules_default(&r), rules = &r;
    buf_t err;
    buf_init(&err);
    if (!sb_scn_parse(text, rules, false, &st, &err)) printf("# scn: %s\n", buf_cstr(&err));
    buf_free(&err);
    return &st;
}
#endif
