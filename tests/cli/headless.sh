#!/usr/bin/env bash
# Headless games: per-game lines, the summary fields, JSON, help and version.
WS=$1 DATA=$2
source "$(dirname "$0")/lib.sh"

"$WS" snake --headless --games 5 --size 8x8 --seed 3 >"$TMP/out" 2>"$TMP/err" || fail "headless exited $?"
[ "$(grep -c '^game ' "$TMP/out")" -eq 5 ] || fail "expected 5 game lines"
grep -qE '^summary: games 5, won [0-9]+, dead [0-9]+, stalled [0-9]+, forfeit 0, avg_length [0-9.]+/64, avg_steps [0-9.]+, decision_us_mean [0-9.]+, decision_us_p99 [0-9.]+, wall_s [0-9.]+, seed 3' "$TMP/out" \
    || fail "summary line: $(tail -1 "$TMP/out")"
[ ! -s "$TMP/err" ] || fail "stderr not empty with --seed (no progress bar when stderr is not a terminal): $(head -2 "$TMP/err")"

# won + dead + stalled = games, and the outcome words match the game lines.
sum=$(sed -nE 's/^summary: games ([0-9]+), won ([0-9]+), dead ([0-9]+), stalled ([0-9]+).*/\2+\3+\4/p' "$TMP/out")
[ "$((sum))" -eq 5 ] || fail "won+dead+stalled is $((sum)), not 5"
won_lines=$(grep -c '^game .*: won,' "$TMP/out")
won_sum=$(sed -nE 's/^summary: games [0-9]+, won ([0-9]+).*/\1/p' "$TMP/out")
[ "$won_lines" -eq "$won_sum" ] || fail "won lines $won_lines vs summary $won_sum"

# JSON: one object per game, then the summary object with every required field.
"$WS" snake --headless --games 3 --size 6x6 --seed 9 --json >"$TMP/json" || fail "json exited $?"
[ "$(wc -l <"$TMP/json")" -eq 4 ] || fail "expected 4 JSON lines"
[ "$(grep -c '^{"game":' "$TMP/json")" -eq 3 ] || fail "expected 3 game objects"
for field in games won dead stalled forfeit avg_length avg_steps decision_us_mean decision_us_p99 wall_s; do
    tail -1 "$TMP/json" | grep -q "\"$field\":" || fail "summary lacks $field"
done
if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import json,sys; [json.loads(l) for l in open(sys.argv[1])]' "$TMP/json" || fail "invalid JSON"
fi

# Same seed, same games; the clock seed is printed so a run can be repeated.
"$WS" snake --headless --games 3 --size 6x6 --seed 9 --json >"$TMP/json2"
diff <(sed 's/"decision_us[^,}]*//g; s/"wall_s[^,}]*//' "$TMP/json") \
     <(sed 's/"decision_us[^,}]*//g; s/"wall_s[^,}]*//' "$TMP/json2") >/dev/null || fail "same seed, different games"
"$WS" snake --headless --games 1 --size 4x4 >"$TMP/out" 2>"$TMP/err" || fail "clock seed run exited $?"
seed=$(sed -nE 's/.*--seed ([0-9]+) repeats.*/\1/p' "$TMP/err")
[ -n "$seed" ] || fail "the clock seed is not printed: $(cat "$TMP/err")"
grep -q "seed $seed" "$TMP/out" || fail "summary does not name the clock seed $seed"

# Edge boards: the smallest board, start length 1, a long thin board.
expect_status 0 "$WS" snake --headless --games 3 --size 2x2 --start-length 1 --seed 1
expect_status 0 "$WS" snake --headless --games 2 --size 2x2 --start-length 2 --seed 1 --strict-tail
expect_status 0 "$WS" snake --headless --games 2 --size 40x2 --seed 1
expect_status 0 "$WS" snake --headless --games 2 --size 2x40 --start-length 2 --seed 1 --strict-tail
# The default mode is snake: options without a mode word work too.
expect_status 0 "$WS" --headless --games 1 --size 5x5 --seed 2

# A progress bar on stderr, but only when stderr is a terminal (script(1) gives one).
if command -v script >/dev/null 2>&1; then
    script -qec "'$WS' snake --headless --games 20 --size 6x6 --seed 1 >/dev/null" /dev/null >"$TMP/tty" 2>&1 \
        || fail "run under script exited $?"
    tr '\r' '\n' <"$TMP/tty" | grep -q '20/20 games' || fail "no progress bar on a terminal"
fi

"$WS" --help >"$TMP/help" || fail "--help exited $?"
for word in snake arena sea wave path --headless --seed --games --jobs --size --policy \
            --strict-tail --trace --json --screenshot Space Tab --help --version; do
    grep -q -- "$word" "$TMP/help" || fail "--help does not mention $word"
done
# The --jobs range --help states is the one the parser keeps.
jobs_hi=$(grep -m1 -oE 'play games on N threads \(1\.\.[0-9]+' "$TMP/help" | grep -oE '[0-9]+$')
if [ -z "$jobs_hi" ]; then
    fail "--help states no range for --jobs"
else
    expect_status 0 "$WS" snake --headless --games 1 --size 4x4 --seed 1 --jobs "$jobs_hi"
    expect_usage_error "--jobs: $((jobs_hi + 1)) is outside 1\\.\\.$jobs_hi" \
        "$WS" snake --headless --games 1 --size 4x4 --seed 1 --jobs $((jobs_hi + 1))
fi
"$WS" --version | grep -qE '^wavesnake [0-9]+\.[0-9]+\.[0-9]+$' || fail "--version"
finish
