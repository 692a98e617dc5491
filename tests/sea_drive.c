/* sea_drive - plays sea-battle games against `wavesnake shot`, one process per shot.
 *
 * An independent referee: it has its own random generator (xorshift64*), its
 * own fleet placement and its own rules, and shares no code with the core.
 * For each game it places a legal fleet the bot never sees, writes the
 * observed board to a file, runs `WAVESNAKE shot FILE --seed S [--hunter H]`,
 * applies the shot (miss 'o', hit 'x'; a ship whose cells are all hit becomes
 * '#' with every cell around it marked 'o'), and repeats until the fleet is
 * sunk. A shot off the board or at a known cell, a failing command or more
 * than 100 shots fail the run.
 *
 * usage: sea_drive WAVESNAKE GAMES SEED [--hunter H] [--quiet]
 * prints one line per game and "mean M over N games"; exit 0 on success.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { N = 10 };
static const int FLEET[10] = {4, 3, 3, 2, 2, 2, 1, 1, 1, 1};

typedef struct Referee {
    int owner[N * N]; /* ship index or -1 */
    int cells_left[10];
    char seen[N * N];
} Referee;

static uint64_t xs_next(uint64_t *s) {
    uint64_t x = *s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 0x2545F4914F6CDD1DULL;
}

static int xs_below(uint64_t *s, int n) { return (int)(xs_next(s) % (uint64_t)n); }

/* Whether a ship of length len at (x, y) fits without touching any placed ship. */
static bool fits(const Referee *r, int x, int y, int len, bool down) {
    int x1 = down ? x : x + len - 1, y1 = down ? y + len - 1 : y;
    if (x1 >= N || y1 >= N)
        return false;
    for (int yy = y - 1; yy <= y1 + 1; yy++)
        for (int xx = x - 1; xx <= x1 + 1; xx++)
            if (xx >= 0 && yy >= 0 && xx < N && yy < N && r->owner[yy * N + xx] >= 0)
                return false;
    return true;
}

static void place_fleet(Referee *r, uint64_t *rng) {
    for (;;) {
        for (int i = 0; i < N * N; i++) {
            r->owner[i] = -1;
            r->seen[i] = '.';
        }
        bool ok = true;
        for (int s = 0; s < 10 && ok; s++) {
            ok = false;
            for (int t = 0; t < 1000 && !ok; t++) {
                bool down = xs_below(rng, 2) == 1;
                int x = xs_below(rng, N), y = xs_below(rng, N);
                if (fits(r, x, y, FLEET[s], down)) {
                    for (int k = 0; k < FLEET[s]; k++)
                        r->owner[(down ? y + k : y) * N + (down ? x : x + k)] = s;
                    r->cells_left[s] = FLEET[s];
                    ok = true;
                }
            }
        }
        if (ok)
            return;
    }
}

static bool write_board(const Referee *r, const char *path) {
    FILE *f = fopen(path, "w");
    if (f == NULL)
        return false;
    for (int y = 0; y < N; y++)
        fprintf(f, "%.*s\n", N, r->seen + y * N);
    return fclose(f) == 0;
}

/* Applies a shot; returns false when the cell is off the board or already known. */
static bool apply_shot(Referee *r, int x, int y, int *sunk) {
    if (x < 0 || y < 0 || x >= N || y >= N || r->seen[y * N + x] != '.')
        return false;
    int s = r->owner[y * N + x];
    if (s < 0) {
        r->seen[y * N + x] = 'o';
        return true;
    }
    r->seen[y * N + x] = 'x';
    if (--r->cells_left[s] > 0)
        return true;
    (*sunk)++;
    for (int c = 0; c < N * N; c++) {
        if (r->owner[c] != s)
            continue;
        r->seen[c] = '#';
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int xx = c % N + dx, yy = c / N + dy;
                if (xx >= 0 && yy >= 0 && xx < N && yy < N && r->seen[yy * N + xx] == '.')
                    r->seen[yy * N + xx] = 'o';
            }
    }
    return true;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: sea_drive WAVESNAKE GAMES SEED [--hunter H] [--quiet]\n");
        return 2;
    }
    const char *bin = argv[1], *hunter = NULL;
    long games = atol(argv[2]);
    uint64_t seed = strtoull(argv[3], NULL, 10);
    bool quiet = false;
    for (int i = 4; i < argc; i++) {
        if (strcmp(argv[i], "--hunter") == 0 && i + 1 < argc)
            hunter = argv[++i];
        else if (strcmp(argv[i], "--quiet") == 0)
            quiet = true;
        else {
            fprintf(stderr, "sea_drive: unknown argument '%s'\n", argv[i]);
            return 2;
        }
    }
    char path[] = "/tmp/sea_drive_XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) {
        perror("sea_drive: mkstemp");
        return 1;
    }
    close(fd);
    uint64_t rng = seed * 0x9E3779B97F4A7C15ULL + 0x632BE59BD9B4E019ULL;
    if (rng == 0)
        rng = 1;
    long total = 0;
    int status = 0;
    for (long g = 0; g < games && status == 0; g++) {
        Referee r;
        place_fleet(&r, &rng);
        int shots = 0, sunk = 0;
        while (sunk < 10) {
            if (shots >= 100 || !write_board(&r, path)) {
                fprintf(stderr, "sea_drive: game %ld: %s\n", g,
                        shots >= 100 ? "more than 100 shots" : "cannot write the board");
                status = 1;
                break;
            }
            char cmd[1024];
            snprintf(cmd, sizeof cmd, "'%s' shot '%s' --seed %llu%s%s", bin, path,
                     (unsigned long long)(seed * 1000 + (uint64_t)g * 100 + (uint64_t)shots),
                     hunter ? " --hunter " : "", hunter ? hunter : "");
            FILE *p = popen(cmd, "r");
            int x = -1, y = -1;
            int got = p ? fscanf(p, "%d %d", &x, &y) : 0;
            int rc = p ? pclose(p) : -1;
            if (got != 2 || rc != 0 || !apply_shot(&r, x, y, &sunk)) {
                fprintf(stderr, "sea_drive: game %ld shot %d: bad answer (%d %d, status %d)\n", g,
                        shots, x, y, rc);
                status = 1;
                break;
            }
            shots++;
        }
        if (status == 0) {
            total += shots;
            if (!quiet)
                printf("game %ld: %d shots\n", g, shots);
        }
    }
    remove(path);
    if (status == 0)
        printf("mean %.2f over %ld games\n", games ? (double)total / (double)games : 0.0, games);
    return status;
}
