/* seccomp.c: the seccomp layer: an ALLOW-list of system calls. Whatever is not listed fails with
 * ENOSYS (what a runtime sees for a call this kernel does not have, so it falls back cleanly);
 * the calls listed as denied fail with EPERM, to make the refusal plain. Sockets are what the
 * seat's transport needs and nothing else: a stdio seat gets no socket() at all (socketpair for
 * its own threads only); a tcp seat may make TCP sockets, bind, listen and accept, and never
 * connect. No ptrace, no namespaces, no mounts, no kernel keyrings, BPF, perf or io_uring (which
 * would bypass this filter), no TIOCSTI/TIOCLINUX on a terminal.
 *
 * Only x86_64 and aarch64 have a table; elsewhere the layer reports itself unavailable. */
#include "sbx.h"
#include "../core/xalloc.h"
#include <errno.h>
#include <linux/audit.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__)
#define SBX_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define SBX_ARCH AUDIT_ARCH_AARCH64
#endif

enum {
    R_ALLOW = 1,  /* always */
    R_TCP,        /* tcp seats only (server side of a socket) */
    R_DENY,       /* EPERM, on purpose */
    R_SOCKET,     /* tcp seats: AF_INET/AF_INET6 stream sockets; stdio seats: EPERM */
    R_SOCKETPAIR, /* AF_UNIX only */
    R_IOCTL,      /* all but TIOCSTI and TIOCLINUX */
    R_CLONE,      /* threads and forks, no new namespaces */
    R_NOSYS       /* clone3: its flags sit in memory the filter cannot read; ENOSYS makes libc
                     fall back to clone, which is checked */
};

typedef struct {
    int nr;
    int rule;
} sc_rule;

#ifdef SBX_ARCH
#define A(name) {__NR_##name, R_ALLOW}
#define T(name) {__NR_##name, R_TCP}
#define D(name) {__NR_##name, R_DENY}
static const sc_rule rules[] = {
    /* files and folders (Landlock decides which ones) */
    A(read), A(write), A(close), A(fstat), A(lseek), A(pread64), A(pwrite64), A(readv), A(writev), A(preadv),
    A(pwritev), A(preadv2), A(pwritev2), A(openat), A(openat2), A(newfstatat), A(statx), A(faccessat),
    A(faccessat2), A(fcntl), A(flock), A(fsync), A(fdatasync), A(sync), A(syncfs), A(sync_file_range),
    A(truncate), A(ftruncate), A(fallocate), A(fadvise64), A(readahead), A(getdents64), A(getcwd), A(chdir),
    A(fchdir), A(mkdirat), A(mknodat), A(unlinkat), A(renameat2), A(linkat), A(symlinkat), A(readlinkat),
    A(umask), A(utimensat), A(statfs), A(fstatfs), A(dup),
    A(dup3), A(pipe2), A(splice), A(tee), A(vmsplice), A(copy_file_range), A(sendfile), A(close_range),
    A(getxattr), A(lgetxattr), A(fgetxattr), A(listxattr), A(llistxattr), A(flistxattr), A(inotify_init1),
    A(inotify_add_watch), A(inotify_rm_watch), A(memfd_create),
    /* memory */
    A(brk), A(mmap), A(munmap), A(mprotect), A(mremap), A(msync), A(mincore), A(madvise), A(mlock), A(mlock2),
    A(munlock), A(mlockall), A(munlockall), A(membarrier), A(mbind), A(get_mempolicy), A(set_mempolicy),
    A(pkey_mprotect), A(pkey_alloc), A(pkey_free),
    /* processes, threads, signals (the pid namespace and Landlock keep them inside the seat) */
    A(execve), A(execveat), A(exit), A(exit_group), A(wait4), A(waitid), A(kill), A(tkill), A(tgkill),
    A(rt_sigaction), A(rt_sigprocmask), A(rt_sigreturn), A(rt_sigpending), A(rt_sigtimedwait),
    A(rt_sigqueueinfo), A(rt_tgsigqueueinfo), A(rt_sigsuspend), A(sigaltstack), A(pidfd_open),
    A(pidfd_send_signal),
    /* the kernel has a stopped process call restart_syscall to resume an interrupted timed wait
     * (futex, nanosleep, poll): a seat paused by SIGSTOP while a thread waits must be allowed it,
     * or glibc aborts ("The futex facility returned an unexpected error code") */
    A(restart_syscall), A(set_tid_address), A(set_robust_list), A(get_robust_list), A(rseq), A(futex),
    A(futex_waitv), A(prctl), A(personality), A(capget), A(capset), A(getpid), A(gettid), A(getppid),
    A(getuid), A(geteuid), A(getgid), A(getegid), A(getresuid), A(getresgid), A(getgroups), A(setuid),
    A(setgid), A(setreuid), A(setregid), A(setresuid), A(setresgid), A(setfsuid), A(setfsgid), A(setgroups),
    A(setpgid), A(getpgid), A(getsid), A(setsid), A(getrlimit), A(setrlimit), A(prlimit64), A(getrusage),
    A(times), A(getpriority), A(setpriority), A(ioprio_get), A(ioprio_set), A(sched_yield),
    A(sched_setaffinity), A(sched_getaffinity), A(sched_setparam), A(sched_getparam), A(sched_setscheduler),
    A(sched_getscheduler), A(sched_get_priority_max), A(sched_get_priority_min), A(sched_rr_get_interval),
    A(sched_setattr), A(sched_getattr), A(getcpu), A(uname), A(sysinfo), A(getrandom), A(seccomp),
    A(landlock_create_ruleset), A(landlock_add_rule), A(landlock_restrict_self),
    /* time */
    A(clock_gettime), A(clock_getres), A(clock_nanosleep), A(nanosleep), A(gettimeofday), A(getitimer),
    A(setitimer), A(timer_create), A(timer_settime), A(timer_gettime), A(timer_getoverrun), A(timer_delete),
    A(timerfd_create), A(timerfd_settime), A(timerfd_gettime),
    /* waiting on descriptors */
    A(ppoll), A(pselect6), A(epoll_create1), A(epoll_ctl), A(epoll_pwait), A(epoll_pwait2), A(eventfd2),
    A(signalfd4), A(io_setup), A(io_destroy), A(io_submit), A(io_cancel), A(io_getevents), A(io_pgetevents),
    /* System V IPC and message queues (the IPC namespace keeps them per seat) */
    A(shmget), A(shmat), A(shmdt), A(shmctl), A(semget), A(semop), A(semtimedop), A(semctl), A(msgget),
    A(msgsnd), A(msgrcv), A(msgctl), A(mq_open), A(mq_unlink), A(mq_timedsend), A(mq_timedreceive),
    A(mq_notify), A(mq_getsetattr),
    /* sockets: using one that exists (socketpair for everyone; servers for tcp seats) */
    A(sendto), A(recvfrom), A(sendmsg), A(recvmsg), A(sendmmsg), A(recvmmsg), A(shutdown), A(getsockname),
    A(getpeername), A(getsockopt), A(setsockopt), T(bind), T(listen), T(accept4),
    {__NR_socket, R_SOCKET}, {__NR_socketpair, R_SOCKETPAIR}, {__NR_ioctl, R_IOCTL}, {__NR_clone, R_CLONE},
    {__NR_clone3, R_NOSYS},
    /* denied on purpose */
    D(connect), D(ptrace), D(process_vm_readv), D(process_vm_writev), D(kcmp), D(pidfd_getfd),
    D(process_madvise), D(unshare), D(setns), D(mount), D(umount2), D(pivot_root), D(chroot), D(fsopen),
    D(fsconfig), D(fsmount), D(fspick), D(move_mount), D(open_tree), D(mount_setattr), D(bpf),
    D(perf_event_open), D(userfaultfd), D(io_uring_setup), D(io_uring_enter), D(io_uring_register),
    D(keyctl), D(add_key), D(request_key), D(init_module), D(finit_module), D(delete_module), D(kexec_load),
    D(kexec_file_load), D(reboot), D(swapon), D(swapoff), D(acct), D(quotactl), D(settimeofday),
    D(clock_settime), D(clock_adjtime), D(adjtimex), D(syslog), D(vhangup), D(sethostname),
    D(setdomainname), D(open_by_handle_at), D(name_to_handle_at), D(fanotify_init), D(move_pages),
    D(migrate_pages), D(setxattr), D(lsetxattr), D(fsetxattr), D(removexattr), D(lremovexattr),
    D(fremovexattr),
    /* Landlock does not cover a file's mode and owner, and a bot running as root (without its
     * capabilities) still owns root's files: chmod of /etc/passwd through a read-only descriptor
     * would work. So no chmod or chown at all, even in its own folder. */
    D(fchmod), D(fchmodat), D(fchown), D(fchownat),
#if defined(__x86_64__)
    /* the x86_64 names of calls that newer architectures only have in their *at forms */
    A(open), A(stat), A(lstat), A(access), A(poll), A(select), A(pipe), A(dup2), A(pause), A(alarm), A(fork),
    A(vfork), A(getdents), A(rename), A(renameat), A(mkdir), A(rmdir), A(creat), A(link), A(unlink), A(symlink),
    A(readlink), D(chmod), D(chown), D(lchown), A(utime), A(utimes), A(futimesat), A(mknod), A(time),
    A(getpgrp), A(arch_prctl), A(epoll_create), A(epoll_wait), A(eventfd), A(signalfd), A(inotify_init),
    T(accept), D(iopl), D(ioperm), D(modify_ldt), D(uselib), D(ustat), D(sysfs),
#endif
};
#undef A
#undef T
#undef D
#endif

unsigned sbx_seccomp_arch(void) {
#ifdef SBX_ARCH
    return SBX_ARCH;
#else
    return 0;
#endif
}

bool sbx_seccomp_supported(void) {
#ifdef SBX_ARCH
    return prctl(PR_GET_SECCOMP, 0, 0, 0, 0) >= 0;
#else
    errno = ENOSYS;
    return false;
#endif
}

/* ---------- building the program ---------- */

typedef struct {
    struct sock_filter *p;
    size_t n, cap;
} prog_t;

static void emit(prog_t *g, unsigned short code, unsigned k, unsigned char jt, unsigned char jf) {
    if (g->n == g->cap) {
        g->cap = g->cap ? g->cap * 2 : 512;
        g->p = xrealloc(g->p, g->cap * sizeof *g->p);
    }
    g->p[g->n++] = (struct sock_filter){code, jt, jf, k};
}

#define RET_ALLOW SECCOMP_RET_ALLOW
#define RET_ERRNO(e) (SECCOMP_RET_ERRNO | ((e) & SECCOMP_RET_DATA))
#define LD_NR() emit(g, BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr), 0, 0)
/* the low 32 bits of argument i (the kernel reads ints there) */
#define LD_ARG(i) emit(g, BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[i]) + ARG_LOW, 0, 0)
#define RET(v) emit(g, BPF_RET | BPF_K, (v), 0, 0)
/* if A == k fall through, else skip `skip` instructions */
#define IF_EQ(k, skip) emit(g, BPF_JMP | BPF_JEQ | BPF_K, (k), 0, (skip))

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define ARG_LOW 0
#else
#define ARG_LOW 4
#endif

/* One rule: "if nr matches: <block>", each block self-contained and ending in a return, so the
 * program reads top to bottom. */
static void emit_rule(prog_t *g, const sc_rule *r, bool tcp) {
    switch (r->rule) {
    case R_ALLOW:
    case R_TCP:
    case R_DENY:
    case R_NOSYS: {
        unsigned ret = r->rule == R_ALLOW || (r->rule == R_TCP && tcp) ? RET_ALLOW
                       : r->rule == R_NOSYS                          ? RET_ERRNO(ENOSYS)
                                                                     : RET_ERRNO(EPERM);
        IF_EQ((unsigned)r->nr, 1);
        RET(ret);
        return;
    }
    case R_SOCKET:
        if (!tcp) {
            IF_EQ((unsigned)r->nr, 1);
            RET(RET_ERRNO(EPERM));
            return;
        }
        /* domain AF_INET or AF_INET6, and type (less the NONBLOCK/CLOEXEC flags) SOCK_STREAM */
        IF_EQ((unsigned)r->nr, 8);
        LD_ARG(0);
        emit(g, BPF_JMP | BPF_JEQ | BPF_K, AF_INET, 1, 0);
        emit(g, BPF_JMP | BPF_JEQ | BPF_K, AF_INET6, 0, 4);
        LD_ARG(1);
        emit(g, BPF_ALU | BPF_AND | BPF_K, 0xf, 0, 0); /* SOCK_TYPE_MASK */
        emit(g, BPF_JMP | BPF_JEQ | BPF_K, SOCK_STREAM, 0, 1);
        RET(RET_ALLOW);
        RET(RET_ERRNO(EPERM));
        return;
    case R_SOCKETPAIR:
        IF_EQ((unsigned)r->nr, 4);
        LD_ARG(0);
        emit(g, BPF_JMP | BPF_JEQ | BPF_K, AF_UNIX, 0, 1);
        RET(RET_ALLOW);
        RET(RET_ERRNO(EPERM));
        return;
    case R_IOCTL:
        IF_EQ((unsigned)r->nr, 5);
        LD_ARG(1);
        emit(g, BPF_JMP | BPF_JEQ | BPF_K, 0x5412 /* TIOCSTI */, 2, 0);
        emit(g, BPF_JMP | BPF_JEQ | BPF_K, 0x541C /* TIOCLINUX */, 1, 0);
        RET(RET_ALLOW);
        RET(RET_ERRNO(EPERM));
        return;
    case R_CLONE: {
        unsigned ns = CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID |
                      CLONE_NEWNET;
        IF_EQ((unsigned)r->nr, 4);
        LD_ARG(0); /* flags are the first argument on x86_64 and aarch64 */
        emit(g, BPF_JMP | BPF_JSET | BPF_K, ns, 1, 0);
        RET(RET_ALLOW);
        RET(RET_ERRNO(EPERM));
        return;
    }
    }
}

struct sock_filter *sbx_seccomp_program(bool tcp, unsigned short *len) {
    prog_t g0 = {0}, *g = &g0;
#ifdef SBX_ARCH
    /* Another architecture's calls (int 0x80 on x86_64) have other numbers: refuse them all. */
    emit(g, BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch), 0, 0);
    emit(g, BPF_JMP | BPF_JEQ | BPF_K, SBX_ARCH, 1, 0);
    RET(RET_ERRNO(ENOSYS));
    LD_NR();
#if defined(__x86_64__)
    /* x32 calls carry bit 30; none is allowed */
    emit(g, BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1);
    RET(RET_ERRNO(ENOSYS));
#endif
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
        emit_rule(g, &rules[i], tcp);
        if (rules[i].rule >= R_SOCKET && rules[i].rule <= R_CLONE) LD_NR(); /* the blocks loaded an argument */
    }
#endif
    RET(RET_ERRNO(ENOSYS));
    *len = (unsigned short)g->n;
    return g->p;
}

void sbx_seccomp_child(sandbox_seat *b) {
    struct sock_fprog prog = {b->filter_len, b->filter};
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0) != 0) sbx_child_fail("seccomp", "install the filter");
}

/* ---------- a small interpreter of the instructions emitted above (for the tests) ---------- */

unsigned sbx_seccomp_eval(const struct sock_filter *prog, unsigned short len, unsigned arch, int nr,
                          const unsigned long long args[6]) {
    struct seccomp_data d;
    memset(&d, 0, sizeof d);
    d.nr = nr;
    d.arch = arch;
    for (int i = 0; i < 6; i++) d.args[i] = args ? args[i] : 0;
    unsigned a = 0;
    for (unsigned pc = 0; pc < len; pc++) {
        const struct sock_filter *f = &prog[pc];
        switch (f->code) {
        case BPF_LD | BPF_W | BPF_ABS:
            memcpy(&a, (const char *)&d + f->k, sizeof a);
            break;
        case BPF_ALU | BPF_AND | BPF_K:
            a &= f->k;
            break;
        case BPF_JMP | BPF_JEQ | BPF_K:
            pc += a == f->k ? f->jt : f->jf;
            break;
        case BPF_JMP | BPF_JGE | BPF_K:
            pc += a >= f->k ? f->jt : f->jf;
            break;
        case BPF_JMP | BPF_JSET | BPF_K:
            pc += (a & f->k) ? f->jt : f->jf;
            break;
        case BPF_RET | BPF_K:
            return f->k;
        default:
            return 0xffffffffu; /* an instruction this interpreter does not know */
        }
    }
    return 0xfffffffeu; /* fell off the end */
}
