/* match_report.c - a match's game lines and summary (match_report.h). */
#include "match_report.h"

#include <math.h>
#include <string.h>

#include "names.h"
#include "snake_summary.h"

/* ======================================================================== */
/* Names                                                                     */
/* ======================================================================== */

static const char *const STOP_NAMES[MATCH_STOP_COUNT] = {"done", "h0", "h1", "interrupted"};

const char *match_stop_name(MatchStop stop) {
    return names_of(STOP_NAMES, MATCH_STOP_COUNT, (int)stop);
}

bool match_stop_parse(const char *name, MatchStop *out) {
    int v = 0;
    if (!names_parse(STOP_NAMES, MATCH_STOP_COUNT, name, &v))
        return false;
    *out = (MatchStop)v;
    return true;
}

MatchStop match_stop_of(MatchVerdict v) {
    return v == MATCH_H0 ? MATCH_STOP_H0 : v == MATCH_H1 ? MATCH_STOP_H1 : MATCH_STOP_DONE;
}

/* ======================================================================== */
/* Helpers                                                                   */
/* ======================================================================== */

/* The test's pair: the first player against the second. */
static const MatchPair *sprt_pair(const MatchTally *t) { return &t->pair[0]; }

static double sprt_llr(const MatchInfo *info, const MatchTally *t) {
    const MatchPair *p = sprt_pair(t);
    return match_sprt_llr(&info->sprt, p->better, p->ties, p->worse);
}

/* The width of the widest player name, at least `least`. */
static int name_width(const MatchInfo *info, int least) {
    int w = least;
    for (int k = 0; k < info->players; k++) {
        int n = (int)strlen(info->names[k]);
        w = n > w ? n : w;
    }
    return w;
}

/* A figure of a result: "won length 64 steps 700", "sunk shots 54". */
static void result_text(FILE *out, MatchKind kind, const MatchResult *r) {
    if (kind == MATCH_SNAKE)
        fprintf(out, "%s length %d steps %ld", match_end_name(kind, r->end), r->length, r->count);
    else
        fprintf(out, "%s shots %ld", match_end_name(kind, r->end), r->count);
}

/* A figure printed with fmt (text: in `width` columns), or, when it does
 * not exist, null (JSON) or "-" (text). */
static void figure(FILE *out, bool ok, const char *fmt, double v, int width, bool json) {
    if (ok)
        fprintf(out, fmt, width, v);
    else if (json)
        fputs("null", out);
    else
        fprintf(out, "%*s", width, "-");
}

/* ======================================================================== */
/* A game                                                                    */
/* ======================================================================== */

void match_report_game(FILE *out, const MatchInfo *info, const MatchTally *t, long index,
                       uint64_t seed, const MatchResult *res, const double *us, bool json) {
    MatchKind kind = info->kind;
    int c = info->players == 2 ? match_compare(kind, &res[0], &res[1]) : 0;
    const char *better = c > 0 ? info->names[0] : c < 0 ? info->names[1] : "tie";
    if (json) {
        fprintf(out, "{\"match\":\"game\",\"game\":%ld,\"seed\":%llu", index,
                (unsigned long long)seed);
        for (int k = 0; k < info->players; k++) {
            fprintf(out, ",\"end_%d\":\"%s\"", k, match_end_name(kind, res[k].end));
            if (kind == MATCH_SNAKE)
                fprintf(out, ",\"length_%d\":%d,\"steps_%d\":%ld", k, res[k].length, k,
                        res[k].count);
            else
                fprintf(out, ",\"shots_%d\":%ld", k, res[k].count);
            fprintf(out, ",\"decision_us_%d\":%.3f", k, us[k]);
        }
        if (info->players == 2)
            fprintf(out, ",\"better\":\"%s\"", better);
        if (info->sprt.on)
            fprintf(out, ",\"llr\":%.4f", sprt_llr(info, t));
        fputs("}\n", out);
        return;
    }
    fprintf(out, "game %ld seed %llu:", index, (unsigned long long)seed);
    for (int k = 0; k < info->players; k++) {
        fprintf(out, "%s %s ", k == 0 ? "" : " |", info->names[k]);
        result_text(out, kind, &res[k]);
    }
    if (info->players == 2)
        fprintf(out, " -> %s", better);
    if (info->sprt.on)
        fprintf(out, ", LLR %.3f", sprt_llr(info, t));
    fputc('\n', out);
}

/* ======================================================================== */
/* The summary: text                                                         */
/* ======================================================================== */

static void header_text(FILE *out, const MatchInfo *info, const MatchTally *t) {
    fprintf(out, "match: %s", match_kind_name(info->kind));
    if (info->kind == MATCH_SNAKE) {
        fprintf(out, " %dx%d, tail %s, start length %d", info->w, info->h,
                info->strict_tail ? "strict" : "free", info->start_length);
        if (info->walls > 0)
            fprintf(out, ", walls %d (hash %016llx)", info->walls,
                    (unsigned long long)info->walls_hash);
    } else {
        fprintf(out, ", placement %s", sea_placement_name(info->placement));
    }
    fprintf(out, ", seed %llu, ", (unsigned long long)info->seed);
    if (info->shard_n > 1)
        fprintf(out, "%ld of %ld games (shard %ld/%ld)", t->games, info->games_total, info->shard_k,
                info->shard_n);
    else
        fprintf(out, "%ld of %ld games", t->games, info->games_total);
    fprintf(out, ", %d players, %.3f s\n", info->players, info->wall_s);
}

static void players_text(FILE *out, const MatchInfo *info, const MatchTally *t,
                         const int order[MATCH_MAX_PLAYERS]) {
    int nw = name_width(info, 6);
    bool snake = info->kind == MATCH_SNAKE;
    fprintf(out, "%4s  %-*s", "rank", nw, "player");
    if (snake)
        fprintf(out, " %6s %6s %8s %8s %11s %10s %10s", "won", "dead", "stalled", "forfeit",
                "avg_length", "avg_steps", "won_steps");
    else
        fprintf(out, " %6s %8s %10s", "sunk", "forfeit", "avg_shots");
    fprintf(out, " %12s %9s\n", "decision_us", "points");
    double n = t->games > 0 ? (double)t->games : 1.0;
    for (int r = 0; r < info->players; r++) {
        int k = order[r];
        const MatchSide *s = &t->side[k];
        long won = s->ends[MATCH_WON];
        fprintf(out, "%4d  %-*s", r + 1, nw, info->names[k]);
        if (snake) {
            fprintf(out, " %6ld %6ld %8ld %8ld ", won, s->ends[MATCH_DEAD], s->ends[MATCH_STALLED],
                    s->ends[MATCH_FORFEIT]);
            /* No game (a shard that holds none), no means: "-" (docs/formats.md). */
            figure(out, t->games > 0, "%*.2f", s->length_sum / n, 11, false);
            fputc(' ', out);
            figure(out, t->games > 0, "%*.1f", s->count_sum / n, 10, false);
            fputc(' ', out);
            figure(out, won > 0, "%*.1f", s->won_count_sum / (double)(won > 0 ? won : 1), 10,
                   false);
        } else {
            fprintf(out, " %6ld %8ld ", won, s->ends[MATCH_FORFEIT]);
            figure(out, won > 0, "%*.2f", s->won_count_sum / (double)(won > 0 ? won : 1), 10,
                   false);
        }
        fputc(' ', out);
        figure(out, info->timed[k], "%*.2f", info->decision_us[k], 12, false);
        fprintf(out, " %9.1f\n", match_points(t, k));
    }
}

/* "a - b", the pair's label. */
static int pair_label(const MatchInfo *info, const MatchPair *p, char *buf, size_t size) {
    return snprintf(buf, size, "%s - %s", info->names[p->a], info->names[p->b]);
}

static void pairs_text(FILE *out, const MatchInfo *info, const MatchTally *t) {
    int lw = 4;
    char label[2 * MATCH_NAME_MAX + 8];
    for (int i = 0; i < t->pairs; i++) {
        int n = pair_label(info, &t->pair[i], label, sizeof label);
        lw = n > lw ? n : lw;
    }
    bool snake = info->kind == MATCH_SNAKE;
    fprintf(out, "%-*s %6s %7s %6s %6s %6s  %-16s %7s %10s %11s  %s\n", lw, "pair", "games",
            "better", "worse", "ties", "score", "95% interval", "los",
            snake ? "both_won" : "both_sunk", snake ? "steps_diff" : "shots_diff", "95% interval");
    for (int i = 0; i < t->pairs; i++) {
        const MatchPair *p = &t->pair[i];
        MatchScore s = match_score(p->better, p->ties, p->worse);
        MatchDiff d = match_diff(p);
        char interval[40], score[16], los[16];
        long games = p->better + p->worse + p->ties;
        pair_label(info, p, label, sizeof label);
        /* No game, no score: "-", not the 0.500 [0, 1] match_score gives. */
        if (games > 0) {
            snprintf(score, sizeof score, "%.3f", s.score);
            snprintf(interval, sizeof interval, "[%.3f, %.3f]", s.lo, s.hi);
            snprintf(los, sizeof los, "%.1f%%", 100.0 * match_los(p->better, p->worse));
        } else {
            snprintf(score, sizeof score, "-");
            snprintf(interval, sizeof interval, "-");
            snprintf(los, sizeof los, "-");
        }
        fprintf(out, "%-*s %6ld %7ld %6ld %6ld %6s  %-16s %7s %10ld ", lw, label, games, p->better,
                p->worse, p->ties, score, interval, los, p->both);
        figure(out, d.n > 0, "%*.2f", d.mean, 11, false);
        if (d.ok)
            fprintf(out, "  [%.2f, %.2f]\n", d.lo, d.hi);
        else
            fputs("  -\n", out);
    }
}

/* More than two players: every pair's score from both sides, a row per
 * player (numbered as the player table ranks them). */
static void round_robin_text(FILE *out, const MatchInfo *info, const MatchTally *t,
                             const int order[MATCH_MAX_PLAYERS]) {
    int nw = name_width(info, 6);
    fprintf(out, "round robin: the row's score against the column's player [95%% interval]\n");
    fprintf(out, "%4s  %-*s", "rank", nw, "player");
    for (int c = 0; c < info->players; c++)
        fprintf(out, " %16d", c + 1);
    fputc('\n', out);
    for (int r = 0; r < info->players; r++) {
        int a = order[r];
        fprintf(out, "%4d  %-*s", r + 1, nw, info->names[a]);
        for (int c = 0; c < info->players; c++) {
            int b = order[c];
            if (a == b) {
                fprintf(out, " %16s", "-");
                continue;
            }
            const MatchPair *p =
                &t->pair[match_pair_index(t->players, a < b ? a : b, a < b ? b : a)];
            MatchScore s = a < b ? match_score(p->better, p->ties, p->worse)
                                 : match_score(p->worse, p->ties, p->better);
            char cell[40];
            if (p->better + p->worse + p->ties > 0)
                snprintf(cell, sizeof cell, "%.2f [%.2f,%.2f]", s.score, s.lo, s.hi);
            else
                snprintf(cell, sizeof cell, "-");
            fprintf(out, " %16s", cell);
        }
        fputc('\n', out);
    }
}

static void sprt_text(FILE *out, const MatchInfo *info, const MatchTally *t, MatchStop stop) {
    const MatchPair *p = sprt_pair(t);
    double lower = 0.0, upper = 0.0;
    match_sprt_bounds(&info->sprt, &lower, &upper);
    MatchScore s = match_score(p->better, p->ties, p->worse);
    fprintf(out,
            "sprt: %s - %s, elo0 %g, elo1 %g, alpha %g, beta %g: LLR %.3f, bounds (%.3f, %.3f), ",
            info->names[0], info->names[1], info->sprt.elo0, info->sprt.elo1, info->sprt.alpha,
            info->sprt.beta, sprt_llr(info, t), lower, upper);
    if (p->better + p->worse + p->ties > 0)
        fprintf(out, "elo %+.1f [%+.1f, %+.1f]: ", match_score_elo(s.score), match_score_elo(s.lo),
                match_score_elo(s.hi));
    else /* no game, no score to read as Elo */
        fprintf(out, "elo none: ");
    if (info->shard_n > 1) /* a shard never stops on its own games (run_match.c) */
        fprintf(out,
                "shard %ld/%ld: the test is run by 'wavesnake merge' over every shard's "
                "games\n",
                info->shard_k, info->shard_n);
    else if (stop == MATCH_STOP_H1)
        fprintf(out, "H1 accepted after %ld games (elo1 or better)\n", t->games);
    else if (stop == MATCH_STOP_H0)
        fprintf(out, "H0 accepted after %ld games (elo0 or worse)\n", t->games);
    else
        fprintf(out, "no decision after %ld games\n", t->games);
}

/* ======================================================================== */
/* The summary: JSON                                                         */
/* ======================================================================== */

static void players_json(FILE *out, const MatchInfo *info, const MatchTally *t,
                         const int order[MATCH_MAX_PLAYERS]) {
    double n = t->games > 0 ? (double)t->games : 1.0;
    for (int r = 0; r < info->players; r++) {
        int k = order[r];
        const MatchSide *s = &t->side[k];
        long won = s->ends[MATCH_WON];
        fprintf(out,
                "{\"match\":\"player\",\"player\":%d,\"name\":\"%s\",\"rank\":%d,\"games\":%ld", k,
                info->names[k], r + 1, t->games);
        if (info->kind == MATCH_SNAKE) {
            fprintf(out,
                    ",\"won\":%ld,\"dead\":%ld,\"stalled\":%ld,\"forfeit\":%ld,"
                    "\"avg_length\":%.3f,\"avg_steps\":%.2f,\"won_steps\":",
                    won, s->ends[MATCH_DEAD], s->ends[MATCH_STALLED], s->ends[MATCH_FORFEIT],
                    s->length_sum / n, s->count_sum / n);
            figure(out, won > 0, "%.*f", s->won_count_sum / (double)(won > 0 ? won : 1), 2, true);
        } else {
            fprintf(out, ",\"sunk\":%ld,\"forfeit\":%ld,\"avg_shots\":", won,
                    s->ends[MATCH_FORFEIT]);
            figure(out, won > 0, "%.*f", s->won_count_sum / (double)(won > 0 ? won : 1), 3, true);
        }
        fprintf(out, ",\"decision_us\":%.3f,\"points\":%.1f}\n", info->decision_us[k],
                match_points(t, k));
    }
}

static void pairs_json(FILE *out, const MatchTally *t) {
    for (int i = 0; i < t->pairs; i++) {
        const MatchPair *p = &t->pair[i];
        MatchScore s = match_score(p->better, p->ties, p->worse);
        MatchDiff d = match_diff(p);
        fprintf(out,
                "{\"match\":\"pair\",\"a\":%d,\"b\":%d,\"games\":%ld,\"better\":%ld,\"worse\":%ld,"
                "\"ties\":%ld,\"score\":%.4f,\"score_lo\":%.4f,\"score_hi\":%.4f,\"los\":%.4f,"
                "\"both\":%ld,\"diff_mean\":",
                p->a, p->b, p->better + p->worse + p->ties, p->better, p->worse, p->ties, s.score,
                s.lo, s.hi, match_los(p->better, p->worse), p->both);
        figure(out, d.n > 0, "%.*f", d.mean, 3, true);
        fputs(",\"diff_lo\":", out);
        figure(out, d.ok, "%.*f", d.lo, 3, true);
        fputs(",\"diff_hi\":", out);
        figure(out, d.ok, "%.*f", d.hi, 3, true);
        fputs("}\n", out);
    }
}

/* The last object: the match's identity (what merge checks), the test, how
 * it ended, the measurements. */
static void summary_json(FILE *out, const MatchInfo *info, const MatchTally *t, MatchStop stop) {
    long forfeit = 0;
    for (int k = 0; k < info->players; k++)
        forfeit += t->side[k].ends[MATCH_FORFEIT];
    fprintf(out, "{\"match\":\"summary\",\"kind\":\"%s\",\"players\":%d",
            match_kind_name(info->kind), info->players);
    for (int k = 0; k < info->players; k++)
        fprintf(out, ",\"name_%d\":\"%s\"", k, info->names[k]);
    fprintf(out, ",\"games\":%ld,\"games_total\":%ld,\"shard\":\"%ld/%ld\",\"seed\":%llu", t->games,
            info->games_total, info->shard_n > 0 ? info->shard_k : 0,
            info->shard_n > 0 ? info->shard_n : 1, (unsigned long long)info->seed);
    if (info->kind == MATCH_SNAKE)
        fprintf(out,
                ",\"size\":\"%dx%d\",\"tail\":\"%s\",\"start_length\":%d,\"walls\":%d,"
                "\"walls_hash\":\"%016llx\"",
                info->w, info->h, info->strict_tail ? "strict" : "free", info->start_length,
                info->walls, (unsigned long long)info->walls_hash);
    else
        fprintf(out, ",\"placement\":\"%s\"", sea_placement_name(info->placement));
    if (info->sprt.on) {
        double lower = 0.0, upper = 0.0;
        match_sprt_bounds(&info->sprt, &lower, &upper);
        /* %.17g: the parameters read back to the same doubles (merge compares them). */
        fprintf(out,
                ",\"sprt\":true,\"elo0\":%.17g,\"elo1\":%.17g,\"alpha\":%.17g,\"beta\":%.17g,"
                "\"llr\":%.4f,\"llr_lower\":%.4f,\"llr_upper\":%.4f",
                info->sprt.elo0, info->sprt.elo1, info->sprt.alpha, info->sprt.beta,
                sprt_llr(info, t), lower, upper);
    } else {
        fputs(",\"sprt\":false", out);
    }
    fprintf(out,
            ",\"stop\":\"%s\",\"forfeit\":%ld,\"wall_s\":%.3f,\"jobs\":%ld,\"version\":\"%s\"}\n",
            match_stop_name(stop), forfeit, info->wall_s, info->jobs,
            info->version != NULL ? info->version : snake_summary_version());
}

void match_report_summary(FILE *out, const MatchInfo *info, const MatchTally *t, MatchStop stop,
                          bool json) {
    int order[MATCH_MAX_PLAYERS];
    match_ranking(t, order);
    if (json) {
        players_json(out, info, t, order);
        pairs_json(out, t);
        summary_json(out, info, t, stop);
        return;
    }
    header_text(out, info, t);
    players_text(out, info, t, order);
    pairs_text(out, info, t);
    if (info->players > 2)
        round_robin_text(out, info, t, order);
    if (info->sprt.on)
        sprt_text(out, info, t, stop);
    if (stop == MATCH_STOP_INTERRUPTED)
        fprintf(out, "stopped: Ctrl-C after %ld games; the figures are those games'\n", t->games);
}
