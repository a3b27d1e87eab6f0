/* transport_records.h: the fixed-size binary record transport (TRANSPORT_RECORDS, Rezzo's
 * original protocol): fixed-size messages to the bot, fixed-size reply records whose first byte is
 * the turn number mod 256. The transport's table is in transport.h; these are its pure parts. */
#ifndef ARENA_TRANSPORT_RECORDS_H
#define ARENA_TRANSPORT_RECORDS_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RECORDS_PENDING_MAX (1u << 20) /* unsent bytes kept for a bot that does not read (Rezzo D12) */
#define RECORDS_SIZE_MAX 16

/* One seat's reply stream. Framing counts from the first byte the bot ever wrote: an odd byte
 * stays pending and pairs with the next one, for good (Rezzo P4). */
typedef struct {
    unsigned char part[RECORDS_SIZE_MAX]; /* bytes of an incomplete record */
    size_t npart;
    /* this turn */
    int answers;       /* records that carried the turn's tick byte (>1: multiple, the first stands) */
    int dropped;       /* records with another tick byte: dropped silently */
    int pushed;        /* records handed to the referee (transport_records.c: a flood is not) */
    /* over the game */
    long dropped_messages; /* unsent messages discarded because the bot does not read (Rezzo D12) */
} transport_records_stream;

/* How one record is classified for the current turn (Rezzo P6). */
typedef enum { REC_DROP = 0, REC_ANSWER, REC_MULTIPLE } transport_records_class;

/* Splits `data` into records and classifies each against tick byte `tick_byte`, calling `fn` for
 * every complete record in arrival order. Pure: the unit tests drive it directly. */
typedef void (*transport_records_fn)(void *ctx, const unsigned char *rec, transport_records_class c);
void transport_records_split(transport_records_stream *rs, size_t record_size, unsigned tick_byte,
                             const unsigned char *data, size_t n, transport_records_fn fn, void *ctx);
/* Starts a new turn (the per-turn counters). */
void transport_records_turn(transport_records_stream *rs);
/* Appends a message to a pending write buffer (len bytes of whole messages, woff already written),
 * then drops the oldest complete messages not yet started while more than `cap` bytes are
 * pending, never the newest (Rezzo D12). Returns how many messages were dropped. */
size_t transport_records_cap_pending(char *data, size_t *len, size_t woff, size_t message_size, size_t cap);
#endif
