#!/bin/sh
# A test engine that starts a child in its process group, answers one move,
# then (with `exit`) exits leaving the child holding its output, or (with
# `hang`) ignores quit and waits. Every process must be gone after a stop.
sleep 1000 &
read hello
echo ready
while read line; do
  case "$line" in
    go) echo "move R"; [ "$1" = exit ] && exit 0 ;;
    quit) [ "$1" = hang ] && sleep 1000 ;;
  esac
done
