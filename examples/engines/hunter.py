#!/usr/bin/env python3
"""hunter.py - a sea-battle hunter engine for wavesnake, in Python (standard library only).

Run it:  wavesnake sea --hunter "engine:python3 examples/engines/hunter.py"

Each shot it gets the board it has observed (`.` unknown, `o` miss, `x` hit,
`#` sunk). Its heat of a cell is the number of placements of the remaining
ships that cover it (never over a miss, a sunk ship or a cell next to one).
With a floating hit it only hunts next to hits (in line with two of them,
heat boosted); otherwise it shoots the hottest cell of one colour of a
checkerboard (parity: every ship of two or more cells covers both colours),
ties broken by a seeded random choice. It sends its heat as `info wave`
and why it shot as `info text`.
"""
import random
import sys

FLEET = [4, 3, 3, 2, 2, 2, 1, 1, 1, 1]


def sunk_ships(board):
    """Lengths of the sunk ships: maximal 4-connected groups of '#'."""
    seen, lengths = set(), []
    for y in range(10):
        for x in range(10):
            if board[y][x] == "#" and (x, y) not in seen:
                stack, n = [(x, y)], 0
                seen.add((x, y))
                while stack:
                    cx, cy = stack.pop()
                    n += 1
                    for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                        if 0 <= nx < 10 and 0 <= ny < 10 and board[ny][nx] == "#" \
                                and (nx, ny) not in seen:
                            seen.add((nx, ny))
                            stack.append((nx, ny))
                lengths.append(n)
    return lengths


def heat(board):
    left = list(FLEET)
    for n in sunk_ships(board):
        if n in left:
            left.remove(n)
    blocked = set()
    for y in range(10):
        for x in range(10):
            if board[y][x] == "o":
                blocked.add((x, y))
            elif board[y][x] == "#":
                for dy in (-1, 0, 1):
                    for dx in (-1, 0, 1):
                        blocked.add((x + dx, y + dy))
    hits = [(x, y) for y in range(10) for x in range(10) if board[y][x] == "x"]
    h = [[0] * 10 for _ in range(10)]
    for length in left:
        for vertical in (False, True):
            for y in range(10 - (length - 1 if vertical else 0)):
                for x in range(10 - (0 if vertical else length - 1)):
                    cells = [(x, y + i) if vertical else (x + i, y) for i in range(length)]
                    if any(c in blocked for c in cells):
                        continue
                    covered = sum(1 for c in cells if c in hits)
                    for cx, cy in cells:
                        if board[cy][cx] == ".":
                            # Placements through hits are worth far more.
                            h[cy][cx] += 1 + 50 * covered
    return h, hits


def decide(board, rng):
    h, hits = heat(board)
    unknown = [(x, y) for y in range(10) for x in range(10) if board[y][x] == "."]
    if hits:
        near = [(x, y) for (x, y) in unknown
                if any(abs(x - hx) + abs(y - hy) == 1 for hx, hy in hits)]
        pool, why = near or unknown, "finishing the ship at %d %d" % hits[0]
    else:
        parity = [(x, y) for (x, y) in unknown if (x + y) % 2 == 0]
        pool, why = parity or unknown, "hunting on parity"
    top = max(h[y][x] for x, y in pool)
    best = [(x, y) for x, y in pool if h[y][x] == top]
    x, y = rng.choice(best)
    wave = " ".join(str(h[cy][cx] if board[cy][cx] == "." else -1)
                    for cy in range(10) for cx in range(10))
    return ["info wave " + wave,
            "info text %s: heat %d, %s" % (why, top, "one best cell" if len(best) == 1
                                            else "%d cells tie" % len(best))], (x, y)


def main():
    rng = random.Random(0)
    board = None
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "wavesnake":
            print("name hunter.py")
            print("ready")
        elif words[0] == "game":          # game seed S
            rng = random.Random(int(words[2]))
        elif words[0] == "board":         # board R1 ... R10
            board = words[1:]
        elif words[0] == "go":
            info, (x, y) = decide(board, rng)
            print("\n".join(info))
            print("shot %d %d" % (x, y))
        elif words[0] == "quit":
            break
        sys.stdout.flush()


if __name__ == "__main__":
    main()
