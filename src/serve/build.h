/* build.h: from an upload to a runnable bot: where the bot is in the unpacked archive and how it
 * runs (the game's conventions: a Chicken agent folder with agent.py; a Python bot for games with
 * a Python adapter, as Rising Tide's `util.make_bot` files; an executable; or a manifest
 * `arena.json` naming the command and an optional build command), the build step (in the sandbox,
 * with a time limit, in a helper process of its own), and the bundle workers run. */
#ifndef ARENA_BUILD_H
#define ARENA_BUILD_H
#include "../store/bundle.h"
#include "../store/site_subs.h"
#include "serve.h"
#include <sys/types.h>

typedef struct {
    char kind[16];       /* agent | python | program | manifest */
    char root[PATH_MAX]; /* the bot's folder in the unpacked tree (what is packed) */
    char entry[256];     /* relative to root: the agent folder "." , the .py, the program, the launcher */
    char command[1024];  /* manifest: the command */
    char build[1024];    /* manifest: the build command ("" none) */
} build_plan;

/* The file name extension of an upload by its first bytes: "zip", "tar.gz", "tar.bz2", "tar.xz",
 * "tar"; anything else build_unpack_file takes is a lone Python file, "py". */
const char *build_upload_ext(const void *data, size_t n);
/* Unpacks the upload in the file `upload` into dest (which must not exist): an archive through
 * bundle_unpack_file under the limits, or, for a game with a Python adapter, a lone .py file as it
 * is (Rising Tide's bots are one file): filename, the name it was uploaded under, says which. The
 * upload is read from its file, never whole into memory. */
bool build_unpack_file(const game_t *g, const char *upload, const char *filename, const char *dest,
                       const bundle_limits *lim, buf_t *err);
/* Finds the bot in the unpacked folder dir; false with err saying what the game expects. */
bool build_detect(const game_t *g, const char *dir, build_plan *p, buf_t *err);
/* No symbolic link in the bot's folder (p->root, unpacked under top): a bundle holds regular files
 * and folders only, so an upload with one (in its folder: the unpack refuses those that leave it)
 * failed later, at its packing; false with err naming it by its path in the archive. */
bool build_no_links(const build_plan *p, const char *top, buf_t *err);
/* Writes a manifest's launcher (root/.arena-run: enters its folder, then runs the command). */
bool build_write_launcher(const build_plan *p, buf_t *err);

/* Starts the build helper for dir (a separate process: `arena serve --build-helper ...`):
 * its pid, -1 on failure. */
pid_t build_start(serve_t *srv, const char *dir, const char *command, long timeout_s, const char *log_path);
/* The helper's own work (single-threaded, in its own process): runs command in dir in the
 * sandbox (dir writable, nothing else), its output to log_path (at most 64 KiB kept), killed
 * after timeout_s. Returns the exit status to report: 0 built, 1 failed, 2 usage, 3 timed out. */
int build_helper_main(const char *dir, const char *command, long timeout_s, const char *log_path);

/* Packs root into a bundle, stores it, and fills the seat of sub (seat, path, inner, bundle). */
bool build_pack(serve_t *srv, store_t *s, const build_plan *p, site_sub *sub, buf_t *err);
#endif
