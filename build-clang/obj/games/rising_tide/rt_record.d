build-clang/obj/games/rising_tide/rt_record.o: \
  src/games/rising_tide/rt_record.c src/games/rising_tide/rt.h \
  src/games/rising_tide/../../game/game.h \
  src/games/rising_tide/../../game/../core/buf.h \
  src/games/rising_tide/../../game/../core/jw.h \
  src/games/rising_tide/../../game/../core/rng.h \
  src/games/rising_tide/../../game/canvas.h

src/games/rising_tide/rt.h:

src/games/rising_tide/../../game/game.h:

src/games/rising_tide/../../game/../core/buf.h:

src/games/rising_tide/../../game/../core/jw.h:

src/games/rising_tide/../../game/../core/rng.h:

src/games/rising_tide/../../game/canvas.h:
