/* kit_child.h: a built-in bot's starter-kit program (bin/kits/GAME/BOT) run as a child over two
 * pipes with clock=off, for the tests that check that it answers as the built-in does. */
#ifndef TEST_KIT_CHILD_H
#define TEST_KIT_CHILD_H
#include <libgen.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct {
    pid_t pid;
    FILE *to, *from;
} kit_child;

/* bin/kits/GAME/BOT in the kits folder next to $ARENA (default bin/arena; make sanitize:
 * bin-asan/kits), in a static buffer. */
static inline const char *kit_child_path(const char *game, const char *bot) {
    static char path[4400];
    char arena[4096];
    snprintf(arena, sizeof arena, "%s", getenv("ARENA") ? getenv("ARENA") : "bin/arena");
    snprintf(path, sizeof path, "%s/kits/%s/%s", dirname(arena), game, bot);
    return path;
}

/* Starts bin/kits/GAME/BOT from the kits folder next to $ARENA (default bin/arena) with seed 1 and
 * clock=off; false (with a note) when it is missing or cannot be started. */
static inline bool kit_child_start(kit_child *c, const char *game, const char *bot) {
    const char *path = kit_child_path(game, bot);
    signal(SIGPIPE, SIG_IGN); /* a program that dies makes the next write fail, not the test */
    int in[2], out[2];
    if (access(path, X_OK) != 0 || pipe(in) != 0 || pipe(out) != 0) {
        printf("# %s cannot be started (make all builds it)\n", path);
        return false;
    }
    c->pid = fork();
    if (c->pid < 0) return false;
    if (c->pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[1]);
        close(out[0]);
        execl(path, path, "1", "clock=off", (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    c->to = fdopen(in[1], "w");
    c->from = fdopen(out[0], "r");
    return c->to && c->from;
}

static inline void kit_child_stop(kit_child *c) {
    fclose(c->to);
    fclose(c->from);
    kill(c->pid, SIGKILL);
    waitpid(c->pid, NULL, 0);
}
#endif
