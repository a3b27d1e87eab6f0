/* transport.h: how questions and replies travel between the referee and a process seat. One table
 * of functions per transport, one file per transport: transport_lines.c (text lines on stdin and
 * stdout, most games), transport_records.c (fixed-size binary records, Rezzo's original protocol),
 * transport_tcp.c (the bot is a server: one connection per question). A transport moves and frames
 * bytes; what it reads goes into a reply_queue that the referee (match.c) empties after each call.
 * It never judges: questions, clocks and verdicts are match.c's, and a transport calls nothing
 * above it. Adding a transport: docs/development.md. */
#ifndef ARENA_TRANSPORT_H
#define ARENA_TRANSPORT_H
#include "../core/buf.h"
#include "../game/game.h"
#include "proc.h"
#include "reply_queue.h"
#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TRANSPORT_FDS_MAX 32 /* descriptors one seat's transport may ask poll() for */
#define LINE_MAX_BYTES 65536   /* a longer reply line is invalid (contract) */
#define TURN_MAX_BYTES (16u << 20) /* more output in one turn: the seat is down (contract) */
#define TICKED_NOTE_MAX 8 /* ticked transports: raw records the referee notes per turn (Rezzo T3) */

struct sandbox_seat;

/* The seat a transport call is about, as the referee sees it at the moment of the call. */
typedef struct {
    int turn;                 /* the turn being played (records: the tick byte replies must carry) */
    proc_t *proc;             /* the seat's process: the pipes to its stdin and from its stdout */
    struct sandbox_seat *sbx; /* the seat's sandbox, NULL when off (tcp connects from inside its
                                 network namespace) */
} transport_env;

/* What a call did, for the referee to act on. */
typedef enum {
    TRANSPORT_IDLE = 0, /* nothing to act on (a write waits for poll, a connection is on its way) */
    TRANSPORT_READ,     /* the bot's output was read (`bytes` of it); more may come */
    TRANSPORT_WRITTEN,  /* the whole message is written: the question's clock started when the
                           call that wrote its last byte began (match.c's after_io says why) */
    TRANSPORT_STARTED,  /* the question is out (tcp: its connection attempt began when ask was
                           called): its clock started at the call */
    TRANSPORT_FULL,     /* the seat cannot take another question (tcp: too many open connections) */
    TRANSPORT_CLOSED,   /* the bot's output ended, the process may live on: it never answers again */
    TRANSPORT_LOST,     /* the bot stopped talking (end of its output, broken pipe): the referee
                           finds out why */
} transport_status;

typedef struct {
    transport_status status;
    size_t bytes; /* bytes read from the bot's stdout (the contract's per-turn limit) */
} transport_io;

typedef struct transport_s {
    const char *name;
    /* Replies name their turn (records' tick byte) instead of answering questions in order: the
     * referee keeps no questions, a turn is a window and whatever arrived by its end counts
     * (Rezzo D11), a seat that fails while its turn is open ends in that turn even if it answered
     * (Rezzo D6), and the end of its output alone is not a failure. */
    bool ticked;
    /* The transport makes its own connections (tcp): the bot's stdin is closed at its start and its
     * stdout is a log like its stderr. */
    bool own_connections;

    /* Before the seat's process starts: the seat's state; *port (tcp: the port the bot must listen
     * on, appended to its command) stays 0 otherwise. NULL + a reason in err when this game cannot
     * use the transport or it cannot be set up. */
    void *(*start)(const game_t *g, int *port, buf_t *err);
    /* Sends a message: a question (or a start-up hello) of env->turn. WRITTEN, IDLE (the rest is
     * written when poll says so), STARTED, FULL or LOST. */
    transport_io (*ask)(void *tp, const transport_env *env, const char *msg, size_t n, reply_queue *out);
    /* The descriptors to poll (at most max; tag[i] identifies each for on_ready), after running
     * what is due at `now` (tcp: retries); *wake: the next time something is due (unchanged when
     * nothing is). */
    int (*poll_fds)(void *tp, const transport_env *env, int64_t now, int64_t *wake, struct pollfd *pf, int *tag,
                    int max, reply_queue *out);
    /* One polled descriptor is ready: read, write or go on with a connection. Reading stops once
     * more than `budget` bytes were read (the caller ends a flooding seat). */
    transport_io (*on_ready)(void *tp, const transport_env *env, int tag, const struct pollfd *p, size_t budget,
                             reply_queue *out);
    /* Reads what the bot's stdout already holds, without waiting (when the process exits, and at
     * the end of a ticked turn). READ, CLOSED or LOST. */
    transport_io (*read)(void *tp, const transport_env *env, size_t budget, reply_queue *out);
    /* Sends the game's end message, waiting at most timeout_ms where sending can block (tcp). */
    void (*end)(void *tp, const transport_env *env, const char *msg, size_t n, int timeout_ms);
    /* Optional: the bytes of a last line the bot wrote without its line end, at most cap - 1 of them
     * and a NUL into `to` (nothing: ""), for the table's word on a seat down at a limit: "ready"
     * written without "\n" was "not ready within the start-up allowance", and its author raised it. */
    void (*unended)(void *tp, char *to, size_t cap);
    /* The seat is finished: closes its connections and frees the state. */
    void (*free)(void *tp);
} transport_t;

extern const transport_t transport_lines;   /* transport_lines.c */
extern const transport_t transport_records; /* transport_records.c */
extern const transport_t transport_tcp;     /* transport_tcp.c */
#endif
