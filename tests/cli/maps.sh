#!/usr/bin/env bash
# `snake --map FILE` (docs/snake.md#boards-with-walls): headless games on every
# shipped map and on random walled boards write traces that the independent
# checker (tests/replay.c) and `wavesnake replay --headless` both accept; the
# reports count floor cells; bad map files and --map with --size exit 2 with
# one line.
WS=$1 DATA=$2 REPLAY=$3
source "$(dirname "$0")/lib.sh"
: "$DATA"
MAPS=$(dirname "$0")/../../assets/maps/snake

# played NAME ARGS...: a headless greedy run with a trace that both readers accept.
played() {
    local name=$1
    shift
    if ! "$WS" snake --headless "$@" --trace "$TMP/$name.trace" >"$TMP/$name.out" 2>"$TMP/$name.err"; then
        fail "$name: exit $?: $(head -1 "$TMP/$name.err")"
        return 1
    fi
    "$REPLAY" "$TMP/$name.trace" >/dev/null 2>"$TMP/$name.rerr" ||
        fail "$name: ws_replay rejects the trace: $(cat "$TMP/$name.rerr")"
    "$WS" replay "$TMP/$name.trace" --headless >"$TMP/$name.check" 2>"$TMP/$name.cerr" ||
        fail "$name: replay --headless rejects the trace: $(cat "$TMP/$name.cerr")"
    # Both list the same games with the same outcomes, lengths and steps.
    diff <(sed -n 's/^game \([0-9]*\) seed [0-9]*: \([a-z]*\), length \([0-9/]*\), steps \([0-9]*\).*/\1 \2 \3 \4/p' "$TMP/$name.out") \
        <(sed -n 's/^game \([0-9]*\) seed [0-9]*: \([a-z]*\), length \([0-9/]*\), steps \([0-9]*\).*/\1 \2 \3 \4/p' "$TMP/$name.check") >/dev/null ||
        fail "$name: replay --headless disagrees with the run"
    return 0
}

# floor_cells FILE: cells that are not '#' once every row is padded to the widest.
floor_cells() {
    awk '{ rows[NR] = $0; if (length($0) > w) w = length($0); if (length($0) > 0) last = NR }
         END { n = 0; for (r = 1; r <= last; r++) { s = rows[r]; for (i = 1; i <= length(s); i++) if (substr(s, i, 1) != "#") n++ } print n }' "$1"
}

count=0
for map in "$MAPS"/*.txt; do
    name=$(basename "$map" .txt)
    count=$((count + 1))
    played "$name" --map "$map" --games 1 --seed 7 || continue
    played "${name}_strict" --map "$map" --games 1 --seed 9 --strict-tail --start-length 3
    # won means every floor cell is snake: the report's cells are the map's floor.
    cells=$(floor_cells "$map")
    grep -q "avg_length [0-9.]*/$cells," "$TMP/$name.out" ||
        fail "$name: the summary does not count $cells floor cells: $(tail -1 "$TMP/$name.out")"
    "$WS" snake --headless --map "$map" --games 1 --seed 7 --json >"$TMP/$name.json" ||
        fail "$name: --json exit $?"
    grep -q "\"cells\":$cells," "$TMP/$name.json" || fail "$name: JSON cells is not $cells"
    grep -q '^walls [1-9]' "$TMP/$name.trace" || fail "$name: the trace has no walls line"
done
[ "$count" -ge 4 ] || fail "expected at least 4 shipped maps, found $count"

# Random walled boards: sides 5..14, about one wall cell in six, both tail rules.
boards=0
for seed in $(seq 1 14); do
    awk -v seed="$seed" 'BEGIN { srand(seed); w = 5 + int(rand() * 10); h = 5 + int(rand() * 10)
        for (y = 0; y < h; y++) { row = ""; for (x = 0; x < w; x++) row = row (rand() < 0.16 ? "#" : "."); print row } }' \
        >"$TMP/rand$seed.txt"
    tail=()
    [ $((seed % 2)) -eq 0 ] && tail=(--strict-tail)
    if ! "$WS" snake --headless --map "$TMP/rand$seed.txt" --games 1 --start-length 3 --seed "$seed" \
        "${tail[@]}" --trace "$TMP/rand$seed.trace" >"$TMP/rand$seed.out" 2>"$TMP/rand$seed.err"; then
        # A board may leave no room for the start snake: that is the one refusal allowed.
        grep -q 'no room for a start snake of length 3' "$TMP/rand$seed.err" ||
            fail "rand$seed: refused: $(cat "$TMP/rand$seed.err")"
        continue
    fi
    "$REPLAY" "$TMP/rand$seed.trace" >/dev/null 2>"$TMP/rand$seed.rerr" ||
        fail "rand$seed: ws_replay rejects the trace: $(cat "$TMP/rand$seed.rerr")"
    "$WS" replay "$TMP/rand$seed.trace" --headless >/dev/null 2>"$TMP/rand$seed.cerr" ||
        fail "rand$seed: replay --headless rejects the trace: $(cat "$TMP/rand$seed.cerr")"
    boards=$((boards + 1))
done
[ "$boards" -ge 8 ] || fail "only $boards random walled boards were played"

# Block walls that leave a free block hanging above the start row (the start
# body, length 4 by default, lies on no cycle): hamilton and perfect open the
# game with a way onto one and win it (docs/perfect.md, "A start on no cycle").
printf '%s\n' '####..######' '####..######' '####....####' '####....####' \
    '............' '............' '............' '............' >"$TMP/opening.txt"
for policy in perfect hamilton; do
    for tail in free strict; do
        args=(--map "$TMP/opening.txt" --policy "$policy" --games 5 --seed 3)
        [ "$tail" = strict ] && args+=(--strict-tail)
        played "opening_${policy}_$tail" "${args[@]}" || continue
        grep -q 'summary: games 5, won 5, dead 0, stalled 0' "$TMP/opening_${policy}_$tail.out" ||
            fail "opening $policy $tail: $(tail -1 "$TMP/opening_${policy}_$tail.out")"
    done
done

# The benchmark plays maps too: a row per policy and map, or the policy's refusal.
"$WS" bench snake --map "$MAPS/rooms.txt" --policy greedy --policy perfect --games 1 >"$TMP/bench.out" 2>"$TMP/bench.err" ||
    fail "bench --map: exit $?: $(cat "$TMP/bench.err")"
grep -qE '^greedy +rooms.txt +1 +[01] +[01] +[01] ' "$TMP/bench.out" || fail "bench --map greedy row: $(cat "$TMP/bench.out")"
grep -qE '^perfect +rooms.txt +(1 |refused: .*walls)' "$TMP/bench.out" || fail "bench --map perfect row: $(cat "$TMP/bench.out")"
printf '.\n.\n' >"$TMP/bench_thin.txt"
expect_usage_error 'bench_thin.txt:2: the map is 1x2' "$WS" bench snake --map "$TMP/bench_thin.txt"

# Bad map files: exit 2, one line naming the file and, where one is to blame, its line.
printf '....\n..\x01.\n' >"$TMP/binary.txt"
expect_usage_error 'binary.txt:2: byte 0x01' "$WS" snake --headless --map "$TMP/binary.txt"
awk 'BEGIN { for (i = 0; i < 300; i++) printf "."; print "" }' >"$TMP/wide.txt"
printf '....\n' >>"$TMP/wide.txt"
expect_usage_error 'wide.txt:1: .*256' "$WS" snake --headless --map "$TMP/wide.txt"
awk 'BEGIN { for (i = 0; i < 260; i++) print "...." }' >"$TMP/tall.txt"
expect_usage_error 'tall.txt:257: .*256' "$WS" snake --headless --map "$TMP/tall.txt"
printf '.\n.\n.\n' >"$TMP/thin.txt"
expect_usage_error 'thin.txt:3: the map is 1x3' "$WS" snake --headless --map "$TMP/thin.txt"
printf '..#...\n...#..\n.#..#.\n' >"$TMP/full.txt"
expect_usage_error 'full.txt: no room for a start snake of length 4' "$WS" snake --headless --map "$TMP/full.txt"
: >"$TMP/empty.txt"
expect_usage_error 'empty' "$WS" snake --headless --map "$TMP/empty.txt"
expect_usage_error 'missing.txt' "$WS" snake --headless --map "$TMP/missing.txt"
expect_usage_error 'map and --size' "$WS" snake --headless --map "$MAPS/rooms.txt" --size 8x8
expect_usage_error 'map and --size' "$WS" snake --headless --size 8x8 --map "$MAPS/rooms.txt"
# The cycle policies refuse a board that is not whole 2x2 wall blocks, with the reason.
expect_usage_error 'perfect' "$WS" snake --headless --policy perfect --map "$TMP/rand1.txt"
finish
