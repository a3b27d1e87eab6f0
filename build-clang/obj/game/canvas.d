build-clang/obj/game/canvas.o: src/game/canvas.c src/game/canvas.h \
  src/game/../core/buf.h

src/game/canvas.h:

src/game/../core/buf.h:
