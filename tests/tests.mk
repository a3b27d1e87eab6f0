# Tests: unit tests are C programs linked with libarena; make test runs every suite.
UNIT_SRCS = $(wildcard tests/unit/test_*.c)
UNIT_BINS = $(patsubst tests/unit/%.c,$(BUILD)/tests/unit/%,$(UNIT_SRCS))

$(BUILD)/tests/unit/%: tests/unit/%.c tests/unit/t.h $(LIBARENA)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Isrc -o $@ $< $(LIBARENA) $(LIBS)

test-deps:
	@scripts/deps.sh test

test: test-deps all $(UNIT_BINS)
	@tests/run.sh

.PHONY: test test-deps
