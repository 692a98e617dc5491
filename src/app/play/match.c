/* match.c - a match's tally and its statistics (match.h, docs/match.md). */
#include "match.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "names.h"

/* ======================================================================== */
/* Names                                                                     */
/* ======================================================================== */

static const char *const END_NAMES[MATCH_KIND_COUNT][MATCH_END_COUNT] = {
    [MATCH_SNAKE] = {"won", "dead", "stalled", "forfeit"},
    [MATCH_SEA] = {"sunk", NULL, NULL, "forfeit"},
};

static const char *const KIND_NAMES[MATCH_KIND_COUNT] = {"snake", "sea"};

const char *match_end_name(MatchKind kind, MatchEnd end) {
    return names_of(END_NAMES[kind], MATCH_END_COUNT, (int)end);
}

bool match_end_parse(MatchKind kind, const char *name, MatchEnd *out) {
    int v = 0;
    if (!names_parse(END_NAMES[kind], MATCH_END_COUNT, name, &v))
        return false;
    *out = (MatchEnd)v;
    return true;
}

const char *match_kind_name(MatchKind kind) {
    return names_of(KIND_NAMES, MATCH_KIND_COUNT, (int)kind);
}

bool match_kind_parse(const char *name, MatchKind *out) {
    int v = 0;
    if (!names_parse(KIND_NAMES, MATCH_KIND_COUNT, name, &v))
        return false;
    *out = (MatchKind)v;
    return true;
}

/* ======================================================================== */
/* Results and the tally                                                     */
/* ======================================================================== */

int match_compare(MatchKind kind, const MatchResult *a, const MatchResult *b) {
    /* A forfeit loses whatever it stood at: an engine that fails must never
     * win a seed on the length or the count it had when it failed. */
    bool af = a->end == MATCH_FORFEIT, bf = b->end == MATCH_FORFEIT;
    if (af || bf)
        return af == bf ? 0 : af ? -1 : 1;
    if (kind == MATCH_SNAKE) {
        bool aw = a->end == MATCH_WON, bw = b->end == MATCH_WON;
        if (aw != bw)
            return aw ? 1 : -1;
        if (!aw && a->length != b->length)
            return a->length > b->length ? 1 : -1;
    }
    if (a->count != b->count)
        return a->count < b->count ? 1 : -1;
    return 0;
}

MatchResult match_snake_result(SnakeOutcome outcome, int length, long steps) {
    MatchEnd end = outcome == SNAKE_WON       ? MATCH_WON
                   : outcome == SNAKE_STALLED ? MATCH_STALLED
                   : outcome == SNAKE_FORFEIT ? MATCH_FORFEIT
                                              : MATCH_DEAD;
    return (MatchResult){end, length, steps};
}

/* Whether name is taken: by a name already settled (before k) or, with
 * later, one still to come as given (after k). */
static bool name_taken(char names[][MATCH_NAME_MAX + 1], char given[][MATCH_NAME_MAX + 1],
                       int players, int k, const char *name, bool later) {
    for (int j = 0; j < (later ? players : k); j++)
        if (j != k && strcmp(j < k ? names[j] : given[j], name) == 0)
            return true;
    return false;
}

void match_name_players(char names[][MATCH_NAME_MAX + 1], int players) {
    char given[MATCH_MAX_PLAYERS][MATCH_NAME_MAX + 1];
    if (players > MATCH_MAX_PLAYERS)
        players = MATCH_MAX_PLAYERS;
    for (int k = 0; k < players; k++)
        memcpy(given[k], names[k], sizeof given[k]);
    for (int k = 1; k < players; k++) {
        int same = 1;
        for (int j = 0; j < k; j++)
            same += strcmp(given[j], given[k]) == 0;
        if (same == 1 && !name_taken(names, given, players, k, given[k], false))
            continue;
        /* An engine names itself: "csnake#2" may be a given name, so the
         * number goes up until the name is nobody else's. A trace's policy
         * field holds PLAYER_NAME_MAX characters: the name gives way to its
         * number. */
        for (int number = same > 1 ? same : 2;; number++) {
            char mark[16];
            int mlen = snprintf(mark, sizeof mark, "#%d", number);
            int keep = (int)strlen(given[k]);
            if (keep + mlen > PLAYER_NAME_MAX)
                keep = PLAYER_NAME_MAX - mlen;
            snprintf(names[k], MATCH_NAME_MAX + 1, "%.*s%s", keep, given[k], mark);
            if (!name_taken(names, given, players, k, names[k], true))
                break;
        }
    }
}

int match_pair_index(int players, int a, int b) {
    return a * players - a * (a + 1) / 2 + (b - a - 1);
}

void match_tally_init(MatchTally *t, MatchKind kind, int players) {
    memset(t, 0, sizeof *t);
    t->kind = kind;
    t->players = players < 2 ? 2 : players > MATCH_MAX_PLAYERS ? MATCH_MAX_PLAYERS : players;
    for (int a = 0; a < t->players; a++)
        for (int b = a + 1; b < t->players; b++) {
            MatchPair *p = &t->pair[match_pair_index(t->players, a, b)];
            p->a = a;
            p->b = b;
        }
    t->pairs = t->players * (t->players - 1) / 2;
}

void match_tally_add(MatchTally *t, const MatchResult *res) {
    t->games++;
    for (int k = 0; k < t->players; k++) {
        MatchSide *s = &t->side[k];
        s->ends[res[k].end]++;
        s->length_sum += res[k].length;
        s->count_sum += (double)res[k].count;
        if (res[k].end == MATCH_WON)
            s->won_count_sum += (double)res[k].count;
    }
    for (int i = 0; i < t->pairs; i++) {
        MatchPair *p = &t->pair[i];
        const MatchResult *a = &res[p->a], *b = &res[p->b];
        int c = match_compare(t->kind, a, b);
        p->better += c > 0;
        p->worse += c < 0;
        p->ties += c == 0;
        if (a->end == MATCH_WON && b->end == MATCH_WON) {
            /* Whole numbers: exact in a double while below 2^53, and summed
             * in game order, so a merge gives the run's figures. */
            double d = (double)a->count - (double)b->count;
            p->both++;
            p->diff_sum += d;
            p->diff_sq += d * d;
        }
    }
}

double match_points(const MatchTally *t, int player) {
    double points = 0.0;
    for (int i = 0; i < t->pairs; i++) {
        const MatchPair *p = &t->pair[i];
        if (p->a == player)
            points += (double)p->better + 0.5 * (double)p->ties;
        else if (p->b == player)
            points += (double)p->worse + 0.5 * (double)p->ties;
    }
    return points;
}

void match_ranking(const MatchTally *t, int order[MATCH_MAX_PLAYERS]) {
    double points[MATCH_MAX_PLAYERS];
    for (int k = 0; k < t->players; k++) {
        points[k] = match_points(t, k);
        /* Insertion: a player goes after every one with as many points, so
         * ties keep the command line's order. */
        int at = k;
        while (at > 0 && points[order[at - 1]] < points[k]) {
            order[at] = order[at - 1];
            at--;
        }
        order[at] = k;
    }
}

/* ======================================================================== */
/* The statistics                                                            */
/* ======================================================================== */

MatchScore match_score(long better, long ties, long worse) {
    double n = (double)better + (double)ties + (double)worse;
    if (n <= 0.0)
        return (MatchScore){0.5, 0.0, 1.0};
    double w = (double)better / n, d = (double)ties / n, l = (double)worse / n;
    double s = w + 0.5 * d;
    /* The variance of one seed's score (1, 1/2 or 0) around its mean. */
    double var = w * (1.0 - s) * (1.0 - s) + d * (0.5 - s) * (0.5 - s) + l * s * s;
    double half = MATCH_Z95 * sqrt(var / n);
    /* A score lies in [0, 1]: so does its interval (the normal one can
     * cross the ends on a few seeds). */
    return (MatchScore){s, s - half > 0.0 ? s - half : 0.0, s + half < 1.0 ? s + half : 1.0};
}

double match_los(long better, long worse) {
    double decided = (double)better + (double)worse;
    if (decided <= 0.0)
        return 0.5;
    return 0.5 * (1.0 + erf(((double)better - (double)worse) / sqrt(2.0 * decided)));
}

/* The regularized incomplete beta function I_x(a, b), 0 < x < 1, by its
 * continued fraction (Lentz's method), taken on the side where it converges
 * fast (I_x(a, b) = 1 - I_{1-x}(b, a)). */
static double beta_fraction(double a, double b, double x) {
    const double tiny = 1e-300;
    double c = 1.0, d = 1.0 - (a + b) * x / (a + 1.0);
    d = 1.0 / (fabs(d) < tiny ? tiny : d);
    double h = d;
    for (int m = 1; m <= 1000; m++) {
        double m2 = 2.0 * m;
        double num[2] = {m * (b - m) * x / ((a + m2 - 1.0) * (a + m2)),
                         -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0))};
        double step = 1.0;
        for (int k = 0; k < 2; k++) {
            d = 1.0 + num[k] * d;
            d = 1.0 / (fabs(d) < tiny ? tiny : d);
            c = 1.0 + num[k] / c;
            c = fabs(c) < tiny ? tiny : c;
            step = d * c;
            h *= step;
        }
        if (fabs(step - 1.0) < 1e-16)
            break;
    }
    return h;
}

static double beta_regularized(double a, double b, double x) {
    double front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
    if (x < (a + 1.0) / (a + b + 2.0))
        return front * beta_fraction(a, b, x) / a;
    return 1.0 - front * beta_fraction(b, a, 1.0 - x) / b;
}

/* Beyond this many degrees of freedom the Cornish-Fisher expansion is
 * closer to the quantile than the incomplete beta function's lgamma terms
 * (which lose digits to cancellation as df grows): its error falls as
 * 1/df^4, below 2e-12 here. */
static const long T975_SERIES_FROM = 1000;

double match_t975(long df) {
    if (df < 1)
        return NAN;
    double z = MATCH_Z95, v = (double)df;
    if (df > T975_SERIES_FROM) {
        /* Cornish-Fisher: the normal quantile corrected in powers of 1/df. */
        double z2 = z * z;
        double g1 = (z2 + 1.0) * z / 4.0;
        double g2 = ((5.0 * z2 + 16.0) * z2 + 3.0) * z / 96.0;
        double g3 = (((3.0 * z2 + 19.0) * z2 + 17.0) * z2 - 15.0) * z / 384.0;
        return z + g1 / v + g2 / (v * v) + g3 / (v * v * v);
    }
    /* The root of P(T > t) = 0.025, P(T > t) = I_{df/(df+t^2)}(df/2, 1/2) / 2,
     * by bisection to the last bit: it lies between z (df infinite) and
     * t(0.975, 1) = 12.7062. */
    double lo = z, hi = 13.0;
    for (;;) {
        double mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi)
            break;
        if (0.5 * beta_regularized(0.5 * v, 0.5, v / (v + mid * mid)) > 0.025)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

MatchDiff match_diff(const MatchPair *p) {
    MatchDiff d = {0};
    d.n = p->both;
    if (d.n < 1)
        return d;
    double n = (double)d.n;
    d.mean = p->diff_sum / n;
    d.lo = d.hi = d.mean;
    if (d.n < 2)
        return d;
    double var = (p->diff_sq - n * d.mean * d.mean) / (n - 1.0);
    double half = match_t975(d.n - 1) * sqrt(var > 0.0 ? var / n : 0.0);
    d.lo = d.mean - half;
    d.hi = d.mean + half;
    d.ok = true;
    return d;
}

double match_elo_score(double elo) { return 1.0 / (1.0 + pow(10.0, -elo / 400.0)); }

double match_score_elo(double score) {
    if (score <= 0.0)
        return -INFINITY;
    if (score >= 1.0)
        return INFINITY;
    /* + 0.0: an even score is +0 Elo, never the "-0.0" that -400 * 0 prints. */
    return -400.0 * log10(1.0 / score - 1.0) + 0.0;
}

/* ======================================================================== */
/* The sequential test                                                       */
/* ======================================================================== */

enum { OUTCOMES = 3 };
static const double OUTCOME_SCORE[OUTCOMES] = {0.0, 0.5, 1.0}; /* worse, tie, better */
static const double SPRT_EMPTY_COUNT = 1e-3;                   /* what a count of 0 counts as */

WsStatus match_sprt_check(const MatchSprt *s, WsError *err) {
    if (!(s->elo0 >= -1000.0 && s->elo0 <= 1000.0 && s->elo1 >= -1000.0 && s->elo1 <= 1000.0))
        return ws_fail(err, WS_ERR_ARG, "--sprt: elo0 and elo1 must be within -1000..1000");
    if (!(s->elo0 < s->elo1))
        return ws_fail(err, WS_ERR_ARG, "--sprt: elo0 (%g) must be less than elo1 (%g)", s->elo0,
                       s->elo1);
    if (!(s->alpha > 0.0 && s->alpha < 1.0 && s->beta > 0.0 && s->beta < 1.0))
        return ws_fail(err, WS_ERR_ARG, "--alpha and --beta must be between 0 and 1");
    if (!(s->alpha + s->beta < 1.0))
        return ws_fail(err, WS_ERR_ARG, "--alpha plus --beta must be less than 1 (%g + %g)",
                       s->alpha, s->beta);
    return WS_OK;
}

/* The maximum-likelihood distribution over the outcomes whose mean score
 * is s, given the observed frequencies phat: p_i = phat_i / (1 + theta (a_i
 * - s)), theta the root of sum phat_i (a_i - s) / (1 + theta (a_i - s)) = 0
 * (docs/match.md). The sum falls from +inf to -inf as theta goes from
 * -1 / (1 - s) to 1 / s, so bisection finds the root. */
static void mle(const double phat[OUTCOMES], double s, double p[OUTCOMES]) {
    double lo = -1.0 / (1.0 - s), hi = 1.0 / s;
    for (;;) {
        double mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi)
            break; /* the interval is as small as a double can make it */
        double f = 0.0;
        for (int i = 0; i < OUTCOMES; i++) {
            double a = OUTCOME_SCORE[i] - s;
            f += phat[i] * a / (1.0 + mid * a);
        }
        if (f > 0.0)
            lo = mid;
        else
            hi = mid;
    }
    double theta = 0.5 * (lo + hi);
    for (int i = 0; i < OUTCOMES; i++)
        p[i] = phat[i] / (1.0 + theta * (OUTCOME_SCORE[i] - s));
}

double match_sprt_llr(const MatchSprt *s, long better, long ties, long worse) {
    if (better + ties + worse <= 0)
        return 0.0;
    double count[OUTCOMES] = {(double)worse, (double)ties, (double)better};
    double n = 0.0;
    for (int i = 0; i < OUTCOMES; i++) {
        if (count[i] <= 0.0)
            count[i] = SPRT_EMPTY_COUNT;
        n += count[i];
    }
    double phat[OUTCOMES], p0[OUTCOMES], p1[OUTCOMES];
    for (int i = 0; i < OUTCOMES; i++)
        phat[i] = count[i] / n;
    mle(phat, match_elo_score(s->elo0), p0);
    mle(phat, match_elo_score(s->elo1), p1);
    double llr = 0.0;
    for (int i = 0; i < OUTCOMES; i++)
        llr += phat[i] * (log(p1[i]) - log(p0[i]));
    return n * llr;
}

void match_sprt_bounds(const MatchSprt *s, double *lower, double *upper) {
    *lower = log(s->beta / (1.0 - s->alpha));
    *upper = log((1.0 - s->beta) / s->alpha);
}

MatchVerdict match_sprt_verdict(const MatchSprt *s, double llr) {
    double lower = 0.0, upper = 0.0;
    match_sprt_bounds(s, &lower, &upper);
    if (llr >= upper)
        return MATCH_H1;
    if (llr <= lower)
        return MATCH_H0;
    return MATCH_GOING;
}
