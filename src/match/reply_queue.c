/* reply_queue.c: the queue of replies a transport hands to the referee (see reply_queue.h). */
#include "reply_queue.h"
#include <string.h>

void reply_queue_push(reply_queue *q, const reply *r) {
    reply head = *r;
    head.data = NULL;
    buf_append(&q->buf, &head, sizeof head);
    if (r->len) buf_append(&q->buf, r->data, r->len);
}

bool reply_queue_pop(reply_queue *q, reply *r) {
    if (q->off >= q->buf.len) {
        /* Empty: start over at the front (the memory stays for the next replies, and the bytes
         * of the last reply popped stay valid until the next push). */
        buf_reset(&q->buf);
        q->off = 0;
        return false;
    }
    memcpy(r, q->buf.data + q->off, sizeof *r);
    r->data = q->buf.data + q->off + sizeof *r;
    q->off += sizeof *r + r->len;
    return true;
}

bool reply_queue_empty(const reply_queue *q) { return q->off >= q->buf.len; }

void reply_queue_free(reply_queue *q) {
    buf_free(&q->buf);
    q->off = 0;
}
