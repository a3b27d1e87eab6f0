build-asan/obj/match/seat.o: src/match/seat.c src/match/referee.h \
 src/match/../core/buf.h src/match/../core/rng.h src/match/match.h \
 src/match/../game/game.h src/match/../game/../core/buf.h \
 src/match/../game/../core/jw.h src/match/../game/../core/buf.h \
 src/match/../game/../core/rng.h src/match/../game/canvas.h \
 src/match/seatspec.h src/match/proc.h src/match/../core/log.h \
 src/match/../core/text.h
src/match/referee.h:
src/match/../core/buf.h:
src/match/../core/rng.h:
src/match/match.h:
src/match/../game/game.h:
src/match/../game/../core/buf.h:
src/match/../game/../core/jw.h:
src/match/../game/../core/buf.h:
src/match/../game/../core/rng.h:
src/match/../game/canvas.h:
src/match/seatspec.h:
src/match/proc.h:
src/match/../core/log.h:
src/match/../core/text.h:
