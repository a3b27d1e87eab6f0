# The C starter kit: bin/arena-kit, and every built-in bot as bin/kits/<game>/<bot> (links to it).
KIT_BIN = $(BIN)/arena-kit

$(KIT_BIN): sdk/c/kit_main.c sdk/c/kit.c sdk/c/arena_kit.h $(LIBARENA)
	@mkdir -p $(BIN)
	$(CC) $(CFLAGS_ALL) -Isrc -Isdk/c -o $@ sdk/c/kit_main.c sdk/c/kit.c $(LIBARENA) $(LIBS)

kits: $(KIT_BIN) $(BIN)/arena
	@$(BIN)/arena list --bots | while read game bot; do \
	  mkdir -p $(BIN)/kits/$$game; ln -sf ../../arena-kit $(BIN)/kits/$$game/$$bot; done
