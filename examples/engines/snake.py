#!/usr/bin/env python3
"""snake.py - a snake engine for wavesnake, in Python (standard library only).

Run it:  wavesnake --policy "engine:python3 examples/engines/snake.py"

Each tick it runs a breadth-first search (BFS) from the head, in the fixed
direction order U R D L. If the food is reachable it takes the first step of
the shortest path; otherwise it takes the safe neighbour with the most room
(flood fill), so it never steps into a wall or its own body while it can
help it. It shows its thinking: `info wave` (its BFS distances), `info path`
(the path to the food) and `info text` (why it moved).

`snake.py --careful` is its second version (docs/match.md compares the
two): it takes the step towards the food only when the head keeps room
for the whole snake there, and otherwise the step with the most room.
"""
import sys
from collections import deque

DIRS = (("U", 0, -1), ("R", 1, 0), ("D", 0, 1), ("L", -1, 0))


def bfs(w, h, start, blocked):
    """Distance of every cell from start (-1: unreachable) and BFS parents."""
    dist = [-1] * (w * h)
    parent = [-1] * (w * h)
    sx, sy = start
    dist[sy * w + sx] = 0
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        for _, dx, dy in DIRS:
            nx, ny = x + dx, y + dy
            c = ny * w + nx
            if 0 <= nx < w and 0 <= ny < h and dist[c] < 0 and (nx, ny) not in blocked:
                dist[c] = dist[y * w + x] + 1
                parent[c] = y * w + x
                queue.append((nx, ny))
    return dist, parent


def room(w, h, cell, blocked):
    """How many cells the head could reach from cell."""
    return sum(1 for v in bfs(w, h, cell, blocked)[0] if v >= 0)


def decide(w, h, walls, body, food, tail_free, careful):
    head = body[0]
    # The tail leaves this tick, so its cell is free (unless the rules say not).
    blocked = walls | set(body[:-1] if tail_free else body)
    dist, parent = bfs(w, h, head, blocked)
    out = ["info wave " + " ".join(map(str, dist))]
    if food is not None and dist[food[1] * w + food[0]] > 0:
        # Walk the parents back from the food to the head.
        path, c = [], food[1] * w + food[0]
        while c != head[1] * w + head[0]:
            path.append(c)
            c = parent[c]
        path.append(c)
        path.reverse()
        nxt = path[1]
        move = next(d for d, dx, dy in DIRS
                    if (head[0] + dx, head[1] + dy) == (nxt % w, nxt // w))
        out.append("info path " + " ".join("%d %d" % (c % w, c // w) for c in path))
        if not careful or room(w, h, (nxt % w, nxt // w), blocked) >= len(body):
            n = len(path) - 1
            out.append("info text food %d step%s away" % (n, "" if n == 1 else "s"))
            return out, move
    # No way to the food (or, careful, no room on it): the safe neighbour
    # with the most room.
    best, move = -1, "U"
    for d, dx, dy in DIRS:
        nx, ny = head[0] + dx, head[1] + dy
        if 0 <= nx < w and 0 <= ny < h and (nx, ny) not in blocked:
            cells = room(w, h, (nx, ny), blocked)
            if cells > best:
                best, move = cells, d
    out.append("info text no way to the food: most room (%d cells)" % max(best, 0))
    return out, move


def main():
    careful = "--careful" in sys.argv[1:]
    w = h = 0
    tail_free = True
    walls, body, food = set(), [], None
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        kind, args = words[0], words[1:]
        if kind == "wavesnake":
            print("name snake.py careful" if careful else "name snake.py")
            print("ready")
        elif kind == "game":      # game W H tail free|strict seed S
            w, h, tail_free = int(args[0]), int(args[1]), args[3] == "free"
            walls = set()
        elif kind == "walls":     # walls K x1 y1 ...
            v = list(map(int, args[1:]))
            walls = set(zip(v[0::2], v[1::2]))
        elif kind == "wall":      # wall X Y: toggled since the last tick
            walls ^= {(int(args[0]), int(args[1]))}
        elif kind == "food":
            food = None if args[0] == "none" else (int(args[0]), int(args[1]))
        elif kind == "snake":     # snake L x1 y1 ... (head first)
            v = list(map(int, args[1:]))
            body = list(zip(v[0::2], v[1::2]))
        elif kind == "go":
            info, move = decide(w, h, walls, body, food, tail_free, careful)
            print("\n".join(info))
            print("move " + move)
        elif kind == "quit":
            break
        # tick and end lines need nothing
        sys.stdout.flush()        # the answer must not wait in a buffer


if __name__ == "__main__":
    main()
