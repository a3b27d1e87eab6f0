/* archive_lib.c: libarchive loaded on first use (see archive_lib.h and core/dl.h). */
#include "archive_lib.h"

DL_DEFINE(archive_lib, ARCHIVE_LIB_FUNCS, "libarchive.so.13", "libarchive13", "reading or writing a bot archive (zip, tar.gz)")
