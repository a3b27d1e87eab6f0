/* exit_status.h: the exit statuses of arena's commands, shared by the CLI and the reproductions of
 * the originals' tools (src/compat/) that return them. */
#ifndef ARENA_EXIT_STATUS_H
#define ARENA_EXIT_STATUS_H
/* 0 success, 1 failure (verification failed, match abandoned), 2 usage error. */
enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };
#endif
