/* dirs.h: making an output folder with its missing parents (mkdir -p). */
#ifndef ARENA_CORE_DIRS_H
#define ARENA_CORE_DIRS_H
#include <stdbool.h>
#include <sys/types.h>

/* Makes PATH and each missing folder above it with MODE. True when PATH exists afterwards as
 * anything (the caller checks that it is a folder it may write); false with errno set, of the
 * first folder that could not be made. */
bool dirs_make(const char *path, mode_t mode);

#endif
