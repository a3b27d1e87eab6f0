/* match_result.c: the result of a match for its users: the `--json` object, the table for
 * people, and the per-seat verdict counts (shared with the replay's result record). */
#include "match_result.h"
void match_result_verdicts(const match_t *m, int s, jw_t *w) {
    jw_obj(w);
    jw_key(w, "late");
    jw_int(w, m->verdicts[s][VERDICT_LATE]);
    jw_key(w, "down");
    jw_int(w, m->verdicts[s][VERDICT_DOWN]);
    jw_key(w, "invalid");
    jw_int(w, m->verdicts[s][VERDICT_INVALID]);
    jw_key(w, "crash");
    jw_int(w, m->verdicts[s][VERDICT_CRASH]);
    jw_obj_end(w);
}

void match_result_json(const match_t *m, buf_t *out) {
    jw_t w;
    jw_init(&w, out);
    jw_obj(&w);
    jw_key(&w, "game");
    jw_str(&w, m->game->id);
    jw_key(&w, "seed");
    jw_uint(&w, m->cfg->seed);
    jw_key(&w, "turns");
    jw_int(&w, m->turns_played);
    jw_key(&w, "aborted");
    jw_bool(&w, m->aborted);
    jw_key(&w, "names");
    jw_arr(&w);
    for (int s = 0; s < m->cfg->nseats; s++) jw_str(&w, m->names.name[s]);
    jw_arr_end(&w);
    jw_key(&w, "scores");
    jw_arr(&w);
    for (int s = 0; s < m->cfg->nseats; s++) jw_double(&w, m->scores[s]);
    jw_arr_end(&w);
    jw_key(&w, "ranks");
    jw_arr(&w);
    for (int s = 0; s < m->cfg->nseats; s++) jw_int(&w, m->ranks[s]);
    jw_arr_end(&w);
    jw_key(&w, "verdicts");
    jw_arr(&w);
    for (int s = 0; s < m->cfg->nseats; s++) match_result_verdicts(m, s, &w);
    jw_arr_end(&w);
    jw_key(&w, "seconds");
    jw_double(&w, (double)((m->end_us - m->start_us) / 1000) / 1000.0);
    jw_obj_end(&w);
}

void match_result_table(const match_t *m, FILE *out) {
    fprintf(out, "%s, seed %llu: %d %ss in %.2f s%s\n", m->game->title, (unsigned long long)m->cfg->seed,
            m->turns_played, m->game->turn_word, (double)(m->end_us - m->start_us) / 1e6,
            m->aborted ? " (abandoned)" : "");
    fprintf(out, "%-4s %-24s %8s %4s %5s %5s %7s %5s\n", "seat", "name", "score", "rank", "late", "down",
            "invalid", "crash");
    for (int s = 0; s < m->cfg->nseats; s++) {
        fprintf(out, "%-4d %-24.24s %8g %4d %5d %5d %7d %5d\n", s, m->names.name[s], m->scores[s], m->ranks[s],
                m->verdicts[s][VERDICT_LATE], m->verdicts[s][VERDICT_DOWN], m->verdicts[s][VERDICT_INVALID],
                m->verdicts[s][VERDICT_CRASH]);
    }
}
