build-asan/obj/core/text.o: src/core/text.c src/core/text.h
src/core/text.h:
