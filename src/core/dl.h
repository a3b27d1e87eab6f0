/* dl.h: a shared library loaded on first use instead of at start.
 *
 * Why: linked the usual way, libpq, libarchive and libmicrohttpd bring about 35 further libraries
 * (Kerberos, LDAP, TLS, every compressor) that the loader maps into every `arena` process: about
 * 600 page faults and 20 ms before main, paid by each `arena play` and `arena verify` although only
 * a PostgreSQL store, an upload and the server use them. Loaded here when first needed, an arena
 * process starts in about a quarter of that (docs/architecture.md, "Libraries loaded on use").
 *
 * A user (store/pq_lib.c, store/archive_lib.c, serve/mhd_lib.c) keeps a table of function pointers
 * typed from the library's own header, names the symbols, and calls dl_load at its entry points
 * (a clear message when the library is missing) and dl_need on each call (which cannot fail after
 * dl_load succeeded). Thread-safe: the server's threads may be first. */
#ifndef ARENA_DL_H
#define ARENA_DL_H
#include "buf.h"
#include <stdatomic.h>
#include <stdbool.h>

typedef struct {
    const char *soname;        /* what dlopen loads, e.g. "libpq.so.5" */
    const char *package;       /* the Debian package that has it, for the message */
    const char *needed_for;    /* what it is needed for, for the message */
    const char *const *names;  /* the symbols, NULL-terminated, in the order of slots */
    void **slots;              /* where each symbol's address goes (a table of function pointers) */
    atomic_int state;          /* 0 not tried, 1 loaded, -1 failed (why in error) */
    char error[320];
} dl_lib_t;

/* Loads LIB once (later calls return the first outcome); false with the reason and what to install
 * in ERR when the library or one of its symbols is missing. */
bool dl_load(dl_lib_t *lib, buf_t *err);
/* As dl_load, for a call that has no way to report: a missing library ends the process with the
 * message (the entry points call dl_load first, so this is only a backstop). */
void dl_need(dl_lib_t *lib);
#endif
