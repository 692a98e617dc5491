/* match.h - a match: two or more players on the same seeds, and the
 * statistics that say which is better (docs/match.md).
 *
 * Game i of a match is played by every player with seed S + i (the same
 * food or fleet for all, as in a race): the games are paired, so two
 * players are compared seed by seed. A MatchTally counts them in game order:
 * per player its ends (won / dead / stalled / forfeit; the sea's finished
 * games count as won, "sunk"), per pair of players the head-to-head result
 * of every seed (better / worse / tie, match_compare) and the paired
 * difference of steps (snake, over the games both won) or shots (sea, over
 * the games both finished). The formulas that turn those counts into
 * intervals, a likelihood of superiority and a sequential test (GSPRT) are
 * below the tally; docs/match.md derives each one.
 *
 * Pure bookkeeping and arithmetic: no I/O, no clock, no allocation, so the
 * run (cli/run_match.c) and `wavesnake merge` (cli/merge_match.c), adding
 * the same games in the same order, print the same figures to the last digit.
 */
#ifndef WS_MATCH_H
#define WS_MATCH_H

#include <stdbool.h>
#include <stdint.h>

#include "player.h"
#include "ws_error.h"

/* At most this many players (a round robin of 28 pairs); names as traces
 * hold them (a "#K" that tells two of one name apart included). */
enum { MATCH_MAX_PLAYERS = 8, MATCH_MAX_PAIRS = MATCH_MAX_PLAYERS * (MATCH_MAX_PLAYERS - 1) / 2 };
enum { MATCH_NAME_MAX = PLAYER_NAME_MAX };

typedef enum MatchKind { MATCH_SNAKE = 0, MATCH_SEA, MATCH_KIND_COUNT } MatchKind;

/* How one player's game ended. The sea has two ends: its fleet sunk (WON,
 * named "sunk") or the engine's forfeit. */
typedef enum MatchEnd {
    MATCH_WON = 0,
    MATCH_DEAD,
    MATCH_STALLED,
    MATCH_FORFEIT,
    MATCH_END_COUNT
} MatchEnd;

/* One player's result in one game. */
typedef struct MatchResult {
    MatchEnd end;
    int length; /* snake: the final length; sea: 0 */
    long count; /* snake: steps; sea: shots */
} MatchResult;

/* Two players, a and b (a < b), over the games counted so far. */
typedef struct MatchPair {
    int a, b;
    long better, worse, ties; /* a's head-to-head results (match_compare) */
    long both;                /* games both won (snake) or both finished (sea) */
    double diff_sum, diff_sq; /* over those: count_a - count_b and its square */
} MatchPair;

typedef struct MatchSide {
    long ends[MATCH_END_COUNT];
    double length_sum, count_sum; /* over every game */
    double won_count_sum;         /* over the won (sunk) games */
} MatchSide;

typedef struct MatchTally {
    MatchKind kind;
    int players;
    long games;
    MatchSide side[MATCH_MAX_PLAYERS];
    int pairs;
    MatchPair pair[MATCH_MAX_PAIRS]; /* (0,1), (0,2), ..., (1,2), ...: match_pair_index */
} MatchTally;

/* ---- results and the tally ------------------------------------------------ */

/* The end's name: "won", "dead", "stalled", "forfeit"; the sea's WON is
 * "sunk". match_end_parse reads them back (false for another word). */
const char *match_end_name(MatchKind kind, MatchEnd end);
bool match_end_parse(MatchKind kind, const char *name, MatchEnd *out);

/* "snake" or "sea"; match_kind_parse reads them back. */
const char *match_kind_name(MatchKind kind);
bool match_kind_parse(const char *name, MatchKind *out);

/* Which of two results of one seed is better, > 0 when a is, < 0 when b
 * is, 0 for a tie. Both kinds: a forfeit loses to any other end and two
 * forfeits tie. Snake: a win beats any other end, two wins go to fewer
 * steps, two other ends to the longer snake, then fewer steps. Sea: fewer
 * shots. */
int match_compare(MatchKind kind, const MatchResult *a, const MatchResult *b);

/* A snake game's end, length and steps as a result (a game still being
 * played counts as not won: MATCH_DEAD). */
MatchResult match_snake_result(SnakeOutcome outcome, int length, long steps);

/* Tells players of one name apart: every name after the first of its kind
 * gets "#K" (K = 2, 3, ...: "engine:csnake#2"), cut to fit MATCH_NAME_MAX
 * and a trace's policy field; a K that would give another player's name
 * (an engine may call itself "csnake#2") is skipped, so every name ends
 * unique. names holds `players` names, changed in place. */
void match_name_players(char names[][MATCH_NAME_MAX + 1], int players);

/* Sets up an empty tally of `players` (2..MATCH_MAX_PLAYERS) and their pairs. */
void match_tally_init(MatchTally *t, MatchKind kind, int players);

/* Counts one game: res holds every player's result, in player order. */
void match_tally_add(MatchTally *t, const MatchResult *res);

/* The index in t->pair of the pair (a, b), a < b. */
int match_pair_index(int players, int a, int b);

/* A player's round-robin points: 1 for each seed and opponent it did
 * better than, 1/2 for each tie. */
double match_points(const MatchTally *t, int player);

/* The players ranked by points, best first (ties keep the command line's
 * order): order[0] is the best player's index. */
void match_ranking(const MatchTally *t, int order[MATCH_MAX_PLAYERS]);

/* ---- the statistics (docs/match.md) -------------------------------------- */

/* z of the two-sided 95 % interval of a normal distribution. */
#define MATCH_Z95 1.959963984540054

/* The head-to-head score of a pair, a's view: (better + ties/2) / games,
 * and its 95 % interval score +- z * sd / sqrt(games), sd the standard
 * deviation of one seed's score (1, 1/2 or 0), cut to [0, 1]. Without
 * games: 0.5, [0, 1]. */
typedef struct MatchScore {
    double score, lo, hi;
} MatchScore;
MatchScore match_score(long better, long ties, long worse);

/* The likelihood of superiority, the probability that a is better than b
 * given the seeds that were not ties: 1/2 (1 + erf((W - L) / sqrt(2 (W + L)))). */
double match_los(long better, long worse);

/* The paired difference (count_a - count_b over the games both won) with
 * its 95 % interval mean +- t(0.975, n-1) * sd / sqrt(n). `n` < 2: no
 * interval (ok false; mean is still set when n is 1). */
typedef struct MatchDiff {
    long n;
    double mean, lo, hi;
    bool ok;
} MatchDiff;
MatchDiff match_diff(const MatchPair *p);

/* Student's t quantile t(0.975, df), df >= 1, to about the last bit: the
 * root of the t distribution's upper tail (a regularized incomplete beta
 * function) = 0.025 by bisection, and beyond 1000 degrees of freedom the
 * Cornish-Fisher expansion around the normal quantile (error below 2e-12). */
double match_t975(long df);

/* The logistic Elo scale's expected score: 1 / (1 + 10^(-elo / 400)). */
double match_elo_score(double elo);

/* The score as Elo: -400 log10(1 / score - 1) (+-inf at 1 and 0). */
double match_score_elo(double score);

/* ---- the sequential test (GSPRT) ------------------------------------------ */

typedef struct MatchSprt {
    bool on;
    double elo0, elo1;  /* H0: the first player's Elo over the second is elo0; H1: elo1 */
    double alpha, beta; /* the error rates: accept H1 when H0 holds, H0 when H1 holds */
} MatchSprt;

typedef enum MatchVerdict { MATCH_GOING = 0, MATCH_H0, MATCH_H1 } MatchVerdict;

/* Checks the test's parameters: elo0 < elo1, each within +-1000 (a score
 * of 0.997), 0 < alpha, beta and alpha + beta < 1. WS_ERR_ARG with one line
 * naming what is wrong. */
WsStatus match_sprt_check(const MatchSprt *s, WsError *err);

/* The log-likelihood ratio of H1 against H0 for W better, D tie, L worse:
 * the generalized SPRT on the trinomial score distribution (scores 1, 1/2,
 * 0) under the logistic Elo model, as fishtest and fastchess compute it.
 * A count of 0 counts as 0.001 (so a one-sided sample has a likelihood);
 * 0 without games. */
double match_sprt_llr(const MatchSprt *s, long better, long ties, long worse);

/* The bounds: lower ln(beta / (1 - alpha)), upper ln((1 - beta) / alpha). */
void match_sprt_bounds(const MatchSprt *s, double *lower, double *upper);

/* H1 when llr >= upper, H0 when llr <= lower, else MATCH_GOING. */
MatchVerdict match_sprt_verdict(const MatchSprt *s, double llr);

#endif
