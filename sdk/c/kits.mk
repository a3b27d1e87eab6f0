# The C starter kit: bin/arena-kit, and every built-in bot as bin/kits/<game>/<bot> (links to it).
KIT_BIN = $(BIN)/arena-kit

# A gcov build's kits (make coverage: -DARENA_COVERAGE) also get kit_coverage.c, which keeps
# libgcov's complaints off the stderr of a kit program run inside a sandbox.
KIT_SRCS = sdk/c/kit_main.c sdk/c/kit.c $(if $(findstring ARENA_COVERAGE,$(OPT)),sdk/c/kit_coverage.c)

$(KIT_BIN): $(KIT_SRCS) sdk/c/arena_kit.h $(LIBARENA)
	@mkdir -p $(BIN)
	$(CC) $(CFLAGS_ALL) -Isrc -Isdk/c -o $@ $(KIT_SRCS) $(LIBARENA) $(LIBS)

kits: $(KIT_BIN) $(BIN)/arena
	@$(BIN)/arena list --bots | while read game bot; do \
	  mkdir -p $(BIN)/kits/$$game; ln -sf ../../arena-kit $(BIN)/kits/$$game/$$bot; done
