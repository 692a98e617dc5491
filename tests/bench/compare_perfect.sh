#!/bin/bash
# compare_perfect.sh - the `perfect` policy's decision time, an older commit
# against a newer one, side by side in one run. A benchmark, not a test: it
# prints figures and judges nothing but whether both decide the same (and,
# with STRENGTH, whether every game was won): the exit status.
#
#   tests/bench/compare_perfect.sh OLD [NEW] [ROUNDS]
#
# OLD and NEW are commits (NEW defaults to HEAD; ROUNDS to 3). Both are built
# (release) in temporary worktrees, so uncommitted changes are not measured.
# Each round runs, old then new (the machine may be shared, so the two take
# turns and the medians over the rounds are compared):
#   - 30x30: `wavesnake snake --headless --policy perfect --strict-tail
#     --start-length 2 --size 30x30 --games $GAMES30 --seed 1`, the summary's
#     decision_us_mean and decision_us_p99 (wall time per decision);
#   - 30x30 game 0 again through tests/bench/perfect_steps.c (against each
#     build's core library), which also times each decision's CPU time: on
#     a shared machine the wall figures hold the time other jobs had the core;
#   - 64x64: the first $STEPS64 decisions of the same game on 64x64 (the
#     same helper: a whole 64x64 game takes minutes to hours), wall and CPU
#     time per decision.
# Then the medians and the ratio old / new. The 30x30 avg_steps and the
# 64x64 move hashes must be equal (the same decisions); the script says so
# and exits 1 if they are not.
#
# With INSTRUCTIONS=1 it also counts the instructions both sides execute for
# game 0 of 30x30 and the first $STEPS64 decisions of 64x64 (valgrind
# --tool=cachegrind --cache-sim=no on the same helper, once: the count does
# not change with the machine's load, the one figure here that does not),
# about 25 times slower than a timed run.
#
# With WHOLE64=1 it also plays whole 64x64 games on each side (the same
# helper, strict tail, start length 2, the seeds in SEEDS64, default 1:
# 657,506 moves), old then new, each alone on the machine, and prints their
# moves (and moves a cell, the strength on a big board, with the mean over
# the seeds) and CPU seconds (the figure for "a 64x64 game within 2 minutes
# on one core"). Minutes a game a side (about 20 for the code before the
# speed-ups, about 1.5 after).
#
# With STRENGTH=N it also plays N whole games a side (the same helper,
# strict tail, start length 2, board STRENGTH_SIZE, default 30x30), game k on
# seed STRENGTH_SEED + k (default 100001), the same seeds on both sides, and
# prints each side's mean moves and games won and the mean of the paired
# differences new - old with its standard error and a 95 % interval: the
# figure for a change meant to make the snake stronger. The default seeds are
# ones no earlier round chose or judged a variant on; judged on the seeds a
# variant was tuned on, anything else looks worse than it is
# (docs/notes/perfect-big-boards.md, round 3). nproc games at a time; a 30x30
# game is about 1 s of CPU. ROUNDS 0 skips the timing rounds (and the check
# that both sides decide the same), for a strength-only run:
#   STRENGTH=300 tests/bench/compare_perfect.sh OLD NEW 0
#
# Environment: GAMES30 (default 2), STEPS64 (default 20000), SEEDS64 (default
# 1; with WHOLE64=1), STRENGTH, STRENGTH_SIZE, STRENGTH_SEED, KEEP=1 keeps the
# temporary directory. Needs git, cmake, cc; about 6 minutes a round on a
# loaded 2-core machine against the version before the speed-up.
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 3 ]; then
    echo "usage: $0 OLD [NEW] [ROUNDS]" >&2
    exit 2
fi
OLD=$1
NEW=${2:-HEAD}
ROUNDS=${3:-3}
GAMES30=${GAMES30:-2}
STEPS64=${STEPS64:-20000}
REPO=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
HARNESS=$REPO/tests/bench/perfect_steps.c
TMP=$(mktemp -d /tmp/compare_perfect.XXXXXX)

cleanup() {
    for side in old new; do
        [ -d "$TMP/$side" ] && git -C "$REPO" worktree remove --force "$TMP/$side" >/dev/null 2>&1
    done
    if [ "${KEEP:-0}" = 1 ]; then echo "kept $TMP"; else rm -rf "$TMP"; fi
}
trap cleanup EXIT

# build SIDE COMMIT: a release build of COMMIT in $TMP/SIDE and the harness
# against its core library and headers.
build() {
    local side=$1 commit=$2 dir=$TMP/$1
    git -C "$REPO" worktree add --detach "$dir" "$commit" >/dev/null 2>&1
    echo "$side: $(git -C "$dir" log -1 --format='%h %s' | cut -c1-100)"
    cmake -S "$dir" -B "$dir/build" -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "$dir/build" -j"$(nproc)" --target wavesnake ws_snake ws_common >/dev/null
    cc -O2 -std=c11 -I "$dir/src/core/snake" -I "$dir/src/core/common" "$HARNESS" \
        "$dir/build/libws_snake.a" "$dir/build/libws_common.a" -lm -o "$TMP/steps_$side"
}
build old "$OLD"
build new "$NEW"

# field NAME LINE: the value after NAME in a summary line.
field() { sed -n "s/.*[ ,]$1 \([^ ,]*\).*/\1/p" <<<"$2"; }

: >"$TMP/figures"
for round in $(seq 1 "$ROUNDS"); do
    for side in old new; do
        line=$("$TMP/$side/build/wavesnake" snake --headless --policy perfect --strict-tail \
            --start-length 2 --size 30x30 --games "$GAMES30" --seed 1 | grep '^summary:')
        echo "$side 30x30 steps $(field avg_steps "$line") mean $(field decision_us_mean "$line")" \
            "p99 $(field decision_us_p99 "$line")" | tee -a "$TMP/figures"
        line=$("$TMP/steps_$side" 30x30 2 1 1 1000000)
        echo "$side 30x30cpu hash $(field moves_fnv1a "$line") mean $(field decision_us_mean "$line")" \
            "p99 $(field decision_us_p99 "$line") cpu_mean $(field cpu_us_mean "$line")" \
            "cpu_p99 $(field cpu_us_p99 "$line")" | tee -a "$TMP/figures"
        line=$("$TMP/steps_$side" 64x64 2 1 1 "$STEPS64")
        echo "$side 64x64 hash $(field moves_fnv1a "$line") mean $(field decision_us_mean "$line")" \
            "p99 $(field decision_us_p99 "$line") cpu_mean $(field cpu_us_mean "$line")" \
            "cpu_p99 $(field cpu_us_p99 "$line")" | tee -a "$TMP/figures"
    done
done

# instructions SIDE ARGS...: the instructions the helper executes (cachegrind's I refs).
instructions() {
    local side=$1
    shift
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
        "$TMP/steps_$side" "$@" 2>&1 >/dev/null | sed -n 's/.*I *refs: *//p' | tr -d ,
}
if [ "${INSTRUCTIONS:-0}" = 1 ]; then
    for args in "30x30 2 1 1 1000000" "64x64 2 1 1 $STEPS64"; do
        o=$(instructions old $args)
        n=$(instructions new $args)
        awk -v a="${args%% *}" -v o="$o" -v n="$n" \
            'BEGIN { printf "%s instructions (perfect_steps %s): old %.3f G new %.3f G ratio %.2f\n", a, a, o / 1e9, n / 1e9, o / n }'
    done
fi

# whole SIDE SEED: one whole 64x64 game, its summary line; word NAME LINE:
# the word after NAME in it (as field, but also the first one).
whole() { "$TMP/steps_$1" 64x64 2 1 "$2" 2000000; }
word() { awk -v k="$1" '{ for (i = 1; i < NF; i++) if ($i == k) print $(i + 1) }' <<<"$2"; }
ok=1 # 0 once the sides decide differently or a strength game is not won: exit 1
if [ "${WHOLE64:-0}" = 1 ]; then
    : >"$TMP/whole"
    for seed in ${SEEDS64:-1}; do
        o=$(whole old "$seed")
        n=$(whole new "$seed")
        for side in old new; do
            line=$o
            [ $side = new ] && line=$n
            awk -v s=$side -v sd="$seed" -v st="$(word steps "$line")" -v out="$(word outcome "$line")" \
                -v c="$(word cpu_us_mean "$line")" -v w="$(word decision_us_mean "$line")" \
                -v h="$(word moves_fnv1a "$line")" -v cy="$(word cycle_moves "$line")" \
                'BEGIN { printf "64x64 whole game, seed %s, %s: %d moves (%.1f a cell, %s, hash %s), CPU %.1f s (wall in decisions %.1f s), %d cycle moves\n", sd, s, st, st / 4096, out, h, c * st / 1e6, w * st / 1e6, cy }' |
                tee -a "$TMP/whole"
        done
        awk -v o="$(word cpu_us_mean "$o")" -v os="$(word steps "$o")" \
            -v n="$(word cpu_us_mean "$n")" -v ns="$(word steps "$n")" -v sd="$seed" \
            'BEGIN { printf "64x64 whole game, seed %s, CPU: old %.1f s new %.1f s ratio %.2f\n", sd, o * os / 1e6, n * ns / 1e6, (o * os) / (n * ns) }'
        if [ "$(word moves_fnv1a "$o")" != "$(word moves_fnv1a "$n")" ]; then
            echo "64x64 whole game, seed $seed: DIFFERENT decisions"
            ok=0
        fi
    done
    for side in old new; do
        awk -v s=$side '$6 == s":" { n++; t += $7 } END { if (n) printf "64x64 whole games, %s: %.1f moves a cell over %d seeds\n", s, t / n / 4096, n }' "$TMP/whole"
    done
fi

# The strength: N games a side on the same seeds, paired. game SIDE SEED:
# "SEED MOVES OUTCOME" of one whole game (word, above, reads the helper's line).
game() {
    local line
    line=$("$TMP/steps_$1" "$STRENGTH_SIZE" 2 1 "$2" 100000000)
    echo "$2 $(word steps "$line") $(word outcome "$line")"
}
if [ "${STRENGTH:-0}" -gt 0 ]; then
    STRENGTH_SIZE=${STRENGTH_SIZE:-30x30}
    STRENGTH_SEED=${STRENGTH_SEED:-100001}
    export -f game word
    export TMP STRENGTH_SIZE
    for side in old new; do
        seq "$STRENGTH_SEED" $((STRENGTH_SEED + STRENGTH - 1)) |
            xargs -P "$(nproc)" -I{} bash -c "game $side {}" | sort >"$TMP/strength_$side"
    done
    # One pass over the pairs; it fails (exit 1) when a game was not won.
    if ! join "$TMP/strength_old" "$TMP/strength_new" |
        awk -v b="$STRENGTH_SIZE" -v f="$STRENGTH_SEED" '
            { n++; o += $2; w += $4; d = $4 - $2; s += d; ss += d * d
              ow += $3 == "won"; nw += $5 == "won"; better += d < 0; worse += d > 0 }
            END {
                m = s / n; sd = n > 1 ? sqrt((ss - n * m * m) / (n - 1)) : 0; se = sd / sqrt(n)
                printf "%s strength, %d games a side on seeds %d-%d (strict tail, start length 2):\n", b, n, f, f + n - 1
                printf "  old: mean %.1f moves, %d won; new: mean %.1f moves, %d won\n", o / n, ow, w / n, nw
                printf "  new - old, paired: %+.1f moves a game, se %.1f, 95 %% interval [%+.1f, %+.1f] (sd %.1f); new fewer in %d games, more in %d\n", m, se, m - 1.96 * se, m + 1.96 * se, sd, better, worse
                if (ow < n || nw < n) { printf "%s strength: games not won: old %d, new %d\n", b, n - ow, n - nw; exit 1 }
            }'; then
        ok=0
    fi
fi

# The medians of each figure over the rounds, and old / new.
[ "$ROUNDS" -gt 0 ] || exit $((1 - ok))
for board in 30x30 30x30cpu 64x64; do
    key=steps
    [ "$board" != 30x30 ] && key=hash
    old_key=$(awk -v b=$board -v k=$key '$1 == "old" && $2 == b { for (i = 3; i < NF; i++) if ($i == k) print $(i + 1) }' "$TMP/figures" | sort -u)
    new_key=$(awk -v b=$board -v k=$key '$1 == "new" && $2 == b { for (i = 3; i < NF; i++) if ($i == k) print $(i + 1) }' "$TMP/figures" | sort -u)
    if [ "$old_key" = "$new_key" ] && [ "$(wc -l <<<"$old_key")" = 1 ]; then
        echo "$board: the same decisions ($key $old_key)"
    else
        echo "$board: DIFFERENT decisions ($key old: $old_key, new: $new_key)"
        ok=0
    fi
    for fig in mean p99 cpu_mean cpu_p99; do
        med() {
            awk -v s="$1" -v b=$board -v f=$fig '$1 == s && $2 == b { for (i = 3; i < NF; i++) if ($i == f) print $(i + 1) }' "$TMP/figures" |
                sort -g | awk '{ v[NR] = $1 } END { if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
        }
        o=$(med old)
        n=$(med new)
        [ -z "$o" ] && continue
        awk -v b=$board -v f=$fig -v o="$o" -v n="$n" -v r="$ROUNDS" \
            'BEGIN { printf "%s decision %s (us, median of %d): old %s new %s ratio %.2f\n", b, f, r, o, n, o / n }'
    done
done
[ "$ok" = 1 ]
