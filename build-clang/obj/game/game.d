build-clang/obj/game/game.o: src/game/game.c src/game/game.h \
  src/game/../core/buf.h src/game/../core/jw.h src/game/../core/rng.h \
  src/game/canvas.h

src/game/game.h:

src/game/../core/buf.h:

src/game/../core/jw.h:

src/game/../core/rng.h:

src/game/canvas.h:
