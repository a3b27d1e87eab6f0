/* testbot.c: misbehaving Rezzo bots for the referee's tests (tests/e2e/test_rezzo.sh), one program:
 *   testbot MODE [K|MS]      or a link named MODE or MODE@K (run directly, like original bots)
 * MODE: idle nop slow double badbyte stale future odd exit segv closein closeout flood fork.
 * K is the tick (the K-th message counted from 0) at which exit/segv/closein/closeout act; for
 * slow it is the delay in ms before each answer. Written against the protocol bytes only. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MSG 340

static int read_msg(unsigned char *m) {
    size_t got = 0;
    while (got < MSG) {
        ssize_t r = read(0, m + got, MSG - got);
        if (r <= 0) return 0;
        got += (size_t)r;
    }
    return 1;
}

static void put(unsigned char ts, unsigned char act) {
    unsigned char rec[2] = {ts, act};
    if (write(1, rec, 2) != 2) exit(0);
}

static void sleep_ms(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&t, &t) != 0) {}
}

int main(int argc, char **argv) {
    char name[64];
    const char *base = strrchr(argv[0], '/');
    snprintf(name, sizeof name, "%s", base ? base + 1 : argv[0]);
    char *at = strchr(name, '@');
    long k = 0;
    if (at) *at = 0, k = atol(at + 1);
    const char *mode = argc > 1 ? argv[1] : name;
    if (argc > 2) k = atol(argv[2]);
    unsigned char m[MSG];
    if (strcmp(mode, "idle") == 0) {
        for (;;) pause();
    }
    if (strcmp(mode, "fork") == 0) {
        /* Leaves a grandchild behind that would outlive a careless referee. */
        pid_t child = fork();
        if (child == 0) {
            for (;;) pause();
        }
        fprintf(stderr, "child %d\n", (int)child);
        fflush(stderr);
        mode = "nop";
    }
    static unsigned char flood[1 << 20];
    for (long tick = 0; read_msg(m); tick++) {
        unsigned char ack = m[0], ts = m[1];
        unsigned char wander = ack == 2 ? '/' : '.';
        if (strcmp(mode, "nop") == 0) put(ts, ' ');
        else if (strcmp(mode, "slow") == 0) {
            sleep_ms(k);
            put(ts, ' ');
        } else if (strcmp(mode, "double") == 0) {
            /* both records in one write: two writes could fall in two ticks on a loaded machine */
            unsigned char two[4] = {ts, '.', ts, '/'};
            if (write(1, two, 4) != 4) return 0;
        } else if (strcmp(mode, "badbyte") == 0) put(ts, 'x');
        else if (strcmp(mode, "stale") == 0) put((unsigned char)(ts - 1), '.');
        /* ts + 128, the tick farthest ahead: a bot that writes ts + 1 and is descheduled past the
         * tick's end sends a record that is current when it arrives (and so rightly accepted). */
        else if (strcmp(mode, "future") == 0) put((unsigned char)(ts + 128), '.');
        else if (strcmp(mode, "odd") == 0) {
            if (tick == 5) {
                unsigned char extra = '.';
                if (write(1, &extra, 1) != 1) return 0;
            }
            put(ts, wander);
        } else if (strcmp(mode, "exit") == 0) {
            if (tick == k) return 3;
            put(ts, wander);
        } else if (strcmp(mode, "segv") == 0) {
            if (tick == k) raise(SIGSEGV);
            put(ts, wander);
        } else if (strcmp(mode, "closein") == 0) {
            if (tick == k) {
                close(0);
                for (;;) pause();
            }
            put(ts, wander);
        } else if (strcmp(mode, "closeout") == 0) {
            if (tick == k) close(1);
            if (tick < k) put(ts, wander);
        } else if (strcmp(mode, "flood") == 0) {
            for (size_t i = 0; i < sizeof flood; i += 2) flood[i] = ts, flood[i + 1] = '.';
            if (write(1, flood, sizeof flood) < 0) return 0;
        } else {
            fprintf(stderr, "testbot: unknown mode %s\n", mode);
            return 2;
        }
    }
    return 0;
}
