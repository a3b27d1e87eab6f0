/* mhd_lib.c: libmicrohttpd loaded on first use (see mhd_lib.h and core/dl.h). */
#include "mhd_lib.h"

DL_DEFINE(mhd_lib, MHD_LIB_FUNCS, "libmicrohttpd.so.12", "libmicrohttpd12", "the competition server (arena serve)")
