build-clang/obj/match/replay.o: src/match/replay.c src/match/replay.h \
  src/match/../game/game.h src/match/../game/../core/buf.h \
  src/match/../game/../core/jw.h src/match/../game/../core/rng.h \
  src/match/../game/canvas.h src/match/../core/hash.h \
  src/match/../core/jw.h src/match/match.h src/match/seatspec.h

src/match/replay.h:

src/match/../game/game.h:

src/match/../game/../core/buf.h:

src/match/../game/../core/jw.h:

src/match/../game/../core/rng.h:

src/match/../game/canvas.h:

src/match/../core/hash.h:

src/match/../core/jw.h:

src/match/match.h:

src/match/seatspec.h:
