/* cycle.c - a snake engine in C that follows hamilton's fixed cycle.
 *
 * With `--policy engine:build/examples/engines/cycle` it plays exactly the
 * moves of the built-in `hamilton` policy on a board without walls
 * (docs/snake.md): the cycle runs along the top row left to right, then
 *  - H even: the rows 1..H-1 snake back and forth over columns 1..W-1
 *    (row 1 right to left), and column 0 climbs from row H-1 back to (0,1);
 *  - H odd (so W even): the columns W-1..0 snake down and up over rows
 *    1..H-1 (column W-1 down first), ending at (0,1).
 * Each tick the head moves to the next cell of the cycle. It answers at
 * once, keeps no state beyond the cycle, and is the engine of the
 * protocol benchmark. Boards with walls, and boards with both sides odd
 * (no Hamiltonian cycle), are refused with one line on stderr.
 *
 * Build: cmake builds it into build/examples/engines/cycle, or
 *   cc -O2 -std=c11 -o cycle examples/engines/cycle.c
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int w, h, *next; /* next[cell]: the cell after it on the cycle */

static void build_cycle(void) {
    int cells = w * h, n = 0;
    int *order = malloc((size_t)cells * sizeof *order);
    free(next);
    next = malloc((size_t)cells * sizeof *next);
    if (order == NULL || next == NULL) {
        fprintf(stderr, "cycle: out of memory\n");
        exit(1);
    }
    for (int x = 0; x < w; x++)
        order[n++] = x;
    if (h % 2 == 0) {
        for (int y = 1; y < h; y++)
            for (int k = 0; k < w - 1; k++)
                order[n++] = y * w + (y % 2 == 1 ? w - 1 - k : 1 + k);
        for (int y = h - 1; y >= 1; y--)
            order[n++] = y * w;
    } else {
        for (int k = 0; k < w; k++)
            for (int j = 0; j < h - 1; j++)
                order[n++] = (k % 2 == 0 ? 1 + j : h - 1 - j) * w + (w - 1 - k);
    }
    for (int i = 0; i < cells; i++)
        next[order[i]] = order[(i + 1) % cells];
    free(order);
}

int main(void) {
    char *line = NULL;
    size_t cap = 0;
    int head = -1;
    while (getline(&line, &cap, stdin) > 0) {
        line[strcspn(line, "\n")] = '\0';
        if (strncmp(line, "wavesnake ", 10) == 0) {
            printf("name cycle\nready\n");
        } else if (strncmp(line, "game ", 5) == 0) {
            if (sscanf(line, "game %d %d", &w, &h) != 2 || w < 2 || h < 2) {
                fprintf(stderr, "cycle: a bad game line\n");
                return 1;
            }
            if (w % 2 == 1 && h % 2 == 1) {
                fprintf(stderr, "cycle: a %dx%d board has no Hamiltonian cycle (both sides odd)\n",
                        w, h);
                return 1;
            }
            build_cycle();
        } else if (strncmp(line, "walls ", 6) == 0 || strncmp(line, "wall ", 5) == 0) {
            fprintf(stderr, "cycle: boards with walls are not supported\n");
            return 1;
        } else if (strncmp(line, "snake ", 6) == 0) {
            int len, x, y;
            if (sscanf(line, "snake %d %d %d", &len, &x, &y) != 3) {
                fprintf(stderr, "cycle: a bad snake line\n");
                return 1;
            }
            head = y * w + x;
        } else if (strcmp(line, "go") == 0) {
            int to = next[head], dx = to % w - head % w, dy = to / w - head / w;
            printf("move %c\n", dy < 0 ? 'U' : dx > 0 ? 'R' : dy > 0 ? 'D' : 'L');
        } else if (strcmp(line, "quit") == 0) {
            break;
        }
        fflush(stdout); /* tick, food and end lines need no answer */
    }
    free(line);
    free(next);
    return 0;
}
