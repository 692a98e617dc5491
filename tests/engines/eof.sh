#!/bin/sh
# A test engine that ignores every line and ends only at the end of its
# input, then creates the file $1: proof that no other process (another
# engine) held its input open.
read hello
echo ready
cat >/dev/null
touch "$1"
