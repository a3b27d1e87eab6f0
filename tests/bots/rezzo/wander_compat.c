/* wander_compat.c: a bot written the way programs for the original Rezzo server were written,
 * using only the names of its headers (here Arena's compatibility copies, sdk/c/rezzo/compat),
 * with the original sample bot's behaviour: build straight ahead, turn right when the last move
 * was refused, answer every message exactly once. The acceptance test (Rezzo O8) runs it as a
 * process seat: cc -I sdk/c/rezzo/compat tests/bots/rezzo/wander_compat.c */
#include "agent.h"
#include <unistd.h>

static int read_fully(void *buf, size_t n) {
    char *p = buf;
    while (n) {
        ssize_t r = read(0, p, n);
        if (r <= 0) return 0;
        p += r;
        n -= (size_t)r;
    }
    return 1;
}

int main(void) {
    ServerMessage sm;
    ClientMessage cm;
    while (read_fully(&sm, sizeof(ServerMessage))) {
        cm.ts = sm.ts;
        cm.act = sm.ack == ACK_INVALID_ACTION ? ACT_TURN_RIGHT : ACT_BUILD;
        if (write(1, &cm, sizeof(ClientMessage)) != sizeof(ClientMessage)) return 0;
    }
    return 0;
}
