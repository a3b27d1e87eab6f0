/* test_referee_replies.c: which reply belongs to which turn (the contracts' rule), driven through
 * match.h with real process seats: over tcp each question has its own connection, so each reply
 * answers its own question and never an earlier one's; Splitter's lines wait for their question,
 * so a line written twice answers the next question with the same words; a reply written just before
 * the bot exits still answers its question. */
#include "t.h"
#include "kit_child.h"
#include "match_fixture.h"
#include "games/registry.h"
#include "core/clock.h"
#include "match/referee.h"
#include "match/transport.h"
#include "games/rezzo/rz.h"
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_TURNS 64

/* What a sink saw of seat 0, turn by turn. */
typedef struct {
    int n;
    verdict_kind verdict[MAX_TURNS];
    verdict_cause cause[MAX_TURNS];
    char text[MAX_TURNS][MATCH_TEXT_MAX + 1];
} seen_t;

static void on_turn(void *ctx, const match_t *m) {
    seen_t *v = ctx;
    if (!m->turns[0].asked || v->n >= MAX_TURNS) return;
    v->verdict[v->n] = m->turns[0].verdict;
    v->cause[v->n] = m->turns[0].cause;
    snprintf(v->text[v->n], sizeof v->text[v->n], "%s", m->texts[0]);
    v->n++;
}

/* Plays GAME (options KV) with SEATS, sandbox off, seat 0 watched: the match after match_run
 * (fixture_finish frees it), or NULL. */
static match_t *play(const char *game, char **kv, int nkv, const char *const *seats, int nseats, match_config *cfg,
                     seen_t *v) {
    memset(v, 0, sizeof *v);
    sink_t sink = {.ctx = v, .on_turn = on_turn};
    fixture_game f = {.game = game, .options = kv, .noptions = nkv, .seats = seats, .nseats = nseats,
                      .sandbox = SANDBOX_OFF, .seed = 7, .sinks = &sink, .nsinks = 1};
    int rc = -1;
    match_t *m = fixture_play(&f, cfg, &rc);
    if (m) CHECK_EQ_INT(rc, 0);
    return m;
}

/* A tcp bot (a server on the port given as its last argument) that answers the n-th question
 * with the n-th of "pass", "x", "pass", "y": each message is read up to its `go` line; a
 * connection that brings nothing (the referee's readiness probe) is not a question. */
static const char tcp_bot[] =
    "import socket, sys\n"
    "answers = [b'pass', b'x', b'pass', b'y']\n"
    "s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n"
    "s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)\n"
    "s.bind(('127.0.0.1', int(sys.argv[-1])))\n"
    "s.listen(8)\n"
    "n = 0\n"
    "while True:\n"
    "    c, _ = s.accept()\n"
    "    data = b''\n"
    "    while not data.endswith(b'go\\n') and not data.startswith(b'end'):\n"
    "        chunk = c.recv(65536)\n"
    "        if not chunk:\n"
    "            break\n"
    "        data += chunk\n"
    "    if data.startswith(b'end'):\n"
    "        sys.exit(0)\n"
    "    if data:\n"
    "        c.sendall(answers[n % len(answers)] + b'\\n')\n"
    "        n += 1\n"
    "    c.close()\n";

/* Contracts, "Which reply belongs to which turn": TCP: one connection per question, so no
 * ambiguity. Each reply is judged as that question's answer: "pass" is a pass (ok), "x" and "y"
 * are malformed (invalid), each with its own text, in Rising Tide's four rounds. */
TEST(each_tcp_reply_answers_its_own_question) {
    char dir[] = "/tmp/arena_tcp_XXXXXX", path[300], seat0[400];
    CHECK(fixture_file(dir, "bot.py", tcp_bot, path, sizeof path));
    snprintf(seat0, sizeof seat0, "tcp:python3 %s", path);
    const char *seats[] = {seat0, "builtin:pass_perth", "builtin:pass_perth", "builtin:pass_perth"};
    char *kv[] = {"rounds=4"};
    match_config cfg;
    seen_t v;
    match_t *m = play("rising_tide", kv, 1, seats, 4, &cfg, &v);
    CHECK(m != NULL);
    if (m) {
        static const char *const text[] = {"pass", "x", "pass", "y"};
        static const verdict_kind verdict[] = {VERDICT_OK, VERDICT_INVALID, VERDICT_OK, VERDICT_INVALID};
        CHECK_EQ_INT(v.n, 4);
        for (int k = 0; k < 4 && k < v.n; k++) {
            CHECK_EQ_INT(v.verdict[k], verdict[k]);
            CHECK_EQ_STR(v.text[k], text[k]);
        }
        CHECK_EQ_INT(m->verdicts[0][VERDICT_INVALID], 2);
        CHECK_EQ_INT(m->verdicts[0][VERDICT_LATE] + m->verdicts[0][VERDICT_DOWN] + m->verdicts[0][VERDICT_CRASH], 0);
    }
    fixture_finish(m, &cfg);
    fixture_file_remove(dir, path);
}

/* Splitter: a line that arrives while its seat has no open question waits for the next question
 * (game.h lines_wait_for_question, as the original read lines only when it needed one). The
 * greedy kit's third answer is sent twice: the copy answers the fourth question, so the fourth
 * turn's line is the third's, an illegal placement now (its cell is taken), which ends the game. */
TEST(a_splitter_line_sent_twice_answers_the_next_question) {
    char seat0[5000];
    snprintf(seat0, sizeof seat0, "python3 tests/bots/misbehave_wrap.py twice 3 -- %s", kit_child_path("splitter", "greedy"));
    const char *seats[] = {seat0};
    match_config cfg;
    seen_t v;
    match_t *m = play("splitter", NULL, 0, seats, 1, &cfg, &v);
    CHECK(m != NULL);
    if (m) {
        CHECK_EQ_INT(v.n, 4);
        for (int k = 0; k < 3 && k < v.n; k++) CHECK_EQ_INT(v.verdict[k], VERDICT_OK);
        if (v.n == 4) {
            CHECK_EQ_STR(v.text[3], v.text[2]);
            CHECK_EQ_INT(v.verdict[3], VERDICT_INVALID); /* that cell is taken: the game ends there */
            CHECK_EQ_INT(v.cause[3], CAUSE_ILLEGAL);
        }
    }
    fixture_finish(m, &cfg);
}

/* What a sink saw of seat 0 in its first turn: the verdict and, when it has one, its action. */
typedef struct {
    int turns;
    bool has_action;
    verdict_kind verdict;
    verdict_cause cause;
    char text[MATCH_TEXT_MAX + 1];
    unsigned char action[64];
} first_turn_t;

/* Waits, without reaping it (WNOWAIT: the referee still gets its status), until seat 0's process
 * has exited: the match's first question then goes to a process that is gone, after its reply. */
static void wait_for_seat0_exit(void *ctx, const match_t *m) {
    (void)ctx;
    siginfo_t info;
    while (waitid(P_PID, m->in->seats[0].proc.pid, &info, WEXITED | WNOWAIT) < 0 && errno == EINTR) {
    }
}

static void note_first_turn(void *ctx, const match_t *m) {
    first_turn_t *f = ctx;
    if (f->turns++) return;
    f->has_action = m->turns[0].has_action;
    f->verdict = m->turns[0].verdict;
    f->cause = m->turns[0].cause;
    snprintf(f->text, sizeof f->text, "%s", m->texts[0]);
    memcpy(f->action, m->actions, m->game->action_size < sizeof f->action ? m->game->action_size : sizeof f->action);
}

/* Plays GAME with seat 0 running SCRIPT (sh) and the others SEATS[1..], seat 0 gone before the
 * first question is written: what seat 0's first turn was, or turns 0 when the match was refused. */
static first_turn_t play_after_exit(const char *game, char **kv, int nkv, const char *script, const char **seats,
                                    int nseats) {
    first_turn_t f = {0};
    char dir[] = "/tmp/arena_gone_XXXXXX", path[300], seat0[400];
    CHECK(fixture_file(dir, "bot.sh", script, path, sizeof path));
    snprintf(seat0, sizeof seat0, "sh %s", path);
    seats[0] = seat0;
    sink_t sink = {.ctx = &f, .on_start = wait_for_seat0_exit, .on_turn = note_first_turn};
    fixture_game fg = {.game = game, .options = kv, .noptions = nkv, .seats = seats, .nseats = nseats,
                       .sandbox = SANDBOX_OFF, .seed = 7, .sinks = &sink, .nsinks = 1, .quick = true};
    match_config cfg;
    int rc = -1;
    match_t *m = fixture_play(&fg, &cfg, &rc);
    CHECK(m != NULL);
    if (m) CHECK_EQ_INT(rc, 0);
    fixture_finish(m, &cfg);
    fixture_file_remove(dir, path);
    return f;
}

/* A bot that writes its move and exits at once, before its question was written: the referee
 * finds it gone when it writes the question (a broken pipe), and reads what it left in the pipe
 * before declaring the seat down (match.c read_what_is_left), so the move counts for that turn and
 * the exit is charged at the next. Forced in that order: the question waits until the process has
 * exited. Without that read, the turn was a crash with no move. */
TEST(a_move_written_just_before_the_bot_exits_counts) {
    const char *seats[] = {NULL, "builtin:pass_perth", "builtin:pass_perth", "builtin:pass_perth"};
    char *kv[] = {"rounds=2"};
    first_turn_t f = play_after_exit("rising_tide", kv, 1, "echo pass\n", seats, 4);
    CHECK_EQ_INT(f.turns, 2);
    CHECK_EQ_INT(f.verdict, VERDICT_OK);
    CHECK(f.has_action);
    CHECK_EQ_STR(f.text, "pass");
}

/* The same over Rezzo's records (Rezzo D6: records read before the failure still count): the
 * record for tick 0 (turn right) written just before the exit is that tick's action, and the seat
 * is out after that tick. */
TEST(a_rezzo_record_written_just_before_the_bot_exits_counts) {
    const char *seats[] = {NULL, "builtin:wander"};
    char *kv[] = {"size=32x32", "max_ticks=3"};
    first_turn_t f = play_after_exit("rezzo", kv, 2, "printf '\\000/'\n", seats, 2);
    CHECK_EQ_INT(f.turns, 1); /* one player left: the game is over */
    CHECK(f.has_action);
    CHECK_EQ_INT(f.verdict, VERDICT_CRASH);
    CHECK_EQ_INT(f.cause, CAUSE_EXIT);
    const rz_action *a = (const rz_action *)f.action;
    CHECK_EQ_INT(a->ts, 0);
    CHECK_EQ_INT(a->act, RZ_ACT_RIGHT);
}

static volatile sig_atomic_t alarms;
static void on_alarm(int sig) {
    (void)sig;
    alarms++;
}

/* A loopback socket connecting to port without waiting for it: -1 when it could not start. */
static int connect_nowait(int port) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd >= 0 && connect(fd, (struct sockaddr *)&a, sizeof a) < 0 && errno != EINPROGRESS) {
        close(fd);
        return -1;
    }
    return fd;
}

/* The tcp end message's connection wait, in a child (the parent gives it 60 s): a listener whose
 * accept queue is full drops the connection's SYN, so the wait lasts until its deadline (2 s);
 * a handled signal (a Ctrl-C) interrupts it at 0.5 s. Exit status: 0 the wait went on after the
 * signal and ended at its deadline, 2 it ended early, 3 the signal did not come, 4 set-up. */
static int end_wait_child(void) {
    const game_t *g = registry_find("rising_tide");
    buf_t err;
    buf_init(&err);
    int port = 0;
    void *tp = g ? transport_tcp.start(g, &port, &err) : NULL;
    if (!tp) return 4;
    int ls = socket(AF_INET, SOCK_STREAM, 0), one = 1;
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    setsockopt(ls, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (ls < 0 || bind(ls, (struct sockaddr *)&a, sizeof a) < 0 || listen(ls, 0) < 0) return 4;
    /* A backlog of 0 holds one connection: the first fills it, the rest wait for a SYN's retry. */
    int fill[3];
    for (int i = 0; i < 3; i++) fill[i] = connect_nowait(port);
    usleep(200000);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm; /* no SA_RESTART: poll() returns EINTR */
    sigaction(SIGALRM, &sa, NULL);
    struct itimerval it = {.it_value = {.tv_sec = 0, .tv_usec = 500000}};
    setitimer(ITIMER_REAL, &it, NULL);
    transport_env env = {0};
    int64_t t0 = clock_now_us();
    transport_tcp.end(tp, &env, "end\n", 4, 2000);
    int64_t waited = clock_now_us() - t0;
    transport_tcp.free(tp);
    for (int i = 0; i < 3; i++)
        if (fill[i] >= 0) close(fill[i]);
    close(ls);
    buf_free(&err);
    if (alarms == 0) return 3;
    return waited >= 1990000 ? 0 : 2;
}

/* Contracts, the game's end over tcp: the referee waits at most 200 ms (here 2 s) for the end
 * message's connection, and a signal that interrupts that wait does not end it nor make it spin:
 * once poll() has returned, errno may still hold the signal's EINTR, which must not be read as a
 * second interruption (the survivor transport_tcp.c `rc < 0 || errno == EINTR` looped for ever). */
TEST(a_signal_during_the_tcp_end_wait_neither_ends_it_nor_makes_it_spin) {
    pid_t pid = fork();
    if (pid == 0) _exit(end_wait_child());
    CHECK(pid > 0);
    int status = -1;
    for (int i = 0; pid > 0 && i < 600 && waitpid(pid, &status, WNOHANG) == 0; i++) usleep(100000);
    if (pid > 0 && status == -1) { /* still waiting after 60 s: the wait spins */
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
        CHECK(!"the end message's wait did not end within 60 s");
        return;
    }
    CHECK(WIFEXITED(status));
    CHECK_EQ_INT(WEXITSTATUS(status), 0);
}

int main(void) {
    RUN(each_tcp_reply_answers_its_own_question);
    RUN(a_signal_during_the_tcp_end_wait_neither_ends_it_nor_makes_it_spin);
    RUN(a_splitter_line_sent_twice_answers_the_next_question);
    RUN(a_move_written_just_before_the_bot_exits_counts);
    RUN(a_rezzo_record_written_just_before_the_bot_exits_counts);
    return T_DONE();
}
