build-clang/obj/core/jw.o: src/core/jw.c src/core/jw.h src/core/buf.h

src/core/jw.h:

src/core/buf.h:
