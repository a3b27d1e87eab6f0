/* agent.h (Arena's Rezzo compatibility header): the protocol names of the original server's
 * agent.h, so that bots written for the original compile unchanged against Arena:
 *     cc -I sdk/c/rezzo/compat wander.c -o wander
 * Server -> bot: one ServerMessage (340 bytes) per tick; bot -> server: ClientMessage records
 * (2 bytes: the message's ts, then an action byte). See docs/games/rezzo.md. */
#ifndef REZZO_COMPAT_AGENT_H
#define REZZO_COMPAT_AGENT_H
#include "ca.h"

#define VIEWPORT 13
#define VIEWPORT_SQ (VIEWPORT * VIEWPORT)
#define MAX_AGENTS 10

/* The ack of the bot's reply to the previous tick. */
enum {
    ACK_OK = 0,
    ACK_NO_MESSAGE = 1,
    ACK_INVALID_ACTION = 2,
    ACK_INVALID_MESSAGE = 3,
    ACK_MULTIPLE_MESSAGES = 4
};

/* Action bytes. */
enum {
    ACT_NOP = ' ',
    ACT_ADVANCE = '^',
    ACT_TURN_LEFT = '\\',
    ACT_TURN_RIGHT = '/',
    ACT_BUILD = '.',
    ACT_HIT = '!'
};
/* Shorter spellings some bots use. */
#define ACT_LEFT ACT_TURN_LEFT
#define ACT_RIGHT ACT_TURN_RIGHT

typedef struct {
    unsigned char ack, ts;
    unsigned char c[VIEWPORT_SQ];      /* view letters, row 0 = 12 cells ahead, index 162 = you */
    unsigned char damage[VIEWPORT_SQ]; /* 0..3 as raw bytes */
} ServerMessage;

typedef struct {
    unsigned char ts, act;
} ClientMessage;
#endif
