build-clang/obj/cli/cmd_play.o: src/cli/cmd_play.c src/cli/cli.h \
  src/cli/../game/game.h src/cli/../game/../core/buf.h \
  src/cli/../game/../core/jw.h src/cli/../game/../core/rng.h \
  src/cli/../game/canvas.h src/cli/../match/match.h \
  src/cli/../match/../game/game.h src/cli/../match/seatspec.h \
  src/cli/../core/log.h src/cli/../core/rng.h src/cli/../match/sinks.h \
  src/cli/../ui/live.h src/cli/../ui/../match/match.h

src/cli/cli.h:

src/cli/../game/game.h:

src/cli/../game/../core/buf.h:

src/cli/../game/../core/jw.h:

src/cli/../game/../core/rng.h:

src/cli/../game/canvas.h:

src/cli/../match/match.h:

src/cli/../match/../game/game.h:

src/cli/../match/seatspec.h:

src/cli/../core/log.h:

src/cli/../core/rng.h:

src/cli/../match/sinks.h:

src/cli/../ui/live.h:

src/cli/../ui/../match/match.h:
