/* lock.c: the sandbox's process-wide lock (recursive: entry points call each other). */
#include "sbx.h"
#include <pthread.h>

static pthread_mutex_t lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;

void sbx_lock(void) { pthread_mutex_lock(&lock); }
void sbx_unlock(void) { pthread_mutex_unlock(&lock); }
