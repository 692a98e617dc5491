#!/usr/bin/env bash
# `wavesnake bench sea-history` and `bench engine`: runs, prints its header and a row per hunter
# (per board) with the history's size; the figures themselves are not judged (timing).
# A bad benchmark name is a usage error. (`bench arena-history` plays 1,200
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
