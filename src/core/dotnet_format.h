/* dotnet_format.h: numbers written as .NET writes them in the invariant culture (the Splitter
 * Tester's "Points per game (avg)" line). */
#ifndef ARENA_DOTNET_FORMAT_H
#define ARENA_DOTNET_FORMAT_H
#include <stddef.h>

/* double.ToString() of .NET Core 3.0 and later: the shortest decimal that reads back as the same
 * double; scientific ("1.5E+15", "5E-06": at least two exponent digits) when the decimal exponent
 * is below -4 or above 14; "NaN", "Infinity", "-Infinity"; "-0" for negative zero. */
void dotnet_format_double(double v, char *out, size_t n);
#endif
