build-asan/obj/match/sink_log.o: src/match/sink_log.c src/match/sinks.h \
 src/match/match.h src/match/../game/game.h \
 src/match/../game/../core/buf.h src/match/../game/../core/jw.h \
 src/match/../game/../core/buf.h src/match/../game/../core/rng.h \
 src/match/../game/canvas.h src/match/seatspec.h
src/match/sinks.h:
src/match/match.h:
src/match/../game/game.h:
src/match/../game/../core/buf.h:
src/match/../game/../core/jw.h:
src/match/../game/../core/buf.h:
src/match/../game/../core/rng.h:
src/match/../game/canvas.h:
src/match/seatspec.h:
