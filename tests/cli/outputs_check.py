#!/usr/bin/env python3
"""An independent reader of what wavesnake writes besides traces: PNG
screenshots and charts, GIF recordings, match --plot SVGs and the headless
summaries (text and --json). Standard library only: zlib for PNG, an LZW
decoder of its own for GIF, json, xml.etree for SVG. It knows the formats
from docs/formats.md and docs/replay.md alone, never from the program.

Usage (each prints nothing and exits 0 when the file agrees, else one
'FAIL: ...' line per disagreement and exit 1):
  outputs_check.py png FILE W H
  outputs_check.py gif FILE W H FRAMES [PNG]   FRAMES offscreen frames (16 ms each);
                                               PNG: the last frame must be this picture
  outputs_check.py snake FILE [--json]         a snake headless run's stdout
  outputs_check.py sea FILE [--json]           a sea headless run's stdout
  outputs_check.py svg FILE JSONFILE           a match --plot against the match's --json
  outputs_check.py mdsame A.md B.md            two bench --markdown tables of one benchmark
"""
import json
import math
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

FAILS = []


def fail(msg):
    FAILS.append(msg)


# ---- PNG -------------------------------------------------------------------


def png_read(path):
    """(width, height, rows of (r, g, b) tuples) of an 8-bit RGB or RGBA PNG."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG signature")
    pos, idat, ihdr, ended = 8, b"", None, False
    while pos < len(data):
        if pos + 8 > len(data):
            raise ValueError("cut chunk header at %d" % pos)
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + n]
        if len(body) != n or pos + 12 + n > len(data):
            raise ValueError("cut chunk %r" % kind)
        (crc,) = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])
        if zlib.crc32(kind + body) & 0xFFFFFFFF != crc:
            raise ValueError("bad CRC in chunk %r" % kind)
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            ended = True
            if pos + 12 + n != len(data):
                raise ValueError("bytes after IEND")
            break
        pos += 12 + n
    if ihdr is None or not ended:
        raise ValueError("no IHDR or no IEND")
    w, h, depth, ctype, comp, filt, inter = ihdr
    if depth != 8 or ctype not in (2, 6) or comp or filt or inter:
        raise ValueError("unexpected IHDR %r" % (ihdr,))
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(idat)
    stride = w * bpp
    if len(raw) != h * (stride + 1):
        raise ValueError("image data is %d bytes, expected %d" % (len(raw), h * (stride + 1)))
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pr) & 255
            elif f != 0:
                raise ValueError("bad filter %d on row %d" % (f, y))
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(w)])
        prev = line
    return w, h, rows


def check_png(path, w, h):
    try:
        gw, gh, rows = png_read(path)
    except (OSError, ValueError, zlib.error) as e:
        fail("%s: not a valid PNG: %s" % (path, e))
        return None
    if (gw, gh) != (w, h):
        fail("%s: %dx%d, expected %dx%d" % (path, gw, gh, w, h))
    if len(set(rows[0]) | set(rows[-1]) | set(rows[h // 2])) < 2:
        fail("%s: the picture is one flat colour" % path)
    return rows


# ---- GIF -------------------------------------------------------------------


def lzw_decode(min_size, data, npix):
    clear, eoi = 1 << min_size, (1 << min_size) + 1
    size, out = min_size + 1, []
    table = None
    prev = None
    bitpos, nbits = 0, len(data) * 8
    acc = int.from_bytes(data, "little")
    while True:
        if bitpos + size > nbits:
            raise ValueError("LZW data ends without an end code")
        code = (acc >> bitpos) & ((1 << size) - 1)
        bitpos += size
        if code == clear:
            table = [bytes([i]) for i in range(clear)] + [b"", b""]
            size, prev = min_size + 1, None
            continue
        if code == eoi:
            break
        if table is None:
            raise ValueError("LZW data without a clear code first")
        if prev is None:
            if code >= clear:
                raise ValueError("first LZW code %d is no colour" % code)
            entry = table[code]
        elif code < len(table):
            entry = table[code]
            table.append(prev + entry[:1])
        elif code == len(table):
            entry = prev + prev[:1]
            table.append(entry)
        else:
            raise ValueError("LZW code %d beyond the table (%d)" % (code, len(table)))
        out.append(entry)
        prev = entry
        if len(table) == (1 << size) and size < 12:
            size += 1
    pix = b"".join(out)
    if len(pix) != npix:
        raise ValueError("frame holds %d pixels, expected %d" % (len(pix), npix))
    return pix


def gif_read(path):
    """(w, h, loops, frames): each frame (delay_cs, composed canvas of RGB)."""
    d = open(path, "rb").read()
    if d[:6] != b"GIF89a":
        raise ValueError("no GIF89a header")
    w, h, flags, bg, _aspect = struct.unpack("<HHBBB", d[6:13])
    pos = 13
    gct = None
    if flags & 0x80:
        n = 2 << (flags & 7)
        gct = [tuple(d[pos + 3 * i:pos + 3 * i + 3]) for i in range(n)]
        pos += 3 * n
    canvas = [None] * (w * h)
    frames, loops, gce = [], None, None
    while True:
        if pos >= len(d):
            raise ValueError("the file ends without a trailer")
        b = d[pos]
        pos += 1
        if b == 0x3B:
            if pos != len(d):
                raise ValueError("bytes after the trailer")
            break
        if b == 0x21:
            label = d[pos]
            pos += 1
            blocks = []
            while True:
                n = d[pos]
                pos += 1
                if n == 0:
                    break
                blocks.append(d[pos:pos + n])
                pos += n
            if label == 0xF9:
                pk, delay, tidx = struct.unpack("<BHB", blocks[0])
                gce = (pk, delay, tidx)
            elif label == 0xFF and blocks and blocks[0] == b"NETSCAPE2.0":
                loops = struct.unpack("<H", blocks[1][1:3])[0]
            continue
        if b != 0x2C:
            raise ValueError("unknown block 0x%02x at %d" % (b, pos - 1))
        x, y, fw, fh, fl = struct.unpack("<HHHHB", d[pos:pos + 9])
        pos += 9
        if fl & 0x40:
            raise ValueError("interlaced frame")
        if x + fw > w or y + fh > h or fw == 0 or fh == 0:
            raise ValueError("frame %dx%d at (%d,%d) outside the %dx%d screen" % (fw, fh, x, y, w, h))
        ct = gct
        if fl & 0x80:
            n = 2 << (fl & 7)
            ct = [tuple(d[pos + 3 * i:pos + 3 * i + 3]) for i in range(n)]
            pos += 3 * n
        if ct is None:
            raise ValueError("frame without a colour table")
        mins = d[pos]
        pos += 1
        data = bytearray()
        while True:
            n = d[pos]
            pos += 1
            if n == 0:
                break
            data += d[pos:pos + n]
            pos += n
        pix = lzw_decode(mins, bytes(data), fw * fh)
        pk, delay, tidx = gce if gce else (0, 0, 0)
        transparent = tidx if pk & 1 else -1
        disposal = (pk >> 2) & 7
        if disposal not in (0, 1):
            raise ValueError("disposal %d (the recorder never disposes)" % disposal)
        for j in range(fh):
            row = (y + j) * w + x
            for i in range(fw):
                p = pix[j * fw + i]
                if p == transparent:
                    continue
                if p >= len(ct):
                    raise ValueError("colour index %d beyond the table" % p)
                canvas[row + i] = ct[p]
        frames.append((delay, list(canvas)))
        gce = None
    return w, h, loops, frames


OFFSCREEN_FRAME_MS = 16
GIF_FRAME_MS = 40


def check_gif(path, w, h, nframes, png=None):
    try:
        gw, gh, loops, frames = gif_read(path)
    except (OSError, ValueError, IndexError, struct.error) as e:
        fail("%s: not a valid GIF: %s" % (path, e))
        return
    if (gw, gh) != (w, h):
        fail("%s: %dx%d, expected %dx%d" % (path, gw, gh, w, h))
    if loops != 0:
        fail("%s: loops %r, expected 0 (forever)" % (path, loops))
    if not frames:
        fail("%s: no frame" % path)
        return
    if any(p is None for p in frames[0][1]):
        fail("%s: the first frame leaves pixels undrawn" % path)
    # At most 25 frames a second: each delay at least 4 cs except where the
    # centisecond rounding borrows (never under 2: browsers slow those down).
    for i, (delay, _c) in enumerate(frames):
        if delay < 2:
            fail("%s: frame %d has delay %d cs" % (path, i, delay))
    # The offscreen clock: frame k is drawn at k * 16 ms; the last GIF frame
    # lasts one GIF interval (40 ms) after the last frame taken, which is the
    # last frame drawn (forced). Total = (nframes - 1) * 16 + 40 ms.
    total_cs = sum(dl for dl, _c in frames)
    want_cs = ((nframes - 1) * OFFSCREEN_FRAME_MS + GIF_FRAME_MS + 5) // 10
    if total_cs != want_cs:
        fail("%s: the delays add up to %d cs, expected %d (%d frames of 16 ms, the last shown 40 ms)"
             % (path, total_cs, want_cs, nframes))
    max_frames = (nframes - 1) * OFFSCREEN_FRAME_MS // GIF_FRAME_MS + 2
    if len(frames) > max_frames:
        fail("%s: %d GIF frames, more than 25 a second allows (%d)" % (path, len(frames), max_frames))
    for i in range(1, len(frames)):
        if frames[i][1] == frames[i - 1][1]:
            fail("%s: frame %d is the same picture as frame %d (should be merged)" % (path, i, i - 1))
            break
    if png is not None:
        rows = png_read(png)[2]
        last = frames[-1][1]
        far = 0
        worst = 0
        for yy in range(h):
            for xx in range(w):
                a, b = rows[yy][xx], last[yy * w + xx]
                dist = max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))
                worst = max(worst, dist)
                if dist > 48:
                    far += 1
        if far > w * h // 100:
            fail("%s: the last frame is not the screenshot %s: %d pixels differ by more than 48 (worst %d)"
                 % (path, png, far, worst))


# ---- headless statistics -----------------------------------------------------


def close(a, b, decimals):
    return abs(a - b) <= 0.5 * 10 ** -decimals + 1e-9


def ndec(text):
    text = str(text)
    return len(text.split(".")[1]) if "." in text else 0


def sd_of(xs):
    if len(xs) < 2:
        return 0.0
    m = sum(xs) / len(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))


def median_of(xs):
    s = sorted(xs)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def parse_text_fields(line, prefix):
    """'prefix: a X, b Y, ...' -> dict (the value is the rest after the first word)."""
    assert line.startswith(prefix)
    out = {}
    for part in line[len(prefix):].split(", "):
        k, _, v = part.strip().partition(" ")
        out[k] = v
    return out


def check_num(where, name, got_text, want, decimals=None):
    try:
        got = float(got_text)
    except (TypeError, ValueError):
        fail("%s: %s is %r, not a number" % (where, name, got_text))
        return
    d = ndec(got_text) if decimals is None else decimals
    if not close(got, want, d):
        fail("%s: %s is %s, recomputed %.6g" % (where, name, got_text, want))


def check_snake(path, as_json):
    lines = open(path).read().splitlines()
    if not lines:
        fail("%s: empty" % path)
        return
    games, summary = [], None
    for n, line in enumerate(lines, 1):
        where = "%s:%d" % (path, n)
        if as_json:
            try:
                o = json.loads(line)
            except ValueError as e:
                fail("%s: not JSON: %s" % (where, e))
                continue
            if o.get("summary") is True:
                summary = o
                continue
            keys = ["game", "seed", "outcome", "length", "cells", "steps", "decision_us_mean"]
            if o.get("outcome") == "forfeit":  # and the fault line
                keys.append("fault")
                if not str(o.get("fault", "")).startswith("engine '"):
                    fail("%s: a forfeit game's fault is %r" % (where, o.get("fault")))
            if list(o) != keys:
                fail("%s: game keys %s, expected %s" % (where, list(o), keys))
                continue
            for k in keys:
                if k not in ("outcome", "fault") and not isinstance(o[k], (int, float)) or isinstance(o[k], bool):
                    fail("%s: %s is %r" % (where, k, o[k]))
            games.append(o)
        else:
            if line.startswith("summary: "):
                summary = line
                continue
            head, _, rest = line.partition(": ")
            hw = head.split()
            parts = rest.split(", ")
            if len(hw) != 4 or hw[0] != "game" or hw[2] != "seed" or len(parts) != 4:
                fail("%s: not a game line: %r" % (where, line))
                continue
            lc = parts[1].split()[1].split("/")
            steps = int(parts[2].split()[1])
            # "decision U us", or "decision none" for a game without a
            # decision (an engine that failed at its first go: no step)
            dw = parts[3].split()
            if dw == ["decision", "none"]:
                if steps != 0:
                    fail("%s: decision none after %d steps" % (where, steps))
                us = None
            elif len(dw) == 3 and dw[0] == "decision" and dw[2] == "us":
                us = float(dw[1])
            else:
                fail("%s: not a decision time: %r" % (where, parts[3]))
                continue
            games.append({"game": int(hw[1]), "seed": int(hw[3]), "outcome": parts[0],
                          "length": int(lc[0]), "cells": int(lc[1]),
                          "steps": steps, "decision_us_mean": us})
    if summary is None:
        fail("%s: no summary" % path)
        return
    if not as_json:
        s = parse_text_fields(summary, "summary: ")
        # "steps sd SD min LO median MED max HI" is one comma part
        st = s.get("steps", "").split()
        if len(st) != 8 or st[0::2] != ["sd", "min", "median", "max"]:
            fail("%s: the summary's steps part is %r" % (path, s.get("steps")))
            return
        sj = {"games": s["games"], "won": s["won"], "dead": s["dead"], "stalled": s["stalled"],
              "forfeit": s["forfeit"], "avg_length": s["avg_length"].split("/")[0],
              "avg_steps": s["avg_steps"], "seed": s["seed"], "size": s["size"],
              "steps_sd": st[1], "steps_min": st[3], "steps_median": st[5], "steps_max": st[7],
              "games_total": s["games_total"], "shard": s["shard"],
              "start_length": s["start_length"]}
        cells_text = s["avg_length"].split("/")[1]
        # No decision timed in any game: the run's times are none, else numbers.
        untimed = all(g["decision_us_mean"] is None for g in games)
        for k in ("decision_us_mean", "decision_us_p99"):
            if (s.get(k) == "none") != untimed:
                fail("%s: summary %s %r, but %s" % (path, k, s.get(k), "no game timed a decision"
                                                    if untimed else "games timed decisions"))
    else:
        sj = summary
        keys = ["summary", "games", "won", "dead", "stalled", "forfeit", "avg_length", "avg_steps",
                "decision_us_mean", "decision_us_p99", "wall_s", "seed", "size", "policy", "tail",
                "walls", "jobs", "steps_sd", "steps_min", "steps_median", "steps_max",
                "games_total", "shard", "start_length", "walls_hash", "version"]
        if list(sj) != keys:
            fail("%s: summary keys %s, expected %s" % (path, list(sj), keys))
        cells_text = None
    where = path + ": summary"
    n = len(games)
    if int(sj["games"]) != n:
        fail("%s: games %s, but %d game lines" % (where, sj["games"], n))
    for oc in ("won", "dead", "stalled", "forfeit"):
        c = sum(1 for g in games if g["outcome"] == oc)
        if int(sj[oc]) != c:
            fail("%s: %s %s, counted %d" % (where, oc, sj[oc], c))
    if sum(int(sj[oc]) for oc in ("won", "dead", "stalled", "forfeit")) != int(sj["games"]):
        fail("%s: won + dead + stalled + forfeit != games" % where)
    if n == 0:
        return
    seed = int(sj["seed"])
    for i, g in enumerate(games):
        if g["seed"] != (seed + g["game"]) % 2**64:  # 64-bit seeds wrap
            fail("%s: game %d has seed %d, not seed + game %d" % (path, g["game"], g["seed"], seed + g["game"]))
        if g["outcome"] == "won" and g["length"] != g["cells"]:
            fail("%s: game %d won at length %d of %d" % (path, g["game"], g["length"], g["cells"]))
        if g["length"] > g["cells"]:
            fail("%s: game %d length %d beyond %d cells" % (path, g["game"], g["length"], g["cells"]))
        if i and g["game"] <= games[i - 1]["game"]:
            fail("%s: games out of order at %d" % (path, g["game"]))
    sw, sh = (int(v) for v in str(sj["size"]).split("x"))
    if cells_text is not None and int(cells_text) != games[0]["cells"]:
        fail("%s: avg_length's /C is %s, games have %d cells" % (where, cells_text, games[0]["cells"]))
    if games[0]["cells"] > sw * sh:
        fail("%s: %d cells on a %s board" % (where, games[0]["cells"], sj["size"]))
    steps = [g["steps"] for g in games]
    lengths = [g["length"] for g in games]
    check_num(where, "avg_length", sj["avg_length"], sum(lengths) / n)
    check_num(where, "avg_steps", sj["avg_steps"], sum(steps) / n)
    if n == 1 and not as_json:
        # the sample sd of one game does not exist: "none" in the line, 0 in JSON
        if sj["steps_sd"] != "none":
            fail("%s: steps sd of one game is %r, not none" % (where, sj["steps_sd"]))
    else:
        check_num(where, "steps_sd", sj["steps_sd"], sd_of(steps))
    check_num(where, "steps_min", sj["steps_min"], min(steps), 0)
    check_num(where, "steps_max", sj["steps_max"], max(steps), 0)
    check_num(where, "steps_median", sj["steps_median"], median_of(steps))
    if as_json:
        for k in ("games", "won", "dead", "stalled", "forfeit", "walls", "jobs", "steps_min",
                  "steps_max", "games_total", "start_length", "seed"):
            if not isinstance(sj.get(k), int) or isinstance(sj.get(k), bool):
                fail("%s: %s is %r, not a whole number" % (where, k, sj.get(k)))
        for k in ("avg_length", "avg_steps", "decision_us_mean", "decision_us_p99", "wall_s",
                  "steps_sd", "steps_median"):
            if not isinstance(sj.get(k), (int, float)) or isinstance(sj.get(k), bool):
                fail("%s: %s is %r, not a number" % (where, k, sj.get(k)))
        if sj["decision_us_p99"] < 0 or sj["wall_s"] < 0:
            fail("%s: a negative time" % where)
        if sw * sh - sj["walls"] != games[0]["cells"]:
            fail("%s: %s minus %d walls is not %d cells" % (where, sj["size"], sj["walls"], games[0]["cells"]))
        hx = str(sj["walls_hash"])
        if len(hx) != 16 or any(c not in "0123456789abcdef" for c in hx):
            fail("%s: walls_hash %r is not 16 hex digits" % (where, hx))
        if (sj["walls"] == 0) != (hx == "0" * 16):
            fail("%s: walls %d but walls_hash %s" % (where, sj["walls"], hx))
        means = [g["decision_us_mean"] for g in games]
        wmean = sum(m * s for m, s in zip(means, steps)) / max(1, sum(steps))
        if sum(steps) and not (min(means) - 0.01 <= sj["decision_us_mean"] <= max(means) + 0.01):
            fail("%s: decision_us_mean %r outside the games' means %r..%r (weighted %.3f)"
                 % (where, sj["decision_us_mean"], min(means), max(means), wmean))


def check_sea(path, as_json):
    lines = open(path).read().splitlines()
    games, summary, hist = [], None, []
    in_hist = False
    for n, line in enumerate(lines, 1):
        where = "%s:%d" % (path, n)
        if as_json:
            o = json.loads(line)
            if o.get("summary") is True:
                summary = o
            else:
                keys = (["game", "seed", "forfeit", "shots", "fault"] if o.get("forfeit")
                        else ["game", "seed", "shots", "decision_us_mean"])
                if list(o) != keys:
                    fail("%s: game keys %s, expected %s" % (where, list(o), keys))
                games.append(o)
            continue
        if line.startswith("summary: "):
            summary = line
        elif line.startswith("shots histogram"):
            in_hist = True
        elif in_hist:
            parts = line.split()
            lo, hi = (int(v) for v in parts[0].split("-"))
            hist.append((lo, hi, int(parts[-1]), parts[1] if len(parts) == 3 else ""))
        elif line.startswith("game "):
            head, _, rest = line.partition(": ")
            g = {"game": int(head.split()[1]), "seed": int(head.split()[3])}
            if rest.startswith("forfeit"):
                g["forfeit"] = True
                g["shots"] = int(rest.split()[2])
            else:
                g["shots"] = int(rest.split()[0])
            games.append(g)
        else:
            fail("%s: unexpected line %r" % (where, line))
    if summary is None:
        fail("%s: no summary" % path)
        return
    where = path + ": summary"
    if as_json:
        s = summary
        keys = ["summary", "games", "forfeit", "hunter", "placement", "seed", "mean", "avg_shots",
                "median", "min", "max", "p10", "p90", "decision_us_mean", "decision_us_p99",
                "wall_s", "jobs", "histogram"]
        if list(s) != keys:
            fail("%s: keys %s, expected %s" % (where, list(s), keys))
    else:
        t = parse_text_fields(summary, "summary: ")
        sh = t["shots"].split()
        s = {"games": t["games"], "forfeit": t["forfeit"], "seed": t["seed"], "mean": sh[1],
             "median": t["median"], "min": t["min"], "max": t["max"], "p10": t["p10"], "p90": t["p90"]}
    if int(s["games"]) != len(games):
        fail("%s: games %s, %d game lines" % (where, s["games"], len(games)))
    done = sorted(g["shots"] for g in games if not g.get("forfeit"))
    if int(s["forfeit"]) != len(games) - len(done):
        fail("%s: forfeit %s, counted %d" % (where, s["forfeit"], len(games) - len(done)))
    for g in games:
        if g["seed"] != (int(s["seed"]) + g["game"]) % 2**64:
            fail("%s: game %d seed %d" % (path, g["game"], g["seed"]))
        if not g.get("forfeit") and not 17 <= g["shots"] <= 100:
            fail("%s: game %d sunk the fleet in %d shots" % (path, g["game"], g["shots"]))
    if not done:
        for k in ("mean", "median", "min", "max", "p10", "p90"):
            if s[k] not in (None, "none"):
                fail("%s: %s is %r with every game forfeit" % (where, k, s[k]))
        return
    n = len(done)
    check_num(where, "mean", s["mean"], sum(done) / n)
    if as_json:
        check_num(where, "avg_shots", s["avg_shots"], sum(done) / n)
    check_num(where, "median", s["median"], median_of(done))
    check_num(where, "min", s["min"], done[0], 0)
    check_num(where, "max", s["max"], done[-1], 0)
    check_num(where, "p10", s["p10"], done[math.floor(0.1 * (n - 1))], 0)
    check_num(where, "p90", s["p90"], done[math.floor(0.9 * (n - 1))], 0)
    if as_json:
        want = {}
        for v in done:
            want[v] = want.get(v, 0) + 1
        if s["histogram"] != [[k, want[k]] for k in sorted(want)]:
            fail("%s: histogram %r, counted %r" % (where, s["histogram"][:5], sorted(want.items())[:5]))
    else:
        total = sum(c for _lo, _hi, c, _bar in hist)
        if total != n:
            fail("%s: the histogram counts %d games of %d" % (where, total, n))
        for lo, hi, c, _bar in hist:
            real = sum(1 for v in done if lo <= v <= hi)
            if real != c or hi - lo != 4 or lo % 5:
                fail("%s: bin %d-%d says %d, counted %d" % (where, lo, hi, c, real))


# ---- match --plot ------------------------------------------------------------


def check_svg(path, json_path):
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError) as e:
        fail("%s: not well-formed XML: %s" % (path, e))
        return
    if root.tag != "{http://www.w3.org/2000/svg}svg":
        fail("%s: the root is %s, not svg" % (path, root.tag))
        return
    ns = "{http://www.w3.org/2000/svg}"
    objs = [json.loads(line) for line in open(json_path) if line.strip()]
    summ = [o for o in objs if o.get("match") == "summary"][0]
    games = [o for o in objs if o.get("match") == "game"]
    players = summ["players"]
    won = "won" if summ["kind"] == "snake" else "sunk"
    what = "steps" if summ["kind"] == "snake" else "shots"
    # docs/match.md: steps of the won games; no game won at all: final lengths
    # of the games not forfeit.
    by_len = summ["kind"] == "snake" and not any(
        g["end_%d" % k] == "won" for g in games for k in range(players))

    def values(k):
        if by_len:
            return [g["length_%d" % k] for g in games if g["end_%d" % k] != "forfeit"]
        return [g["%s_%d" % (what, k)] for g in games if g["end_%d" % k] == won]

    def diffs(k):
        if by_len:
            return [g["length_0"] - g["length_%d" % k] for g in games
                    if g["end_0"] != "forfeit" and g["end_%d" % k] != "forfeit"]
        return [g["%s_0" % what] - g["%s_%d" % (what, k)] for g in games
                if g["end_0"] == won and g["end_%d" % k] == won]

    width = float(root.get("width"))
    rects = [r for r in root.iter(ns + "rect") if r.get("fill") == "none"]
    paths = list(root.iter(ns + "path"))
    # A panel with any value draws every series of it (an empty one flat).
    own = [values(k) for k in range(players)]
    dif = [diffs(k) for k in range(1, players)]
    want = (own if any(own) else []) + (dif if any(dif) else [])
    if len(paths) != len(want):
        fail("%s: %d histograms, expected %d" % (path, len(paths), len(want)))
        return
    # Each panel: its frame rect, its ticks (a line under the frame and a
    # number: the value v at v + 1/2), its gridlines (games).
    lines = list(root.iter(ns + "line"))
    texts = list(root.iter(ns + "text"))
    for fr in rects:
        fx, fy = float(fr.get("x")), float(fr.get("y"))
        fw, fh = float(fr.get("width")), float(fr.get("height"))
        for el in root.iter():
            for ax in ("x", "x1", "x2"):
                v = el.get(ax)
                if v is not None and el.tag in (ns + "rect", ns + "line") and el is not fr:
                    y = float(el.get("y", el.get("y1", "-1")))
                    if fy <= y <= fy + fh and el.get("width") != "14" and not (
                            fx - 0.05 <= float(v) <= fx + fw + 0.05) and el.get("stroke") != "#eee":
                        fail("%s: a %s at %s=%s lies outside its panel (x %.1f..%.1f)"
                             % (path, el.tag[len(ns):], ax, v, fx, fx + fw))
            if el.tag == ns + "rect" and el.get("fill-opacity") and fy <= float(el.get("y")) <= fy + fh:
                x1 = float(el.get("x")) + float(el.get("width"))
                if x1 > fx + fw + 0.05:
                    fail("%s: a band ends at x %.1f, right of its panel (%.1f)" % (path, x1, fx + fw))
    panel_paths = []
    for p_el, vals in zip(paths, want):
        d = p_el.get("d").replace("M", "").replace("Z", "").split(" L")
        pts = [tuple(float(c) for c in q.split()) for q in d]
        y0 = pts[0][1]
        # the panel of this path: the frame whose bottom is y0
        fr = [r for r in rects if abs(float(r.get("y")) + float(r.get("height")) - y0) < 0.05][0]
        fy = float(fr.get("y"))
        ticks = [(float(l.get("x1")), None) for l in lines
                 if l.get("stroke") == "#999" and abs(float(l.get("y1")) - y0) < 0.05]
        labels = {round(float(t.get("x")), 1): t.text for t in texts
                  if t.get("text-anchor") == "middle" and abs(float(t.get("y")) - (y0 + 19)) < 0.05}
        xs = sorted(ticks)
        if len(xs) < 2:  # one tick: one value, every game in one bin
            if len(xs) == 0 or set(vals) != {int(labels[round(xs[0][0], 1)])}:
                fail("%s: %d ticks on a panel of the values %s" % (path, len(xs), sorted(set(vals))[:5]))
            continue
        (xa, _), (xb, _) = xs[0], xs[-1]
        va, vb = float(labels[round(xa, 1)]), float(labels[round(xb, 1)])
        grid = sorted((float(l.get("y1")), float(t.text)) for l in lines for t in texts
                      if l.get("stroke") == "#eee" and t.get("text-anchor") == "end"
                      and abs(float(t.get("y")) - float(l.get("y1")) - 4) < 0.05
                      and abs(float(l.get("y1")) - y0) <= float(fr.get("height")) + 0.05
                      and fy - 0.05 <= float(l.get("y1")) <= y0 + 0.05)
        (gy0, g0), (gy1, g1) = grid[-1], grid[0]

        def val(x):  # the axis value at x (a tick v stands at v + 1/2)
            return va + 0.5 + (x - xa) * (vb - va) / (xb - xa)

        def games_at(y):
            return g0 + (y - gy0) * (g1 - g0) / (gy1 - gy0)

        seen = 0
        for i in range(1, len(pts) - 1, 2):
            (x0, yy), (x1, yy2) = pts[i], pts[i + 1]
            a, b = round(val(x0)), round(val(x1))  # bin edges are whole numbers
            cnt = sum(1 for v in vals if a <= v < b)
            got = games_at(yy)
            if abs(got - cnt) > 0.05:
                fail("%s: the bin %d..%d shows %.2f games, the JSON has %d" % (path, a, b, got, cnt))
            seen += cnt
        if seen != len(vals):
            fail("%s: a histogram covers %d of %d values" % (path, seen, len(vals)))
        for l in lines:
            if l.get("stroke-dasharray") and l.get("stroke") == p_el.get("stroke") and \
                    fy - 0.05 <= float(l.get("y1")) <= y0:
                mean = sum(vals) / len(vals)
                if abs(val(float(l.get("x1"))) - 0.5 - mean) > 0.2 * abs(vb - va) / (xb - xa) + 0.01:
                    fail("%s: the mean line stands at %.2f, the mean is %.3f"
                         % (path, val(float(l.get("x1"))) - 0.5, mean))


# ---- bench --markdown ----------------------------------------------------------


def check_markdown_same(path_a, path_b):
    """Two tables of one benchmark: every column the text says is the same on
    every machine must be the same in both runs."""
    tables = []
    for path in (path_a, path_b):
        text = open(path).read()
        claim = [l for l in text.splitlines() if "Every column but" in l]
        if not claim:
            fail("%s: no 'Every column but ...' sentence" % path)
            return
        varying = claim[0].split("Every column but", 1)[1].split(" is the same", 1)[0]
        rows = [[c.strip() for c in l.strip().strip("|").split("|")]
                for l in text.splitlines() if l.startswith("| ")]
        tables.append((varying, rows))
    (varying, ra), (_v, rb) = tables
    head = ra[0]
    for i, name in enumerate(head):
        named = ("decision" in name and "decision times" in varying) or name in varying
        if named:
            continue
        for a, b in zip(ra[1:], rb[1:]):
            if a[i] != b[i]:
                fail("%s: column '%s' differs between two runs (%s, %s), but the text says only %s vary"
                     % (path_a, name, a[i], b[i], varying))
                break


def main(argv):
    kind = argv[1]
    if kind == "png":
        check_png(argv[2], int(argv[3]), int(argv[4]))
    elif kind == "gif":
        check_gif(argv[2], int(argv[3]), int(argv[4]), int(argv[5]), argv[6] if len(argv) > 6 else None)
    elif kind == "snake":
        check_snake(argv[2], "--json" in argv[3:])
    elif kind == "sea":
        check_sea(argv[2], "--json" in argv[3:])
    elif kind == "mdsame":
        check_markdown_same(argv[2], argv[3])
    elif kind == "svg":
        check_svg(argv[2], argv[3])
    else:
        print("usage: see the file's head", file=sys.stderr)
        return 2
    for f in FAILS[:20]:
        print("FAIL: " + f)
    if len(FAILS) > 20:
        print("FAIL: ... and %d more" % (len(FAILS) - 20))
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
