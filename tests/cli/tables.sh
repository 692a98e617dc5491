#!/usr/bin/env bash
# The tables and lines people read:
# - every row of `bench snake` lines up with its header whatever the names
#   in it (docs/engines.md#benchmark-what-the-protocol-costs): an engine's
#   long name (tests/engines/bad.py run under a long file name, so its name
#   is the command's first word) cut to its column with "...", a long map
#   file name widening the board column;
# - no decision made, no decision time printed (below).
# Usage: tables.sh WAVESNAKE_BIN DATA_DIR ENGINES_DIR
set -u
WS=$1
DATA=$2
ENGINES=$3
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || { echo "python3 is missing: skipped"; exit 77; }

# An engine that moves R until it dies (bad.py in no breaking mode), found on
# PATH by its 45-character file name: its name is "engine:" and that word.
LONG=$TMP/an_engine_whose_file_name_is_long_on_purpose
printf '#!/bin/sh\nexec python3 %s fine\n' "$ENGINES/bad.py" >"$LONG"
chmod +x "$LONG"
MAP=$TMP/a_map_whose_file_name_is_long_too.txt
printf '########\n#......#\n#......#\n#......#\n#......#\n########\n' >"$MAP"

# aligned FILE WHAT: the header (line 2) and every row after it end their
# "games" column at one offset and have one length.
aligned() {
    awk -v what="$2" '
        NR == 2 { at = index($0, "games") + 4; len = length($0); next }
        NR > 2 && / forfeit \(the engine failed\)$| refused: / { next }
        NR > 2 {
            # the end of the third field, the number of games
            match($0, /^[^ ]+ +[^ ]+ +[0-9]+/)
            if (RSTART != 1 || RLENGTH != at || length($0) != len) {
                printf "%s: row %d is not aligned with the header (games ends at %d, not %d; length %d, not %d): %s\n",
                    what, NR, RLENGTH, at, length($0), len, $0
                bad = 1
            }
        }
        END { exit bad }' "$1" >&2 || fail "$2"
}

PATH=$TMP:$PATH "$WS" bench snake --policy greedy --policy "engine:${LONG##*/}" --boards 6x6 --map "$MAP" \
    --games 1 >"$TMP/bench.out" 2>"$TMP/bench.err" ||
    fail "bench snake with a long engine name: exit $?: $(head -3 "$TMP/bench.err")"
[ "$(wc -l <"$TMP/bench.out")" -eq 6 ] || fail "bench snake: expected 6 lines: $(cat "$TMP/bench.out")"
aligned "$TMP/bench.out" "bench snake, long names"
# The name is cut to the 24 columns of an engine's name, and says so.
grep -qE '^engine:an_engine_whos\.\.\. 6x6 ' "$TMP/bench.out" ||
    fail "bench snake: the long engine name is not cut to 24 columns with ...: $(cat "$TMP/bench.out")"
# The long map name is whole.
grep -qE '^greedy +a_map_whose_file_name_is_long_too\.txt +1 ' "$TMP/bench.out" ||
    fail "bench snake: the map's name is not whole: $(cat "$TMP/bench.out")"

# ---- no decision, no time -------------------------------------------------------
# A game, a run or a player that made no decision (an engine that fails at
# its first go: bad.py unknown; a shard with no game) has no decision time:
# the text says none (key/value lines) or - (tables), never a measured-looking
# 0.00 (docs/formats.md#headless-output). JSON keeps its numbers: merge reads them.
NONE="engine:python3 $ENGINES/bad.py unknown"
"$WS" snake --headless --games 1 --size 6x6 --seed 1 --policy "$NONE" >"$TMP/n.out" 2>/dev/null
grep -qE '^game 0 seed 1: forfeit, length 4/36, steps 0, decision none$' "$TMP/n.out" ||
    fail "snake, no decision: the game line: $(head -1 "$TMP/n.out")"
grep -qE '^summary: .*, decision_us_mean none, decision_us_p99 none, wall_s ' "$TMP/n.out" ||
    fail "snake, no decision: the summary: $(tail -1 "$TMP/n.out")"
"$WS" snake --headless --games 1 --size 6x6 --seed 1 --policy "$NONE" --json >"$TMP/n.json" 2>/dev/null
grep -qE '"steps":0,"decision_us_mean":0.000,' "$TMP/n.json" &&
    grep -qE '"decision_us_mean":0.000,"decision_us_p99":0.00,' "$TMP/n.json" ||
    fail "snake --json, no decision: not the numbers merge reads: $(cat "$TMP/n.json")"
"$WS" snake --headless --games 1 --size 6x6 --seed 1 --shard 1/2 >"$TMP/shard.out" ||
    fail "a shard with no game: exit $?"
grep -qE '^summary: games 0, .*, decision_us_mean none, decision_us_p99 none, ' "$TMP/shard.out" ||
    fail "a shard with no game: $(cat "$TMP/shard.out")"
# ---- no game, no average ---------------------------------------------------------
# A figure with no game behind it is none (key/value lines) or - (tables),
# counts stay numbers; JSON keeps 0 (docs/formats.md#headless-output).
grep -qE '^summary: games 0, won 0, dead 0, stalled 0, forfeit 0, avg_length none/36, avg_steps none, .*, steps sd none min none median none max none, games_total 1, shard 1/2, ' "$TMP/shard.out" ||
    fail "a shard with no game: averages and steps figures not none: $(cat "$TMP/shard.out")"
"$WS" snake --headless --games 1 --size 6x6 --seed 1 --shard 1/2 --json >"$TMP/s1.json" ||
    fail "a shard with no game, --json: exit $?"
grep -qE '"games":0,.*"avg_length":0.000,"avg_steps":0.00,.*"steps_sd":0.00,"steps_min":0,"steps_median":0.0,"steps_max":0,' "$TMP/s1.json" ||
    fail "a shard with no game, --json: not the numbers merge reads: $(cat "$TMP/s1.json")"
# Merged with the shard that played, it adds nothing: the one run's summary
# (but for the times and the jobs).
"$WS" snake --headless --games 1 --size 6x6 --seed 1 --shard 0/2 --json >"$TMP/s0.json" ||
    fail "shard 0/2: exit $?"
"$WS" snake --headless --games 1 --size 6x6 --seed 1 >"$TMP/one.out" || fail "one game: exit $?"
"$WS" merge "$TMP/s0.json" "$TMP/s1.json" >"$TMP/s01.out" || fail "merge of a shard with no game: exit $?"
untimed() { tail -1 "$1" | sed -E 's/decision_us_(mean|p99) [0-9.]+/decision_us_\1 T/g; s/wall_s [0-9.]+/wall_s T/'; }
[ "$(untimed "$TMP/s01.out")" = "$(untimed "$TMP/one.out")" ] ||
    fail "merge of a shard with no game is not the one run's summary: $(tail -1 "$TMP/s01.out") vs $(tail -1 "$TMP/one.out")"
# One game has no sample standard deviation (n - 1 = 0): none, not 0.00,
# beside its own min, median and max; JSON keeps 0.
grep -qE ', steps sd none min [0-9]+ median [0-9.]+ max [0-9]+, ' "$TMP/one.out" ||
    fail "one game: its steps sd is not none: $(tail -1 "$TMP/one.out")"
grep -qE '"steps_sd":0.00,' "$TMP/s0.json" || fail "one game, --json: steps_sd is not 0: $(cat "$TMP/s0.json")"
# A match shard that holds no pair: no means, no score, no Elo.
"$WS" match greedy hamilton perfect --games 1 --size 6x6 --seed 1 --shard 1/2 >"$TMP/m0.out" ||
    fail "a match shard with no game: exit $?"
grep -qE '^ +1  greedy +0 +0 +0 +0 +- +- +- +- +0\.0$' "$TMP/m0.out" ||
    fail "a match shard with no game: the player's row: $(cat "$TMP/m0.out")"
grep -qE '^greedy - hamilton +0 +0 +0 +0 +- +- +- +0 +- +-$' "$TMP/m0.out" ||
    fail "a match shard with no game: the pair's row: $(cat "$TMP/m0.out")"
grep -qE '^ +1  greedy +- +- +-$' "$TMP/m0.out" ||
    fail "a match shard with no game: the round robin's row: $(cat "$TMP/m0.out")"
"$WS" match sea sampler source --games 1 --seed 1 --shard 1/2 --sprt 0,5 >"$TMP/ms0.out" ||
    fail "a sea match shard with no game: exit $?"
grep -qE '^sampler - source +0 +0 +0 +0 +- +- +- +0 +- +-$' "$TMP/ms0.out" ||
    fail "a sea match shard with no game: the pair's row: $(cat "$TMP/ms0.out")"
grep -qE '^sprt: sampler - source, .*: LLR 0\.000, bounds \([-0-9.]+, [0-9.]+\), elo none: shard 1/2: ' "$TMP/ms0.out" ||
    fail "a sea match shard with no game: the test's line: $(cat "$TMP/ms0.out")"

# Merged traces hold no times.
"$WS" snake --headless --games 2 --size 6x6 --seed 1 --trace "$TMP/m.trace" >/dev/null ||
    fail "snake --trace: exit $?"
"$WS" merge "$TMP/m.trace" >"$TMP/merged.out" || fail "merge a trace: exit $?"
grep -qE '^summary: games 2, .*, decision_us_mean none, decision_us_p99 none, ' "$TMP/merged.out" ||
    fail "merge of a trace: $(cat "$TMP/merged.out")"
"$WS" sea --headless --games 1 --seed 1 --hunter "engine:python3 $ENGINES/bad.py unknown sea" \
    >"$TMP/sea.out" 2>/dev/null
grep -qE '^summary: .*, decision_us_mean none, decision_us_p99 none, wall_s ' "$TMP/sea.out" ||
    fail "sea, no decision: $(tail -1 "$TMP/sea.out")"
# Tables: bench snake (aligned as above), bench engine and match say "-".
"$WS" bench snake --policy greedy --policy "$NONE" --boards 6x6 --games 1 >"$TMP/bn.out" 2>/dev/null ||
    fail "bench snake, no decision: exit $?"
aligned "$TMP/bn.out" "bench snake, no decision"
grep -qE '^engine:python3 +6x6 +1 +0 +0 +0 +4\.00 +0\.0 +- +- +[0-9.]+ +[0-9.]+$' "$TMP/bn.out" ||
    fail "bench snake, no decision: the engine's row: $(cat "$TMP/bn.out")"
"$WS" bench engine --policy "$NONE" --boards 6x6 --games 1 >"$TMP/be.out" 2>/dev/null ||
    fail "bench engine, no decision: exit $?"
grep -qE '^6x6 +1 +0 +NO +[0-9.]+ +- +- +[0-9.]+ +-$' "$TMP/be.out" ||
    fail "bench engine, no decision: $(cat "$TMP/be.out")"
"$WS" match greedy "$NONE" --games 1 --size 6x6 --seed 1 >"$TMP/mn.out" 2>/dev/null
grep -qE '^ +2  engine:python3 +0 +0 +0 +1 +4\.00 +0\.0 +- +- +0\.0$' "$TMP/mn.out" ||
    fail "match, no decision: the engine's row: $(cat "$TMP/mn.out")"

finish
