#!/usr/bin/env bash
# --jobs N gives the same games, in the same order, as one job.
WS=$1 DATA=$2
source "$(dirname "$0")/lib.sh"

strip_times() { sed -E 's/, decision [0-9.]+ us//; s/, decision_us_mean.*//; s/"decision_us_mean":[0-9.]+//'; }
for args in "--size 8x8 --seed 5 --games 40" "--size 9x7 --seed 8 --games 25 --strict-tail"; do
    # shellcheck disable=SC2086
    "$WS" snake --headless $args --jobs 1 --trace "$TMP/t1" | strip_times >"$TMP/j1" || fail "jobs 1"
    # shellcheck disable=SC2086
    "$WS" snake --headless $args --jobs 2 --trace "$TMP/t2" | strip_times >"$TMP/j2" || fail "jobs 2"
    # shellcheck disable=SC2086
    "$WS" snake --headless $args --jobs 3 --json | sed -E 's/"decision_us[^,}]*,?//g; s/"wall_s[^,}]*,?//; s/"jobs":[0-9]+//' >"$TMP/j3"
    # shellcheck disable=SC2086
    "$WS" snake --headless $args --jobs 1 --json | sed -E 's/"decision_us[^,}]*,?//g; s/"wall_s[^,}]*,?//; s/"jobs":[0-9]+//' >"$TMP/j3ref"
    diff "$TMP/j1" "$TMP/j2" >/dev/null || fail "--jobs 2 results differ from --jobs 1 ($args)"
    cmp -s "$TMP/t1" "$TMP/t2" || fail "--jobs 2 trace differs from --jobs 1 ($args)"
    diff "$TMP/j3" "$TMP/j3ref" >/dev/null || fail "--jobs 3 JSON differs from --jobs 1 ($args)"
done
finish
