/* minibot.c: the benchmark's minimal Splitter bot (docs/benchmarks.md "Splitter"): answers every roll with the
 * first free cell of the left half and the first die. No library, no allocation. */
#include <stdio.h>

int main(void) {
    int w, h, r;
    if (scanf("%d %d %d", &w, &h, &r) != 3 || w > 16 || h > 16) return 1;
    int code[16][16], used[16][16] = {{0}};
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (scanf("%d", &code[y][x]) != 1) return 1;
    int d1, d2;
    while (scanf("%d %d", &d1, &d2) == 2) {
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w / 2; x++)
                if (code[y][x] && !used[y][x]) {
                    used[y][x] = 1;
                    printf("%d %d %d\n", d1, x, y);
                    fflush(stdout);
                    goto next;
                }
    next:;
    }
    return 0;
}
