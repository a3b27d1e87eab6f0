/* python_sdk.h: where the Python SDK (the folder holding arena_sdk/) is, for python: seats. */
#ifndef ARENA_PYTHON_SDK_H
#define ARENA_PYTHON_SDK_H

/* `chosen` when set (match_config.python_sdk); else $ARENA_PYTHON_SDK; else sdk/python next to
 * the binary's folder (bin/../sdk/python). The string is static (or `chosen` itself). */
const char *python_sdk_folder(const char *chosen);
#endif
