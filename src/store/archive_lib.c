/* archive_lib.c: libarchive loaded on first use (see archive_lib.h and core/dl.h). */
#include "archive_lib.h"
#include "../core/dl.h"

static archive_lib_t archive_lib_table;
#define ARCHIVE_LIB_NAME(f) #f,
static const char *const archive_lib_names[] = {ARCHIVE_LIB_FUNCS(ARCHIVE_LIB_NAME) NULL};
static dl_lib_t archive_lib_dl = {.soname = "libarchive.so.13",
                          .package = "libarchive13",
                          .needed_for = "reading or writing a bot archive (zip, tar.gz)",
                          .names = archive_lib_names,
                          .slots = (void **)&archive_lib_table};

bool archive_lib_load(buf_t *err) { return dl_load(&archive_lib_dl, err); }

const archive_lib_t *archive_lib(void) {
    dl_need(&archive_lib_dl);
    return &archive_lib_table;
}
