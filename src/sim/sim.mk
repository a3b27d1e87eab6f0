# The simulator's shared library (include/arena.h, docs/sim.md): the games, the game interface, core
# and src/sim compiled again as position-independent code with hidden symbols, so that libarena.so
# exports only the functions arena.h marks ARENA_API. (build/libarena.a is the binary's internal
# static library; it holds src/sim too, for `arena bench sim` and the unit tests.)
LIBDIR ?= $(if $(filter build,$(BUILD)),lib,$(BUILD)/lib)
SIMLIB = $(LIBDIR)/libarena.so
# (core/zfile.c, zlib streams for replays, and core/dl.c, libraries loaded on use, are the binary's
# only: the library links no zlib and loads nothing)
SIM_SO_SRCS = $(filter-out src/core/zfile.c src/core/dl.c,$(sort $(foreach d,src/core src/game src/games src/games/* src/sim,$(wildcard $(d)/*.c))))
SIM_SO_OBJS = $(patsubst src/%.c,$(BUILD)/pic/%.o,$(SIM_SO_SRCS))

all: $(SIMLIB)

$(BUILD)/pic/%.o: src/%.c | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -fPIC -fvisibility=hidden -MMD -MP -c $< -o $@

$(SIMLIB): $(SIM_SO_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -shared -Wl,-soname,libarena.so -Wl,--no-undefined -o $@ $^ -ljansson -lm -lpthread

-include $(SIM_SO_OBJS:.o=.d)

# The public API's test links the shared library itself (its exports, its allocations).
$(BUILD)/tests/unit/test_sim_api: tests/unit/test_sim_api.c tests/unit/t.h include/arena.h $(SIMLIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Iinclude -o $@ $< -L$(LIBDIR) -larena -Wl,-rpath,$(abspath $(LIBDIR))
