/* sandbox.h: the sandbox of process seats: a sequence of named layers applied in the child between
 * fork and exec, each detected at run time (docs/sandbox.md says what each layer stops).
 *
 * The order in the child (layers.c, sandbox_child_exec):
 *   cgroup    join the seat's memory/pids cgroup                     (cgroup.c)
 *   user      a user namespace: the bot is root inside, itself outside; no capabilities
 *   net       a network namespace: nothing (stdio seats) or loopback only (tcp seats)   (ns.c)
 *   mount     private mounts: a fresh /proc, a size-limited tmpfs on the seat's folder and /dev/shm
 *   ipc       an IPC namespace (SysV IPC, POSIX message queues)
 *   pid       a pid namespace: a small init is pid 1 and the bot pid 2; when init goes, all go
 *   fds       every descriptor but 0, 1, 2 closed
 *   session   own session and process group, no controlling terminal  (proc.c)
 *   env       a scrubbed environment: PATH, HOME, TMPDIR, LANG and what the seat needs
 *   workdir   a fresh folder per seat per match (or the bot's own folder, or arena's)
 *   rlimits   CPU seconds, address space, processes, file size, open files, no core dumps
 *   caps      every capability dropped, no new privileges (setuid binaries do not elevate)
 *   landlock  files: the system read-only, the bot's files read-only, its folder writable;
 *             TCP: bind only the seat's port; no signals or abstract sockets outside  (landlock.c)
 *   seccomp   an allow-list of system calls; sockets only as the transport needs   (seccomp.c)
 * The sandbox depends on core/ only; match/ uses it (seat.c, transport_tcp.c). */
#ifndef ARENA_SANDBOX_H
#define ARENA_SANDBOX_H
#include "../core/buf.h"
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

typedef enum {
    SANDBOX_ON = 0,   /* default (a zeroed config): every layer that works on this machine */
    SANDBOX_OFF,      /* only session and closed descriptors (the referee's old behaviour) */
    SANDBOX_STRICT    /* every wanted layer, or the match does not start (fails closed) */
} sandbox_mode;

/* The layers, in the order doctor lists them. */
typedef enum {
    SBX_SESSION = 0,
    SBX_FDS,
    SBX_ENV,
    SBX_WORKDIR,
    SBX_RLIMITS,
    SBX_USER,
    SBX_PID,
    SBX_NET,
    SBX_MOUNT,
    SBX_IPC,
    SBX_CAPS,
    SBX_LANDLOCK,
    SBX_SECCOMP,
    SBX_CGROUP,
    SBX_LAYER_COUNT
} sandbox_layer;

typedef enum {
    SBX_WORKDIR_DEFAULT = 0, /* the game's choice (a fresh folder unless the game says bot) */
    SBX_WORKDIR_TEMP,        /* a fresh empty folder per seat per match, removed afterwards */
    SBX_WORKDIR_BOT,         /* the bot's own folder (read-only); scratch space in HOME */
    SBX_WORKDIR_HERE,        /* the folder arena was started in (read-only); scratch in HOME */
    SBX_WORKDIR_CALLER       /* the folder arena was started in, only so that relative paths in
                                the seat resolve; nothing in it is readable but the bot's files */
} sandbox_workdir;

/* Resource limits per seat. 0: the default (the game's, else the sandbox's); -1: no limit. */
typedef struct {
    int64_t cpu_s;    /* RLIMIT_CPU, seconds of CPU per process */
    int64_t mem_mb;   /* cgroup memory limit (RSS + page cache + tmpfs), MiB */
    int64_t as_mb;    /* RLIMIT_AS, MiB (default: none when the cgroup limits memory, else mem_mb) */
    int64_t procs;    /* cgroup pids.max and RLIMIT_NPROC (inside a user namespace) */
    int64_t fsize_mb; /* RLIMIT_FSIZE, MiB */
    int64_t nofile;   /* RLIMIT_NOFILE */
    int64_t disk_mb;  /* size of the seat's tmpfs folder (and of its /dev/shm), MiB */
} sandbox_limits;

#define SANDBOX_MAX_PATHS 16
#define SANDBOX_MAX_ENV 16

/* What the command line (or a tournament) asks for. Zeroed: mode on, the defaults. */
typedef struct {
    sandbox_mode mode;
    unsigned without;        /* 1u << layer for each layer not wanted (--sandbox-without) */
    sandbox_limits limits;   /* overrides of the game's defaults */
    sandbox_workdir workdir;
    const char *read[SANDBOX_MAX_PATHS]; /* extra folders the bot may read (--sandbox-read) */
    int nread;
    const char *write[SANDBOX_MAX_PATHS];/* extra folders the bot may write (--sandbox-write) */
    int nwrite;
    const char *env[SANDBOX_MAX_ENV];    /* extra KEY=VALUE for the bot (--env) */
    int nenv;
    const char *cgroup;      /* a cgroup v2 folder to create the seats' cgroups under (--cgroup) */
} sandbox_config;

/* The sandbox's own defaults (a game may change cpu, mem, procs and the workdir). */
#define SANDBOX_DEFAULT_CPU_S 600
#define SANDBOX_DEFAULT_MEM_MB 1024
#define SANDBOX_DEFAULT_PROCS 128
#define SANDBOX_DEFAULT_FSIZE_MB 64
#define SANDBOX_DEFAULT_NOFILE 1024
#define SANDBOX_DEFAULT_DISK_MB 64

/* ---------- layers and detection (layers.c, detect.c) ---------- */

const char *sandbox_layer_name(sandbox_layer l);
/* One line: what the layer stops. */
const char *sandbox_layer_purpose(sandbox_layer l);
/* Parses a layer name; -1 if unknown. */
int sandbox_layer_parse(const char *name);
const char *sandbox_mode_name(sandbox_mode m);
bool sandbox_mode_parse(const char *s, sandbox_mode *m);

typedef struct {
    bool works[SBX_LAYER_COUNT];
    char why[SBX_LAYER_COUNT][240]; /* why it works or does not, for doctor and errors */
    int landlock_abi;               /* 0: none */
    bool root;                      /* the referee runs as root */
    bool cgroup_pids;               /* the cgroup layer also limits processes */
    char cgroup_kind[16];           /* "v2", "v1" or "" */
} sandbox_probe;

/* What works on this machine (probed once per process by trying; later calls are free). It also
 * removes what arena processes killed before they could clean up left behind (seat cgroups and
 * folders named after a pid that no longer runs). */
const sandbox_probe *sandbox_detect(void);
/* The layers a seat gets under config c: fills use[] and returns true; false + err when strict
 * mode wants a layer that does not work here (the match must not start). */
bool sandbox_plan(const sandbox_config *c, bool use[SBX_LAYER_COUNT], buf_t *err);

/* ---------- one seat (box.c) ---------- */

typedef struct sandbox_seat sandbox_seat;

/* What the referee knows about the seat's process. */
typedef struct {
    int seat;                  /* seat index (names of cgroups and folders) */
    bool tcp;                  /* the bot is a server: it may listen on `port` */
    int port;
    const char *const *argv;   /* argv[0] is the program (searched in PATH when it has no '/') */
    const char *const *env_add;/* KEY=VALUE the seat needs (PYTHONPATH...), NULL-terminated or NULL */
    const char *bot_files[8];  /* files or folders of the bot: readable; the first is its folder */
    int nbot_files;
} sandbox_seat_spec;

/* Prepares a seat (folders, cgroup, rules, filter) in the parent, before the fork. limits are
 * the effective ones (the caller merged the game's defaults; 0 = sandbox default). NULL + err
 * when a chosen layer cannot be set up. */
sandbox_seat *sandbox_seat_new(const sandbox_config *c, const sandbox_limits *limits, sandbox_workdir workdir,
                               const sandbox_seat_spec *spec, buf_t *err);
/* The environment the bot gets (owned by the seat). */
char **sandbox_seat_env(sandbox_seat *b);
/* Forks the seat's process (clone with the namespaces). In the child it returns 0; the caller
 * sets up session and pipes and then calls sandbox_child_exec. In the parent: the pid, and
 * *pidfd (-1 if none) and *status_fd (read end of init's report of the bot's wait status, -1
 * without a pid namespace). */
pid_t sandbox_seat_fork(sandbox_seat *b, int *pidfd, int *status_fd);
/* In the child, with 0, 1, 2 in place: applies every layer and executes argv. Never returns. */
void sandbox_child_exec(sandbox_seat *b) __attribute__((noreturn));
/* After the fork, in the parent: starts what the seat needs from outside (the tcp helper).
 * pidfd: the process's pidfd (-1 if none). */
bool sandbox_seat_started(sandbox_seat *b, pid_t pid, int pidfd, buf_t *err);
/* The seat's process has been killed: kills whatever is left of it (cgroup), stops helpers. */
void sandbox_seat_finish(sandbox_seat *b);
/* Removes the seat's cgroup and folder; frees. NULL is fine. */
void sandbox_seat_free(sandbox_seat *b);
/* The cgroup's OOM killer killed a process of the seat. */
bool sandbox_seat_oom_killed(const sandbox_seat *b);
/* Which layers the seat got. */
bool sandbox_seat_uses(const sandbox_seat *b, sandbox_layer l);
/* The seat's working folder (the bot's cwd) and its scratch folder (HOME). */
const char *sandbox_seat_workdir(const sandbox_seat *b);
/* The limits in force for the seat (defaults resolved). */
const sandbox_limits *sandbox_seat_limits(const sandbox_seat *b);

/* ---------- proof from inside a seat (inside.c) ---------- */

/* Whether a layer is in force, as a process inside the seat sees it. */
typedef struct {
    bool checked;        /* the seat uses the layer, so it was checked */
    bool in_force;
    char evidence[320];  /* what was seen, e.g. "its own ipc namespace (ipc:[4026532291]; ...)" */
} sandbox_proof;

/* Inside a seat: writes what this process sees as key=value lines (namespaces, capabilities,
 * seccomp mode and a refused socket(), the open of `canary` (a file the referee can read, outside
 * the seat's folders), its cgroup and limits, rlimits, descriptors, environment, folder). */
void sandbox_inside_observe(const char *canary, buf_t *out);
/* In the referee: for each layer seat b uses, whether the observations prove it in force. */
void sandbox_inside_prove(const sandbox_seat *b, const char *observed, const char *canary,
                          sandbox_proof proof[SBX_LAYER_COUNT]);

/* ---------- tcp seats (netns.c) ---------- */

/* A new non-blocking TCP socket inside the seat's network namespace (made by its helper and
 * passed back over a Unix socket). -2 when the seat has no namespace of its own (connect from
 * here), -1 with errno on failure. */
int sandbox_seat_socket(sandbox_seat *b);

#endif
