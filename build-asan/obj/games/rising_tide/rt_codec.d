build-asan/obj/games/rising_tide/rt_codec.o: \
 src/games/rising_tide/rt_codec.c src/games/rising_tide/rt.h \
 src/games/rising_tide/../../game/game.h \
 src/games/rising_tide/../../game/../core/buf.h \
 src/games/rising_tide/../../game/../core/jw.h \
 src/games/rising_tide/../../game/../core/buf.h \
 src/games/rising_tide/../../game/../core/rng.h \
 src/games/rising_tide/../../game/canvas.h \
 src/games/rising_tide/../../core/text.h
src/games/rising_tide/rt.h:
src/games/rising_tide/../../game/game.h:
src/games/rising_tide/../../game/../core/buf.h:
src/games/rising_tide/../../game/../core/jw.h:
src/games/rising_tide/../../game/../core/buf.h:
src/games/rising_tide/../../game/../core/rng.h:
src/games/rising_tide/../../game/canvas.h:
src/games/rising_tide/../../core/text.h:
