/* match_plot.c - a match drawn as SVG (match_plot.h). */
#include "match_plot.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"

/* ======================================================================== */
/* Keeping the results                                                       */
/* ======================================================================== */

void match_plot_init(MatchPlot *p, MatchKind kind, int players) {
    memset(p, 0, sizeof *p);
    p->kind = kind;
    p->players = players;
}

void match_plot_free(MatchPlot *p) {
    free(p->res);
    p->res = NULL;
    p->games = p->cap = 0;
}

WsStatus match_plot_add(MatchPlot *p, const MatchResult *res, WsError *err) {
    if (p->games == p->cap) {
        long cap = p->cap ? 2 * p->cap : 1024;
        MatchResult *grown = realloc(p->res, (size_t)cap * (size_t)p->players * sizeof *grown);
        if (grown == NULL)
            return ws_fail(err, WS_ERR_NOMEM, "--plot: out of memory for %ld games", cap);
        p->res = grown;
        p->cap = cap;
    }
    memcpy(p->res + p->games * p->players, res, (size_t)p->players * sizeof *res);
    p->games++;
    return WS_OK;
}

/* ======================================================================== */
/* Histograms                                                                */
/* ======================================================================== */

/* The picture: two panels of AREA_W pixels' plot area, the legends to
 * their right as wide as their longest label (about CHAR_W pixels a
 * character of the 12-pixel monospace font). */
enum { AREA_W = 660, PANEL_H = 300, TITLE_H = 56, PLOT_H = TITLE_H + 2 * PANEL_H + 24 };
enum { LEFT = 80, TOP = 34, BOTTOM = 46, LEGEND_PAD = 60, BINS_MAX = 48 };
static const double CHAR_W = 7.3;

/* Okabe & Ito's colour-blind-safe palette, one colour per player. */
static const char *const PALETTE[MATCH_MAX_PLAYERS] = {"#0072b2", "#e69f00", "#009e73", "#cc79a7",
                                                       "#56b4e9", "#d55e00", "#f0e442", "#000000"};

/* One series of a panel: the values it counts. */
typedef struct Series {
    long *v;
    long n;
    const char *colour;
    char label[2 * MATCH_NAME_MAX + 8];
    bool band; /* draw its mean and 95 % interval (a paired difference) */
    MatchDiff diff;
} Series;

/* The bins shared by a panel's series: [lo, lo + width * bins). */
typedef struct Bins {
    long lo, width;
    int count;
    long peak; /* the most games in one bin of any series */
} Bins;

static long floor_div(long a, long b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

static Bins bins_for(const Series *s, int ns) {
    Bins b = {0, 1, 0, 0};
    long lo = 0, hi = 0;
    bool any = false;
    for (int i = 0; i < ns; i++)
        for (long j = 0; j < s[i].n; j++) {
            lo = !any || s[i].v[j] < lo ? s[i].v[j] : lo;
            hi = !any || s[i].v[j] > hi ? s[i].v[j] : hi;
            any = true;
        }
    if (!any)
        return b;
    b.width = (hi - lo + BINS_MAX) / BINS_MAX; /* ceil((hi - lo + 1) / BINS_MAX) */
    b.lo = floor_div(lo, b.width) * b.width;   /* bins on multiples of the width */
    b.count = (int)((hi - b.lo) / b.width) + 1;
    long counts[BINS_MAX + 1];
    for (int i = 0; i < ns; i++) {
        memset(counts, 0, sizeof counts);
        for (long j = 0; j < s[i].n; j++) {
            long c = ++counts[(s[i].v[j] - b.lo) / b.width];
            b.peak = c > b.peak ? c : b.peak;
        }
    }
    return b;
}

/* A round step for about `ticks` ticks over span: 1, 2 or 5 times a power of ten. */
static double nice_step(double span, int ticks) {
    double raw = span / ticks, p = pow(10.0, floor(log10(raw > 0 ? raw : 1.0)));
    double m = raw / p;
    return (m <= 1.0 ? 1.0 : m <= 2.0 ? 2.0 : m <= 5.0 ? 5.0 : 10.0) * p;
}

/* Text from outside (a player's name) with XML's five characters escaped. */
static void xml_text(FILE *f, const char *s) {
    for (; *s; s++) {
        switch (*s) {
        case '&':
            fputs("&amp;", f);
            break;
        case '<':
            fputs("&lt;", f);
            break;
        case '>':
            fputs("&gt;", f);
            break;
        case '"':
            fputs("&quot;", f);
            break;
        case '\'':
            fputs("&apos;", f);
            break;
        default:
            fputc(*s, f);
        }
    }
}

/* ======================================================================== */
/* Drawing                                                                   */
/* ======================================================================== */

typedef struct Panel {
    double x0, y0, w, h; /* the plot area */
    Bins bins;
} Panel;

static double px(const Panel *p, double value) {
    double span = (double)(p->bins.width * p->bins.count);
    return p->x0 + (value - (double)p->bins.lo) / span * p->w;
}

/* The panel's top is a tenth above the highest bin. */
static double py(const Panel *p, double games) {
    return p->y0 + p->h - games / (1.1 * (double)(p->bins.peak > 0 ? p->bins.peak : 1)) * p->h;
}

static void axes(FILE *f, const Panel *p, const char *title, const char *x_label) {
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"15\">", p->x0, p->y0 - 12);
    xml_text(f, title);
    fputs("</text>\n", f);
    fprintf(f,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
            "stroke=\"#999\"/>\n",
            p->x0, p->y0, p->w, p->h);
    /* The values are whole numbers, each covering [v, v + 1) of the axis
     * (outline's v + 1/2): a tick is a whole number under the middle of its
     * cell, so the 0 tick stands under a mean of 0, never a fraction beside it. */
    long lo = p->bins.lo, hi = p->bins.lo + p->bins.width * p->bins.count;
    double step_d = nice_step((double)(hi - lo), 6);
    long step = step_d < 1.0 ? 1 : (long)step_d;
    for (long v = floor_div(lo + step - 1, step) * step; v < hi; v += step) {
        double x = px(p, (double)v + 0.5);
        fprintf(f,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#999\"/>"
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%ld</text>\n",
                x, p->y0 + p->h, x, p->y0 + p->h + 5, x, p->y0 + p->h + 19, v);
    }
    double gstep = nice_step((double)p->bins.peak, 4);
    if (gstep < 1.0)
        gstep = 1.0;
    for (double g = 0.0; g <= (double)p->bins.peak; g += gstep) {
        double y = py(p, g);
        fprintf(f,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#eee\"/>"
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n",
                p->x0, y, p->x0 + p->w, y, p->x0 - 6, y + 4, g);
    }
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", p->x0 + p->w / 2,
            p->y0 + p->h + 36);
    xml_text(f, x_label);
    fputs("</text>\n", f);
    fprintf(f,
            "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
            "transform=\"rotate(-90 %.1f %.1f)\">games</text>\n",
            p->x0 - 52, p->y0 + p->h / 2, p->x0 - 52, p->y0 + p->h / 2);
}

/* One series as the outline of its histogram, lightly filled. */
static void outline(FILE *f, const Panel *p, const Series *s) {
    long counts[BINS_MAX + 1] = {0};
    for (long j = 0; j < s->n; j++)
        counts[(s->v[j] - p->bins.lo) / p->bins.width]++;
    fprintf(
        f,
        "<path fill=\"%s\" fill-opacity=\"0.12\" stroke=\"%s\" stroke-width=\"2\" d=\"M%.1f %.1f",
        s->colour, s->colour, p->x0, py(p, 0));
    for (int b = 0; b < p->bins.count; b++) {
        double x0 = px(p, (double)(p->bins.lo + b * p->bins.width));
        double x1 = px(p, (double)(p->bins.lo + (b + 1) * p->bins.width));
        double y = py(p, (double)counts[b]);
        fprintf(f, " L%.1f %.1f L%.1f %.1f", x0, y, x1, y);
    }
    fprintf(f, " L%.1f %.1f Z\"/>\n", p->x0 + p->w, py(p, 0));
    if (!s->band || s->diff.n < 1)
        return;
    /* A paired difference: its 95 % interval as a band, its mean as a line.
     * A whole number v covers [v, v + 1) of the axis: it sits at v + 1/2. */
    double half = 0.5;
    /* Few games give an interval far wider than the games themselves (two
     * games: twelve standard deviations either side): the band is cut at the
     * panel's edges, never drawn over the labels, the legend or off the picture. */
    double band_x0 = fmax(px(p, s->diff.lo + half), p->x0);
    double band_x1 = fmin(px(p, s->diff.hi + half), p->x0 + p->w);
    if (s->diff.ok && band_x1 > band_x0)
        fprintf(f,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" "
                "fill-opacity=\"0.25\"/>\n",
                band_x0, p->y0, band_x1 - band_x0, p->h, s->colour);
    double x = px(p, s->diff.mean + half);
    fprintf(f,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
            "stroke-width=\"2\" stroke-dasharray=\"6 4\"/>\n",
            x, p->y0, x, p->y0 + p->h, s->colour);
}

static void legend(FILE *f, const Panel *p, const Series *s, int ns) {
    double x = p->x0 + p->w + 16, y = p->y0 + 8;
    for (int i = 0; i < ns; i++, y += 20) {
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"10\" fill=\"%s\"/>", x, y,
                s[i].colour);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">", x + 20, y + 10);
        xml_text(f, s[i].label);
        fprintf(f, " (%ld games)</text>\n", s[i].n);
    }
}

static void panel(FILE *f, double y0, Series *s, int ns, const char *title, const char *x_label) {
    Panel p = {LEFT, y0 + TOP, AREA_W, PANEL_H - TOP - BOTTOM, bins_for(s, ns)};
    if (p.bins.count == 0) {
        fprintf(f, "<text x=\"%d\" y=\"%.1f\" font-size=\"15\">", LEFT, p.y0 - 12);
        xml_text(f, title);
        fputs(": no game to draw</text>\n", f);
        return;
    }
    axes(f, &p, title, x_label);
    if (p.bins.lo < 0 && p.bins.lo + p.bins.width * p.bins.count > 0) {
        double x = px(&p, 0.5); /* where 0 sits (outline's v + 1/2) */
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#666\"/>\n", x,
                p.y0, x, p.y0 + p.h);
    }
    for (int i = 0; i < ns; i++)
        outline(f, &p, &s[i]);
    legend(f, &p, s, ns);
}

/* What a panel counts. Normally the steps (shots) of the won (sunk) games;
 * a snake match in which no player won a game has no steps to compare, so
 * its panels show the final length of every game that was not forfeit
 * instead (the figure the head-to-head rule compares then). */
typedef struct Measure {
    bool length;
    const char *what;  /* "steps", "shots", "final length" */
    const char *which; /* the games: "won", "sunk", "finished" (not forfeit) */
} Measure;

static bool counts(const Measure *ms, const MatchResult *r) {
    return ms->length ? r->end != MATCH_FORFEIT : r->end == MATCH_WON;
}

static long value(const Measure *ms, const MatchResult *r) {
    return ms->length ? r->length : r->count;
}

/* The series of both panels: per player its games' values, per other
 * player its paired differences with the first (with their mean and 95 %
 * interval: the tally's for steps and shots, worked out here for lengths). */
static int series_fill(const MatchPlot *mp, const MatchInfo *info, const MatchTally *t,
                       const Measure *ms, long *values, Series own[], Series diff[]) {
    long *next = values;
    for (int k = 0; k < mp->players; k++) {
        Series *s = &own[k];
        memset(s, 0, sizeof *s);
        s->v = next;
        s->colour = PALETTE[k];
        snprintf(s->label, sizeof s->label, "%s", info->names[k]);
        for (long g = 0; g < mp->games; g++) {
            const MatchResult *r = &mp->res[g * mp->players + k];
            if (counts(ms, r))
                s->v[s->n++] = value(ms, r);
        }
        next += s->n;
    }
    for (int k = 1; k < mp->players; k++) {
        Series *s = &diff[k - 1];
        MatchPair p = {0};
        memset(s, 0, sizeof *s);
        s->v = next;
        s->colour = PALETTE[k];
        s->band = true;
        snprintf(s->label, sizeof s->label, "%s - %s", info->names[0], info->names[k]);
        for (long g = 0; g < mp->games; g++) {
            const MatchResult *a = &mp->res[g * mp->players], *b = a + k;
            if (!counts(ms, a) || !counts(ms, b))
                continue;
            long d = value(ms, a) - value(ms, b);
            s->v[s->n++] = d;
            p.both++;
            p.diff_sum += (double)d;
            p.diff_sq += (double)d * (double)d;
        }
        s->diff = match_diff(ms->length ? &p : &t->pair[match_pair_index(t->players, 0, k)]);
        next += s->n;
    }
    size_t longest = 0; /* the longest legend label */
    for (int k = 0; k < mp->players; k++) {
        size_t a = strlen(own[k].label), b = k > 0 ? strlen(diff[k - 1].label) : 0;
        longest = a > longest ? a : longest;
        longest = b > longest ? b : longest;
    }
    return (int)longest;
}

static WsStatus draw(FILE *f, const MatchPlot *mp, const MatchInfo *info, const MatchTally *t,
                     long *values) {
    bool snake = info->kind == MATCH_SNAKE;
    Measure ms = {false, snake ? "steps" : "shots", snake ? "won" : "sunk"};
    long won = 0;
    for (int k = 0; k < mp->players; k++)
        won += t->side[k].ends[MATCH_WON];
    if (snake && won == 0)
        ms = (Measure){true, "final length", "finished"};
    Series own[MATCH_MAX_PLAYERS], diff[MATCH_MAX_PLAYERS];
    int longest = series_fill(mp, info, t, &ms, values, own, diff);
    /* The legend's room: its longest label and " (N games)". */
    int width = LEFT + AREA_W + LEGEND_PAD + (int)(CHAR_W * (double)(longest + 20));
    fprintf(f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans Mono, monospace\" "
            "font-size=\"12\">\n<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n",
            width, PLOT_H, width, PLOT_H, width, PLOT_H);
    fprintf(f, "<text x=\"%d\" y=\"30\" font-size=\"17\">wavesnake match: %s", LEFT,
            match_kind_name(info->kind));
    if (snake)
        fprintf(f, " %dx%d, tail %s", info->w, info->h, info->strict_tail ? "strict" : "free");
    else
        fprintf(f, ", placement %s", sea_placement_name(info->placement));
    fprintf(f, ", %ld games from seed %llu</text>\n", t->games, (unsigned long long)info->seed);
    char title[160], label[96];
    if (ms.length)
        snprintf(title, sizeof title,
                 "final length of each player's games (none was won; forfeits left out)");
    else
        snprintf(title, sizeof title, "%s of each player's %s games", ms.what, ms.which);
    panel(f, TITLE_H, own, mp->players, title, ms.what);
    snprintf(title, sizeof title,
             "paired differences: %s of the first player minus the other's, seeds both %s", ms.what,
             ms.which);
    snprintf(label, sizeof label, "difference in %s (dashed: mean; band: 95%% interval)", ms.what);
    panel(f, TITLE_H + PANEL_H, diff, mp->players - 1, title, label);
    fputs("</svg>\n", f);
    return WS_OK;
}

WsStatus match_plot_write(const MatchPlot *mp, const MatchInfo *info, const MatchTally *t,
                          FileioOut *out, WsError *err) {
    /* Room for every value of both panels: at most games per player. */
    size_t n = (size_t)mp->games * (size_t)(2 * mp->players) + 1;
    long *values = malloc(n * sizeof *values);
    WsStatus st = values == NULL ? ws_fail(err, WS_ERR_NOMEM, "--plot: out of memory") : WS_OK;
    if (st == WS_OK)
        st = draw(out->f, mp, info, t, values);
    if (st == WS_OK)
        st = fileio_out_commit(out, err);
    else
        fileio_out_abort(out);
    free(values);
    return st;
}
