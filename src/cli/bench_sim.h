/* bench_sim.h: `arena bench sim`, the simulator's benchmark (bench_sim.c). */
#ifndef ARENA_BENCH_SIM_H
#define ARENA_BENCH_SIM_H
/* argv[0] is "sim"; the game names and flags follow. */
int bench_sim(int argc, char **argv);
#endif
