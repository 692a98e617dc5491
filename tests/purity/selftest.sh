#!/usr/bin/env bash
# Proves that check_core_purity.sh can fail: it must pass on clean/ and
# fail on each file of impure/ (one breach each), both by its source check
# and by its library check (each file compiled alone into a static library,
# checked beside the clean sources). hidden_global.c hides its global behind
# a macro: the source check cannot see it, only the library check.
# Usage: selftest.sh CHECK_SCRIPT CC
set -u
check=${1:?usage: selftest.sh CHECK_SCRIPT CC}
cc=${2:?usage: selftest.sh CHECK_SCRIPT CC}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
errors=0
bad() { echo "SELFTEST FAIL: $*" >&2; errors=$((errors + 1)); }

# expect WANT(0|1) LABEL ARGS...: runs the check and compares its status.
expect() {
    local want=$1 label=$2
    shift 2
    local out rc
    out=$(bash "$check" "$@" 2>&1)
    rc=$?
    if [ "$rc" -ne "$want" ]; then
        bad "$label: status $rc, expected $want"
        echo "$out" | sed 's/^/    /' >&2
    elif [ "$want" -eq 1 ] && ! grep -q '^FAIL: the core ' <<<"$out"; then
        bad "$label: status 1 without a FAIL line"
    else
        echo "ok: $label (status $rc)"
    fi
}

lib() { # lib NAME SOURCE: compiles SOURCE alone into $tmp/NAME.a
    "$cc" -std=c11 -O2 -w -c "$2" -o "$tmp/$1.o" && ar rcs "$tmp/$1.a" "$tmp/$1.o"
}

lib clean "$here/clean/pure.c" || bad "clean/pure.c does not compile"
expect 0 "clean sources" "$here/clean"
expect 0 "clean sources and library" "$here/clean" "$tmp/clean.a"

n=0
for f in "$here"/impure/*.c; do
    name=$(basename "$f" .c)
    n=$((n + 1))
    mkdir -p "$tmp/src_$name"
    cp "$f" "$tmp/src_$name/"
    if [ "$name" = hidden_global ]; then
        expect 0 "sources of $name.c (a grep cannot see it)" "$tmp/src_$name"
    else
        expect 1 "sources of $name.c" "$tmp/src_$name"
    fi
    [[ $name == sdl* ]] && continue # no SDL headers needed here: a source breach only
    if lib "$name" "$f"; then
        expect 1 "library of $name.c" "$here/clean" "$tmp/$name.a"
    else
        bad "impure/$name.c does not compile"
    fi
done
[ "$n" -ge 10 ] || bad "only $n impure files"
[ "$errors" -eq 0 ] || { echo "$errors selftest failures" >&2; exit 1; }
echo "purity selftest: clean passes, $n impure files fail"
