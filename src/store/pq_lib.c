/* pq_lib.c: libpq loaded on first use (see pq_lib.h and core/dl.h). */
#include "pq_lib.h"

DL_DEFINE(pq_lib, PQ_LIB_FUNCS, "libpq.so.5", "libpq5", "a PostgreSQL store (--db postgresql://...)")
