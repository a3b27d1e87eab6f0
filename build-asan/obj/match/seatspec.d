build-asan/obj/match/seatspec.o: src/match/seatspec.c \
 src/match/seatspec.h src/match/../game/game.h \
 src/match/../game/../core/buf.h src/match/../game/../core/jw.h \
 src/match/../game/../core/buf.h src/match/../game/../core/rng.h \
 src/match/../game/canvas.h src/match/../core/text.h
src/match/seatspec.h:
src/match/../game/game.h:
src/match/../game/../core/buf.h:
src/match/../game/../core/jw.h:
src/match/../game/../core/buf.h:
src/match/../game/../core/rng.h:
src/match/../game/canvas.h:
src/match/../core/text.h:
