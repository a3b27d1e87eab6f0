/* reply_queue.h: what a transport read from a bot, waiting for the referee (match.c) to judge it:
 * lines, one-connection answers and tick-matched records, in arrival order, with their bytes. */
#ifndef ARENA_REPLY_QUEUE_H
#define ARENA_REPLY_QUEUE_H
#include "../core/buf.h"
#include <stdbool.h>
#include <stddef.h>

typedef enum {
    REPLY_LINE = 0, /* a line of the bot's output (lines): the referee matches it to its oldest question */
    REPLY_ANSWER,   /* the one reply to the question of `turn` (tcp: one connection per question) */
    REPLY_TICKED,   /* a record that names its turn by its tick byte (records) */
} reply_kind;

typedef struct {
    reply_kind kind;
    bool too_long;     /* LINE, ANSWER: longer than the contract's line limit; data holds its start */
    int turn;          /* ANSWER: the turn of the question it answers */
    int answers;       /* TICKED: records that named the current turn so far this turn, this one
                          included (1: the answer, 2 and more: extra answers); 0: it names another
                          turn */
    const char *data;  /* the bytes (LINE, ANSWER: without the line end); valid until the next push */
    size_t len;
} reply;

typedef struct {
    buf_t buf;  /* entries: [reply header][len bytes] */
    size_t off; /* bytes of buf already popped */
} reply_queue;

void reply_queue_push(reply_queue *q, const reply *r);
/* The oldest reply (r->data points into the queue); false when the queue is empty. */
bool reply_queue_pop(reply_queue *q, reply *r);
bool reply_queue_empty(const reply_queue *q);
void reply_queue_free(reply_queue *q);
#endif
