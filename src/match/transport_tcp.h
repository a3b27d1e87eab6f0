/* transport_tcp.h: the tcp transport, for bots that are servers (seat `tcp:COMMAND`). Arena picks a
 * free loopback port P and runs `COMMAND P`; the first question waits for the port with a probe
 * (connect every 10 ms, close at once without sending); each question is then one connection:
 * connect, send the message, read the reply up to the first newline or EOF, close. At the end the
 * game's end message goes over one more connection. Game-independent: any line-based game's seat
 * may use it. Its table (transport_tcp) is in transport.h; the referee (match.c) polls the
 * connections next to the seats' pipes. */
#ifndef ARENA_TRANSPORT_TCP_H
#define ARENA_TRANSPORT_TCP_H
#include <stdbool.h>

#define TCP_RETRY_US 10000 /* a refused connection (or probe) is tried again after 10 ms */
#define TCP_CONNS_MAX 32   /* open connections (unanswered questions) per seat */

/* One non-blocking connection attempt to 127.0.0.1:port from here. Returns the socket (connected,
 * or with *in_progress set) or -1 with errno. A seat whose sandbox has a network namespace of its
 * own gets its sockets from the sandbox instead (made inside that namespace: src/sandbox/netns.c). */
int transport_tcp_connect(int port, bool *in_progress);
#endif
