#!/usr/bin/env bash
# Same results everywhere: gcc and clang, -O0 and -O2, --jobs 1, 2 and 3 give
# byte-identical snake traces, sea game lines, arena hashes and seed catalogs.
# The reference is the program under test (the test build: gcc -O2, ASan);
# this script builds three more without a window (gcc -O0, clang -O0,
# clang -O2) and compares every output with cmp.
# Usage: same_results.sh SOURCE_DIR WORK_DIR REF_WAVESNAKE REF_CATALOG
set -uo pipefail
src=${1:?usage: same_results.sh SOURCE_DIR WORK_DIR REF_WAVESNAKE REF_CATALOG}
work=${2:?} ref_ws=${3:?} ref_cat=${4:?}
mkdir -p "$work"
status=0
fail() {
    echo "FAIL: $*" >&2
    status=1
}

# outputs WAVESNAKE CATALOG DIR JOBS: every compared output of one program.
outputs() {
    local ws=$1 cat=$2 dir=$3 jobs=$4
    mkdir -p "$dir"
    for policy in greedy hamilton perfect; do
        for tail in "" --strict-tail; do
            "$ws" snake --headless --seed 11 --games 5 --size 10x8 --policy $policy $tail \
                --jobs "$jobs" --trace "$dir/snake-$policy$tail.trace" >/dev/null ||
                fail "$ws snake --policy $policy $tail --jobs $jobs"
        done
    done
    "$ws" snake --headless --seed 5 --games 3 --size 9x7 --jobs "$jobs" \
        --trace "$dir/snake-odd.trace" >/dev/null || fail "$ws snake 9x7"
    for hunter in seed best; do
        "$ws" sea --headless --seed 3 --games 12 --hunter $hunter --jobs "$jobs" |
            grep '^game' >"$dir/sea-$hunter.txt" || fail "$ws sea --hunter $hunter"
    done
    "$ws" arena --headless --seed 9 --generate 40x24 --monsters 15 --ticks 300 |
        sed -n 's/.*\(hash [0-9a-f]*\).*/\1/p' >"$dir/arena.txt" || fail "$ws arena"
    "$cat" print >"$dir/catalog.txt" || fail "$cat print"
}

# compare DIR_A DIR_B WHAT: every file of A byte for byte against B.
compare() {
    local a=$1 b=$2 what=$3 n=0
    for f in "$a"/*; do
        n=$((n + 1))
        cmp -s "$f" "$b/$(basename "$f")" ||
            fail "$what: $(basename "$f") differs (cmp $f $b/$(basename "$f"))"
    done
    echo "ok: $what: $n outputs identical"
}

outputs "$ref_ws" "$ref_cat" "$work/out/ref-j1" 1
for jobs in 2 3; do
    outputs "$ref_ws" "$ref_cat" "$work/out/ref-j$jobs" "$jobs"
    compare "$work/out/ref-j1" "$work/out/ref-j$jobs" "gcc -O2 (test build) --jobs 1 vs $jobs"
done

for build in gcc:Debug:-O0 clang:Debug:-O0 clang:RelWithDebInfo:-O2; do
    IFS=: read -r cc type opt <<<"$build"
    name=$cc$opt
    if ! command -v "$cc" >/dev/null; then
        fail "$cc is not installed (make deps)"
        continue
    fi
    dir=$work/$name
    if ! { cmake -S "$src" -B "$dir" -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE="$type" \
        -DWS_BUILD_APP=OFF -DBUILD_TESTING=OFF -DWS_WERROR=ON >"$work/$name.log" 2>&1 &&
        cmake --build "$dir" -j2 --target wavesnake ws_catalog >>"$work/$name.log" 2>&1; }; then
        fail "$name does not build (log: $work/$name.log)"
        continue
    fi
    outputs "$dir/wavesnake" "$dir/ws_catalog" "$work/out/$name" 2
    compare "$work/out/ref-j1" "$work/out/$name" "gcc -O2 vs $cc $opt (--jobs 2)"
done
exit "$status"
