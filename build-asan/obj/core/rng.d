build-asan/obj/core/rng.o: src/core/rng.c src/core/rng.h
src/core/rng.h:
