/* match_result.c: the result of a match for its users: the `--json` object, the table for
 * people, and the per-seat scores, ranks and verdict counts (shared with the replay's result record). */
#include "match_result.h"
#include "referee.h"
#include "../core/text.h"
#include <string.h>
/* The per-seat arrays shared by the `--json` object and the replay's result record: "scores",
 * "ranks" and "verdicts" (one {"late","down","invalid","crash"} count object per seat). */
void match_result_seats(const match_t *m, jw_t *w) {
    int n = m->cfg->nseats;
    jw_key(w, "scores");
    jw_arr(w);
    for (int s = 0; s < n; s++) jw_double(w, m->scores[s]);
    jw_arr_end(w);
    jw_key(w, "ranks");
    jw_arr(w);
    for (int s = 0; s < n; s++) jw_int(w, m->ranks[s]);
    jw_arr_end(w);
    jw_key(w, "verdicts");
    jw_arr(w);
    for (int s = 0; s < n; s++) {
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
    jw_arr_end(w);
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
    match_result_seats(m, &w);
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

/* How a process ended, in words for the person who wrote the bot (`status`: the exit status or
 * the signal); `last` is the last line of its stderr (the sandbox's own failures end the child
 * with 127 too, saying so there). False when `cause` is not an ending. */
static bool match_result_ending(verdict_cause cause, int status, const char *last, FILE *out) {
    bool sandbox_said = status == 127 && strncmp(last, "arena sandbox: ", 15) == 0;
    switch (cause) {
    case CAUSE_EXIT:
        fprintf(out, "exited with status %d%s", status,
                sandbox_said           ? strstr(last, "Permission denied")
                                             ? " (the sandbox could not start it: chmod +x it and its interpreter, or name the interpreter: \"python3 bot.py\")"
                                             : " (the sandbox could not start it)"
                : status == 127 ? " (the shell's \"command not found\": check the seat's command)"
                : status == 126 ? " (the shell's \"not executable\": chmod +x it, or name its interpreter: \"python3 bot.py\")"
                                       : "");
        return true;
    case CAUSE_SIGNAL: fprintf(out, "killed by signal %d (%s)", status, strsignal(status)); return true;
    case CAUSE_MEMORY: fprintf(out, "killed at the sandbox's memory limit (--mem-mb)"); return true;
    case CAUSE_CLOSED: fprintf(out, "closed its output"); return true;
    default: return false;
    }
}

/* A process that wrote nothing on its stdout by its limit often did write, into a buffer it never
 * flushed (stdout to a pipe is block-buffered): its author was sent to raise the limit in vain. */
const char match_flush_advice[] = "flush every line, Python print(..., flush=True) or python3 -u, C fflush(stdout)";

/* A bot's bytes for the terminal: each control character, C1 ones in UTF-8 too (U+009B is CSI),
 * as '?', so that no escape sequence reaches it (a C1 one passed until 2026-11-29). */
static void put_bot_text(FILE *out, const char *s, size_t n) {
    for (size_t i = 0; i < n;) {
        size_t c = text_control_at(s + i, n - i);
        if (c) {
            for (size_t k = 0; k < c; k++) fputc('?', out);
            i += c;
        } else {
            fputc(s[i++], out);
        }
    }
}

static void unflushed_hint(const seat_rt *r, FILE *out) {
    if (r->process && !r->port && !r->out_bytes)
        fprintf(out, " and wrote nothing on stdout (if it did print, its output sat in a buffer: %s)", match_flush_advice);
    if (r->process && r->unended[0]) { /* its answer was there, without its "\n": the limit was not the matter */
        fputs(" and its last line has no line end: '", out);
        put_bot_text(out, r->unended, strlen(r->unended));
        fputs("' (end every line with \\n)", out);
    }
}

/* Why a seat is out of play, in words for the person who wrote the bot. */
static void match_result_cause(const seat_rt *r, const char *last, FILE *out) {
    if (match_result_ending(r->out_cause, r->out_status, last, out)) return;
    switch (r->out_cause) {
    case CAUSE_START:
        fprintf(out, "could not be started%s%s", r->start_error[0] ? ": " : "", r->start_error);
        if (strstr(r->start_error, "Permission denied")) fprintf(out, " (chmod +x it, or name its interpreter: \"python3 bot.py\")");
        break;
    case CAUSE_HARD:
        fprintf(out, "no answer within the hard limit (--hard-ms)");
        unflushed_hint(r, out);
        break;
    case CAUSE_BANK: fprintf(out, "its time bank ran out (--bank-ms)"); break;
    case CAUSE_STARTUP:
        /* not "not ready in time" for a bot that ended or said something else: its author would
         * raise --startup-ms in vain */
        if (r->startup_end == CAUSE_MALFORMED) {
            fputs("answered its start-up message with '", out);
            put_bot_text(out, r->start_error, strlen(r->start_error));
            fputs("', not ready", out);
        } else if (match_result_ending(r->startup_end, r->out_status, last, out)) {
            fputs(" during its start-up", out);
        } else {
            fprintf(out, "not ready within the start-up allowance (--startup-ms)");
            unflushed_hint(r, out);
        }
        break;
    case CAUSE_FLOOD: fprintf(out, "wrote too much in one turn"); break;
    default: fprintf(out, "%s", verdict_cause_name(r->out_cause));
    }
}

void match_result_out_seats(const match_t *m, FILE *out) {
    bool hint = false;
    for (int s = 0; s < m->cfg->nseats; s++) {
        const seat_rt *r = &m->in->seats[s];
        if (!r->out) continue;
        /* the last line the bot wrote on stderr usually says why (a traceback's last line); the
         * Python adapters write theirs as '#' lines on stdout */
        const char *tail = m->stderr_tail[s] && m->stderr_tail[s][0] ? m->stderr_tail[s] : r->last_comment;
        size_t end = strlen(tail);
        while (end > 0 && (tail[end - 1] == '\n' || tail[end - 1] == '\r' || tail[end - 1] == ' ')) end--;
        size_t start = end;
        while (start > 0 && tail[start - 1] != '\n') start--;
        fprintf(out, "seat %d (%s) %s: ", s, m->names.name[s], verdict_name(r->out_verdict));
        match_result_cause(r, tail + start, out);
        if (end > start) {
            if (end - start > 300) end = start + 300;
            fputs(tail == r->last_comment ? "; its last # line: " : "; its stderr ends: ", out);
            /* the bot's bytes: no control character reaches the terminal (escape sequences) */
            put_bot_text(out, tail + start, end - start);
        }
        fputc('\n', out);
        hint |= r->process && r->started && !m->cfg->stderr_dir;
    }
    /* a seat late at every turn it was asked that wrote nothing all game is not slow: it printed
     * into a buffer it never flushed (the game moves on at the soft limit, so a game shorter than
     * the hard limit never puts it down); its table row says only "late N". So is one whose last
     * line has no line end (print without "\n"). */
    for (int s = 0; s < m->cfg->nseats; s++) {
        const seat_rt *r = &m->in->seats[s];
        int n = m->verdicts[s][VERDICT_LATE];
        if (r->out || !n || !r->process || r->port || (r->out_bytes && !r->unended[0])) continue;
        fprintf(out, "seat %d (%s) late %d time%s", s, m->names.name[s], n, n == 1 ? "" : "s");
        unflushed_hint(r, out);
        fputc('\n', out);
    }
    if (hint) fprintf(out, "(--stderr-dir DIR keeps each seat's whole stderr)\n");
    /* a seat's invalid lines: the first one and why (a Chicken game is lost by it, a Rising Tide
     * move becomes a pass), so that its author need not play the game again with --log */
    for (int s = 0; s < m->cfg->nseats; s++) {
        const match_invalid *f = &m->first_invalid[s];
        int n = m->verdicts[s][VERDICT_INVALID];
        if (!n || !f->seen) continue;
        fprintf(out, "seat %d (%s) invalid %d time%s, the first: \"", s, m->names.name[s], n, n == 1 ? "" : "s");
        put_bot_text(out, f->text, strlen(f->text));
        const char *cause = verdict_cause_name(f->cause); /* a game's reason may name it already */
        if (!f->why[0]) fprintf(out, "\" (%s)\n", cause);
        else if (strncmp(f->why, cause, strlen(cause)) == 0) fprintf(out, "\" (%s)\n", f->why);
        else fprintf(out, "\" (%s: %s)\n", cause, f->why);
    }
}
