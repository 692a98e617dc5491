/* replay - an independent checker for wavesnake snake traces
 * (docs/formats.md#snake-trace, walls included).
 *
 * It shares no code with the program: its own PCG32, its own rules. For
 * every game it checks the walls line (if any), the start body (the start
 * rule on the walled board), that every food is where the stream-1 placement
 * rule puts it (over the cells that are neither wall nor snake), that every
 * wall toggle is on a cell that is neither snake nor food, that every move is
 * legal under the game's tail rule, and that the end line (outcome, length,
 * steps) is what the moves produce (a forfeit only while the game goes on:
 * an engine that failed gives no move). Usage: replay TRACE. Exit 0 if every game
 * checks out, 1 if not, 2 if the file cannot be read.
 *
 * `replay TRACE --print G T` also prints game G's board after T moves (with
 * the wall toggles made before move T + 1) in the `replay --print` format of
 * docs/formats.md, so
 * that the program's reader can be compared with this one; 2 when the trace
 * has no game G or game G has fewer than T moves.
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
    unsigned char *wall;
    int floor; /* cells that are not walls */
    int food;
    Pcg place;
} Game;

/* One line of the trace, in a buffer that grows to fit (a walls line can be long). */
typedef struct Line {
    char *text;
    size_t cap;
} Line;

static long line_no;
static const char *path;
static long print_game = -1, print_tick = -1; /* --print G T */
static bool printed;

static bool bad_text; /* read_line met a line that is not the format's text */

static int fail(const char *msg, const char *detail) {
    static bool said; /* one line: the first fault */
    if (said)
        return 1;
    said = true;
    fprintf(stderr, "replay: %s:%ld: %s%s%.200s\n", path, line_no, msg, detail ? ": " : "",
            detail ? detail : "");
    return 1;
}

static int expected_food(Game *g) {
    int empty = g->floor - g->len;
    if (empty <= 0)
        return -1;
    uint32_t k = pcg_bounded(&g->place, (uint32_t)empty);
    for (int c = 0; c < g->w * g->h; c++)
        if (!g->occ[c] && !g->wall[c] && k-- == 0)
            return c;
    return -1;
}

static bool legal(const Game *g, int dx, int dy, int *target) {
    int hx = g->body[0] % g->w + dx, hy = g->body[0] / g->w + dy;
    if (hx < 0 || hy < 0 || hx >= g->w || hy >= g->h)
        return false;
    *target = hy * g->w + hx;
    if (g->wall[*target])
        return false;
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

/* The start rule: the tail cell of the leftmost run of len floor cells in the
 * first row (from the top) that has one; -1 if no row has. */
static int start_tail(const Game *g, int len) {
    for (int y = 0; y < g->h; y++) {
        int run = 0;
        for (int x = 0; x < g->w; x++) {
            run = g->wall[y * g->w + x] ? 0 : run + 1;
            if (run == len)
                return y * g->w + x - len + 1;
        }
    }
    return -1;
}

/* The next line without its "\n" or "\r\n"; false at the end of the file
 * or at a line that is not the format's text (bad_text: a byte outside
 * printable ASCII, or words not separated by single spaces). */
static bool read_line(FILE *f, Line *l) {
    size_t n = 0;
    int c = EOF;
    bool binary = false;
    for (;;) {
        if (l->cap - n < 2) {
            size_t cap = l->cap ? 2 * l->cap : 4096;
            char *grown = realloc(l->text, cap);
            if (grown == NULL)
                return false;
            l->text = grown;
            l->cap = cap;
        }
        c = getc(f);
        if (c == EOF || c == '\n')
            break;
        binary = binary || ((c < 0x20 || c > 0x7e) && c != '\r');
        l->text[n++] = (char)c;
    }
    if (c == EOF && n == 0)
        return false;
    line_no++;
    if (n > 0 && l->text[n - 1] == '\r')
        n--;
    l->text[n] = '\0';
    if (binary || memchr(l->text, '\r', n) != NULL) {
        fail("a byte outside printable ASCII", NULL);
        bad_text = true;
        return false;
    }
    if (n > 0 && (l->text[0] == ' ' || l->text[n - 1] == ' ' || strstr(l->text, "  ") != NULL)) {
        fail("words are not separated by single spaces", l->text);
        bad_text = true;
        return false;
    }
    return true;
}

/* Reads "x y" pairs from p into cells (at most max); returns how many, or -1
 * if a pair is outside the board or something else follows the pairs. */
static int read_points(const Game *g, const char *p, int *cells, int max) {
    int x, y, n, count = 0;
    while (sscanf(p, " %d %d%n", &x, &y, &n) == 2) {
        if (count == max || x < 0 || y < 0 || x >= g->w || y >= g->h)
            return -1;
        cells[count++] = y * g->w + x;
        p += n;
    }
    while (*p == ' ')
        p++;
    return *p == '\0' ? count : -1;
}

/* The walls line: "walls K x1 y1 ... xK yK", K >= 1, cells in row-major order. */
static int read_walls(Game *g, const char *text) {
    int k, n;
    if (sscanf(text, "walls %d%n", &k, &n) != 1 || k < 1 || k >= g->w * g->h)
        return fail("bad walls line", text);
    int got = read_points(g, text + n, g->body, g->w * g->h);
    if (got != k)
        return fail("the walls line does not hold K cells inside the board", text);
    for (int i = 0; i < k; i++) {
        if (i > 0 && g->body[i] <= g->body[i - 1])
            return fail("walls are not in row-major order", text);
        g->wall[g->body[i]] = 1;
    }
    g->floor -= k;
    return 0;
}

/* A "wall X Y" line: toggles a wall on a cell that is neither snake nor food. */
static int toggle_wall(Game *g, const char *text) {
    int cell;
    if (read_points(g, text + 4, &cell, 1) != 1)
        return fail("bad wall line (wall X Y, inside the board)", text);
    if (g->occ[cell])
        return fail("wall toggled on the snake", text);
    if (cell == g->food)
        return fail("wall toggled on the food", text);
    g->wall[cell] = !g->wall[cell];
    g->floor += g->wall[cell] ? -1 : 1;
    return 0;
}

/* The board print of docs/formats.md#replay---print: "game G tick T length
 * L food X Y", then the rows. */
static void print_board(const Game *g, long index, long tick) {
    printf("game %ld tick %ld length %d ", index, tick, g->len);
    if (g->food >= 0)
        printf("food %d %d\n", g->food % g->w, g->food / g->w);
    else
        printf("food none\n");
    for (int y = 0; y < g->h; y++) {
        for (int x = 0; x < g->w; x++) {
            int c = y * g->w + x;
            char ch = g->wall[c] ? '#' : c == g->food ? '*' : '.';
            for (int i = 0; i < g->len; i++)
                if (g->body[i] == c)
                    ch = i == 0 ? 'H' : i == g->len - 1 ? 't' : 'o';
            putchar(ch);
        }
        putchar('\n');
    }
    printed = true;
}

/* Replays one game whose header line is in `line`; returns 0 if it checks out. */
/* Game numbers rise through a file (0, 1, 2, ... for a whole run; K, K+N,
 * ... for a shard, --shard K/N) and every game plays seed run_seed + number. */
typedef struct RunCheck {
    long next_index;
    bool have_seed;
    unsigned long long run_seed;
} RunCheck;

static int replay_game(FILE *f, Line *line, RunCheck *run) {
    long index;
    int w, h;
    unsigned long long seed;
    char policy[80], tail[16];
    int used = 0;
    if (sscanf(line->text, "game %ld size %d %d seed %llu policy %79s tail %15s%n", &index, &w,
               &h, &seed, policy, tail, &used) != 6 ||
        line->text[used] != '\0')
        return fail("bad game header", line->text);
    if (index < run->next_index)
        return fail("game numbers do not rise (0, 1, 2, ... or a shard's K, K+N, ...)",
                    line->text);
    if (run->have_seed && seed - (unsigned long long)index != run->run_seed)
        return fail("seed is not the run seed + the game number", line->text);
    run->next_index = index + 1;
    run->have_seed = true;
    run->run_seed = seed - (unsigned long long)index;
    if (w < 2 || h < 2 || w > 256 || h > 256)
        return fail("board size out of range", line->text);
    Game g = {0};
    g.w = w;
    g.h = h;
    g.floor = w * h;
    g.strict = strcmp(tail, "strict") == 0;
    if (!g.strict && strcmp(tail, "free") != 0)
        return fail("tail must be free or strict", tail);
    g.body = malloc(sizeof(int) * (size_t)(w * h));
    g.occ = calloc((size_t)(w * h), 1);
    g.wall = calloc((size_t)(w * h), 1);
    int status = 1;
    if (!g.body || !g.occ || !g.wall)
        goto out;
    pcg_seed(&g.place, seed, 1);
    if (!read_line(f, line)) {
        fail("expected the snake line", NULL);
        goto out;
    }
    if (strncmp(line->text, "walls ", 6) == 0) {
        if (read_walls(&g, line->text) != 0)
            goto out;
        if (!read_line(f, line)) {
            fail("expected the snake line", NULL);
            goto out;
        }
    }
    /* Start body: length N by the start rule, head first, heading right. */
    if (strncmp(line->text, "snake", 5) != 0) {
        fail("expected the snake line", line->text);
        goto out;
    }
    g.len = read_points(&g, line->text + 5, g.body, w);
    if (g.len < 1 || g.len >= g.floor) {
        fail("bad start length", line->text);
        goto out;
    }
    {
        int start = start_tail(&g, g.len);
        if (start < 0) {
            fail("no room for the start snake", line->text);
            goto out;
        }
        for (int i = 0; i < g.len; i++) {
            if (g.body[i] != start + g.len - 1 - i) {
                fail("start body is not where the start rule puts it (first row with room, "
                     "leftmost run, head first)",
                     line->text);
                goto out;
            }
            g.occ[g.body[i]] = 1;
        }
    }
    g.food = expected_food(&g);
    bool need_food = g.food >= 0;
    bool dead = false; /* a move left no legal move */
    /* An illegal move kills the snake where it stands, but only as the
     * game's last line before its end line (an engine that moved into a
     * wall); anywhere else it is the fault it names. */
    const char *crash = NULL;
    char crash_text[8] = "";
    long since_eat = 0, steps = 0;
    for (;;) {
        if (!read_line(f, line)) {
            fail("trace ends inside a game", NULL);
            goto out;
        }
        const char *text = line->text;
        if (crash != NULL && strncmp(text, "end", 3) != 0) {
            fail(crash, crash_text);
            goto out;
        }
        bool over = g.len == g.floor || since_eat >= 4L * w * h || dead;
        if (strncmp(text, "food", 4) == 0) {
            int x, y, food_end = 0;
            if (!need_food || sscanf(text, "food %d %d%n", &x, &y, &food_end) != 2 ||
                text[food_end] != '\0' || y * w + x != g.food || x < 0 || y < 0 || x >= w ||
                y >= h) {
                char msg[96];
                snprintf(msg, sizeof msg,
                         "food line does not match the placement rule (expected %d %d)",
                         g.food % w, g.food / w);
                fail(msg, text);
                goto out;
            }
            need_food = false;
            continue;
        }
        if (need_food) {
            fail("missing food line", text);
            goto out;
        }
        if (strncmp(text, "wall ", 5) == 0) {
            if (over) {
                fail("wall toggled after the game was over", text);
                goto out;
            }
            if (toggle_wall(&g, text) != 0)
                goto out;
            continue;
        }
        bool is_move = text[0] != '\0' && text[1] == '\0' && strchr("URDL", text[0]) != NULL;
        if (index == print_game && steps == print_tick && !printed &&
            (is_move || strncmp(text, "end", 3) == 0))
            print_board(&g, index, steps);
        if (strncmp(text, "end", 3) == 0) {
            char outcome[16];
            int len;
            long st;
            int end_end = 0;
            if (sscanf(text, "end %15s length %d steps %ld%n", outcome, &len, &st, &end_end) != 3 ||
                text[end_end] != '\0') {
                fail("bad end line", text);
                goto out;
            }
            const char *truth = crash != NULL                ? "dead"
                                : g.len == g.floor           ? "won"
                                : !any_legal(&g)             ? "dead"
                                : since_eat >= 4L * w * h    ? "stalled"
                                                             : NULL;
            /* Forfeit: the player (an engine) gave no move while the game
             * went on; the board stays as the last move left it. */
            if (truth == NULL && strcmp(outcome, "forfeit") == 0)
                truth = "forfeit";
            if (truth == NULL || strcmp(truth, outcome) != 0 || len != g.len || st != steps) {
                char msg[128];
                snprintf(msg, sizeof msg,
                         "end line disagrees with the replay (%s, length %d, steps %ld)",
                         truth ? truth : "still playing", g.len, steps);
                fail(msg, text);
                goto out;
            }
            status = 0;
            goto out;
        }
        int dx = 0, dy = 0;
        switch (text[1] == '\0' ? text[0] : '?') {
        case 'U': dy = -1; break;
        case 'R': dx = 1; break;
        case 'D': dy = 1; break;
        case 'L': dx = -1; break;
        default:
            fail("expected U, R, D, L, food, wall or end", text);
            goto out;
        }
        if (over) {
            fail("move after the game was over", text);
            goto out;
        }
        int target = -1; /* set by legal() when the move stays on the board */
        if (!legal(&g, dx, dy, &target)) {
            crash = target >= 0 && g.wall[target] ? "illegal move (into a wall)" : "illegal move";
            snprintf(crash_text, sizeof crash_text, "%s", text);
            continue;
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
        dead = !any_legal(&g);
    }
out:
    free(g.body);
    free(g.occ);
    free(g.wall);
    return status;
}

int main(int argc, char **argv) {
    if (argc == 5 && strcmp(argv[2], "--print") == 0) {
        char *end1 = NULL, *end2 = NULL;
        print_game = strtol(argv[3], &end1, 10);
        print_tick = strtol(argv[4], &end2, 10);
        if (*end1 != '\0' || *end2 != '\0' || print_game < 0 || print_tick < 0) {
            fprintf(stderr, "replay: --print G T: two whole numbers\n");
            return 2;
        }
    } else if (argc != 2) {
        fprintf(stderr, "usage: replay TRACE [--print G T]\n");
        return 2;
    }
    path = argv[1];
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return 2;
    }
    Line line = {0};
    if (!read_line(f, &line) || strcmp(line.text, "wavesnake-trace 1") != 0) {
        fclose(f);
        free(line.text);
        return fail("first line is not 'wavesnake-trace 1'", NULL);
    }
    long games = 0;
    RunCheck run = {0};
    int status = 0;
    while (status == 0 && read_line(f, &line)) {
        if (line.text[0] == '\0')
            continue;
        status = replay_game(f, &line, &run);
        games++;
    }
    fclose(f);
    free(line.text);
    if (bad_text)
        return 1;
    if (status == 0) {
        if (games == 0)
            return fail("no games in the trace", NULL);
        if (print_game >= 0 && !printed) {
            fprintf(stderr, "replay: %s: no tick %ld in game %ld\n", path, print_tick, print_game);
            return 2;
        }
        if (print_game < 0)
            printf("replay: %ld game%s, every move legal, food and outcomes as the rules say\n",
                   games, games == 1 ? "" : "s");
    }
    return status;
}
