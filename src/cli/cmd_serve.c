/* cmd_serve.c: `arena serve`: the competition server (src/serve/, docs/serve.md). Thin: flags to
 * serve_opts, then serve_run. */
#include "cli.h"
#include "../serve/build.h"
#include "../serve/routes.h"
#include "../serve/serve.h"
#include "../tourney/tourney.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void help(void) {
    printf("usage: arena serve --game GAME [--db FILE|URL] [--listen ADDR:PORT] [--jobs J] [--config FILE]\n"
           "       arena serve --demo [--game GAME] ...\n\n"
           "Runs a whole competition on the web: accounts and teams, uploads (checked by a game against\n"
           "a reference bot), scrimmages, a rated ladder, the freeze and the final tournament. Every game\n"
           "is played by worker processes (J local ones started here, and any `arena worker --db URL`).\n"
           "  --game GAME         the competition's game (a store holds one; later starts may omit it)\n"
           "  --db FILE|URL       the store (default arena-serve.db; postgresql://... for many machines)\n"
           "  --listen ADDR:PORT  where to listen (default 127.0.0.1:8080; :8080 every address; port 0: any)\n"
           "  --jobs J            local worker processes (default: the number of cores; 0: none)\n"
           "  --config FILE       settings as a JSON object (docs/serve.md); at later starts only the\n"
           "                      values changed in the file since the last start are applied, and those\n"
           "                      of stored settings this version refuses (a start stops until it has them)\n"
           "  --data DIR          uploads, builds, replays and logs (default: the store's path + .data)\n"
           "  --threads N         threads answering requests (default 4)\n"
           "  --behind-proxy      a reverse proxy on this machine (nginx): the client's address is the last\n"
           "                      hop of X-Forwarded-For on connections from loopback (the login throttle's)\n"
           "  --demo              the game's built-in bots entered as teams (not the champions, which\n"
           "                      think on the whole clock) and the ladder running\n"
           "  --routes            print the API's endpoints (method, path, capability) and exit\n\n"
           "The first start creates the organizer 'admin' and prints its password. Stopping (Ctrl-C,\n"
           "SIGTERM) and starting again loses nothing. See docs/serve.md.\n");
}

int cmd_serve(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) {
        help();
        return EXIT_OK;
    }
    /* The server's own helper process for a submission's build (build.c), not for users. */
    if (argc >= 3 && strcmp(argv[1], "--build-helper") == 0) {
        const char *cmd = NULL, *log = NULL;
        long timeout = 300;
        for (int i = 3; i + 1 < argc; i += 2) {
            if (strcmp(argv[i], "--build-command") == 0) cmd = argv[i + 1];
            else if (strcmp(argv[i], "--build-timeout") == 0) timeout = strtol(argv[i + 1], NULL, 10);
            else if (strcmp(argv[i], "--build-log") == 0) log = argv[i + 1];
        }
        if (!cmd || !log || timeout <= 0) return EXIT_USAGE;
        return build_helper_main(argv[2], cmd, timeout, log);
    }
    if (argc == 2 && strcmp(argv[1], "--routes") == 0) { /* the API's table, for scripts and tests */
        for (const route *r = routes_table; r->method; r++)
            printf("%-5s %-42s %-9s %s\n", r->method, r->pattern, cap_name(r->cap), r->summary);
        return EXIT_OK;
    }
    serve_opts o = {.jobs = -1};
    cli_args a = {.cmd = "serve", .argc = argc, .argv = argv};
    for (a.i = 1; a.i < argc; a.i++) {
        const char *arg = argv[a.i];
        if (strcmp(arg, "--demo") == 0) o.demo = true;
        else if (strcmp(arg, "--behind-proxy") == 0) o.behind_proxy = true;
        else if (cli_arg(&a, "--game")) o.game = a.value;
        else if (cli_arg(&a, "--db")) o.db = a.value;
        else if (cli_arg(&a, "--listen")) o.listen = a.value;
        else if (cli_arg(&a, "--config")) o.config = a.value;
        else if (cli_arg(&a, "--data")) o.data = a.value;
        else if (cli_arg(&a, "--jobs") || cli_arg(&a, "--threads")) {
            uint64_t n;
            bool jobs = strncmp(arg, "--jobs", 6) == 0;
            if (!cli_parse_u64(a.value, jobs ? 256 : 64, &n) || (!jobs && n == 0))
                return cli_usage_error("serve", "%s %s: expected %s", jobs ? "--jobs" : "--threads", a.value,
                                       jobs ? "0 to 256" : "1 to 64");
            if (jobs) o.jobs = (int)n;
            else o.threads = (int)n;
        } else if (a.failed) return EXIT_USAGE;
        else return cli_usage_error("serve", "unknown argument %s", arg);
    }
    if (a.failed) return EXIT_USAGE;
    if (o.demo && !o.game) o.game = "chicken";
    if (o.jobs < 0) o.jobs = config_cpu_count();
    return serve_run(&o);
}
