build-clang/obj/trace/rising_tide.o: src/trace/rising_tide.c \
  src/trace/../games/rising_tide/rt.h \
  src/trace/../games/rising_tide/../../game/game.h \
  src/trace/../games/rising_tide/../../game/../core/buf.h \
  src/trace/../games/rising_tide/../../game/../core/jw.h \
  src/trace/../games/rising_tide/../../game/../core/rng.h \
  src/trace/../games/rising_tide/../../game/canvas.h src/trace/trace.h

src/trace/../games/rising_tide/rt.h:

src/trace/../games/rising_tide/../../game/game.h:

src/trace/../games/rising_tide/../../game/../core/buf.h:

src/trace/../games/rising_tide/../../game/../core/jw.h:

src/trace/../games/rising_tide/../../game/../core/rng.h:

src/trace/../games/rising_tide/../../game/canvas.h:

src/trace/trace.h:
