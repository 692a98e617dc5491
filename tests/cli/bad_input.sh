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
expect_usage_error 'seed needs a value' "$WS" snake --headless --seed
expect_usage_error 'jobs.*outside' "$WS" snake --headless --jobs 0
expect_usage_error 'policy.*unknown' "$WS" snake --headless --policy smart
expect_usage_error 'start length' "$WS" snake --headless --size 5x5 --start-length 6
expect_usage_error 'start.length' "$WS" snake --headless --size 2x2 --start-length 0
expect_usage_error 'takes no value' "$WS" snake --headless --json=yes
expect_usage_error 'trace.*cannot write' "$WS" snake --headless --trace /nonexistent/dir/t.txt

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
finish
