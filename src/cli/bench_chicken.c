int bench_chicken(int argc, char **argv) { (void)argc; (void)argv; return 2; }
