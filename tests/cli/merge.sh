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
    grep -qE 'steps sd [0-9.]+ min [0-9]+ median [0-9.]+ max [0-9]+, games_total' "$TMP/$name.want" ||
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

# A run stopped early (no summary line): the finished games merge, with a note on stderr.
"$WS" snake --headless --games 6 --seed 3 --size 6x6 --json >"$TMP/part.json"
grep -v '"game":2,' "$TMP/part.json" | grep -v '"summary":true' >"$TMP/gap.json"
# the board's identity, from a finished shard that played no game (its summary alone)
"$WS" snake --headless --games 6 --seed 3 --size 6x6 --json --shard 6/7 >"$TMP/gapid.json"
"$WS" merge "$TMP/gap.json" "$TMP/gapid.json" >"$TMP/out" 2>"$TMP/err" || fail "gap: exit $?"
grep -q '^summary: games 5, ' "$TMP/out" || fail "gap: $(cat "$TMP/out")"
grep -q 'missing' "$TMP/err" || fail "gap: no note on stderr"

# Bad input: one line, exit 2.
expect_usage_error 'shard' "$WS" snake --headless --shard 3/3
expect_usage_error 'shard' "$WS" snake --headless --shard x
expect_usage_error 'shard' "$WS" snake --headless --shard 1/0
expect_usage_error 'cannot (read|open)' "$WS" merge "$TMP/nonexistent"
expect_usage_error 'both shard 0/1|game 0 is in' "$WS" merge "$TMP/part.json" "$TMP/part.json"
printf 'hello\n' >"$TMP/bad"
expect_usage_error 'bad:1:' "$WS" merge "$TMP/bad"
head -c 300 "$TMP/perfect8_strict.0.trace" >"$TMP/cut.trace"
expect_usage_error 'ends inside game' "$WS" merge "$TMP/cut.trace"
"$WS" snake --headless --games 2 --seed 1 --size 6x6 --json >"$TMP/other.json"
expect_usage_error 'not one run: seed 3 vs 1' "$WS" merge "$TMP/part.json" "$TMP/other.json"
expect_usage_error 'FILE' "$WS" merge

# ---- One identity per run (issue 24): each of these failed on the main it started from.
# shards NAME N ARGS...: the JSON lines of the N shards of one run, $TMP/NAME.K.json.
shards() {
    local name=$1 n=$2
    shift 2
    for ((k = 0; k < n; k++)); do
        "$WS" snake --headless --seed 5 --json --shard "$k/$n" "$@" >"$TMP/$name.$k.json" ||
            fail "$name: shard $k/$n, exit $?"
    done
}
shards sl4 2 --games 6 --size 6x6
shards sl2 2 --games 6 --size 6x6 --start-length 2
expect_usage_error "sl4.0.json' and '.*sl2.1.json' are not one run: start_length 4 vs 2" \
    "$WS" merge "$TMP/sl4.0.json" "$TMP/sl2.1.json"
# Two maps of one size and wall count, other walls.
printf '......\n.#....\n......\n......\n....#.\n......\n' >"$TMP/mapa.txt"
printf '......\n....#.\n......\n......\n.#....\n......\n' >"$TMP/mapb.txt"
shards ma 2 --games 4 --map "$TMP/mapa.txt"
shards mb 2 --games 4 --map "$TMP/mapb.txt"
expect_usage_error "not one run: walls 2 \\(hash" "$WS" merge "$TMP/ma.0.json" "$TMP/mb.1.json"
"$WS" snake --headless --seed 5 --games 4 --shard 1/2 --map "$TMP/mapb.txt" \
    --trace "$TMP/mb.1.trace" >/dev/null
expect_usage_error "not one run: walls" "$WS" merge "$TMP/ma.0.json" "$TMP/mb.1.trace"
"$WS" merge "$TMP/ma.0.json" "$TMP/ma.1.json" >/dev/null || fail "one map's shards do not merge"
# Other --games, other versions, a shard missing, a shard twice.
shards g8 2 --games 8 --size 6x6
expect_usage_error "not one run: games_total 6 vs 8" "$WS" merge "$TMP/sl4.0.json" "$TMP/g8.1.json"
sed 's/"version":"[^"]*"/"version":"0.0.1"/' "$TMP/sl4.1.json" >"$TMP/v.json"
expect_usage_error "not one run: version" "$WS" merge "$TMP/sl4.0.json" "$TMP/v.json"
shards three 3 --games 7 --size 6x6
expect_usage_error "2 of the run's 7 games are missing \\(first: game 1, shard 1/3\\)" \
    "$WS" merge "$TMP/three.0.json" "$TMP/three.2.json"
expect_usage_error "both shard 0/3" "$WS" merge "$TMP/three.0.json" "$TMP/three.0.json" "$TMP/three.1.json"
"$WS" merge "$TMP/three.0.json" "$TMP/three.1.json" "$TMP/three.2.json" >/dev/null ||
    fail "three shards do not merge"
# Impossible numbers.
g1='{"game":1,"seed":6,"outcome":"dead","length":5,"cells":36,"steps":40,"decision_us_mean":1.000}'
sum=$(grep '"summary":true' "$TMP/sl4.1.json")
# (A snake grows a cell a step at most, from the start length 4: length 5
# needs a step; and the step that fills the 36 cells wins the game.)
for bad in '"steps":-5' '"length":1000' '"steps":9223372036854775807' '"length":0' \
    '"outcome":"won"' '"decision_us_mean":-1' '"cells":35' '"steps":0' '"length":36'; do
    key=${bad%%:*}
    printf '%s\n' "$g1" | sed "s/$key:[^,}]*/$bad/" >"$TMP/imp.json"
    expect_usage_error 'impossible|not a snake game' "$WS" merge "$TMP/imp.json" "$TMP/sl4.0.json"
done
for bad in '"wall_s":-1.5' '"size":"4294967302x6"' '"jobs":4294967297' '"decision_us_p99":nan' \
    '"seed":-3' '"policy":"gr\u001b[31m"' '"tail":"loose"'; do
    key=${bad%%:*}
    sed "/summary/s/$key:[^,}]*/$bad/" "$TMP/sl4.1.json" >"$TMP/imp.json"
    expect_usage_error 'summary object|not one run' "$WS" merge "$TMP/sl4.0.json" "$TMP/imp.json"
done
printf 'gr\x1b[31mx' >"$TMP/esc"
sed "s/\"policy\":\"greedy\"/\"policy\":\"$(cat "$TMP/esc")\"/" "$TMP/sl4.1.json" >"$TMP/imp.json"
expect_usage_error 'summary object|binary' "$WS" merge "$TMP/sl4.0.json" "$TMP/imp.json"
LC_ALL=C grep -q '[^[:print:]]' "$TMP/err" && fail "merge printed a raw byte of a shard"
# A summary-only shard carries its seed: one of another run's seed is refused,
# first or last.
shards five 5 --games 2 --size 6x6
"$WS" snake --headless --games 2 --seed 6 --size 6x6 --shard 4/5 --json >"$TMP/empty6.json"
expect_usage_error "not one run: seed 5 vs 6" "$WS" merge "$TMP/five."[0-3].json "$TMP/empty6.json"
expect_usage_error "not one run: seed 6 vs 5" "$WS" merge "$TMP/empty6.json" "$TMP/five."[0-3].json
# An empty shard alone (no game to sort: qsort on NULL under UBSan before):
# the run's games are missing.
expect_usage_error "2 of the run's 2 games are missing" "$WS" merge "$TMP/five.4.json"
"$WS" merge "$TMP/five."[0-4].json >"$TMP/out" || fail "five shards, three empty: exit $?"
grep -q '^summary: games 2, .*seed 5,' "$TMP/out" || fail "five shards: $(cat "$TMP/out")"
# Seeds of 2^63 and more, CRLF and blank lines (as replay --headless reads them).
"$WS" snake --headless --games 3 --seed 18446744073709551610 --size 6x6 --json \
    >"$TMP/big.json" || fail "a big seed: exit $?"
"$WS" merge "$TMP/big.json" >"$TMP/out" || fail "a seed >= 2^63 does not merge"
grep -q 'seed 18446744073709551610,' "$TMP/out" || fail "big seed: $(cat "$TMP/out")"
"$WS" snake --headless --games 3 --seed 5 --size 6x6 --trace "$TMP/crlf.trace" >"$TMP/crlf.one"
sed 's/$/\r/' "$TMP/crlf.trace" | sed 's/^end .*/&\n/' >"$TMP/crlf2.trace"
"$REPLAY" "$TMP/crlf2.trace" >/dev/null 2>&1 || true
"$WS" replay "$TMP/crlf2.trace" --headless >/dev/null || fail "replay refuses the CRLF trace"
"$WS" merge "$TMP/crlf2.trace" >"$TMP/out" || fail "merge refuses a CRLF trace with blank lines"
sed 's/\r$//' "$TMP/sl4.0.json" | sed 's/$/\r/' | sed 's/^{"game":0,.*/&\n/' >"$TMP/crlf.json"
"$WS" merge "$TMP/crlf.json" "$TMP/sl4.1.json" >/dev/null || fail "merge refuses CRLF JSON lines"
# No line without an end: /dev/zero is refused at once, with bounded memory.
timeout 20 "$WS" merge /dev/zero >"$TMP/out" 2>"$TMP/err"
[ $? -eq 2 ] || fail "merge /dev/zero: exit status not 2: $(cat "$TMP/err")"
head -c 3000000 /dev/zero | tr '\0' '{' >"$TMP/long.json"
expect_usage_error 'longer than' timeout 20 "$WS" merge "$TMP/long.json"

# ---- Sums and numbers no run makes (issue 32): one line, exit 2 -----------------
# Two shards whose wall_s add up to infinity (the merge would print inf,
# which merge itself then refuses), and game numbers beyond any run (a
# signed overflow under UBSan before).
for k in 0 1; do
    "$WS" snake --headless --games 4 --seed 1 --size 4x4 --json --shard $k/2 |
        sed 's/"wall_s":[0-9.]*/"wall_s":1e308/' >"$TMP/inf$k.json"
done
expect_usage_error "wall_s add up beyond" "$WS" merge "$TMP/inf0.json" "$TMP/inf1.json"
"$WS" snake --headless --games 1 --seed 1 --size 4x4 --json >"$TMP/one.json"
sed 's/^{"game":0,"seed":1,/{"game":9223372036854775807,"seed":0,/' "$TMP/one.json" >"$TMP/huge.json"
expect_usage_error "huge.json:1: a game number beyond" "$WS" merge "$TMP/huge.json"
"$WS" snake --headless --games 1 --seed 1 --size 4x4 --trace "$TMP/one.trace" >/dev/null
sed 's/^game 0 /game 9223372036854775807 /' "$TMP/one.trace" >"$TMP/huge.trace"
expect_usage_error "a game number beyond" "$WS" merge "$TMP/huge.trace"

# A killed shard of a run cut in 10^8 shards: the note names the shards
# below the last game that no file holds (1 here), not the 10^8 - 3 above
# it, and at most 8 of them (it used to loop over every shard the run names).
for k in 0 2; do
    "$WS" snake --headless --games 3 --size 4x4 --seed 1 --shard $k/100000000 --json \
        >"$TMP/big$k.json" || fail "--shard $k/100000000: exit $?"
done
grep -v '"summary"' "$TMP/big0.json" >"$TMP/big0cut.json"
"$WS" merge "$TMP/big0cut.json" "$TMP/big2.json" >/dev/null 2>"$TMP/big.err" ||
    fail "merge of a killed shard of 10^8: exit $?"
grep -q "no file holds shard 1/100000000\$" "$TMP/big.err" ||
    fail "merge of a killed shard of 10^8: $(head -c 400 "$TMP/big.err")"

# Two lines of one file that are not one run name that file once (it was
# "'x.json' and 'x.json' are not one run"): game 1 with the seed of game 0.
printf '%s\n' '{"game":0,"seed":5,"outcome":"won","length":16,"cells":16,"steps":60,"decision_us_mean":1.0}' \
    '{"game":1,"seed":5,"outcome":"won","length":16,"cells":16,"steps":60,"decision_us_mean":1.0}' \
    >"$TMP/selfish.json"
expect_usage_error "^wavesnake: merge: '.*selfish.json' holds more than one run: seed 5 vs 4 \\(game i of a run plays its seed \\+ i\\)\$" \
    "$WS" merge "$TMP/selfish.json"

finish
