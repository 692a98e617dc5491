#!/usr/bin/env bash
# Bad input: one clear line, exit status 2, never a crash or a hang.
WS=$1 DATA=$2
source "$(dirname "$0")/lib.sh"

expect_usage_error 'unknown mode or tool' "$WS" frobnicate
expect_usage_error "unknown option '--bogus'" "$WS" snake --headless --bogus
expect_usage_error 'does not apply' "$WS" snake --headless --hunter sampler
expect_usage_error 'size.*WIDTHxHEIGHT' "$WS" snake --headless --size 20
expect_usage_error 'size.*WIDTHxHEIGHT' "$WS" snake --headless --size axb
expect_usage_error 'size.*outside 2\.\.256' "$WS" snake --headless --size 1x10
expect_usage_error 'size.*outside 2\.\.256' "$WS" snake --headless --size 300x10
expect_usage_error 'size' "$WS" snake --headless --size 99999999999999999999x5
expect_usage_error 'games.*whole number' "$WS" snake --headless --games ten
expect_usage_error 'games.*outside' "$WS" snake --headless --games 0
expect_usage_error 'games.*outside' "$WS" snake --headless --games -5
expect_usage_error 'seed.*non-negative' "$WS" snake --headless --seed -1
expect_usage_error 'seed.*non-negative' "$WS" snake --headless --seed 12abc
expect_usage_error 'seed.*64 bits' "$WS" snake --headless --seed 99999999999999999999999
# a blank before a sign: strtoull skipped it and wrapped -1 to 2^64 - 1
expect_usage_error "^wavesnake: --seed: ' -1' is not a non-negative whole number\$" \
    "$WS" snake --headless --games 1 --size 4x4 --seed ' -1'
expect_usage_error "^wavesnake: --seed: ' -1' is not a non-negative whole number\$" \
    "$WS" shot "$DATA/sea-empty.board" --seed ' -1'
expect_usage_error "^wavesnake: --games: ' 2' is not a whole number\$" \
    "$WS" snake --headless --games ' 2' --size 4x4 --seed 1
expect_usage_error "^wavesnake: --sprt: ' 0,5' is not elo0,elo1 \\(e\\.g\\. 0,5\\)\$" \
    "$WS" match greedy hamilton --size 4x4 --games 2 --seed 1 --sprt ' 0,5'
expect_usage_error "^wavesnake: --alpha: ' 0.1' is not a probability between 0 and 1\$" \
    "$WS" match greedy hamilton --size 4x4 --games 2 --seed 1 --sprt 0,5 --alpha ' 0.1'
expect_usage_error 'seed needs a value' "$WS" snake --headless --seed
expect_usage_error 'jobs.*outside' "$WS" snake --headless --jobs 0
expect_usage_error 'policy.*unknown' "$WS" snake --headless --policy smart
expect_usage_error 'start.length: 6 is outside 1\.\.5 \(on the 5x5 board\)' \
    "$WS" snake --headless --size 5x5 --start-length 6
expect_usage_error 'start.length: 0 is outside 1\.\.2 ' "$WS" snake --headless --size 2x2 --start-length 0
# the limit named is the board's, not the largest board's (1..256)
expect_usage_error '^wavesnake: --start-length: 400 is outside 1\.\.20 \(on the 20x20 board\)$' \
    "$WS" snake --headless --size 20x20 --start-length 400
expect_usage_error 'start-length: 400 is outside 1\.\.20 ' "$WS" snake --start-length 400
expect_usage_error 'start-length: 9 is outside 1\.\.8 ' \
    "$WS" snake --headless --size 8x8 --race greedy,greedy --start-length 9
expect_usage_error 'start-length: 99999999999 is outside 1\.\.W' \
    "$WS" snake --headless --start-length 99999999999
expect_usage_error "start-length: 'four' is not a whole number" "$WS" snake --headless --start-length four
expect_usage_error 'maze.txt: start length 300 must be 1\.\.26' \
    "$WS" snake --headless --map "$(dirname "$0")/../../assets/maps/snake/maze.txt" --start-length 300
expect_usage_error 'takes no value' "$WS" snake --headless --json=yes
expect_usage_error 'trace.*cannot write' "$WS" snake --headless --trace /nonexistent/dir/t.txt

# A long path is named in full and the reason follows it (messages were
# cut at 159 characters: 'wavesnake: /long/path/mmm' and no reason).
long_dir="$TMP/$(printf 'd%.0s' $(seq 120))"
long_map="$long_dir/$(printf 'm%.0s' $(seq 100)).txt"
mkdir "$long_dir" && printf '##\n##\n' >"$long_map"
expect_usage_error "^wavesnake: $long_map: start length 4 must be 1\\.\\.2 \\(at most the board width and less than the 4 cells\\)\$" \
    "$WS" snake --headless --games 1 --map "$long_map"
expect_usage_error "^wavesnake: --trace $long_map is --map, an input of this run: pick another file\$" \
    "$WS" snake --headless --games 1 --map "$long_map" --start-length 1 --trace "$long_map"
expect_usage_error "^wavesnake: --screenshot $long_dir/x.bmp: the file must end in \\.png or \\.jpg\$" \
    "$WS" snake --screenshot "$long_dir/x.bmp"

# Text tools: arguments, maps, coordinates.
expect_usage_error 'usage: wavesnake wave' "$WS" wave
expect_usage_error 'usage: wavesnake path' "$WS" path "$DATA/level.txt" 1 1
expect_usage_error 'No such file' "$WS" wave "$TMP/missing.txt" 1 1
expect_usage_error 'directory' "$WS" wave "$TMP" 1 1
: >"$TMP/empty.txt"
expect_usage_error 'empty' "$WS" wave "$TMP/empty.txt" 0 0
printf '\n\n\n' >"$TMP/blank.txt"
expect_usage_error 'empty' "$WS" wave "$TMP/blank.txt" 0 0
printf '..\0..\n' >"$TMP/nul.txt"
expect_usage_error 'binary' "$WS" wave "$TMP/nul.txt" 0 0
head -c 3000 /dev/urandom >"$TMP/random.bin"
printf '\0' >>"$TMP/random.bin"
expect_usage_error 'binary' "$WS" wave "$TMP/random.bin" 0 0
printf '..\xff.\n' >"$TMP/high.txt"
expect_usage_error 'printable ASCII' "$WS" wave "$TMP/high.txt" 0 0
printf '%0513d\n' 0 | tr 0 . >"$TMP/wide.txt"
expect_usage_error 'wider than 512' "$WS" wave "$TMP/wide.txt" 0 0
yes . | head -n 513 >"$TMP/tall.txt"
expect_usage_error 'more than 512 rows' "$WS" wave "$TMP/tall.txt" 0 0
head -c 5000000 /dev/zero | tr '\0' . >"$TMP/huge.txt"
expect_usage_error 'larger than' "$WS" wave "$TMP/huge.txt" 0 0
expect_usage_error 'outside the 16x7 map' "$WS" wave "$DATA/level.txt" 16 3
expect_usage_error 'outside the 16x7 map' "$WS" wave "$DATA/level.txt" -1 3
expect_usage_error 'on a wall' "$WS" wave "$DATA/level.txt" 0 0
expect_usage_error 'goal .* on a wall' "$WS" path "$DATA/level.txt" 8 3 7 1
expect_usage_error 'start x.*whole number' "$WS" path "$DATA/level.txt" a 3 2 3
expect_usage_error 'bench.*unknown' "$WS" bench frobnicate
# Traces whose first line is empty (fuzz_trace: the reader wrote to a NULL line buffer).
printf '\n' >"$TMP/nl.trace"
expect_usage_error "nl.trace:1: not a wavesnake trace" "$WS" replay "$TMP/nl.trace" --headless
printf '\nwavesnake-trace 1\n' >"$TMP/nl2.trace"
expect_usage_error "nl2.trace:1: not a wavesnake trace" "$WS" replay "$TMP/nl2.trace" --print

# ---- what a newcomer tripped over (issue 14) -------------------------------------
expect_usage_error "did you mean --headless\\?" "$WS" snake --headles --games 1
expect_usage_error "did you mean --policy\\?" "$WS" snake --headless --polcy greedy
expect_usage_error "stats.*--headless" "$WS" snake --headless --games 1 --stats
expect_usage_error "screenshot .*x.bmp.*\\.png or \\.jpg" "$WS" snake --screenshot "$TMP/x.bmp"
expect_usage_error "--speed: '0' is not a speed: use 1\\.\\.1000000 ticks per second, or max" \
    "$WS" snake --speed 0
expect_usage_error "--window: 320x200 is smaller than the smallest window, 320x240" \
    "$WS" snake --window 320x200
expect_usage_error "--window: 0x0 is smaller than the smallest window, 320x240" \
    "$WS" snake --window 0x0
expect_usage_error "--window: 8193x240 is larger than the largest window, 8192x8192" \
    "$WS" snake --window 8193x240
# a side beyond any int was "outside 0..2147483647", a range the window never had
expect_usage_error "^wavesnake: --window: 2147483648x240 is larger than the largest window, 8192x8192\$" \
    "$WS" snake --window 2147483648x240
expect_usage_error "^wavesnake: --window: 640x99999999999999999999 is larger than the largest window" \
    "$WS" snake --window 640x99999999999999999999
# a width of 16 digits or more is as large (it was "not WIDTHxHEIGHT", while
# a height of any length was a number), for --size too
expect_usage_error "^wavesnake: --window: 99999999999999999x240 is larger than the largest window" \
    "$WS" snake --window 99999999999999999x240
expect_usage_error "^wavesnake: --size: 99999999999999999 is outside 2\\.\\.256" \
    "$WS" snake --headless --size 99999999999999999x8
expect_usage_error "^wavesnake: --window: '640x' is not WIDTHxHEIGHT" "$WS" snake --window 640x
expect_usage_error "start-length: 3 is outside 1\\.\\.2 \\(on the 2x3 board\\)" \
    "$WS" snake --headless --size 2x3 --start-length 3
# the default start length adapts to narrow boards: min(4, W)
"$WS" snake --headless --size 2x2 --games 1 --seed 1 >"$TMP/out" 2>&1 || fail "--size 2x2 exited $?"
grep -q '^summary: games 1' "$TMP/out" || fail "--size 2x2: no summary: $(cat "$TMP/out")"
"$WS" snake --headless --size 3x5 --games 1 --seed 1 >/dev/null 2>&1 || fail "--size 3x5 exited $?"
# a bad arena map is reported before the missing display, naming the character
printf '#####\n#@.x#\n#####\n' >"$TMP/odd.txt"
expect_usage_error "odd.txt: line 2, column 4: 'x'" "$WS" arena --headless --map "$TMP/odd.txt"
expect_usage_error "odd.txt: line 2, column 4: 'x'" env -u DISPLAY -u WAYLAND_DISPLAY \
    -u SDL_VIDEODRIVER "$WS" arena --map "$TMP/odd.txt"
expect_usage_error "nosuch.txt" env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER \
    "$WS" arena --map "$TMP/nosuch.txt"
# The window's own options with a run that draws nothing: refused, as any
# setting that would do nothing (README, "Headless use").
for opt in "--window 800x600" "--frames 5" "--speed 3" "--overlay wave" "--pause-on-end"; do
    # shellcheck disable=SC2086
    expect_usage_error "^wavesnake: ${opt%% *} is for the window .or --screenshot, offscreen.; --headless plays without one\$" \
        "$WS" snake --headless --games 1 --size 4x4 --seed 1 $opt
done
expect_usage_error '^wavesnake: --layer is for the window' "$WS" arena --headless --ticks 5 --layer gold
expect_usage_error '^wavesnake: --speed is for the window' "$WS" sea --headless --games 1 --speed 5
expect_usage_error '^wavesnake: replay: --overlay is for the window; --headless checks every game$' \
    "$WS" replay "$DATA/replay.trace" --headless --overlay wave
# The other way round: a headless run's own options with the window or
# --screenshot would do nothing (the run wrote no --trace, played one game
# at a time and exited 0): refused before anything is drawn.
for opt in "--trace $TMP/w.trace" "--games 3" "--jobs 2" "--json" "--shard 0/2"; do
    # shellcheck disable=SC2086
    expect_usage_error "^wavesnake: ${opt%% *} is for --headless runs, without --screenshot; the window drawn offscreen does not use it\$" \
        "$WS" snake --headless --size 4x4 --seed 1 --frames 2 --screenshot "$TMP/h.png" $opt
done
[ -e "$TMP/w.trace" ] && fail "--trace with --screenshot: a trace was written"
[ -e "$TMP/h.png" ] && fail "a refused --screenshot run wrote its screenshot"
expect_usage_error '^wavesnake: --ticks is for --headless runs, without --screenshot; ' \
    "$WS" arena --ticks 5 --frames 2 --screenshot "$TMP/h.png"
expect_usage_error '^wavesnake: --games is for --headless runs, without --screenshot; the window does not use it$' \
    env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER "$WS" sea --games 5
expect_usage_error '^wavesnake: --trace is for --headless runs' \
    env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER "$WS" snake --race greedy,hamilton --trace "$TMP/w.trace"
# A list with an empty item at its end is refused as one at its start or
# middle (the trailing comma was dropped, and '' meant no overlay).
for list in "wave," "" "wave,,path" ","; do
    expect_usage_error "^wavesnake: --overlay: unknown overlay '' \\(use wave, " \
        env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER "$WS" snake --overlay "$list"
done
expect_usage_error "^wavesnake: --boards: expected WxH\\[,WxH...\\], got '4x4,'\$" \
    "$WS" bench --boards 4x4, --games 1 --policy greedy
# A headless race plays its two sides only: --policy (and an engine's
# --engine-timeout with it) did nothing, exit 0.
expect_usage_error '^wavesnake: --race P1,P2 names both players; --policy plays a single snake' \
    "$WS" snake --headless --race greedy,hamilton --policy engine:/nonexistent/engine \
    --engine-timeout 50 --games 1 --size 4x4 --seed 1
# With --screenshot they draw offscreen: taken.
if "$WS" snake --size 4x4 --seed 1 --frames 2 --screenshot "$TMP/probe.png" >/dev/null 2>&1; then
    expect_status 0 "$WS" snake --headless --size 4x4 --seed 1 --frames 2 --speed 3 --overlay wave \
        --window 400x300 --screenshot "$TMP/w.png"
fi

finish
