/* proc.h: one bot process: started in its own session and process group, with pipes. */
#ifndef ARENA_PROC_H
#define ARENA_PROC_H
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

struct sandbox_seat;

typedef struct {
    const char *const *argv; /* argv[0] is the program; NULL-terminated */
    bool use_path;           /* search PATH for argv[0] */
    const char *const *env_add; /* extra "KEY=VALUE" entries, NULL-terminated (may be NULL) */
    bool stdout_to_stderr;   /* the child's stdout goes to the stderr pipe (out_fd stays -1): for
                                bots whose replies do not come on stdout (tcp seats) */
    bool inherit_stderr;     /* the child writes to our stderr (no pipe; err_fd stays -1) */
    struct sandbox_seat *sandbox; /* the seat's sandbox (src/sandbox): it forks, sets every layer
                                     up and executes; argv, use_path and env_add are then its
                                     business. NULL: plain fork and exec as above */
} proc_opts;

typedef struct {
    pid_t pid;        /* also the process group id (the child calls setsid) */
    int in_fd;        /* write end of the bot's stdin (non-blocking), -1 when closed */
    int out_fd;       /* read end of the bot's stdout (non-blocking), -1 when closed */
    int err_fd;       /* read end of the bot's stderr (non-blocking), -1 when closed */
    int pid_fd;       /* pidfd: readable when the process exits (-1 if unsupported) */
    bool exited;      /* reaped */
    int wait_status;  /* waitpid status once exited */
    bool stopped;     /* SIGSTOP sent and not yet SIGCONT */
    int recont_left;  /* SIGCONTs still to repeat after the last resume (proc_settle) */
    int64_t recont_at_us; /* when the next one is due */
    int status_fd;    /* sandboxed with a pid namespace: pid is the namespace's init, which reports
                         the bot's own wait status here when the bot ends (-1 otherwise) */
} proc_t;

/* Opens /dev/null on each of descriptors 0, 1 and 2 that is closed (arena started with `<&-`, or
 * by a daemon without them), so that no descriptor opened for a seat (a pipe, the sandbox's
 * sockets) is ever taken for a standard one and then replaced in the child by its stdin. */
void proc_keep_std_fds(void);
/* Starts the process; on failure returns false and sets errno. */
bool proc_spawn(const proc_opts *o, proc_t *p);
/* Reaps the process if it has exited (non-blocking); returns p->exited. */
bool proc_poll_exit(proc_t *p);
/* Waits up to timeout_ms for the process to exit (returns early when it does). */
bool proc_wait_exit(proc_t *p, int timeout_ms);
/* Kills the whole process group with SIGKILL and reaps the process. */
void proc_kill(proc_t *p);
/* SIGSTOP / SIGCONT to the whole process group. A pause and a resume that both reach the group
 * while one of its processes is in fork() leave the new child stopped for good: the kernel hands
 * it every group signal sent during the fork as pending bits, and it takes SIGCONT (18) before
 * SIGSTOP (19). So proc_resume is followed by a few more SIGCONTs, sent by proc_settle. */
void proc_pause(proc_t *p);
void proc_resume(proc_t *p);
/* Sends the repeated SIGCONT that is due at `now_us` (clock_now_us) after a resume, if the seat
 * has not been paused since; returns when it must be called next (CLOCK_NEVER: nothing left). */
int64_t proc_settle(proc_t *p, int64_t now_us);
void proc_close_stdin(proc_t *p);
/* Closes every descriptor; the process must be reaped already (or killed). */
void proc_close(proc_t *p);
/* "exit status N" / "killed by signal N" cause and value for a wait status. */
bool proc_status_is_signal(int wait_status, int *value);
#endif
