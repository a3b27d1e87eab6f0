/* stop_signal.h: the stop signals of a long-running command (a tournament, a worker, the server):
 * SIGINT, SIGTERM and SIGHUP raise the command's flag, which its loop reads to finish or hand back
 * its work cleanly; SIGPIPE is ignored (a closed pipe or socket is an error to handle there). */
#ifndef ARENA_STOP_SIGNAL_H
#define ARENA_STOP_SIGNAL_H
#include <signal.h>

/* From now on SIGINT, SIGTERM and SIGHUP set *flag to 1 (without SA_RESTART: a blocking call
 * returns EINTR, so the loop sees the signal at once); *flag is cleared first. */
void stop_signal_catch(volatile sig_atomic_t *flag);
#endif
