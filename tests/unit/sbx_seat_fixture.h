/* sbx_seat_fixture.h: a seat as the sandbox's unit tests make one (test_sandbox.c,
 * test_sandbox_seat.c): running argv under config c (NULL: the default, every layer that works
 * here), the limits at their defaults, in a fresh folder. NULL (and why, as a comment) if the
 * seat cannot be prepared. */
#ifndef ARENA_SBX_SEAT_FIXTURE_H
#define ARENA_SBX_SEAT_FIXTURE_H
#include "../../src/sandbox/sandbox.h"
#include <stdio.h>
#include <string.h>

static sandbox_seat *fixture_seat(const sandbox_config *c, const char *const *argv, bool tcp, int port) {
    sandbox_config def;
    memset(&def, 0, sizeof def);
    sandbox_seat_spec spec = {.seat = 0, .tcp = tcp, .port = port, .argv = argv};
    sandbox_limits lim;
    memset(&lim, 0, sizeof lim);
#if defined(__SANITIZE_ADDRESS__)
    lim.as_mb = -1; /* AddressSanitizer reserves terabytes of address space */
#endif
    buf_t err;
    buf_init(&err);
    sandbox_seat *b = sandbox_seat_new(c ? c : &def, &lim, SBX_WORKDIR_TEMP, &spec, &err);
    if (!b) printf("# %s\n", buf_cstr(&err));
    buf_free(&err);
    return b;
}
#endif
