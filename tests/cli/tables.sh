#!/usr/bin/env bash
# The tables people read (docs/engines.md#benchmark-what-the-protocol-costs): every row of
# `bench snake` lines up with its header whatever the names in it, an
# engine's long name (from tests/engines/bad.py run under a long file name,
# so its name is the command's first word) cut to its column with "...",
# a long map file name widening the board column.
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

finish
