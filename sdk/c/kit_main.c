/* kit_main.c: every built-in bot as a standalone program. The program is reached through links
 * bin/kits/<game>/<bot>; it finds its game and bot from its own path. `arena-kit GAME BOT [SEED]`
 * also works. */
#include "arena_kit.h"
#include "games/registry.h"
#include <libgen.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    char path[4096], dir[4096];
    snprintf(path, sizeof path, "%s", argv[0]);
    snprintf(dir, sizeof dir, "%s", argv[0]);
    const char *bot_name = basename(path);
    const char *game_id = basename(dirname(dir));
    int shift = 0;
    if (strcmp(bot_name, "arena-kit") == 0) {
        if (argc < 3) { /* --help answers on stdout (it was this usage error, exit 2) */
            bool help = argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0);
            fprintf(help ? stdout : stderr, "usage: arena-kit GAME BOT [SEED] [delay=MS] [move-ms=MS] [clock=off]\n"
                    "Runs the built-in bot BOT of GAME as a program (bin/kits/GAME/BOT does the same):"
                    " `bin/kits/GAME/BOT --help` lists the arguments\n");
            return help ? 0 : 2;
        }
        game_id = argv[1];
        bot_name = argv[2];
        shift = 2;
    }
    const game_t *g = registry_find(game_id);
    const game_bot *b = g ? game_find_bot(g, bot_name) : NULL;
    if (!b) {
        if (g) {
            fprintf(stderr, "arena-kit: no bot %s for game %s; its bots are:", bot_name, game_id);
            for (const game_bot *k = g->bots; k && k->name; k++) fprintf(stderr, " %s", k->name);
        } else {
            fprintf(stderr, "arena-kit: no game %s (for the bot %s); games are:", game_id, bot_name);
            for (int i = 0; registry_games[i]; i++) fprintf(stderr, " %s", registry_games[i]->id);
        }
        /* a copy or a link under another name (cp bin/kits/chicken/greedy mybot) said only "no bot
         * mybot for game a3": the program finds its bot from its path */
        if (!shift)
            fputs("\n(this program takes its game and bot from its path, GAME/BOT as in bin/kits/chicken/greedy;"
                  " under another name, run the build's bin/arena-kit GAME BOT [SEED])", stderr);
        fputc('\n', stderr);
        return 2;
    }
    /* the program as run, for the kit's messages: `bin/arena-kit chicken greedy`, not `bin/arena-kit` */
    static char as_run[4096 + 256];
    snprintf(as_run, sizeof as_run, shift ? "%s %s %s" : "%s", argv[0], game_id, bot_name);
    argv[shift] = as_run;
    if (b->act_timed) return kit_run_timed(g, b->act_timed, b->memory_size, argc - shift, argv + shift);
    return kit_run(g, b->act, b->memory_size, argc - shift, argv + shift);
}
