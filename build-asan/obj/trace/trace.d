build-asan/obj/trace/trace.o: src/trace/trace.c src/trace/trace.h
src/trace/trace.h:
