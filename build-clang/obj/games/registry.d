build-clang/obj/games/registry.o: src/games/registry.c \
  src/games/registry.h src/games/../game/game.h \
  src/games/../game/../core/buf.h src/games/../game/../core/jw.h \
  src/games/../game/../core/rng.h src/games/../game/canvas.h \
  src/games/rising_tide/rt.h src/games/rising_tide/../../game/game.h

src/games/registry.h:

src/games/../game/game.h:

src/games/../game/../core/buf.h:

src/games/../game/../core/jw.h:

src/games/../game/../core/rng.h:

src/games/../game/canvas.h:

src/games/rising_tide/rt.h:

src/games/rising_tide/../../game/game.h:
