build-asan/obj/match/proc.o: src/match/proc.c src/match/proc.h
src/match/proc.h:
