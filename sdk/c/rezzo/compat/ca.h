/* ca.h (Arena's Rezzo compatibility header): the cell names of the original server's ca.h, so
 * that bots written for the original compile unchanged: cc -I sdk/c/rezzo/compat bot.c
 * The values are the type bytes of the protocol (Rezzo R4, docs/games/rezzo.md). Owned cells appear in a
 * view folded with their owner: agent '0'+id-1, flag 'A'+id-1, geyser 'a'+id-1, base 'n'+id-1. */
#ifndef REZZO_COMPAT_CA_H
#define REZZO_COMPAT_CA_H

enum {
    CELL_NONE = ' ',
    CELL_BLANK = ' ',
    CELL_CONDUCTOR = '.',
    CELL_ELECTRON = '*',
    CELL_ELECTRON_TAIL = ',',
    CELL_PHOTON = '~',
    CELL_AGENT = '0',
    CELL_FLAG = 'A',
    CELL_FLAG_GEYSER = 'a',
    CELL_BASE = 'n'
};

#define CELL_DESTROY_DAMAGE 4
#endif
