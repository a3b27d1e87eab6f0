/* mhd_lib.c: libmicrohttpd loaded on first use (see mhd_lib.h and core/dl.h). */
#include "mhd_lib.h"
#include "../core/dl.h"

static mhd_lib_t mhd_lib_table;
#define MHD_LIB_NAME(f) #f,
static const char *const mhd_lib_names[] = {MHD_LIB_FUNCS(MHD_LIB_NAME) NULL};
static dl_lib_t mhd_lib_dl = {.soname = "libmicrohttpd.so.12",
                          .package = "libmicrohttpd12",
                          .needed_for = "the competition server (arena serve)",
                          .names = mhd_lib_names,
                          .slots = (void **)&mhd_lib_table};

bool mhd_lib_load(buf_t *err) { return dl_load(&mhd_lib_dl, err); }

const mhd_lib_t *mhd_lib(void) {
    dl_need(&mhd_lib_dl);
    return &mhd_lib_table;
}
