#!/usr/bin/env bash
# `wavesnake bench sea-history` and `bench engine`: runs, prints its header and a row per hunter
# (per board) with the history's size; the figures themselves are not judged (timing).
# A bad benchmark name, or an option the benchmark does not use, is a usage error. (`bench arena-history` plays 1,200
# ticks on a 256x256 map: too slow for a sanitizer build, so not run here.)
# usage: history_bench.sh WAVESNAKE DATA_DIR
WS=$1
source "$(dirname "$0")/lib.sh"

"$WS" bench sea-history --seed 3 >"$TMP/out" 2>"$TMP/err" || fail "bench sea-history exited $?"
head -1 "$TMP/out" | grep -q '^sea history benchmark: seed 3, 20 games per hunter' ||
    fail "bench sea-history: header: $(head -1 "$TMP/out")"
for hunter in source sampler; do
    row=$(grep -E "^$hunter +[0-9]+ +[0-9.]+ +[0-9.]+ +[0-9.]+$" "$TMP/out")
    [ -n "$row" ] || fail "bench sea-history: no row for the $hunter hunter"
    shots=$(echo "$row" | awk '{print $3}')
    awk -v s="$shots" 'BEGIN { exit !(s >= 20 && s <= 100) }' ||
        fail "bench sea-history: $hunter: mean shots $shots outside 20..100"
done
[ ! -s "$TMP/err" ] || fail "bench sea-history wrote to stderr: $(head -2 "$TMP/err")"
expect_usage_error "benchmark|history" "$WS" bench sea-histories

# An option a benchmark does not use is refused, not ignored: the history
# benchmarks of the arena and the sea take --seed alone (they played their
# own count of games and wrote no --markdown, exit 0).
expect_usage_error '^wavesnake: bench sea-history: --games does not apply \(it takes --seed\)$' \
    "$WS" bench sea-history --seed 3 --games 2
expect_usage_error '^wavesnake: bench sea-history: --markdown does not apply \(it takes --seed\)$' \
    "$WS" bench sea-history --seed 3 --markdown "$TMP/sea.md"
[ -e "$TMP/sea.md" ] && fail "bench sea-history --markdown: a file was written"
expect_usage_error '^wavesnake: bench arena-history: --boards does not apply \(it takes --seed\)$' \
    timeout 120 "$WS" bench arena-history --boards 8x8
expect_usage_error '^wavesnake: bench snake: --samples does not apply \(it takes --seed, --games, ' \
    "$WS" bench snake --samples 3 --boards 4x4 --games 1 --policy greedy
expect_usage_error '^wavesnake: bench history: --jobs does not apply \(it takes .*--samples, --ticks\)$' \
    "$WS" bench history --jobs 2 --boards 4x4 --policy greedy --samples 2
expect_usage_error '^wavesnake: bench engine: --ticks does not apply ' \
    "$WS" bench engine --ticks 5 --boards 4x4 --games 1 --policy engine:/nonexistent/engine

# `bench engine` without --boards plays the boards --help names as its
# default (the cycle engine next to the binary; one game a board).
help_boards=$("$WS" --help | grep -oE 'engine: [0-9x,]+' | head -1 | sed 's/^engine: //')
[ -n "$help_boards" ] || fail "--help names no default boards for bench engine"
if [ -x "$(dirname "$WS")/examples/engines/cycle" ]; then
    "$WS" bench engine --games 1 >"$TMP/engine.out" 2>"$TMP/engine.err" ||
        fail "bench engine exited $?: $(head -2 "$TMP/engine.err")"
    played=$(awk 'NR > 2 { print $1 }' "$TMP/engine.out" | paste -sd, -)
    [ "$played" = "$help_boards" ] ||
        fail "bench engine: played boards '$played', --help says the default is '$help_boards'"
fi
finish
