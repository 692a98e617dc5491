#!/usr/bin/env bash
# `wavesnake match` (docs/match.md): every player on the same seeds. Bad
# input is one line and exit 2; each player's games are exactly a single
# run's with those seeds (snake and sea); --jobs 2 prints what --jobs 1 does;
# the tables' counts and means agree with the game lines (recounted here with
# awk); --sprt stops at the first game whose LLR crosses a bound, the same
# game with any --jobs; traces per player equal single runs' traces and
# replay; the plot draws every player; engines of one name are told apart;
# a forfeit loses its seed; Ctrl-C prints the result so far.
# Usage: match.sh WAVESNAKE_BIN DATA_DIR REPLAY_BIN ENGINES_DIR EXAMPLES_DIR
set -u
WS=$1
DATA=$2
REPLAY=$3
ENGINES=$4
EXAMPLES=$5
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || { echo "python3 is missing: skipped"; exit 77; }
FLAKY=$ENGINES/flaky.py

# ---- bad input: one line, exit 2 ---------------------------------------------------
expect_usage_error "missing PLAYER" "$WS" match greedy
expect_usage_error "missing PLAYER PLAYER" "$WS" match
expect_usage_error "match: unknown policy 'fast'" "$WS" match greedy fast
expect_usage_error "match: unknown hunter 'greedy'" "$WS" match sea sampler greedy
expect_usage_error "at most 8 players" "$WS" match greedy greedy greedy greedy greedy greedy greedy greedy greedy
expect_usage_error "elo0 \(5\) must be less than elo1 \(0\)" "$WS" match greedy hamilton --sprt 5,0
expect_usage_error "not elo0,elo1" "$WS" match greedy hamilton --sprt 5
expect_usage_error "not elo0,elo1" "$WS" match greedy hamilton --sprt x,5
expect_usage_error "within -1000..1000" "$WS" match greedy hamilton --sprt 0,5000
expect_usage_error "name two players, not 3" "$WS" match greedy hamilton perfect --sprt 0,5
expect_usage_error "--alpha goes with --sprt" "$WS" match greedy hamilton --alpha 0.1
expect_usage_error "not a probability" "$WS" match greedy hamilton --sprt 0,5 --beta 1
expect_usage_error "must be less than 1" "$WS" match greedy hamilton --sprt 0,5 --alpha 0.6 --beta 0.5
expect_usage_error "--plot x.png: the plot is an SVG" "$WS" match greedy hamilton --plot x.png
expect_usage_error "does not apply to match sea" "$WS" match sea sampler source --size 8x8
expect_usage_error "does not apply to match" "$WS" match greedy hamilton --placement edges
expect_usage_error "hamilton.*(even|odd)" "$WS" match greedy hamilton --size 5x5
expect_usage_error "engine: needs a command" "$WS" match greedy engine:
# (a match has no --policy: the line names what a match takes)
expect_usage_error "^wavesnake: --engine-timeout goes with an engine: a player engine:CMD$" \
    "$WS" match greedy hamilton --engine-timeout 500
expect_usage_error "never said ready|cannot be started|exited" "$WS" match greedy "engine:$ENGINES/bad.py exit" --games 1
expect_usage_error "expected two policies.*'wavesnake match" "$WS" snake --race "greedy,engine:$FLAKY snake 9,perfect" --headless

# ---- each player's games are a single run's ------------------------------------------
"$WS" match greedy hamilton --size 8x8 --games 6 --seed 40 >"$TMP/m.txt" 2>"$TMP/m.err" ||
    fail "match: exit $?: $(cat "$TMP/m.err")"
[ "$(grep -c '^game ' "$TMP/m.txt")" -eq 6 ] || fail "expected 6 game lines: $(cat "$TMP/m.txt")"
for p in greedy hamilton; do
    "$WS" snake --policy $p --headless --games 6 --seed 40 --size 8x8 >"$TMP/$p.txt" 2>/dev/null ||
        fail "single $p run failed"
    sed -E 's/^game ([0-9]+) seed ([0-9]+): ([a-z]+), length ([0-9]+)\/[0-9]+, steps ([0-9]+),.*/\1 \2 \3 \4 \5/;t;d' \
        "$TMP/$p.txt" >"$TMP/$p.want"
    sed -E "s/^game ([0-9]+) seed ([0-9]+):.* $p ([a-z]+) length ([0-9]+) steps ([0-9]+).*/\\1 \\2 \\3 \\4 \\5/;t;d" \
        "$TMP/m.txt" >"$TMP/$p.got"
    cmp -s "$TMP/$p.want" "$TMP/$p.got" ||
        fail "the match's $p games differ from a single run: $(diff "$TMP/$p.want" "$TMP/$p.got" | head -4)"
done
"$WS" match sea sampler source --games 5 --seed 9 >"$TMP/sea.txt" 2>/dev/null || fail "sea match failed"
for h in sampler source; do
    "$WS" sea --hunter $h --headless --games 5 --seed 9 >"$TMP/$h.txt" 2>/dev/null || fail "sea $h failed"
    want=$(sed -E 's/^game ([0-9]+) seed [0-9]+: ([0-9]+) shots$/\1 \2/;t;d' "$TMP/$h.txt")
    got=$(sed -E "s/^game ([0-9]+) seed [0-9]+:.* $h sunk shots ([0-9]+).*/\\1 \\2/;t;d" "$TMP/sea.txt")
    [ -n "$want" ] && [ "$want" = "$got" ] || fail "the sea match's $h games differ: '$got' vs '$want'"
done

# ---- --jobs 2 prints what --jobs 1 does ------------------------------------------------
# (but the measurements: decision times and wall_s)
measure() { sed -E 's/"(decision_us[_0-9]*|wall_s)":[0-9.]+//g; s/"jobs":[0-9]+//'; }
for jobs in 1 2; do
    "$WS" match greedy hamilton perfect --size 6x6 --games 12 --seed 3 --json --jobs $jobs \
        >"$TMP/j$jobs.json" 2>/dev/null || fail "--jobs $jobs: exit $?"
done
cmp -s <(measure <"$TMP/j1.json") <(measure <"$TMP/j2.json") || fail "--jobs 1 and 2 print different matches"

# ---- the tables agree with the game lines ---------------------------------------------
# Recount every pair from the JSON game lines with the rule of docs/match.md
# (forfeit loses; a win beats any other end; two wins: fewer steps; else the
# longer snake, then fewer steps) and the paired difference over seeds both won.
recount() { # JSON -> "a b better worse ties both diff_sum" per pair
    awk -v players="$2" '
    function num(key,   m) { return match($0, "\"" key "\":[-0-9]+") ? substr($0, RSTART + length(key) + 3, RLENGTH - length(key) - 3) + 0 : -1 }
    function word(key,   m) { return match($0, "\"" key "\":\"[a-z]+\"") ? substr($0, RSTART + length(key) + 4, RLENGTH - length(key) - 5) : "" }
    function cmp(a, b) {
        if (e[a] == "forfeit" || e[b] == "forfeit") return (e[a] == e[b]) ? 0 : (e[a] == "forfeit" ? -1 : 1)
        if ((e[a] == "won") != (e[b] == "won")) return e[a] == "won" ? 1 : -1
        if (e[a] != "won" && len[a] != len[b]) return len[a] > len[b] ? 1 : -1
        if (st[a] != st[b]) return st[a] < st[b] ? 1 : -1
        return 0
    }
    /"match":"game"/ {
        for (k = 0; k < players; k++) { e[k] = word("end_" k); len[k] = num("length_" k); st[k] = num("steps_" k) }
        for (a = 0; a < players; a++) for (b = a + 1; b < players; b++) {
            c = cmp(a, b); key = a " " b
            if (c > 0) bt[key]++; else if (c < 0) wr[key]++; else ti[key]++
            if (e[a] == "won" && e[b] == "won") { both[key]++; ds[key] += st[a] - st[b] }
        }
    }
    END { for (a = 0; a < players; a++) for (b = a + 1; b < players; b++) { key = a " " b
        printf "%d %d %d %d %d %d %d\n", a, b, bt[key], wr[key], ti[key], both[key], ds[key] } }' "$1"
}
recount "$TMP/j1.json" 3 >"$TMP/pairs.want"
sed -E 's/.*"match":"pair","a":([0-9]+),"b":([0-9]+),"games":[0-9]+,"better":([0-9]+),"worse":([0-9]+),"ties":([0-9]+),.*"both":([0-9]+),"diff_mean":([-0-9.]+|null).*/\1 \2 \3 \4 \5 \6 \7/;t;d' \
    "$TMP/j1.json" | awk '{ printf "%d %d %d %d %d %d %d\n", $1, $2, $3, $4, $5, $6, ($7 == "null" ? 0 : $7 * $6 + ($7 * $6 < 0 ? -0.5 : 0.5)) }' \
    >"$TMP/pairs.got"
cmp -s "$TMP/pairs.want" "$TMP/pairs.got" ||
    fail "the pair table disagrees with the game lines: $(diff "$TMP/pairs.want" "$TMP/pairs.got")"
[ "$(wc -l <"$TMP/pairs.got")" -eq 3 ] || fail "three players: expected 3 pairs"
grep -q '"match":"summary","kind":"snake","players":3,"name_0":"greedy","name_1":"hamilton","name_2":"perfect","games":12,"games_total":12,' \
    "$TMP/j1.json" || fail "summary object: $(tail -1 "$TMP/j1.json")"
"$WS" match greedy hamilton perfect --size 6x6 --games 12 --seed 3 >"$TMP/rr.txt" 2>/dev/null
grep -q '^round robin' "$TMP/rr.txt" || fail "three players: no round robin table"
[ "$(grep -cE '^ +[123]  (greedy|hamilton|perfect) ' "$TMP/rr.txt")" -eq 6 ] ||
    fail "three players: the player table and the round robin need three rows each"

# ---- --sprt: the LLR as it goes, the stop where it crosses a bound --------------------
# greedy beats hamilton on most 8x8 seeds: H1 (0 vs 50 Elo) comes early; the
# other way round H0 does. The stop is the first game whose LLR is past a
# bound (checked against the game lines' LLR), at the same game with --jobs 2.
for order in "greedy hamilton h1" "hamilton greedy h0"; do
    set -- $order
    for jobs in 1 2; do
        "$WS" match $1 $2 --size 8x8 --games 400 --seed 1 --sprt 0,50 --json --jobs $jobs \
            >"$TMP/s$jobs.json" 2>/dev/null || fail "sprt $1 $2: exit $?"
    done
    grep -q "\"stop\":\"$3\"" "$TMP/s1.json" || fail "sprt $1 $2: expected $3: $(tail -1 "$TMP/s1.json")"
    cmp -s <(measure <"$TMP/s1.json") <(measure <"$TMP/s2.json") || fail "sprt $1 $2: --jobs 2 stops elsewhere"
    awk '/"match":"game"/ { n++; match($0, /"llr":[-0-9.]+/); llr = substr($0, RSTART + 6, RLENGTH - 6) + 0
             if (prev_out) bad = 1; prev_out = (llr >= 2.9444 || llr <= -2.9444) }
         /"match":"summary"/ { match($0, /"games":[0-9]+/); g = substr($0, RSTART + 8, RLENGTH - 8) + 0 }
         END { exit !(n == g && n < 400 && prev_out && !bad) }' "$TMP/s1.json" ||
        fail "sprt $1 $2: the match did not stop at the first game past a bound"
done
"$WS" match greedy hamilton --size 8x8 --games 400 --seed 1 --sprt 0,50 >"$TMP/s.txt" 2>/dev/null
grep -qE '^sprt: greedy - hamilton, elo0 0, elo1 50, alpha 0.05, beta 0.05: LLR [0-9.]+, bounds \(-2.944, 2.944\), .*H1 accepted after [0-9]+ games' \
    "$TMP/s.txt" || fail "sprt text: $(grep '^sprt' "$TMP/s.txt")"
grep -qE '^game 0 seed 1: .* -> [a-z]+, LLR -?[0-9.]+$' "$TMP/s.txt" || fail "sprt: no LLR on the game lines"

# ---- shards: merged, what one run prints ----------------------------------------------
# Every figure but the measurements; with --sprt too: the shards play all
# their games and merge stops where the one run stopped.
for args in "greedy hamilton perfect --size 6x6 --games 20 --seed 3" \
    "greedy hamilton --size 8x8 --games 300 --seed 1 --sprt 0,50" \
    "sea sampler source --games 12 --seed 4"; do
    for fmt in --json ""; do
        "$WS" match $args $fmt >"$TMP/one" 2>/dev/null
        files=()
        for k in 2 0 1; do
            "$WS" match $args --json --shard $k/3 >"$TMP/shard$k.json" 2>/dev/null ||
                fail "match $args --shard $k/3: exit $?"
            files+=("$TMP/shard$k.json")
        done
        "$WS" merge "${files[@]}" $fmt >"$TMP/merged" 2>"$TMP/merged.err" ||
            fail "merge of match $args: exit $?: $(cat "$TMP/merged.err")"
        mask() { grep -v -e '^game ' -e '"match":"game"' |
            sed -E 's/"(decision_us|wall_s)":[0-9.]+//g; s/"jobs":[0-9]+//; s/ [0-9.]+ s$//' |
            awk '/^rank  player/ { t = 1 } /^pair/ { t = 0 } t { $(NF - 1) = "" } { print }'; }
        cmp -s <(mask <"$TMP/one") <(mask <"$TMP/merged") ||
            fail "merged shards of match $args $fmt differ: $(diff <(mask <"$TMP/one") <(mask <"$TMP/merged") | head -6)"
    done
done
grep -q '"stop":"h1"' "$TMP/shard0.json" && fail "a shard stopped on its own games"
# A shard's text says the test is merge's, never "no decision" with its LLR
# far past a bound.
"$WS" match greedy hamilton --size 8x8 --games 300 --seed 1 --sprt 0,50 --shard 0/3 >"$TMP/shard.txt" 2>/dev/null
grep -qE "^sprt: .*: LLR [0-9.]+, bounds \(-2.944, 2.944\), .*: shard 0/3: the test is run by 'wavesnake merge' over every shard's games$" \
    "$TMP/shard.txt" || fail "a shard's sprt line: $(grep '^sprt' "$TMP/shard.txt")"
"$WS" match greedy perfect --size 8x8 --games 300 --seed 1 --sprt 0,50 --json --shard 0/3 \
    >"$TMP/other.json" 2>/dev/null
"$WS" match greedy hamilton --size 8x8 --games 300 --seed 1 --sprt 0,50 --json --shard 1/3 \
    >"$TMP/mine1.json" 2>/dev/null
"$WS" match greedy hamilton --size 8x8 --games 300 --seed 1 --sprt 0,40 --json --shard 2/3 \
    >"$TMP/bounds.json" 2>/dev/null
"$WS" match greedy hamilton --size 8x8 --games 300 --seed 1 --sprt 0,50 --json --shard 0/3 \
    >"$TMP/mine0.json" 2>/dev/null
expect_usage_error "not one run: players greedy hamilton vs greedy perfect" "$WS" merge "$TMP/mine1.json" "$TMP/other.json"
expect_usage_error "not one run: sprt" "$WS" merge "$TMP/mine1.json" "$TMP/bounds.json"
expect_usage_error "both shard 0/3" "$WS" merge "$TMP/mine0.json" "$TMP/mine0.json"
expect_usage_error "missing .*shard 2/3" "$WS" merge "$TMP/mine0.json" "$TMP/mine1.json"
# A hand-edited game the board's rules cannot give: won 8x8 in 5 steps (the
# snake grows a cell a step at most), dead at the whole floor's length (the
# step that fills it wins).
"$WS" match greedy hamilton --size 8x8 --games 300 --seed 1 --sprt 0,50 --json --shard 2/3 \
    >"$TMP/mine2.json" 2>/dev/null
"$WS" merge "$TMP/mine0.json" "$TMP/mine1.json" "$TMP/mine2.json" >/dev/null 2>&1 ||
    fail "the three shards of greedy hamilton do not merge"
for edit in 's/"steps_0":[0-9]+/"steps_0":5/' 's/"end_1":"won"/"end_1":"dead"/'; do
    sed -E "1$edit" "$TMP/mine1.json" >"$TMP/edited.json"
    expect_usage_error "game 1: .*impossible on a 8x8 board" "$WS" merge "$TMP/mine0.json" \
        "$TMP/edited.json" "$TMP/mine2.json"
done
"$WS" snake --headless --games 3 --size 8x8 --seed 1 --json >"$TMP/run.json" 2>/dev/null
expect_usage_error "kind snake match vs snake run" "$WS" merge "$TMP/mine0.json" "$TMP/run.json"
# Another number of players, another kind: one line naming both files and
# the field, from the game lines as from a summary alone (a shard past the
# last game holds no game).
"$WS" match greedy hamilton perfect --size 8x8 --games 300 --seed 1 --json --shard 1/3 \
    >"$TMP/three1.json" 2>/dev/null
"$WS" match greedy hamilton perfect --size 8x8 --games 2 --seed 1 --json --shard 2/3 \
    >"$TMP/three_none.json" 2>/dev/null
"$WS" match sea sampler source --games 300 --seed 1 --json --shard 1/3 >"$TMP/sea1.json" 2>/dev/null
expect_usage_error "'.*mine0.json' and '.*three1.json' are not one run: 2 players vs 3" \
    "$WS" merge "$TMP/mine0.json" "$TMP/three1.json"
expect_usage_error "'.*mine0.json' and '.*three_none.json' are not one run: 2 players vs 3" \
    "$WS" merge "$TMP/mine0.json" "$TMP/three_none.json"
expect_usage_error "'.*mine0.json' and '.*sea1.json' are not one run: kind snake match vs sea match" \
    "$WS" merge "$TMP/mine0.json" "$TMP/sea1.json"

# ---- traces: one per player, each a single run's ----------------------------------------
"$WS" match greedy hamilton greedy --size 8x8 --games 3 --seed 40 --trace "$TMP/t.trace" \
    >/dev/null 2>&1 || fail "match --trace failed"
for k in 1 2 3; do
    p=$([ $k = 2 ] && echo hamilton || echo greedy)
    "$WS" snake --policy $p --headless --games 3 --seed 40 --size 8x8 --trace "$TMP/single.trace" \
        >/dev/null 2>&1
    name=$([ $k = 3 ] && echo 'greedy#2' || echo $p)
    cmp -s <(sed "s/ policy $name / policy $p /" "$TMP/t.$k.trace") "$TMP/single.trace" ||
        fail "player $k's trace is not the single $p run's"
    grep -q "^game 0 size 8 8 seed 40 policy $name tail free$" "$TMP/t.$k.trace" ||
        fail "player $k's trace does not name $name"
    "$WS" replay "$TMP/t.$k.trace" --headless >/dev/null || fail "replay rejects player $k's trace"
    "$REPLAY" "$TMP/t.$k.trace" >/dev/null || fail "ws_replay rejects player $k's trace"
done

# A player's traces from the shards merge into its single run's summary,
# a shard past the last game (its trace holds the header alone) included.
for k in 0 1 2; do
    "$WS" match greedy hamilton --size 6x6 --games 2 --seed 1 --shard $k/3 \
        --trace "$TMP/sh$k.trace" >/dev/null 2>&1 || fail "match --shard $k/3 --trace: exit $?"
done
"$WS" merge "$TMP/sh0.2.trace" "$TMP/sh1.2.trace" "$TMP/sh2.2.trace" >"$TMP/shm.txt" 2>"$TMP/shm.err" ||
    fail "merge of a player's shard traces: exit $?: $(cat "$TMP/shm.err")"
grep -q '^summary: games 2, .*policy hamilton, ' "$TMP/shm.txt" ||
    fail "merge of a player's shard traces: $(cat "$TMP/shm.txt")"

# ---- the plot ----------------------------------------------------------------------------
"$WS" match greedy hamilton perfect --size 6x6 --games 20 --seed 3 --plot "$TMP/p.svg" >/dev/null 2>&1 ||
    fail "match --plot failed"
head -c 4 "$TMP/p.svg" | grep -q '<svg' || fail "the plot is not an SVG: $(head -c 60 "$TMP/p.svg")"
tail -1 "$TMP/p.svg" | grep -q '</svg>' || fail "the plot is cut"
# A histogram per player and one per pair with the first: 3 + 2 outlines.
[ "$(grep -c '<path ' "$TMP/p.svg")" -eq 5 ] || fail "the plot draws $(grep -c '<path ' "$TMP/p.svg") series, not 5"
for name in greedy hamilton perfect 'greedy - hamilton' 'greedy - perfect'; do
    grep -q ">$name (20 games)<" "$TMP/p.svg" || fail "the plot's legend lacks '$name (20 games)'"
done
# Every paired difference 0 (one player twice): the axis is labelled in
# whole steps, and its 0 stands under the mean's dashed line (a value v is
# drawn over [v, v + 1)), not 0, 0.2, ... 1 with the mean between 0.4 and 0.6.
"$WS" match greedy greedy --size 6x6 --games 4 --seed 3 --plot "$TMP/same.svg" >/dev/null 2>&1 ||
    fail "match greedy greedy --plot failed"
grep -qE 'text-anchor="middle">-?[0-9]+\.[0-9]+<' "$TMP/same.svg" &&
    fail "the plot labels its axis with fractions of a step: $(grep -oE 'text-anchor="middle">-?[0-9.]+<' "$TMP/same.svg" | head -8 | tr '\n' ' ')"
mean_x=$(sed -nE 's/^<line x1="([0-9.]+)" .*stroke-dasharray.*/\1/p' "$TMP/same.svg")
zero_x=$(sed -nE 's/.*<text x="([0-9.]+)" y="[0-9.]+" text-anchor="middle">0<\/text>$/\1/p' "$TMP/same.svg")
[ -n "$mean_x" ] && [ "$mean_x" = "$zero_x" ] ||
    fail "the mean of differences all 0 is drawn at x '$mean_x', the 0 tick at '$zero_x'"
# A plot that cannot be written is refused before a game is played, not
# after the whole match (docs/match.md#stopping-exit-status).
expect_usage_error "--plot: cannot write .*No such file" "$WS" match greedy hamilton --size 6x6 \
    --games 3 --seed 3 --plot "$TMP/no/such/folder/p.svg"
[ -s "$TMP/out" ] && fail "--plot into a missing folder: the match was played first: $(head -2 "$TMP/out")"
# No player won a game: the panels compare the final lengths instead.
"$WS" match "engine:$FLAKY snake 1000000" "engine:$FLAKY snake 3" --size 6x6 --games 6 --seed 1 \
    --plot "$TMP/len.svg" >/dev/null 2>&1
grep -q '>final length of each player' "$TMP/len.svg" || fail "no game won: the plot does not show lengths"
"$WS" --help | grep -A2 -- '--plot F.svg' | grep -q 'the final lengths' ||
    fail "--help does not say the plot shows lengths when no game was won"
[ "$(grep -c '<path ' "$TMP/len.svg")" -eq 3 ] || fail "no game won: the plot draws $(grep -c '<path ' "$TMP/len.svg") series, not 3"
# Names from an engine are text, never markup.
"$WS" match sea sampler "engine:$FLAKY sea 1000000 'a<b&c'" --games 2 --seed 1 --plot "$TMP/e.svg" \
    >"$TMP/e.txt" 2>/dev/null || fail "sea match with a named engine failed"
grep -q 'engine:a&lt;b&amp;c' "$TMP/e.svg" || fail "the engine's name is not escaped in the plot"
grep -q '<b&c' "$TMP/e.svg" && fail "raw markup from an engine's name in the plot"

# Every seed a tie (one player twice): the score is 1/2, +0 Elo, not "-0.0".
"$WS" match greedy greedy --size 6x6 --games 3 --seed 1 --sprt 0,50 >"$TMP/tie.txt" 2>/dev/null ||
    fail "greedy against greedy: exit $?"
grep -qF 'elo +0.0 [+0.0, +0.0]: no decision after 3 games' "$TMP/tie.txt" ||
    fail "all ties: $(grep '^sprt:' "$TMP/tie.txt")"

# ---- engines: one name told apart, a forfeit loses its seed -------------------------------
"$WS" match sea "engine:$FLAKY sea 1000000 twin" "engine:$FLAKY sea 2 twin" --games 4 --seed 1 \
    >"$TMP/f.txt" 2>"$TMP/f.err"
[ $? -eq 1 ] || fail "a match with forfeits: exit status is not 1"
[ "$(grep -c 'an unknown line' "$TMP/f.err")" -eq 2 ] || fail "expected two fault lines: $(cat "$TMP/f.err")"
# The fault lines name the player as the tables do: the forfeits are twin#2's.
[ "$(grep -c "^wavesnake: engine 'twin#2', game [13] tick 0: an unknown line" "$TMP/f.err")" -eq 2 ] ||
    fail "the fault lines do not name engine twin#2: $(cat "$TMP/f.err")"
grep -qE '^game 1 seed 2: engine:twin sunk shots [0-9]+ [|] engine:twin#2 forfeit shots 0 -> engine:twin$' \
    "$TMP/f.txt" || fail "the forfeit seed: $(grep '^game 1' "$TMP/f.txt")"
# The twins shoot alike: the finished seeds tie, the forfeit ones go to the first.
grep -qE '^engine:twin - engine:twin#2 +4 +2 +0 +2 ' "$TMP/f.txt" ||
    fail "pair line: $(grep '^engine:twin - ' "$TMP/f.txt")"
# Long names keep the player table's columns aligned.
"$WS" match greedy "engine:$FLAKY snake 1000000 a_very_long_engine_name_that_goes_on" --size 6x6 \
    --games 2 --seed 1 >"$TMP/long.txt" 2>/dev/null || fail "long names: exit $?"
[ "$(sed -n '/^rank  player/,/^pair/p' "$TMP/long.txt" | sed '$d' | awk '{ print length }' | sort -u | wc -l)" -eq 1 ] ||
    fail "the player table's rows differ in width: $(sed -n '/^rank/,/^pair/p' "$TMP/long.txt")"

# ---- the progress line on a terminal ------------------------------------------------------
# stdout and stderr on one terminal (script(1) gives a pseudo-terminal): a
# game line must not be written after the progress line's text, as
# '1/6 games ... ETA 0.1s\e[Kgame 1 seed 2: ...' on one screen line; the
# progress line is cleared ('\r\e[K') first. Not timing: the line is
# drawn after the first game whatever the clock says.
if command -v script >/dev/null; then
    script -qc "'$WS' match greedy hamilton --size 6x6 --games 6 --seed 1" /dev/null >"$TMP/tty.txt" 2>&1 </dev/null
    grep -q '1/6 games' "$TMP/tty.txt" || fail "no progress line on a terminal: $(head -c 300 "$TMP/tty.txt" | cat -v)"
    LC_ALL=C grep -q $'s\e\[Kgame ' "$TMP/tty.txt" &&
        fail "a game line runs on from the progress line: $(LC_ALL=C grep $'s\e\[Kgame ' "$TMP/tty.txt" | head -1 | cat -v)"
else
    echo "script(1) is missing: the terminal's progress line is not checked"
fi

# ---- Ctrl-C: the result so far -------------------------------------------------------------
"$WS" match sea sampler source --games 100000 --seed 1 --json >"$TMP/int.json" 2>"$TMP/int.err" &
pid=$!
for _ in $(seq 50); do
    [ "$(grep -c '"match":"game"' "$TMP/int.json")" -ge 3 ] && break
    sleep 0.2
done
kill -INT $pid
wait $pid
[ $? -eq 1 ] || fail "Ctrl-C: exit status is not 1"
played=$(grep -c '"match":"game"' "$TMP/int.json")
grep -qE "\"games\":$played,\"games_total\":100000,.*\"stop\":\"interrupted\"" "$TMP/int.json" ||
    fail "Ctrl-C: the summary does not count the $played games printed: $(tail -1 "$TMP/int.json")"
[ "$played" -lt 100000 ] || fail "Ctrl-C did not stop the match"
finish
