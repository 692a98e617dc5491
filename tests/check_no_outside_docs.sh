#!/usr/bin/env bash
# The repository explains itself (docs/conventions.md#comments): no source,
# test, doc or example cites a document that a clone does not have, the
# project's old contract and style guide. A comment cites a page of docs/
# instead. Whole words only, case-sensitive, so OptSpec, `spec->name` and
# HUD_STYLE_PANEL are not citations.
# Usage: check_no_outside_docs.sh SOURCE_DIR
set -u
root=${1:?usage: check_no_outside_docs.sh SOURCE_DIR}
# Written in two pieces so that this file does not match itself.
pat='\b(SP''EC|ST''YLE)\b'

# The pattern must catch a citation and leave the lookalikes alone, or the
# check below would pass for a broken pattern.
for cite in '/* SP''EC "Snake trace" */' '# see ST''YLE.md' '(ST''YLE §5)' '(SP''EC.md)'; do
    printf '%s\n' "$cite" | grep -qE "$pat" ||
        { echo "FAIL: the pattern misses: $cite" >&2; exit 1; }
done
for fine in 'HUD_ST''YLE_PANEL' 'const OptSpec *spec' 'ACT_HUD_ST''YLE,' 'special SP''ECS'; do
    if printf '%s\n' "$fine" | grep -qE "$pat"; then
        echo "FAIL: the pattern flags: $fine" >&2
        exit 1
    fi
done

paths=()
for p in src tests docs examples README.md Makefile CMakeLists.txt CMakePresets.json; do
    [ -e "$root/$p" ] && paths+=("$root/$p")
done
[ -d "$root/src" ] && [ -d "$root/docs" ] || { echo "FAIL: no src/ or docs/ under $root" >&2; exit 1; }
if hits=$(grep -rnIE "$pat" "${paths[@]}"); then
    echo "FAIL: citations of documents outside the repository (cite docs/ instead):" >&2
    echo "$hits" >&2
    exit 1
fi
n=$(find "${paths[@]}" -type f | wc -l)
echo "no outside citations: $n files"
