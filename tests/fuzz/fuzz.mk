# Fuzzing. `make fuzz` builds every tests/fuzz/fuzz_*.c target with libFuzzer (clang) and runs each
# for FUZZ_SECONDS on a copy of its seed corpus; crashes land in build-fuzz/crashes/. Every target
# is also built as a plain program that replays its corpus (and past crashes, kept in the corpus),
# which `make test` runs.
FUZZ_SRCS = $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_NAMES = $(basename $(notdir $(FUZZ_SRCS)))
FUZZ_CORPUS_BINS = $(patsubst %,$(BUILD)/tests/fuzz/%,$(FUZZ_NAMES))
FUZZ_SECONDS ?= 60
FUZZ_FLAGS = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined

$(BUILD)/tests/fuzz/%: tests/fuzz/%.c tests/fuzz/standalone.c $(LIBARENA)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Isrc -o $@ $< tests/fuzz/standalone.c $(LIBARENA) $(LIBS)

fuzz-corpus-bins: $(FUZZ_CORPUS_BINS)

fuzz: test-deps
	$(MAKE) CC=clang BUILD=build-fuzz BIN=bin-fuzz OPT="$(FUZZ_FLAGS) -fsanitize=fuzzer-no-link" build-fuzz/libarena.a
	@mkdir -p build-fuzz/crashes
	@for t in $(FUZZ_NAMES); do \
	  clang $(CSTD) $(FUZZ_FLAGS) -fsanitize=fuzzer -Isrc -o build-fuzz/$$t tests/fuzz/$$t.c build-fuzz/libarena.a $(LIBS) || exit 1; \
	  rm -rf build-fuzz/corpus-$$t; cp -r tests/fuzz/corpus/$$t build-fuzz/corpus-$$t; \
	  echo "== $$t for $(FUZZ_SECONDS) s"; \
	  build-fuzz/$$t -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 -artifact_prefix=build-fuzz/crashes/$$t- \
	    -max_len=65536 build-fuzz/corpus-$$t 2>&1 | grep -E "^stat::number_of_executed_units|^stat::peak_rss|ERROR|Done" ; \
	done

.PHONY: fuzz fuzz-corpus-bins
