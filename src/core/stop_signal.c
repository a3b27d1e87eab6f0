/* stop_signal.c: the stop signals of a long-running command (see stop_signal.h). */
#include "stop_signal.h"
#include <string.h>

static volatile sig_atomic_t *stop_signal_flag;

static void stop_signal_on(int sig) {
    (void)sig;
    if (stop_signal_flag) *stop_signal_flag = 1;
}

void stop_signal_catch(volatile sig_atomic_t *flag) {
    *flag = 0;
    stop_signal_flag = flag;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = stop_signal_on;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
}
