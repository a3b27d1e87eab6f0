build-asan/obj/ui/live.o: src/ui/live.c src/ui/live.h \
 src/ui/../match/match.h src/ui/../match/../game/game.h \
 src/ui/../match/../game/../core/buf.h \
 src/ui/../match/../game/../core/jw.h \
 src/ui/../match/../game/../core/buf.h \
 src/ui/../match/../game/../core/rng.h src/ui/../match/../game/canvas.h \
 src/ui/../match/seatspec.h src/ui/../core/clock.h src/ui/term.h \
 src/ui/../game/canvas.h
src/ui/live.h:
src/ui/../match/match.h:
src/ui/../match/../game/game.h:
src/ui/../match/../game/../core/buf.h:
src/ui/../match/../game/../core/jw.h:
src/ui/../match/../game/../core/buf.h:
src/ui/../match/../game/../core/rng.h:
src/ui/../match/../game/canvas.h:
src/ui/../match/seatspec.h:
src/ui/../core/clock.h:
src/ui/term.h:
src/ui/../game/canvas.h:
