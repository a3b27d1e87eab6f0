build-clang/obj/cli/cmd_trace.o: src/cli/cmd_trace.c src/cli/cli.h \
  src/cli/../game/game.h src/cli/../game/../core/buf.h \
  src/cli/../game/../core/jw.h src/cli/../game/../core/rng.h \
  src/cli/../game/canvas.h src/cli/../match/match.h \
  src/cli/../match/../game/game.h src/cli/../match/seatspec.h \
  src/cli/../trace/trace.h

src/cli/cli.h:

src/cli/../game/game.h:

src/cli/../game/../core/buf.h:

src/cli/../game/../core/jw.h:

src/cli/../game/../core/rng.h:

src/cli/../game/canvas.h:

src/cli/../match/match.h:

src/cli/../match/../game/game.h:

src/cli/../match/seatspec.h:

src/cli/../trace/trace.h:
