/* pq_lib.c: libpq loaded on first use (see pq_lib.h and core/dl.h). */
#include "pq_lib.h"
#include "../core/dl.h"

static pq_lib_t pq_lib_table;
#define PQ_LIB_NAME(f) #f,
static const char *const pq_lib_names[] = {PQ_LIB_FUNCS(PQ_LIB_NAME) NULL};
static dl_lib_t pq_lib_dl = {.soname = "libpq.so.5",
                          .package = "libpq5",
                          .needed_for = "a PostgreSQL store (--db postgresql://...)",
                          .names = pq_lib_names,
                          .slots = (void **)&pq_lib_table};

bool pq_lib_load(buf_t *err) { return dl_load(&pq_lib_dl, err); }

const pq_lib_t *pq_lib(void) {
    dl_need(&pq_lib_dl);
    return &pq_lib_table;
}
