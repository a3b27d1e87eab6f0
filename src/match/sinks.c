/* sinks.c: what every sink shares: freeing one, whichever kind it is (sinks.h). */
#include "sinks.h"
#include <stdlib.h>

void sink_free(sink_t *s) {
    if (!s) return;
    if (s->close) s->close(s->ctx);
    free(s);
}
