#!/usr/bin/env python3
"""pngdiff.py A.png B.png [MAX-SHARE]: compare two pictures tolerantly.
Exit 0 when they are the same size and at most MAX-SHARE (default 0.002)
of their pixels differ by more than 64 in a colour channel: a new cairo
or font version moves a glyph edge by a pixel, a broken drawing moves
whole regions.  Reads 4- and 8-bit palette and 8-bit RGB(A) PNGs with the
standard library alone (zlib), so the test needs nothing installed."""
import struct
import sys
import zlib


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def read(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path}: not a PNG"
    pos, idat, palette = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
        elif kind == b"PLTE":
            palette = [tuple(body[i:i + 3]) for i in range(0, n, 3)]
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    assert depth == 8 or (ctype == 3 and depth == 4), f"{path}: depth {depth}"
    bpp = {3: 1, 2: 3, 6: 4}[ctype]
    raw = zlib.decompress(idat)
    # the filters work on bytes: a 4-bit row is (w + 1) // 2 of them
    stride = w * bpp if depth == 8 else (w + 1) // 2
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            line[i] = (line[i] + (0, a, b, (a + b) // 2, paeth(a, b, c))[f]) & 255
        rows.append(line)
        prev = line
    pixels = []
    for line in rows:
        if ctype == 3 and depth == 4:
            pixels.extend(palette[line[x // 2] >> (4 - 4 * (x % 2)) & 15] for x in range(w))
        elif ctype == 3:
            pixels.extend(palette[i] for i in line)
        else:
            pixels.extend(tuple(line[i:i + 3]) for i in range(0, stride, bpp))
    return w, h, pixels


def main():
    a, b = read(sys.argv[1]), read(sys.argv[2])
    share = float(sys.argv[3]) if len(sys.argv) > 3 else 0.002
    if a[:2] != b[:2]:
        sys.exit(f"FAIL: {sys.argv[1]} is {a[0]}x{a[1]}, {sys.argv[2]} {b[0]}x{b[1]}")
    differ = sum(1 for p, q in zip(a[2], b[2]) if max(abs(x - y) for x, y in zip(p, q)) > 64)
    got = differ / len(a[2])
    print(f"{sys.argv[1]}: {differ} of {len(a[2])} pixels differ ({got:.4%})")
    if got > share:
        sys.exit(f"FAIL: more than {share:.2%} of the pixels differ")


main()
