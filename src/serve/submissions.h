/* submissions.h: the submission endpoints: upload (checked before anything is unpacked for good:
 * size, format, paths, links, entries, expanded size; then kept by its SHA-256 and numbered), the
 * team's list, one submission with its build log, validation game and the bot's own stderr,
 * choosing the active one, downloading one's own code; an organizer's switch. */
#ifndef ARENA_SUBMISSIONS_H
#define ARENA_SUBMISSIONS_H
#include "../store/site_subs.h"
#include "api.h"

void submissions_upload(api_call *c);
void submissions_list(api_call *c);
void submissions_get(api_call *c);
void submissions_activate(api_call *c);
void submissions_download(api_call *c);
void submissions_disable(api_call *c);
/* A submission as JSON (the SUBMISSION object of docs/serve.md). */
void submissions_write(jw_t *w, const site_sub *s, int64_t active, double deadline);
#endif
