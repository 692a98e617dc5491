/* replay - an independent checker for wavesnake snake traces (SPEC "Snake trace").
 *
 * It shares no code with the program: its own PCG32, its own rules. For
 * every game it checks the start body, that every food is where the stream-1
 * placement rule puts it, that every move is legal under the game's tail
 * rule, and that the end line (outcome, length, steps) is what the moves
 * produce. Usage: replay TRACE. Exit 0 if every game checks out, 1 if not,
 * 2 if the file cannot be read.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Pcg {
    uint64_t state, inc;
} Pcg;

static uint32_t pcg_next(Pcg *r) {
    uint64_t old = r->state;
    r->state = old * 6364136223846793005ULL + r->inc;
    uint32_t x = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (x >> rot) | (x << ((-rot) & 31u));
}

static void pcg_seed(Pcg *r, uint64_t seed, uint64_t seq) {
    r->state = 0;
    r->inc = (seq << 1u) | 1u;
    pcg_next(r);
    r->state += seed;
    pcg_next(r);
}

static uint32_t pcg_bounded(Pcg *r, uint32_t n) {
    uint32_t threshold = (uint32_t)(-n) % n;
    for (;;) {
        uint32_t v = pcg_next(r);
        if (v >= threshold)
            return v % n;
    }
}

typedef struct Game {
    int w, h, len;
    bool strict;
    int *body; /* body[0] = head ... body[len-1] = tail */
    unsigned char *occ;
    int food;
    Pcg place;
    long steps, since_eat;
} Game;

static long line_no;
static const char *path;

static int fail(const char *msg, const char *detail) {
    fprintf(stderr, "replay: %s:%ld: %s%s%s\n", path, line_no, msg, detail ? ": " : "",
            detail ? detail : "");
    return 1;
}

static int expected_food(Game *g) {
    int empty = g->w * g->h - g->len;
    if (empty == 0)
        return -1;
    uint32_t k = pcg_bounded(&g->place, (uint32_t)empty);
    for (int c = 0; c < g->w * g->h; c++)
        if (!g->occ[c] && k-- == 0)
            return c;
    return -1;
}

static bool legal(const Game *g, int dx, int dy, int *target) {
    int hx = g->body[0] % g->w + dx, hy = g->body[0] / g->w + dy;
    if (hx < 0 || hy < 0 || hx >= g->w || hy >= g->h)
        return false;
    *target = hy * g->w + hx;
    if (!g->occ[*target])
        return true;
    /* Only the tail's cell, which it leaves this tick (food is never on the body). */
    return !g->strict && g->len > 1 && *target == g->body[g->len - 1];
}

static bool any_legal(const Game *g) {
    static const int DX[4] = {0, 1, 0, -1}, DY[4] = {-1, 0, 1, 0};
    int t;
    for (int d = 0; d < 4; d++)
        if (legal(g, DX[d], DY[d], &t))
            return true;
    return false;
}

static bool read_line(FILE *f, char *buf, size_t size) {
    if (!fgets(buf, (int)size, f))
        return false;
    line_no++;
    buf[strcspn(buf, "\r\n")] = '\0';
    return true;
}

/* Replays one game whose header line is in `line`; returns 0 if it checks out. */
static int replay_game(FILE *f, char *line, size_t size, long expect_index) {
    long index;
    int w, h;
    unsigned long long seed;
    char policy[64], tail[16];
    if (sscanf(line, "game %ld size %d %d seed %llu policy %63s tail %15s", &index, &w, &h, &seed,
               policy, tail) != 6)
        return fail("bad game header", line);
    if (index != expect_index)
        return fail("games are not numbered 0, 1, 2, ...", line);
    if (w < 2 || h < 2 || w > 256 || h > 256)
        return fail("board size out of range", line);
    Game g = {0};
    g.w = w;
    g.h = h;
    g.strict = strcmp(tail, "strict") == 0;
    if (!g.strict && strcmp(tail, "free") != 0)
        return fail("tail must be free or strict", tail);
    g.body = malloc(sizeof(int) * (size_t)(w * h));
    g.occ = calloc((size_t)(w * h), 1);
    int status = 1;
    if (!g.body || !g.occ)
        goto out;
    pcg_seed(&g.place, seed, 1);
    /* Start body: length N in the top row, head (N-1,0) first, tail (0,0). */
    if (!read_line(f, line, size) || strncmp(line, "snake", 5) != 0) {
        fail("expected the snake line", line);
        goto out;
    }
    {
        char *p = line + 5;
        int x, y, n;
        while (sscanf(p, " %d %d%n", &x, &y, &n) == 2) {
            if (g.len >= w)
                break;
            g.body[g.len++] = y * w + x;
            p += n;
        }
        if (g.len < 1 || g.len >= w * h) {
            fail("bad start length", line);
            goto out;
        }
        for (int i = 0; i < g.len; i++) {
            if (g.body[i] != g.len - 1 - i) {
                fail("start body is not in the top row, head first, tail at (0,0)", line);
                goto out;
            }
            g.occ[g.body[i]] = 1;
        }
    }
    g.food = expected_food(&g);
    bool need_food = g.food >= 0;
    long since_eat = 0, steps = 0;
    for (;;) {
        if (!read_line(f, line, size)) {
            fail("trace ends inside a game", NULL);
            goto out;
        }
        if (strncmp(line, "food", 4) == 0) {
            int x, y;
            if (!need_food || sscanf(line, "food %d %d", &x, &y) != 2 || y * w + x != g.food ||
                x < 0 || y < 0 || x >= w || y >= h) {
                char msg[96];
                snprintf(msg, sizeof msg, "food line does not match the placement rule (expected %d %d)",
                         g.food % w, g.food / w);
                fail(msg, line);
                goto out;
            }
            need_food = false;
            continue;
        }
        if (need_food) {
            fail("missing food line", line);
            goto out;
        }
        if (strncmp(line, "end", 3) == 0) {
            char outcome[16];
            int len;
            long st;
            if (sscanf(line, "end %15s length %d steps %ld", outcome, &len, &st) != 3) {
                fail("bad end line", line);
                goto out;
            }
            const char *truth = g.len == w * h                 ? "won"
                                : !any_legal(&g)               ? "dead"
                                : since_eat >= 4L * w * h      ? "stalled"
                                                               : NULL;
            if (truth == NULL || strcmp(truth, outcome) != 0 || len != g.len || st != steps) {
                char msg[128];
                snprintf(msg, sizeof msg, "end line disagrees with the replay (%s, length %d, steps %ld)",
                         truth ? truth : "still playing", g.len, steps);
                fail(msg, line);
                goto out;
            }
            status = 0;
            goto out;
        }
        int dx = 0, dy = 0;
        switch (line[1] == '\0' ? line[0] : '?') {
        case 'U': dy = -1; break;
        case 'R': dx = 1; break;
        case 'D': dy = 1; break;
        case 'L': dx = -1; break;
        default:
            fail("expected U, R, D, L, food or end", line);
            goto out;
        }
        if (g.len == w * h || (since_eat >= 4L * w * h)) {
            fail("move after the game was over", line);
            goto out;
        }
        int target;
        if (!legal(&g, dx, dy, &target)) {
            fail("illegal move", line);
            goto out;
        }
        bool eat = target == g.food;
        if (!eat) {
            g.occ[g.body[g.len - 1]] = 0;
            g.len--;
        }
        memmove(g.body + 1, g.body, sizeof(int) * (size_t)g.len);
        g.body[0] = target;
        g.occ[target] = 1;
        g.len++;
        steps++;
        if (eat) {
            since_eat = 0;
            g.food = expected_food(&g);
            need_food = g.food >= 0;
        } else {
            since_eat++;
        }
    }
out:
    free(g.body);
    free(g.occ);
    return status;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: replay TRACE\n");
        return 2;
    }
    path = argv[1];
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return 2;
    }
    char line[4096];
    if (!read_line(f, line, sizeof line) || strcmp(line, "wavesnake-trace 1") != 0) {
        fclose(f);
        return fail("first line is not 'wavesnake-trace 1'", NULL);
    }
    long games = 0;
    int status = 0;
    while (status == 0 && read_line(f, line, sizeof line)) {
        if (line[0] == '\0')
            continue;
        status = replay_game(f, line, sizeof line, games);
        games++;
    }
    fclose(f);
    if (status == 0) {
        if (games == 0)
            return fail("no games in the trace", NULL);
        printf("replay: %ld games, every move legal, food and outcomes as the rules say\n", games);
    }
    return status;
}
