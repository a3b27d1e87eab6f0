build-asan/obj/core/log.o: src/core/log.c src/core/log.h
src/core/log.h:
