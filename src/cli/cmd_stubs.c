#include "cli.h"
int cmd_replay(int argc, char **argv) { (void)argc, (void)argv; return 2; }
