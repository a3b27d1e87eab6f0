/* sinks.c: what every sink shares: freeing one, whichever kind it is (sinks.h). */
#include "sinks.h"
#include <stdlib.h>

bool sink_finish(sink_t *s, buf_t *err) { return !s || !s->finish || s->finish(s->ctx, err); }

void sink_free(sink_t *s) {
    if (!s) return;
    if (s->close) s->close(s->ctx);
    free(s);
}
