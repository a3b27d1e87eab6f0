build-asan/obj/core/hash.o: src/core/hash.c src/core/hash.h
src/core/hash.h:
