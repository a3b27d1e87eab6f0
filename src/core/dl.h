/* dl.h: a shared library loaded on first use instead of at start.
 *
 * Why: linked the usual way, libpq, libarchive and libmicrohttpd bring about 35 further libraries
 * (Kerberos, LDAP, TLS, every compressor) that the loader maps into every `arena` process: about
 * 600 page faults and 20 ms before main, paid by each `arena play` and `arena verify` although only
 * a PostgreSQL store, an upload and the server use them. Loaded here when first needed, an arena
 * process starts in about a quarter of that (docs/architecture.md, "Libraries loaded on use").
 *
 * A user (store/pq_lib.h, store/archive_lib.h, serve/mhd_lib.h) lists the functions it calls and
 * declares their table with DL_TABLE (one .c file: DL_DEFINE); its entry points call mod_load (a
 * clear message when the library is missing), and each call goes through mod(), which cannot fail
 * once mod_load succeeded. Thread-safe: the server's threads may be first. */
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

/* DL_TABLE(mod, FUNCS), in a header: the table type mod_t, one pointer typed from the library's own
 * declaration for each function FUNCS(X) lists as X(name); mod_load(err), dl_load for it; and
 * mod(), the loaded table (dl_need). Put it before the header turns the names into calls through
 * the table (#define name (mod()->name)). */
#define DL_MEMBER(f) __typeof__(f) *f;
#define DL_TABLE(mod, FUNCS)        \
    typedef struct {                \
        FUNCS(DL_MEMBER)            \
    } mod##_t;                      \
    bool mod##_load(buf_t *err);    \
    const mod##_t *mod(void);

/* DL_DEFINE(mod, FUNCS, SONAME, PACKAGE, NEEDED_FOR), in one .c file: the table, its names, its
 * dl_lib_t and the two functions DL_TABLE declared. */
#define DL_NAME(f) #f,
#define DL_DEFINE(mod, FUNCS, soname_, package_, needed_for_)                                     \
    static mod##_t mod##_table;                                                                   \
    static const char *const mod##_names[] = {FUNCS(DL_NAME) NULL};                               \
    static dl_lib_t mod##_dl = {.soname = soname_, .package = package_, .needed_for = needed_for_, \
                                .names = mod##_names, .slots = (void **)&mod##_table};             \
    bool mod##_load(buf_t *err) { return dl_load(&mod##_dl, err); }                               \
    const mod##_t *mod(void) {                                                                    \
        dl_need(&mod##_dl);                                                                       \
        return &mod##_table;                                                                      \
    }

/* Loads LIB once (later calls return the first outcome); false with the reason and what to install
 * in ERR when the library or one of its symbols is missing. */
bool dl_load(dl_lib_t *lib, buf_t *err);
/* As dl_load, for a call that has no way to report: a missing library ends the process with the
 * message (the entry points call dl_load first, so this is only a backstop). */
void dl_need(dl_lib_t *lib);
#endif
