/* referee.h: the referee's internal state per seat (shared by match.c and seat.c only). */
#ifndef ARENA_REFEREE_H
#define ARENA_REFEREE_H
#include "../core/buf.h"
#include "../core/rng.h"
#include "match.h"
#include "proc.h"
#include "transport_records.h"

#define QUESTIONS_MAX 256      /* open questions per seat (a seat this far behind is hopeless) */
#define LINE_MAX_BYTES 65536   /* a longer reply line is invalid (contract) */
#define TURN_MAX_BYTES (16u << 20) /* more output in one turn: the seat is down (contract) */
#define STDERR_TAIL 4096
#define STDERR_FILE_MAX (1u << 20)

/* One message sent and not yet answered. */
typedef struct {
    int turn;         /* the turn it asks about */
    bool written;     /* the whole message has been written */
    bool late;        /* its soft deadline passed: the turn was played without it */
    int64_t start_us; /* when writing the message began (benchmarks: question round trip) */
    int64_t sent_us;  /* when the last byte was written (clock start) */
    int64_t soft_us, hard_us, bank_us; /* absolute deadlines (CLOCK_NEVER: none) */
} question;

typedef struct {
    seat_spec *spec;
    bool process;            /* a process seat (else built-in) */
    /* built-in */
    void *bot_mem;
    rng_t bot_rng;
    /* process */
    proc_t proc;
    bool started;            /* spawned */
    bool gone;               /* process ended and descriptors closed */
    bool eof;                /* stdout reached EOF */
    buf_t wbuf;              /* bytes still to write to stdin */
    size_t woff;
    buf_t rbuf;              /* stdout bytes not yet split into lines */
    bool discarding;         /* inside an over-long line: drop bytes up to the newline */
    bool skip_lf;            /* cr_ends_line: the last byte seen was '\r', so a '\n' next is its pair */
    buf_t held;              /* lines_wait_for_question: lines waiting for the next question, each
                                stored as [size_t length][1 byte too_long][bytes] */
    size_t held_off;         /* bytes of `held` already handed on */
    size_t turn_bytes;       /* stdout bytes since the last question was sent */
    question q[QUESTIONS_MAX];
    int qn;                  /* open questions, oldest first */
    bool first_question;     /* the next question is the seat's first (start-up allowance) */
    bool acted;              /* an action line has been read (identification lines end) */
    int64_t bank_left_us;
    /* this turn */
    bool asked;              /* asked in the current turn */
    bool resolved;           /* the current turn's question is settled (answered, late, out) */
    /* out of play */
    bool out;
    bool pending_crash;      /* the process ended while it owed nothing: charged at its next turn */
    bool out_told;           /* the turn records already carry the verdict that put it out */
    verdict_cause pending_cause;
    int pending_status;
    /* start-up handshake */
    bool in_handshake, hello_done;
    int64_t hello_deadline;
    verdict_kind out_verdict;
    verdict_cause out_cause;
    int out_status;
    /* names (owned copies, since identification lines may replace them) */
    char *name;
    char *code;
    /* tcp seats (transport_tcp.c): port and connections; NULL for pipe seats */
    struct tcp_seat *tcp;
    /* the seat's sandbox (seat_sandbox.c; NULL when the sandbox is off or for built-ins) */
    struct sandbox_seat *sbx;
    /* stderr */
    int err_file;            /* -1 when not kept */
    size_t err_written;
    char tail[STDERR_TAIL];  /* ring buffer of the last stderr bytes */
    size_t tail_len, tail_pos;
    /* TRANSPORT_RECORDS (transport_records.c) */
    rec_stream rec;
} seat_rt;

struct match_internal {
    seat_rt seats[GAME_MAX_SEATS];
    unsigned char *view;     /* one view_size scratch */
    buf_t msg;               /* scratch for encoding */
    buf_t why;
    void *scratch_action;    /* decoding target for lines that answer no current question */
    bool handshaking;        /* the start-up handshake is running */
    int64_t turn_start_us;   /* realtime games: when the turn's messages were written */
};

/* seat.c */
bool seat_start(match_t *m, int s, buf_t *err);
void seat_send(match_t *m, int s, const char *data, size_t n);
bool seat_flush(match_t *m, int s);                 /* writes pending bytes; false on a broken pipe */
/* Reads what stdout has; calls match_line for each complete line. Returns false at EOF. */
bool seat_read(match_t *m, int s);
void seat_read_stderr(match_t *m, int s);
/* A comment line of the seat ('#...' on stdout: its log by the protocol, where Python adapters put
 * tracebacks and prints) joins its kept stderr file, so whoever reads the seat's log sees both. */
void seat_keep_comment(match_t *m, int s, const char *line, size_t n);
void seat_finish(match_t *m, int s);                /* kill the group, close, keep stderr tail */
void seat_free(match_t *m, int s);
/* The tail of the seat's stderr as a string (caller frees). */
char *seat_stderr_tail(const seat_rt *r);

/* seat_sandbox.c */
/* The files of a process seat that its sandbox lets it read, and its command with relative
 * paths made absolute (the sandboxed bot starts in another folder). */
typedef struct {
    sandbox_workdir workdir; /* where the bot starts (the command line's, the game's, or by seat kind) */
    char *command;         /* owned: the command to run (relative paths made absolute when the bot
                              starts elsewhere); NULL for python seats */
    char *python_file;     /* owned: python seats: the bot's file as the adapter must get it */
    char *files[8];        /* owned: the bot's files or folders, its own folder first */
    int nfiles;
} seat_paths;
void seat_paths_init(const match_t *m, const seat_spec *sp, seat_paths *p);
void seat_paths_free(seat_paths *p);
/* Prepares the sandbox of seat s for argv (r->sbx); false + err when it cannot be set up. */
bool seat_sandbox_new(match_t *m, int s, const char *const *argv, const char *const *env_add,
                      const seat_paths *paths, buf_t *err);

/* match.c, called back by seat.c */
void match_line(match_t *m, int s, const char *line, size_t n, bool too_long);
/* A transport that carries exactly one reply per question (tcp) hands it here: it answers the
 * question of `turn` wherever that is in the queue; no comments, and a reply the game would skip
 * (a blank one) is an invalid answer. */
void match_reply(match_t *m, int s, int turn, const char *reply, size_t n, bool too_long);
void match_emit(match_t *m, const log_event *ev);

/* transport_records.c */
void records_ask(match_t *m, int s, const char *msg, size_t n); /* queue the turn's message */
void records_feed(match_t *m, int s, const char *data, size_t n); /* bytes read from stdout */
void records_end_turn(match_t *m);                                /* final drain, notes (Rezzo D11) */
bool records_stdout_eof(match_t *m, int s);                       /* true if the process has exited */
#endif
