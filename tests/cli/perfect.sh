#!/usr/bin/env bash
# The hamilton and perfect policies: every game won on both tail rules, the
# traces replay under the independent checker, odd x odd boards are refused,
# and `bench snake` writes its Markdown table and chart.
WS=$1 DATA=$2 REPLAY=$3
source "$(dirname "$0")/lib.sh"

play() { # name, games, wavesnake args...
    local name=$1 games=$2
    shift 2
    "$WS" snake --headless --games "$games" --seed 1 "$@" --trace "$TMP/$name.trace" \
        >"$TMP/$name.out" 2>"$TMP/$name.err" || fail "$name: exit $?"
    "$REPLAY" "$TMP/$name.trace" >/dev/null || fail "$name: the trace does not replay"
    local won
    won=$(grep -c '^end won ' "$TMP/$name.trace")
    [ "$won" -eq "$games" ] || fail "$name: won $won of $games games"
    grep -q "^summary: games $games, won $games, dead 0, stalled 0," "$TMP/$name.out" ||
        fail "$name: summary $(tail -1 "$TMP/$name.out")"
}
play perfect6 50 --policy perfect --size 6x6
play perfect6_strict 30 --policy perfect --size 6x6 --strict-tail --start-length 2
play perfect_odd_side 20 --policy perfect --size 6x5 --start-length 3
play perfect_odd_side_strict 20 --policy perfect --size 5x4 --strict-tail
play perfect_thin 20 --policy perfect --size 2x7 --start-length 1
play hamilton4 20 --policy hamilton --size 4x4
play hamilton4_strict 20 --policy hamilton --size 4x6 --strict-tail --start-length 4
sed -n 2p "$TMP/perfect6.trace" | grep -qx 'game 0 size 6 6 seed 1 policy perfect tail free' ||
    fail "game line: $(sed -n 2p "$TMP/perfect6.trace")"

# perfect keeps state between decisions (its plan): results must still not
# depend on how games are spread over threads.
for j in 1 2; do
    "$WS" snake --headless --policy perfect --size 8x6 --games 12 --seed 3 --jobs $j --json |
        grep -v summary | sed 's/,"decision_us_mean":[0-9.]*//' >"$TMP/jobs$j.json"
done
cmp -s "$TMP/jobs1.json" "$TMP/jobs2.json" || fail "perfect: --jobs 2 changed the games"
[ "$(grep -c '"outcome":"won"' "$TMP/jobs1.json")" -eq 12 ] || fail "perfect 8x6: not all won"

# Both sides odd: no Hamiltonian cycle, one clear line, exit 2.
expect_usage_error 'no Hamiltonian cycle' "$WS" snake --headless --policy perfect --size 5x5
expect_usage_error 'no Hamiltonian cycle' "$WS" snake --headless --policy hamilton --size 7x3
expect_usage_error 'no Hamiltonian cycle' "$WS" bench snake --boards 3x3 --policy perfect --start-length 2
expect_usage_error 'boards' "$WS" bench snake --boards 8y8
expect_usage_error 'policy' "$WS" bench snake --policy fastest
expect_status 0 "$WS" snake --headless --policy greedy --size 5x5 --seed 1

# The benchmark table, as text and Markdown, and its chart.
"$WS" bench snake --boards 4x4,6x4 --games 3 --policy perfect --policy hamilton \
    --markdown "$TMP/results.md" --chart "$TMP/chart.png" >"$TMP/bench.out" 2>"$TMP/bench.err"
status=$?
if [ "$status" -ne 0 ] && grep -q 'no SDL' "$TMP/bench.err"; then
    echo "no SDL in this build: chart not checked"
    "$WS" bench snake --boards 4x4,6x4 --games 3 --policy perfect --policy hamilton \
        --markdown "$TMP/results.md" >"$TMP/bench.out" || fail "bench: exit $?"
else
    [ "$status" -eq 0 ] || fail "bench: exit $status: $(cat "$TMP/bench.err")"
    head -c 8 "$TMP/chart.png" | od -An -tx1 | tr -d ' \n' | grep -qx '89504e470d0a1a0a' ||
        fail "chart.png is not a PNG"
    grep -q '!\[.*\](chart.png)' "$TMP/results.md" || fail "results.md does not show the chart"
fi
grep -qE '^perfect +4x4 +3 +3 ' "$TMP/bench.out" || fail "bench row: $(cat "$TMP/bench.out")"
grep -qE '^hamilton +6x4 +3 +3 ' "$TMP/bench.out" || fail "bench row: $(cat "$TMP/bench.out")"
grep -qE '^\| perfect \| 6x4 \| 3 \| 3 \| 0 \| 0 \| 24.00 / 24 \|' "$TMP/results.md" ||
    fail "markdown row: $(grep perfect "$TMP/results.md")"
# Boards with walls: whole 2x2 wall blocks are played and won under both tail
# rules (the traces replay), other walls are refused with the reason.
MAPS="$(dirname "$0")/../../assets/maps/snake"
play perfect_maze_strict 1 --policy perfect --map "$MAPS/maze.txt" --start-length 2 --strict-tail
play perfect_pillars 1 --policy perfect --map "$MAPS/pillars.txt"
play perfect_rooms_strict 1 --policy perfect --map "$MAPS/rooms.txt" --strict-tail
play hamilton_rooms 1 --policy hamilton --map "$MAPS/rooms.txt"
expect_usage_error 'perfect policy cannot play this board: walls must be whole 2x2 blocks' \
    "$WS" snake --headless --policy perfect --map "$MAPS/spiral.txt"
expect_usage_error 'hamilton policy cannot play this board' \
    "$WS" snake --headless --policy hamilton --map "$MAPS/spiral.txt"
printf '..##..\n..##..\n..##..\n..##..\n' >"$TMP/cut.txt"
expect_usage_error 'in parts' "$WS" snake --headless --policy perfect --map "$TMP/cut.txt" --start-length 2

# A hand-written part after the marker survives the next generation.
printf '\n<!-- written by hand below: bench --markdown keeps it -->\nhand-made row 42\n' \
    >>"$TMP/results.md"
"$WS" bench snake --boards 4x4 --games 2 --policy hamilton --markdown "$TMP/results.md" \
    >/dev/null || fail "bench again: exit $?"
grep -q '^hand-made row 42$' "$TMP/results.md" || fail "the hand-written part is gone"
[ "$(grep -c '^# Snake benchmark results' "$TMP/results.md")" -eq 1 ] ||
    fail "the table is not written once: $(cat "$TMP/results.md")"
grep -qE '^\| perfect \|' "$TMP/results.md" && fail "the old table was kept"
finish
