/* run_race.c - two snake policies on the same seeds, headless (run_race.h).
 *
 * A headless race is a match of its two sides (run_match.h): the same
 * paired games, the same rule for the better side (match_compare: a forfeit
 * loses the heat), --jobs, --trace (one trace per side) and Ctrl-C, printed
 * as a line per heat and the race's table (docs/formats.md#race). */
#include "run_race.h"

#include <stdio.h>
#include <string.h>

#include "match.h"
#include "run_match.h"
#include "stats.h"

static const char *const SIDE_KEY[2] = {"a", "b"};

/* The width of the policy column: the longer name, at least "policy"'s 10. */
static int name_width(const MatchInfo *info) {
    int w = 10;
    for (int k = 0; k < 2; k++) {
        int n = (int)strlen(info->names[k]);
        w = n > w ? n : w;
    }
    return w;
}

/* MatchPrinter.game: "heat I seed S: A RESULT length L steps N | B ... -> BETTER". */
static void race_heat(FILE *out, const MatchInfo *info, const MatchTally *t, long index,
                      uint64_t seed, const MatchResult *res, const double *us, bool json) {
    (void)t;
    (void)us;
    int c = match_compare(MATCH_SNAKE, &res[0], &res[1]);
    const char *better = c > 0 ? info->names[0] : c < 0 ? info->names[1] : "tie";
    if (json) {
        fprintf(out, "{\"heat\":%ld,\"seed\":%llu", index, (unsigned long long)seed);
        for (int k = 0; k < 2; k++)
            fprintf(out,
                    ",\"%s\":{\"policy\":\"%s\",\"result\":\"%s\",\"length\":%d,\"steps\":%ld}",
                    SIDE_KEY[k], info->names[k], match_end_name(MATCH_SNAKE, res[k].end),
                    res[k].length, res[k].count);
        fprintf(out, ",\"better\":\"%s\"}\n", better);
        return;
    }
    fprintf(out, "heat %ld seed %llu:", index, (unsigned long long)seed);
    for (int k = 0; k < 2; k++)
        fprintf(out, "%s %s %s length %d steps %ld", k == 0 ? "" : " |", info->names[k],
                match_end_name(MATCH_SNAKE, res[k].end), res[k].length, res[k].count);
    fprintf(out, " -> %s\n", better);
}

/* MatchPrinter.summary: the race's line and table (or summary object). */
static void race_table(FILE *out, const MatchInfo *info, const MatchTally *t, MatchStop stop,
                       bool json) {
    const MatchPair *p = &t->pair[0];
    long beat[2] = {p->better, p->worse};
    double n = t->games > 0 ? (double)t->games : 1.0;
    const char *tail = info->strict_tail ? "strict" : "free";
    if (json) {
        fprintf(out,
                "{\"summary\":true,\"heats\":%ld,\"ties\":%ld,\"seed\":%llu,\"size\":\"%dx%d\","
                "\"tail\":\"%s\",\"wall_s\":%.3f",
                t->games, p->ties, (unsigned long long)info->seed, info->w, info->h, tail,
                info->wall_s);
        for (int k = 0; k < 2; k++) {
            const MatchSide *s = &t->side[k];
            fprintf(out,
                    ",\"%s\":{\"policy\":\"%s\",\"won\":%ld,\"dead\":%ld,\"stalled\":%ld,"
                    "\"forfeit\":%ld,\"avg_length\":%.3f,\"avg_steps\":%.2f,\"heats_better\":%ld}",
                    SIDE_KEY[k], info->names[k], s->ends[MATCH_WON], s->ends[MATCH_DEAD],
                    s->ends[MATCH_STALLED], s->ends[MATCH_FORFEIT], s->length_sum / n,
                    s->count_sum / n, beat[k]);
        }
        fprintf(out, "}\n");
        return;
    }
    char seeds[48] = "none"; /* Ctrl-C before the first heat: no seed was played */
    if (t->games > 0)
        snprintf(seeds, sizeof seeds, "%llu..%llu", (unsigned long long)info->seed,
                 (unsigned long long)(info->seed + (uint64_t)t->games - 1));
    fprintf(out, "race: %ld heats, seeds %s, %dx%d, tail %s, %.3f s\n", t->games, seeds, info->w,
            info->h, tail, info->wall_s);
    int w = name_width(info);
    fprintf(out, "%-*s %6s %6s %8s %8s %11s %10s %13s\n", w, "policy", "won", "dead", "stalled",
            "forfeit", "avg_length", "avg_steps", "heats_better");
    for (int k = 0; k < 2; k++) {
        const MatchSide *s = &t->side[k];
        char avg_len[32], avg_steps[32]; /* "-" with no heat (docs/formats.md#headless-output) */
        fprintf(out, "%-*s %6ld %6ld %8ld %8ld %11s %10s %13ld\n", w, info->names[k],
                s->ends[MATCH_WON], s->ends[MATCH_DEAD], s->ends[MATCH_STALLED],
                s->ends[MATCH_FORFEIT],
                stats_figure(avg_len, sizeof avg_len, t->games > 0, 2, s->length_sum / n, "-"),
                stats_figure(avg_steps, sizeof avg_steps, t->games > 0, 1, s->count_sum / n, "-"),
                beat[k]);
    }
    fprintf(out, "%-*s %6s %6s %8s %8s %11s %10s %13ld\n", w, "tie", "", "", "", "", "", "",
            p->ties);
    if (stop == MATCH_STOP_INTERRUPTED)
        fprintf(out, "stopped: Ctrl-C after %ld heats\n", t->games);
}

static const MatchPrinter RACE_PRINTER = {race_heat, race_table, "race"};

int run_race_headless(const AppOptions *opts) {
    AppOptions race = *opts;
    race.match = true;
    race.match_players = 2;
    race.match_player[0] = opts->race_player[0];
    race.match_player[1] = opts->race_player[1];
    return run_match_headless(&race, &RACE_PRINTER);
}
