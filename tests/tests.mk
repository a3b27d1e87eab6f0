# Tests: unit tests are C programs linked with libarena; make test runs every suite.
UNIT_SRCS = $(wildcard tests/unit/test_*.c)
UNIT_BINS = $(patsubst tests/unit/%.c,$(BUILD)/tests/unit/%,$(UNIT_SRCS))

# every shared header of tests/unit/ (t.h, the fixtures, limited_child.h, rt_job.h): a change to one
# rebuilds the programs that include it (only t.h's did)
UNIT_HEADERS = $(wildcard tests/unit/*.h)
$(BUILD)/tests/unit/%: tests/unit/%.c $(UNIT_HEADERS) $(LIBARENA)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Isrc -o $@ $< $(LIBARENA) $(LIBS)

# test_bundle writes its hostile archives with libarchive itself (arena only reads them, through
# store/archive_lib.h, which finds the same library already loaded).
$(BUILD)/tests/unit/test_bundle: LIBS += -larchive

# fail_malloc.so: the e2e tests' LD_PRELOAD shim whose malloc, calloc and realloc refuse large
# blocks (a game state out of memory where no option makes the state large). Built without the
# sanitizers' flags: a sanitized arena does not take a preloaded library, and its tests that need
# one skip themselves.
FAIL_MALLOC = $(BUILD)/tests/fail_malloc.so
$(FAIL_MALLOC): tests/e2e/fail_malloc.c | deps
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) -O2 -fPIC -shared -o $@ $<

# after deps: two apt-get at once, one fails on the other's lock
test-deps: deps
	@$(DEPS_SCRIPT) browser
	@tests/browser/install.sh

test: test-deps all $(UNIT_BINS) fuzz-corpus-bins $(FAIL_MALLOC)
	@tests/run.sh

.PHONY: test test-deps

# make sanitize: the whole suite against an AddressSanitizer + UndefinedBehaviorSanitizer build.
# The browser suite is left out here: it tests the pages in Chromium, which the sanitizers do not
# instrument, and the server's C code it reaches is run under them by the e2e suites (test_serve*.sh,
# attacks included); keeping it would cost CI five of its thirty minutes.
# test_verify_many plays and verifies 100 replays a game here instead of 1000: the sanitizers look for
# memory errors, which the first hundreds find as well as the thousands (200 a game, each an ASan
# process, took 227 s of CI's 774 s of sanitized tests on 2026-11-27).
# test_champions.sh (real clocks), test_tourney_pg.sh's rerun of test_tourney.sh, and test_layers.sh
# and test_build.sh (they run nothing of this build) skip themselves here (they say why).
# Of the Python suite, only the programs that drive $$ARENA (the ASan build) run here: the others test
# the SDK, the adapters with bin/arena, or the simulator through lib/libarena.so, none of which this
# build changes, so they would only repeat make test.
SAN_PYTHON = $(shell grep -l 'environ.get."ARENA"' tests/python/test_*.py)
# Its programs are linked -no-pie (the objects and the checks are the same): an ASan and UBSan arena
# holds 164,000 relocations (the sanitizers' data for each global and each check site), which every
# process applied at start, writing 4.4 MB of its data; linked at fixed addresses there are none
# (`arena --help` 142 ms of CPU to 110 ms, test_cli.sh's CPU 96 s to 85 s with arena alone relinked).
# -g1: line tables only (no descriptions of variables, which no sanitizer report prints): a report's
# frames keep their function, file and line, inlined ones too, and the build compiles about a fifth
# less (82 files of src/serve and src/games, alternately: 37.8 and 43.4 s of CPU with -g, 30.8 and
# 32.1 s with -g1).
SAN_OPT = -O1 -g1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined -no-pie
# SAN_ALSO: more suites for the same run of tests/run.sh (CI: valgrind, whose programs run the plain
# bin/arena under valgrind whatever ARENA says; there they take the places the sanitized programs'
# last ones leave, instead of a stage of their own after this one).
sanitize: test-deps $(if $(SAN_ALSO),all)
	$(MAKE) BUILD=build-asan BIN=bin-asan OPT="$(SAN_OPT)" all unit-bins
	ARENA=$(CURDIR)/bin-asan/arena UNIT_DIR=build-asan/tests/unit VERIFY_GAMES=100 \
	  ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 tests/run.sh unit $(SAN_PYTHON) e2e $(SAN_ALSO)

unit-bins: $(UNIT_BINS) fuzz-corpus-bins $(FAIL_MALLOC)

# make valgrind: the referee end to end under valgrind (zero errors, no definite leaks).
valgrind: test-deps all
	@tests/run.sh valgrind

.PHONY: sanitize unit-bins valgrind
