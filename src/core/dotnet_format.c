/* dotnet_format.c: .NET's default double formatting: shortest round-trip digits, then fixed or
 * scientific notation by the decimal exponent. */
#include "dotnet_format.h"
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void dotnet_format_double(double v, char *out, size_t n) {
    if (isnan(v)) {
        snprintf(out, n, "NaN");
        return;
    }
    if (isinf(v)) {
        snprintf(out, n, v > 0 ? "Infinity" : "-Infinity");
        return;
    }
    if (v == 0) {
        snprintf(out, n, signbit(v) ? "-0" : "0");
        return;
    }
    /* The shortest precision whose %e text reads back exactly. */
    char sci[40];
    for (int p = 1; p <= 17; p++) {
        snprintf(sci, sizeof sci, "%.*e", p - 1, v);
        if (strtod(sci, NULL) == v) break;
    }
    /* sci is "[-]d[.ddd]e[+-]XX": collect the digits and the exponent. */
    const char *s = sci;
    bool neg = *s == '-';
    if (neg) s++;
    char digits[24];
    int nd = 0;
    for (; *s && *s != 'e'; s++)
        if (*s >= '0' && *s <= '9') digits[nd++] = *s;
    int exp10 = atoi(s + 1);
    while (nd > 1 && digits[nd - 1] == '0') nd--;
    digits[nd] = 0;
    char body[64];
    size_t k = 0;
    if (exp10 < -4 || exp10 > 14) {
        body[k++] = digits[0];
        if (nd > 1) {
            body[k++] = '.';
            for (int i = 1; i < nd; i++) body[k++] = digits[i];
        }
        snprintf(body + k, sizeof body - k, "E%c%02d", exp10 < 0 ? '-' : '+', abs(exp10));
    } else if (exp10 >= 0) {
        for (int i = 0; i <= exp10 || i < nd; i++) {
            if (i == exp10 + 1) body[k++] = '.';
            body[k++] = i < nd ? digits[i] : '0';
        }
        body[k] = 0;
    } else {
        body[k++] = '0';
        body[k++] = '.';
        for (int i = 0; i < -exp10 - 1; i++) body[k++] = '0';
        for (int i = 0; i < nd; i++) body[k++] = digits[i];
        body[k] = 0;
    }
    snprintf(out, n, "%s%s", neg ? "-" : "", body);
}
