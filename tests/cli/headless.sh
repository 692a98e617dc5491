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
# --help says --record and --plot take a pipe or a device, and '-' not
# (docs/formats.md, docs/match.md); each claim checked here.
for opt in --record --plot; do
    sed -n "/^  $opt F\./,/^  --/p" "$TMP/help" | tr -s ' \n' ' ' >"$TMP/help.$opt"
    grep -qF "F may be a pipe or a device instead: /dev/stdout, a fifo ('-' is not)" \
        "$TMP/help.$opt" || fail "--help does not say $opt takes a pipe or a device: $(cat "$TMP/help.$opt")"
done
"$WS" match greedy hamilton --size 4x4 --games 2 --seed 3 --plot /dev/stdout 2>/dev/null |
    head -c 4 >"$TMP/plot.head"
[ "$(cat "$TMP/plot.head")" = "<svg" ] || fail "--plot /dev/stdout | head -c 4: $(cat "$TMP/plot.head")"
mkfifo "$TMP/plot.fifo"
timeout 60 cat "$TMP/plot.fifo" >"$TMP/plot.svg" & # no hang if nothing opens it
"$WS" match greedy hamilton --size 4x4 --games 2 --seed 3 --plot "$TMP/plot.fifo" >/dev/null ||
    fail "--plot FIFO: exit $?"
wait $!
grep -q '</svg>' "$TMP/plot.svg" || fail "--plot FIFO: no whole SVG came through: $(head -c 80 "$TMP/plot.svg")"
expect_usage_error "^wavesnake: --plot -: '-' is not standard output here: name /dev/stdout" \
    "$WS" match greedy hamilton --size 4x4 --games 2 --seed 3 --plot -
if "$WS" sea --seed 4 --frames 2 --screenshot "$TMP/probe.png" >/dev/null 2>&1; then
    "$WS" sea --seed 4 --frames 5 --window 320x240 --screenshot "$TMP/r.png" --record /dev/stdout \
        2>/dev/null | head -c 6 >"$TMP/rec.head"
    [ "$(cat "$TMP/rec.head")" = GIF89a ] || fail "--record /dev/stdout | head -c 6: $(cat "$TMP/rec.head")"
    mkfifo "$TMP/rec.fifo"
    timeout 60 cat "$TMP/rec.fifo" >"$TMP/rec.gif" &
    "$WS" sea --seed 4 --frames 5 --window 320x240 --screenshot "$TMP/r.png" \
        --record "$TMP/rec.fifo" >/dev/null 2>&1 || fail "--record FIFO: exit $?"
    wait $!
    [ "$(head -c 6 "$TMP/rec.gif")" = GIF89a ] && [ "$(tail -c 1 "$TMP/rec.gif" | od -An -tx1 | tr -d ' ')" = 3b ] ||
        fail "--record FIFO: no whole GIF came through (GIF89a ... 0x3b)"
    expect_usage_error "^wavesnake: --record -: '-' is not standard output here: name /dev/stdout" \
        "$WS" sea --seed 4 --frames 5 --screenshot "$TMP/r.png" --record -
fi
"$WS" --version | grep -qE '^wavesnake [0-9]+\.[0-9]+\.[0-9]+$' || fail "--version"
finish
