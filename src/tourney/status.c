/* status.c: the status of a store's tournaments, queue and workers (see status.h). */
#include "status.h"
#include "../core/jw.h"
#include "../store/queue.h"
#include "../store/tourneys.h"

static void status_counts_json(jw_t *w, const queue_counts *q) {
    const char *keys[] = {"queued", "leased", "done", "failed", "cancelled"};
    const int64_t v[] = {q->queued, q->leased, q->done, q->failed, q->cancelled};
    for (int i = 0; i < 5; i++) {
        jw_key(w, keys[i]);
        jw_int(w, v[i]);
    }
}

bool status_print(const char *db, bool json, bool all_workers, const char *program, FILE *out, buf_t *err) {
    store_t *s = store_open_status(db, err); /* a view: a store it may not write is read as it is */
    if (!s) return false;
    queue_counts all;
    bool ok = queue_count(s, NULL, 0, &all, err);
    int64_t ids[1024];
    int n = ok ? tourneys_ids(s, ids, 1024) : 0;
    buf_t b, workers;
    buf_init(&b);
    buf_init(&workers);
    int64_t hidden = 0;
    ok = ok && queue_workers_report(s, json, all_workers, &hidden, &workers, err);
    jw_t w;
    jw_init(&w, &b);
    if (json) {
        jw_obj(&w);
        jw_key(&w, "queue");
        jw_obj(&w);
        status_counts_json(&w, &all);
        jw_key(&w, "oldest_queued_s");
        jw_double(&w, all.oldest_queued_s);
        jw_obj_end(&w);
        jw_key(&w, "tourneys");
        jw_arr(&w);
    } else {
        buf_printf(&b, "queue: %lld queued (oldest %.0f s), %lld being played, %lld done, %lld failed, %lld cancelled\n",
                   (long long)all.queued, all.oldest_queued_s, (long long)all.leased, (long long)all.done,
                   (long long)all.failed, (long long)all.cancelled);
        buf_puts(&b, "tournaments:\n");
    }
    for (int i = 0; ok && i < n; i++) {
        store_tourney t;
        queue_counts q;
        char tag[64];
        int64_t waiting = 0;
        if (!tourneys_head(s, ids[i], &t, err) || !queue_count(s, "tourney", ids[i], &q, err) ||
            (waiting = queue_waiting_for_tag(s, "tourney", ids[i], tag, err)) < 0) {
            ok = false;
            break;
        }
        if (json) {
            jw_obj(&w);
            jw_key(&w, "id");
            jw_int(&w, t.id);
            jw_key(&w, "game");
            jw_str(&w, t.game);
            jw_key(&w, "format");
            jw_str(&w, t.format);
            jw_key(&w, "planned");
            jw_int(&w, t.planned);
            status_counts_json(&w, &q);
            jw_key(&w, "sprt");
            if (t.sprt_result) jw_str(&w, t.sprt_result);
            else jw_null(&w);
            /* queued matches no running worker may claim: they wait for `arena worker --tag TAG` */
            jw_key(&w, "waiting_for_tag");
            jw_int(&w, waiting);
            jw_key(&w, "tag");
            if (waiting) jw_str(&w, tag);
            else jw_null(&w);
            jw_obj_end(&w);
        } else {
            buf_printf(&b, "  #%-4lld %-12s %-12s %lld/%d stored (%lld failed), %lld queued, %lld being played%s%s\n",
                       (long long)t.id, t.game, t.format, (long long)(q.done + q.failed), t.planned, (long long)q.failed,
                       (long long)q.queued, (long long)q.leased, t.sprt_result ? ", SPRT " : "",
                       t.sprt_result ? t.sprt_result : "");
            if (waiting)
                buf_printf(&b, "        %lld queued need a worker tagged '%s' and no running worker has it: start "
                               "`%s worker --db ... --tag %s`\n",
                           (long long)waiting, tag, program ? program : "arena", tag);
        }
        tourneys_free(&t);
    }
    if (json) {
        jw_arr_end(&w);
        jw_key(&w, "workers");
        jw_raw(&w, workers.data ? workers.data : "[]", workers.len ? workers.len : 2);
        jw_key(&w, "workers_hidden");
        jw_int(&w, hidden);
        jw_obj_end(&w);
        buf_putc(&b, '\n');
    } else {
        buf_puts(&b, "workers:\n");
        buf_puts(&b, buf_cstr(&workers));
        /* "workers:" and nothing under it: an organizer after `--workers 0` was not told why
         * nothing moved, nor what starts it */
        if (!workers.len && !hidden)
            buf_printf(&b, "  none has used this store yet: `%s worker --db ...` on each machine plays its matches\n",
                       program ? program : "arena");
        if (hidden)
            buf_printf(&b, "  and %lld older worker%s, not seen for %d leases (--all lists %s)\n", (long long)hidden,
                       hidden == 1 ? "" : "s", QUEUE_RECENT_LEASES, hidden == 1 ? "it" : "them");
    }
    if (ok) fputs(buf_cstr(&b), out);
    buf_free(&b);
    buf_free(&workers);
    store_close(s);
    return ok;
}
