build-clang/obj/ui/term.o: src/ui/term.c src/ui/term.h \
  src/ui/../game/canvas.h src/ui/../core/buf.h

src/ui/term.h:

src/ui/../game/canvas.h:

src/ui/../core/buf.h:
