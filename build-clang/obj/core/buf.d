build-clang/obj/core/buf.o: src/core/buf.c src/core/buf.h

src/core/buf.h:
