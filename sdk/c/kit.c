/* kit.c: the starter kit's main loop: stdin -> game's kit parser -> bot -> action -> stdout. */
#include "arena_kit.h"
#include "core/buf.h"
#include "core/clock.h"
#include "core/text.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static bool write_all(const char *p, size_t n) {
    while (n) {
        ssize_t w = write(STDOUT_FILENO, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        p += w;
        n -= (size_t)w;
    }
    return true;
}

/* The referee's message the game's parser refused, named for the person who ran the program: which
 * message, its text (control bytes and bytes above 0x7e as '?', at most 80), and what the program expects. */
static void parse_error(const game_t *g, long number, const char *msg, size_t n) {
    fprintf(stderr, "kit: cannot parse the referee's message %ld", number);
    if (g->wire.transport != TRANSPORT_RECORDS) {
        fputs(": '", stderr);
        for (size_t i = 0; i < n && i < 80; i++) fputc((unsigned char)msg[i] < 0x20 || (unsigned char)msg[i] >= 0x7f ? '?' : msg[i], stderr);
        fputs(n > 80 ? "...'" : "'", stderr);
    }
    fprintf(stderr, "; this program speaks %s's protocol (docs/games/%s.md): run it as a seat of `arena play %s`\n",
            g->id, g->id, g->id);
}

#define KIT_USAGE "usage: %s [SEED] [delay=MS] [move-ms=MS] [clock=off]\n"
#define KIT_ARGS                                                                                      \
    "  SEED         the bot's random stream, 0 to 18446744073709551615 (default 1)\n"                 \
    "  delay=MS     sleep MS milliseconds (0 to 86400000) before each answer\n"                        \
    "  move-ms=MS   the move limit the referee was given (default the game's)\n"                       \
    "  clock=off    a bot that reads the clock counts its work instead (the same moves every run)\n"

/* A refused argument is named, with what each one takes (the usage line alone left the author to
 * guess which of `1 delay=-5 clock=of` was wrong, and why). */
static int usage(const char *prog, const char *arg) {
    fprintf(stderr, "%s: '%s' is not an argument it takes\n" KIT_USAGE KIT_ARGS, prog, arg, prog);
    return 2;
}

/* The loop for both entries: `timed` (may be NULL) is preferred over `bot`. */
static int run(const game_t *g, kit_bot_fn bot, kit_timed_fn timed, size_t memory_size, int argc, char **argv) {
    uint64_t seed = 1;
    long long delay_ms = 0, move_ms = g->limits.clock.move_ms;
    bool clock_on = true;
    /* SEED is optional: `greedy delay=50` was a usage error, the seat down before its first move */
    int first = 1;
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        printf(KIT_USAGE "A bot speaking %s's protocol on stdin and stdout: a seat of `arena play %s`"
               " (docs/starter-kit.md).\n" KIT_ARGS, argv[0], g->id, g->id);
        return 0;
    }
    if (argc > 1 && !strchr(argv[1], '=')) {
        if (!text_parse_u64(argv[1], &seed)) return usage(argv[0], argv[1]);
        first = 2;
    }
    for (int i = first; i < argc; i++) {
        /* delay=MS: sleep before each answer (think time charged by the referee; clock tests).
         * clock=off: a bot that reads the clock counts its work instead (deterministic). */
        if (strncmp(argv[i], "delay=", 6) == 0 && text_parse_ll(argv[i] + 6, 0, 86400000, &delay_ms)) continue;
        /* move-ms=MS: the move limit the referee was given (--move-ms), for a bot that budgets. */
        if (strncmp(argv[i], "move-ms=", 8) == 0 && text_parse_ll(argv[i] + 8, 0, 86400000, &move_ms)) continue;
        if (strcmp(argv[i], "clock=off") == 0 || strcmp(argv[i], "clock=on") == 0) {
            clock_on = strcmp(argv[i] + 6, "on") == 0;
            continue;
        }
        return usage(argv[0], argv[i]);
    }
    rng_t rng;
    rng_seed(&rng, seed, RNG_STREAM_BOT);
    void *kit = calloc(1, g->wire.kit_size ? g->wire.kit_size : 1);
    void *view = calloc(1, g->view_size);
    void *action = calloc(1, g->action_size);
    void *memory = calloc(1, memory_size ? memory_size : 1);
    if (!kit || !view || !action || !memory) return 1;
    buf_t in, out;
    buf_init(&in);
    buf_init(&out);
    char chunk[65536];
    int status = 0;
    long number = 0; /* messages read (lines, or records) */
    for (;;) {
        ssize_t n = read(STDIN_FILENO, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        buf_append(&in, chunk, (size_t)n);
        size_t used = 0;
        for (;;) {
            int r;
            size_t take;
            if (g->wire.transport == TRANSPORT_RECORDS) {
                if (in.len - used < g->wire.message_size) break;
                take = g->wire.message_size;
                r = g->wire.kit_parse(kit, in.data + used, take, view);
            } else {
                char *nl = memchr(in.data + used, '\n', in.len - used);
                if (!nl) break;
                take = (size_t)(nl - (in.data + used)) + 1;
                r = g->wire.kit_parse(kit, in.data + used, take - 1, view);
            }
            number++;
            if (r == KIT_ERROR) parse_error(g, number, in.data + used, g->wire.transport == TRANSPORT_RECORDS ? take : take - 1);
            used += take;
            if (r == KIT_END) goto done;
            if (r == KIT_ERROR) {
                status = 1;
                goto done;
            }
            if (r == KIT_READY) {
                if (!write_all("ready\n", 6)) goto done;
                continue;
            }
            if (r != KIT_VIEW) continue;
            memset(action, 0, g->action_size);
            bot_clock clock = {.now_us = clock_now_us, .asked_us = clock_now_us(), .limit_ms = move_ms};
            bool has = timed ? timed(memory, view, action, &rng, clock_on ? &clock : NULL)
                             : bot(memory, view, action, &rng);
            if (delay_ms) {
                struct timespec ts = {delay_ms / 1000, (delay_ms % 1000) * 1000000L};
                while (nanosleep(&ts, &ts) < 0 && errno == EINTR) {}
            }
            if (!has) continue;
            buf_reset(&out);
            g->wire.encode_action(action, &out);
            if (g->wire.transport != TRANSPORT_RECORDS) buf_putc(&out, '\n');
            if (!write_all(out.data, out.len)) goto done;
        }
        buf_consume(&in, used);
    }
done:
    buf_free(&in);
    buf_free(&out);
    free(kit);
    free(view);
    free(action);
    free(memory);
    return status;
}

int kit_run(const game_t *g, kit_bot_fn bot, size_t memory_size, int argc, char **argv) {
    return run(g, bot, NULL, memory_size, argc, argv);
}

int kit_run_timed(const game_t *g, kit_timed_fn bot, size_t memory_size, int argc, char **argv) {
    return run(g, NULL, bot, memory_size, argc, argv);
}
