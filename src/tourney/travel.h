/* travel.h: bots travel with the tournament: on a store other machines play from (PostgreSQL),
 * every entrant whose seat names files (a program, a Python bot, a bot's folder) is packed into a
 * bundle (bundle.h) kept in the store, and its matches' specs say which word of the seat string
 * the worker replaces by its unpacked copy. Built-in bots need nothing; a seat naming a program in
 * the system's folders (only this machine may have it) is refused with a message. */
#ifndef ARENA_TRAVEL_H
#define ARENA_TRAVEL_H
#include "../store/store.h"
#include "tourney.h"

typedef struct {
    char bundle[65]; /* its SHA-256 ("": nothing travels) */
    char *path;      /* the word of the seat string naming it */
    char *inner;     /* that file or folder inside the bundle */
    char print[65];  /* travel_fingerprint of the entrant, from the same packing ("": none) */
} travel_seat;

/* One travel_seat per entrant, index i + 1 for entrant i (index 0: the filler). */
bool travel_pack(store_t *s, const tourney_config *c, travel_seat **out, buf_t *err);
void travel_free(travel_seat *t, int n);

/* A fingerprint of the files an entrant's seat names, as they are now (the SHA-256 of their
 * packed bundles, made as above but written nowhere): equal while they are unchanged, on any
 * store. False, with out "", when the seat names no file (a built-in, a program from PATH) or one
 * cannot be packed (a link or a device in its folder, too many files): nothing to compare. */
bool travel_fingerprint(const tourney_entrant *e, char out[65]);
/* The same for an entrant travel_pack packed (t: its travel_seat, NULL: none): t->print, the
 * folder not read again (a big bot folder was packed twice a run, once to travel and once for
 * this), else travel_fingerprint. */
bool travel_fingerprint_of(const tourney_entrant *e, const travel_seat *t, char out[65]);
#endif
