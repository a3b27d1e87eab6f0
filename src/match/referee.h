/* referee.h: the referee's internal state per seat (match.c, seat.c and seat_sandbox.c only; the
 * transports see none of it). */
#ifndef ARENA_REFEREE_H
#define ARENA_REFEREE_H
#include "../core/buf.h"
#include "../core/rng.h"
#include "match.h"
#include "proc.h"
#include "reply_queue.h"
#include "transport.h"

#define QUESTIONS_MAX 256      /* open questions per seat (a seat this far behind is hopeless) */
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
    /* process (seat.c) */
    proc_t proc;
    bool started;            /* spawned */
    bool gone;               /* process ended and descriptors closed */
    const transport_t *transport; /* how its questions and replies travel (transport.h) */
    void *tp;                /* the transport's state for this seat (NULL once the seat is finished) */
    int port;                /* tcp: the port the bot listens on (0 otherwise) */
    struct sandbox_seat *sbx; /* the seat's sandbox (seat_sandbox.c; NULL when off or for built-ins) */
    int err_file;            /* stderr: -1 when not kept */
    size_t err_written;
    char tail[STDERR_TAIL];  /* ring buffer of the last stderr bytes */
    size_t tail_len, tail_pos;
    char *name;              /* names (owned copies, since identification lines may replace them) */
    char *code;
    /* the referee's account of the seat (match.c) */
    question q[QUESTIONS_MAX];
    int qn;                  /* open questions, oldest first */
    bool first_question;     /* the next question is the seat's first (start-up allowance) */
    bool acted;              /* an action line has been read (identification lines end) */
    int64_t bank_left_us;
    size_t turn_bytes;       /* stdout bytes since the last question was sent */
    size_t out_bytes;        /* stdout bytes over the game (none: perhaps an unflushed buffer) */
    reply_queue held;        /* lines_wait_for_question: lines waiting for the next question */
    struct {                 /* ticked transports: this turn's records */
        int answers;         /* records that named this turn (>1: the first one stands) */
        int dropped;         /* records that named another turn */
        int noted;           /* records written into the turn's note (TICKED_NOTE_MAX) */
        bool invalid_counted;
    } ticks;
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
    char start_error[200];   /* why the process could not be started (CAUSE_START), or its start-up
                              * answer that was not `ready`, for the table */
    verdict_cause startup_end; /* down at start-up (CAUSE_STARTUP) not for time: how the process
                              * ended (CAUSE_EXIT, _SIGNAL, _MEMORY, _CLOSED), or CAUSE_MALFORMED
                              * when it answered something else than `ready` */
    char last_comment[200];  /* its last '#' line (the Python adapters' tracebacks end there) */
    char unended[64];        /* the start of a last line it wrote without a line end (kept at its finish) */
} seat_rt;

struct match_internal {
    seat_rt seats[GAME_MAX_SEATS];
    unsigned char *view;     /* one view_size scratch */
    buf_t msg;               /* scratch for encoding */
    buf_t why;
    void *scratch_action;    /* decoding target for lines that answer no current question */
    reply_queue replies;     /* what the seat's transport just read, for match.c to judge */
    bool handshaking;        /* the start-up handshake is running */
    int64_t turn_start_us;   /* realtime games: when the turn's messages were written */
};

/* seat.c */
/* Starts seat s: a built-in's memory, or the process (sandboxed) and its transport. */
bool seat_start(match_t *m, int s, buf_t *err);
void seat_read_stderr(match_t *m, int s);
/* Reads and drops what the process writes on stdout (after the game's end, while it may leave);
 * closes stdout at its end. */
void seat_skip_stdout(match_t *m, int s);
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
void seat_sandbox_paths_init(const match_t *m, const seat_spec *sp, seat_paths *p);
void seat_sandbox_paths_free(seat_paths *p);
/* Prepares the sandbox of seat s for argv (r->sbx); false + err when it cannot be set up. */
bool seat_sandbox_new(match_t *m, int s, const char *const *argv, const char *const *env_add,
                      const seat_paths *paths, buf_t *err);

#endif
