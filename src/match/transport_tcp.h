/* transport_tcp.h: the tcp transport, for bots that are servers (seat `tcp:COMMAND`). Arena picks a
 * free loopback port P and runs `COMMAND P`; the first question waits for the port with a probe
 * (connect every 10 ms, close at once without sending); each question is then one connection:
 * connect, send the message, read the reply up to the first newline or EOF, close. At the end the
 * game's end message goes over one more connection. Game-independent: any line-based game's seat
 * may use it. The referee (match.c) polls the connections next to the seats' pipes. */
#ifndef ARENA_TRANSPORT_TCP_H
#define ARENA_TRANSPORT_TCP_H
#include "match.h"
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>

#define TCP_RETRY_US 10000 /* a refused connection (or probe) is tried again after 10 ms */
#define TCP_CONNS_MAX 32   /* open connections (unanswered questions) per seat */

typedef struct tcp_seat tcp_seat;

/* Prepares seat s: a free port on 127.0.0.1 (tcp_port tells it). False + message on failure. */
bool tcp_seat_new(match_t *m, int s, buf_t *err);
int tcp_port(const match_t *m, int s);
/* Opens the connection that asks the question of `turn` (the probe first, for a seat whose port
 * has not answered yet). False when the seat has too many open connections. */
bool tcp_ask(match_t *m, int s, int turn, const char *msg, size_t n);
/* Adds the descriptors of seat s's connections to pf (at most max); tag[i] identifies each for
 * tcp_ready. Returns how many were added. */
int tcp_poll_fds(match_t *m, int s, struct pollfd *pf, int *tag, int max);
/* Progress on one connection that poll reported. A finished reply goes to match_reply(). */
void tcp_ready(match_t *m, int s, int tag, int fd, short revents);
/* Retries the connections whose 10 ms wait is over; returns the next retry time (CLOCK_NEVER:
 * none waiting). */
int64_t tcp_timers(match_t *m, int s, int64_t now);
/* Sends msg (the game's end message) over a fresh connection, waiting at most timeout_ms. */
void tcp_end(match_t *m, int s, const char *msg, size_t n, int timeout_ms);
/* Closes every connection (the seat is finished); tcp_free also releases the memory. */
void tcp_finish(match_t *m, int s);
void tcp_free(match_t *m, int s);

/* One non-blocking connection attempt to 127.0.0.1:port. Returns the socket (connected, or with
 * *in_progress set) or -1 with errno. The one place that connects, so that a sandbox can swap it
 * (e.g. to enter the seat's network namespace first). */
int tcp_connect(int port, bool *in_progress);
#endif
