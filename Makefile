# Arena: make builds bin/arena; make run plays the main job; make test runs every test.
CC ?= cc
CSTD = -std=c11 -D_GNU_SOURCE -I/usr/include/postgresql
WARN = -Wall -Wextra
OPT ?= -O2 -g
CFLAGS_ALL = $(CSTD) $(WARN) $(OPT) $(CFLAGS)
# libpq, libarchive and libmicrohttpd are not linked: they are loaded when first used (src/core/dl.h).
LIBS = -ljansson -lsqlite3 -lsodium -lpng -lz -lm
BUILD ?= build
BIN ?= bin

SRC_DIRS = src/core src/game src/games src/games/* src/sim src/sandbox src/match src/store src/tourney src/serve src/ui src/compat src/cli
SRCS = $(sort $(foreach d,$(SRC_DIRS),$(wildcard $(d)/*.c)))
LIB_SRCS = $(filter-out src/cli/%,$(SRCS))
CLI_SRCS = $(filter src/cli/%,$(SRCS))
LIB_OBJS = $(patsubst src/%.c,$(BUILD)/obj/%.o,$(LIB_SRCS))
CLI_OBJS = $(patsubst src/%.c,$(BUILD)/obj/%.o,$(CLI_SRCS))
LIBARENA = $(BUILD)/libarena.a

.PHONY: all deps run test bench eval sanitize valgrind clean kits coverage mutate test-stress
all: deps $(BIN)/arena kits

# Every compile waits for the packages (an order-only prerequisite): with make -j, objects were
# compiled beside the apt-get that installs their headers and failed on a new machine.
DEPS_SCRIPT ?= scripts/deps.sh
deps:
	@$(DEPS_SCRIPT) build

$(BUILD)/obj/%.o: src/%.c | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -MMD -MP -c $< -o $@

$(LIBARENA): $(LIB_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(BIN)/arena: $(CLI_OBJS) $(LIBARENA)
	@mkdir -p $(BIN)
	$(CC) $(CFLAGS_ALL) -o $@ $(CLI_OBJS) $(LIBARENA) $(LIBS)

-include $(LIB_OBJS:.o=.d) $(CLI_OBJS:.o=.d)

include web/web.mk
include src/sim/sim.mk
include sdk/c/kits.mk
include tests/tests.mk
include tests/fuzz/fuzz.mk

run: all
	@scripts/run.sh


clean:
	rm -rf $(BUILD) $(BIN) $(LIBDIR) build-cov bin-cov build-mut

# Strength evaluations (hundreds of games; results are recorded in docs/games/*.md). One that fails
# does not stop the others: scripts/run_evals.sh names the failed ones at the end (exit 1).
eval: all
	@scripts/run_evals.sh

# Speed figures (docs/benchmarks.md). Ratios are measured side by side in one run.
bench: all
	@scripts/bench.sh

# How well the tests guard the code (docs/testing.md); like bench, not part of CI.
# Line and branch coverage of the whole suite: build-cov/html and a per-folder table.
coverage: test-deps
	@scripts/coverage.sh $(SUITES)
# Mutation testing: a seeded sample of mutants, each built and run against the tests covering its file.
mutate: all unit-bins
	@python3 scripts/mutate.py $(MUTATE_ARGS)
# The whole suite N times (default 3) with a CPU hog on every core; every run must pass.
test-stress: test-deps all unit-bins
	@scripts/test_stress.sh $(or $(N),3) $(SUITES)
