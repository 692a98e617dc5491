#!/usr/bin/env bash
# Shards and merge: the games of `--shard K/N` runs, merged by `wavesnake
# merge` from JSON lines or traces (in any order and mix), give exactly the
# summary of one run, byte for byte but for the measurements (decision
# times, wall time, jobs), which are masked; the shards' traces replay; bad
# input is one line and exit 2.
WS=$1 DATA=$2 REPLAY=$3
source "$(dirname "$0")/lib.sh"

# The measurements differ from run to run; everything else must not.
mask() {
    sed -E -e 's/(decision_us_mean|decision_us_p99|wall_s)([": ]+)[0-9.]+/\1\2X/g' \
        -e 's/"jobs":[0-9]+/"jobs":X/'
}

check() { # name, games, wavesnake args... : every N in 2 3 5, JSON and traces
    local name=$1 games=$2
    shift 2
    "$WS" snake --headless --games "$games" --seed 9 "$@" >"$TMP/$name.one" ||
        fail "$name: one run, exit $?"
    "$WS" snake --headless --games "$games" --seed 9 "$@" --json >"$TMP/$name.onej" ||
        fail "$name: one JSON run, exit $?"
    tail -1 "$TMP/$name.one" | mask >"$TMP/$name.want"
    tail -1 "$TMP/$name.onej" | mask >"$TMP/$name.wantj"
    grep -qE 'steps sd [0-9.]+ min [0-9]+ median [0-9.]+ max [0-9]+$' "$TMP/$name.want" ||
        fail "$name: no steps spread in $(cat "$TMP/$name.want")"
    for n in 2 3 5; do
        local json=() traces=()
        for ((k = n - 1; k >= 0; k--)); do # reversed: the order of the files must not matter
            "$WS" snake --headless --games "$games" --seed 9 "$@" --shard "$k/$n" --json \
                --trace "$TMP/$name.$k.trace" >"$TMP/$name.$k.json" ||
                fail "$name: shard $k/$n, exit $?"
            "$REPLAY" "$TMP/$name.$k.trace" >/dev/null || fail "$name: shard $k/$n does not replay"
            json+=("$TMP/$name.$k.json")
            traces+=("$TMP/$name.$k.trace")
        done
        local shard_games
        shard_games=$(grep -c '"game":' "${json[@]}" | awk -F: '{s += $NF} END {print s}')
        [ "$shard_games" -eq "$games" ] || fail "$name N=$n: the shards played $shard_games games"
        "$WS" merge "${json[@]}" | mask >"$TMP/m" || fail "$name N=$n: merge JSON, exit $?"
        cmp -s "$TMP/m" "$TMP/$name.want" ||
            fail "$name N=$n JSON: $(cat "$TMP/m") vs one run $(cat "$TMP/$name.want")"
        "$WS" merge --json "${traces[@]}" | mask >"$TMP/m" || fail "$name N=$n: merge traces"
        cmp -s "$TMP/m" "$TMP/$name.wantj" ||
            fail "$name N=$n traces: $(cat "$TMP/m") vs one run $(cat "$TMP/$name.wantj")"
        # A mix: the first shard as a trace, the others as JSON lines.
        "$WS" merge "${traces[0]}" "${json[@]:1}" | mask >"$TMP/m" || fail "$name N=$n: mix"
        cmp -s "$TMP/m" "$TMP/$name.want" || fail "$name N=$n mixed: $(cat "$TMP/m")"
    done
}
check perfect8_strict 12 --policy perfect --size 8x8 --strict-tail
check greedy6 11 --policy greedy --size 6x6 --start-length 2
check hamilton4 7 --policy hamilton --size 4x6 --jobs 2
check greedy_rooms 5 --policy greedy --map "$(dirname "$0")/../../assets/maps/snake/rooms.txt"

# A shard with more shards than games plays nothing and still sums up.
"$WS" snake --headless --games 2 --seed 1 --shard 4/5 --size 4x4 >"$TMP/empty" ||
    fail "empty shard: exit $?"
grep -q '^summary: games 0, won 0,' "$TMP/empty" || fail "empty shard: $(cat "$TMP/empty")"

# A run stopped early: the finished games merge, with a note on stderr.
"$WS" snake --headless --games 6 --seed 3 --size 6x6 --json >"$TMP/part.json"
grep -v '"game":2,' "$TMP/part.json" >"$TMP/gap.json"
"$WS" merge "$TMP/gap.json" >"$TMP/out" 2>"$TMP/err" || fail "gap: exit $?"
grep -q '^summary: games 5, ' "$TMP/out" || fail "gap: $(cat "$TMP/out")"
grep -q 'missing' "$TMP/err" || fail "gap: no note on stderr"

# Bad input: one line, exit 2.
expect_usage_error 'shard' "$WS" snake --headless --shard 3/3
expect_usage_error 'shard' "$WS" snake --headless --shard x
expect_usage_error 'shard' "$WS" snake --headless --shard 1/0
expect_usage_error 'cannot read' "$WS" merge "$TMP/nonexistent"
expect_usage_error 'twice' "$WS" merge "$TMP/part.json" "$TMP/part.json"
printf 'hello\n' >"$TMP/bad"
expect_usage_error 'bad:1:' "$WS" merge "$TMP/bad"
head -c 300 "$TMP/perfect8_strict.0.trace" >"$TMP/cut.trace"
expect_usage_error 'ends inside game' "$WS" merge "$TMP/cut.trace"
"$WS" snake --headless --games 2 --seed 1 --size 6x6 --json >"$TMP/other.json"
expect_usage_error 'another run' "$WS" merge "$TMP/part.json" "$TMP/other.json"
expect_usage_error 'FILE' "$WS" merge
finish
