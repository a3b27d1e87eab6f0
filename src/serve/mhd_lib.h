/* mhd_lib.h: libmicrohttpd, loaded on first use (core/dl.h says why). Include this instead of
 * <microhttpd.h>: the names below then call through the loaded table, so the code reads as
 * plain libmicrohttpd. A function not listed here is not available: add it to MHD_LIB_FUNCS. */
#ifndef ARENA_MHD_LIB_H
#define ARENA_MHD_LIB_H
#include "../core/dl.h"
#include <microhttpd.h>
#include <stdbool.h>

#define MHD_LIB_FUNCS(X) \
    X(MHD_add_response_header) \
    X(MHD_create_response_from_buffer) \
    X(MHD_create_response_from_fd64) \
    X(MHD_destroy_response) \
    X(MHD_get_connection_info) \
    X(MHD_get_daemon_info) \
    X(MHD_http_unescape) \
    X(MHD_lookup_connection_value) \
    X(MHD_queue_response) \
    X(MHD_start_daemon) \
    X(MHD_stop_daemon)

/* mhd_lib_t; mhd_lib_load(err): loads libmicrohttpd if not yet done, false with what to install in ERR
 * when it cannot; mhd_lib(): the loaded table (a process without the library ends with the message). */
DL_TABLE(mhd_lib, MHD_LIB_FUNCS)

#define MHD_add_response_header (mhd_lib()->MHD_add_response_header)
#define MHD_create_response_from_buffer (mhd_lib()->MHD_create_response_from_buffer)
#define MHD_create_response_from_fd64 (mhd_lib()->MHD_create_response_from_fd64)
#define MHD_destroy_response (mhd_lib()->MHD_destroy_response)
#define MHD_get_connection_info (mhd_lib()->MHD_get_connection_info)
#define MHD_get_daemon_info (mhd_lib()->MHD_get_daemon_info)
#define MHD_http_unescape (mhd_lib()->MHD_http_unescape)
#define MHD_lookup_connection_value (mhd_lib()->MHD_lookup_connection_value)
#define MHD_queue_response (mhd_lib()->MHD_queue_response)
#define MHD_start_daemon (mhd_lib()->MHD_start_daemon)
#define MHD_stop_daemon (mhd_lib()->MHD_stop_daemon)
#endif
