build-asan/obj/core/clock.o: src/core/clock.c src/core/clock.h
src/core/clock.h:
