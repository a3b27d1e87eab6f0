build-asan/obj/cli/cmd_list.o: src/cli/cmd_list.c src/cli/cli.h \
 src/cli/../game/game.h src/cli/../game/../core/buf.h \
 src/cli/../game/../core/jw.h src/cli/../game/../core/buf.h \
 src/cli/../game/../core/rng.h src/cli/../game/canvas.h \
 src/cli/../match/match.h src/cli/../match/../game/game.h \
 src/cli/../match/seatspec.h src/cli/../games/registry.h \
 src/cli/../games/../game/game.h
src/cli/cli.h:
src/cli/../game/game.h:
src/cli/../game/../core/buf.h:
src/cli/../game/../core/jw.h:
src/cli/../game/../core/buf.h:
src/cli/../game/../core/rng.h:
src/cli/../game/canvas.h:
src/cli/../match/match.h:
src/cli/../match/../game/game.h:
src/cli/../match/seatspec.h:
src/cli/../games/registry.h:
src/cli/../games/../game/game.h:
