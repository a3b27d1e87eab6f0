/* sbx_seat_fixture.h: a seat as the sandbox's unit tests make one (test_sandbox.c,
 * test_sandbox_seat.c, test_sandbox_refusals.c): running argv under config c (NULL: the default,
 * every layer that works here), the limits at their defaults, in a fresh folder. NULL (and why,
 * as a comment) if the seat cannot be prepared. And reading what a seat's process writes, and the
 * probe's role inside a seat. */
#ifndef ARENA_SBX_SEAT_FIXTURE_H
#define ARENA_SBX_SEAT_FIXTURE_H
#include "../../src/sandbox/sandbox.h"
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

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

/* Reads fd (blocking or not) until EOF, or 20 s without a byte, into out. */
static void fixture_read_all(int fd, buf_t *out) {
    char chunk[4096];
    for (;;) {
        ssize_t k = read(fd, chunk, sizeof chunk);
        if (k > 0) {
            buf_append(out, chunk, (size_t)k);
        } else if (k < 0 && errno == EINTR) {
            continue;
        } else if (k < 0 && errno == EAGAIN) {
            struct pollfd pf = {fd, POLLIN, 0};
            if (poll(&pf, 1, 20000) <= 0) return;
        } else {
            return;
        }
    }
}

/* The probe inside a seat (`PROGRAM --inside CANARY`): what this process sees, on stdout. It leaves
 * with _exit: nothing at exit may run in a seat. Returns only when argv asks for something else. */
static inline void fixture_inside_role(int argc, char **argv) {
    if (argc != 3 || strcmp(argv[1], "--inside") != 0) return;
    buf_t out;
    buf_init(&out);
    sandbox_inside_observe(argv[2], &out);
    fwrite(out.data, 1, out.len, stdout);
    fflush(stdout);
    _exit(0);
}
#endif
