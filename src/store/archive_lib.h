/* archive_lib.h: libarchive, loaded on first use (core/dl.h says why). Include this instead of
 * <archive.h> and <archive_entry.h>: the names below then call through the loaded table, so the code reads as
 * plain libarchive. A function not listed here is not available: add it to ARCHIVE_LIB_FUNCS. */
#ifndef ARENA_ARCHIVE_LIB_H
#define ARENA_ARCHIVE_LIB_H
#include "../core/dl.h"
#include <archive.h>
#include <archive_entry.h>
#include <stdbool.h>

#define ARCHIVE_LIB_FUNCS(X) \
    X(archive_entry_filetype) \
    X(archive_entry_free) \
    X(archive_entry_hardlink) \
    X(archive_entry_new) \
    X(archive_entry_pathname) \
    X(archive_entry_perm) \
    X(archive_entry_set_filetype) \
    X(archive_entry_set_gid) \
    X(archive_entry_set_mtime) \
    X(archive_entry_set_pathname) \
    X(archive_entry_set_perm) \
    X(archive_entry_set_size) \
    X(archive_entry_set_uid) \
    X(archive_entry_symlink) \
    X(archive_error_string) \
    X(archive_read_data_block) \
    X(archive_read_free) \
    X(archive_read_new) \
    X(archive_read_next_header) \
    X(archive_read_open) \
    X(archive_read_open_filename) \
    X(archive_read_open_memory) \
    X(archive_read_support_filter_bzip2) \
    X(archive_read_support_filter_gzip) \
    X(archive_read_support_filter_xz) \
    X(archive_read_support_format_gnutar) \
    X(archive_read_support_format_tar) \
    X(archive_read_support_format_zip) \
    X(archive_write_add_filter_gzip) \
    X(archive_write_close) \
    X(archive_write_data) \
    X(archive_write_free) \
    X(archive_write_header) \
    X(archive_write_new) \
    X(archive_write_open) \
    X(archive_write_set_bytes_in_last_block) \
    X(archive_write_set_format_pax_restricted) \
    X(archive_write_set_options)

/* archive_lib_t; archive_lib_load(err): loads libarchive if not yet done, false with what to install in ERR
 * when it cannot; archive_lib(): the loaded table (a process without the library ends with the message). */
DL_TABLE(archive_lib, ARCHIVE_LIB_FUNCS)

#define archive_entry_filetype (archive_lib()->archive_entry_filetype)
#define archive_entry_free (archive_lib()->archive_entry_free)
#define archive_entry_hardlink (archive_lib()->archive_entry_hardlink)
#define archive_entry_new (archive_lib()->archive_entry_new)
#define archive_entry_pathname (archive_lib()->archive_entry_pathname)
#define archive_entry_perm (archive_lib()->archive_entry_perm)
#define archive_entry_set_filetype (archive_lib()->archive_entry_set_filetype)
#define archive_entry_set_gid (archive_lib()->archive_entry_set_gid)
#define archive_entry_set_mtime (archive_lib()->archive_entry_set_mtime)
#define archive_entry_set_pathname (archive_lib()->archive_entry_set_pathname)
#define archive_entry_set_perm (archive_lib()->archive_entry_set_perm)
#define archive_entry_set_size (archive_lib()->archive_entry_set_size)
#define archive_entry_set_uid (archive_lib()->archive_entry_set_uid)
#define archive_entry_symlink (archive_lib()->archive_entry_symlink)
#define archive_error_string (archive_lib()->archive_error_string)
#define archive_read_data_block (archive_lib()->archive_read_data_block)
#define archive_read_free (archive_lib()->archive_read_free)
#define archive_read_new (archive_lib()->archive_read_new)
#define archive_read_next_header (archive_lib()->archive_read_next_header)
#define archive_read_open (archive_lib()->archive_read_open)
#define archive_read_open_filename (archive_lib()->archive_read_open_filename)
#define archive_read_open_memory (archive_lib()->archive_read_open_memory)
#define archive_read_support_filter_bzip2 (archive_lib()->archive_read_support_filter_bzip2)
#define archive_read_support_filter_gzip (archive_lib()->archive_read_support_filter_gzip)
#define archive_read_support_filter_xz (archive_lib()->archive_read_support_filter_xz)
#define archive_read_support_format_gnutar (archive_lib()->archive_read_support_format_gnutar)
#define archive_read_support_format_tar (archive_lib()->archive_read_support_format_tar)
#define archive_read_support_format_zip (archive_lib()->archive_read_support_format_zip)
#define archive_write_add_filter_gzip (archive_lib()->archive_write_add_filter_gzip)
#define archive_write_close (archive_lib()->archive_write_close)
#define archive_write_data (archive_lib()->archive_write_data)
#define archive_write_free (archive_lib()->archive_write_free)
#define archive_write_header (archive_lib()->archive_write_header)
#define archive_write_new (archive_lib()->archive_write_new)
#define archive_write_open (archive_lib()->archive_write_open)
#define archive_write_set_bytes_in_last_block (archive_lib()->archive_write_set_bytes_in_last_block)
#define archive_write_set_format_pax_restricted (archive_lib()->archive_write_set_format_pax_restricted)
#define archive_write_set_options (archive_lib()->archive_write_set_options)
#endif
