#!/usr/bin/env python3
"""Writes the PNG fixtures for PNGTests.swift (run once; the PNGs are committed).

Pixel values follow the formulas below, repeated in PNGTests.swift. Pillow
writes every file it can; the rest (16-bit colour, 16-bit grey+alpha, Adam7
interlacing, which Pillow cannot write) come from the small writer below, and
each of those is read back with Pillow and checked against the formulas.
"""
import os
import struct
import zlib

import numpy as np
from PIL import Image

W, H = 7, 5  # odd sizes exercise the partial Adam7 passes


def red(x, y): return (x * 37 + y * 11) & 255
def green(x, y): return (x * 13 + y * 53 + 7) & 255
def blue(x, y): return (x * 101 + y * 29 + 3) & 255
def alpha(x, y): return (x * 59 + y * 83 + 11) & 255
def grey(x, y): return (x * 29 + y * 41 + 5) & 255
def low(x, y, c): return (x * 7 + y * 13 + c * 17) & 255  # low byte of 16-bit samples


def channels8(fns):
    return np.array([[[f(x, y) for f in fns] for x in range(W)] for y in range(H)], dtype=np.uint8)


def channels16(fns):
    return np.array([[[f(x, y) * 256 + low(x, y, c) for c, f in enumerate(fns)] for x in range(W)]
                     for y in range(H)], dtype=np.uint16)


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def write_raw(path, samples, color_type, depth, interlace=False):
    """samples: H×W×C array of uint8 (depth 8) or uint16 (depth 16); filter type 0 on every row."""
    dtype = ">u2" if depth == 16 else "u1"

    def rows(img):
        return b"".join(b"\x00" + img[y].astype(dtype).tobytes() for y in range(img.shape[0]))

    if interlace:
        raw = b""
        for x0, y0, dx, dy in ADAM7:
            sub = samples[y0::dy, x0::dx]
            if sub.shape[0] and sub.shape[1]:
                raw += rows(sub)
    else:
        raw = rows(samples)
    h, w = samples.shape[:2]
    ihdr = struct.pack(">IIBBBBB", w, h, depth, color_type, 0, 0, 1 if interlace else 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9))
                + chunk(b"IEND", b""))


def check_with_pillow(path, expected8):
    """Pillow reads 16-bit colour as 8-bit by keeping the high byte."""
    got = np.array(Image.open(path))
    if got.ndim == 2:
        got = got[:, :, None]
    if got.dtype != np.uint8:  # 16-bit grey comes back as 32-bit integers
        got = (got >> 8).astype(np.uint8)
    if got.shape[2] == 4 and expected8.shape[2] == 2:  # 16-bit grey+alpha comes back as RGBA
        got = got[:, :, [0, 3]]
    assert got.shape == expected8.shape, (path, got.shape, expected8.shape)
    assert (got == expected8).all(), path


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = lambda name: os.path.join(here, name)
    rgb = [red, green, blue]
    rgba = rgb + [alpha]

    # Written by Pillow.
    Image.fromarray(channels8([grey])[:, :, 0]).save(out("grey8.png"))
    Image.fromarray(channels16([grey])[:, :, 0].astype(np.uint16)).save(out("grey16.png"))
    Image.fromarray((channels8([lambda x, y: ((x + y) % 2) * 255])[:, :, 0] > 0)).save(out("grey1.png"))
    Image.fromarray(channels8([grey, alpha])).save(out("grey_alpha8.png"))
    Image.fromarray(channels8(rgb)).save(out("rgb8.png"))
    Image.fromarray(channels8(rgba)).save(out("rgba8.png"))
    Image.fromarray(channels8([grey])[:, :, 0]).save(out("grey8_trns.png"), transparency=grey(3, 2))
    Image.fromarray(channels8(rgb)).save(out("rgb8_trns.png"), transparency=(red(3, 2), green(3, 2), blue(3, 2)))
    # Palette: index (x + 7y) mod 16; entry i is (16i, 255 − 16i, 37i mod 256), with alpha 17i
    # in palette8_trns.png (tRNS) and opaque in palette4.png.
    index = np.array([[(x + 7 * y) % 16 for x in range(W)] for y in range(H)], dtype=np.uint8)
    palette = [v for i in range(16) for v in (16 * i, 255 - 16 * i, (37 * i) & 255)]
    p = Image.fromarray(index)
    p.putpalette(palette + [0] * (768 - len(palette)))  # 256 entries: Pillow writes 8-bit indices
    p.save(out("palette8_trns.png"), transparency=bytes((17 * i) & 255 for i in range(16)))
    p4 = Image.fromarray(index)
    p4.putpalette(palette)  # 16 entries: 4-bit indices
    p4.save(out("palette4.png"))

    # Written here (Pillow cannot), then read back with Pillow.
    for name, fns, ctype in [("grey_alpha16.png", [grey, alpha], 4), ("rgb16.png", rgb, 2), ("rgba16.png", rgba, 6)]:
        write_raw(out(name), channels16(fns), ctype, 16)
        check_with_pillow(out(name), channels8(fns))
    write_raw(out("rgba8_interlaced.png"), channels8(rgba), 6, 8, interlace=True)
    check_with_pillow(out("rgba8_interlaced.png"), channels8(rgba))
    write_raw(out("grey16_interlaced.png"), channels16([grey]), 0, 16, interlace=True)
    check_with_pillow(out("grey16_interlaced.png"), channels8([grey]))
    write_raw(out("rgba16_interlaced.png"), channels16(rgba), 6, 16, interlace=True)
    check_with_pillow(out("rgba16_interlaced.png"), channels8(rgba))

    # Broken files.
    good = open(out("rgb8.png"), "rb").read()
    at = good.index(b"IDAT") + 8  # a byte inside the compressed data: the CRC no longer matches
    open(out("corrupt_crc.png"), "wb").write(good[:at] + bytes([good[at] ^ 0xFF]) + good[at + 1:])
    open(out("truncated.png"), "wb").write(good[: len(good) // 2])
    open(out("not_a_png.png"), "wb").write(b"GIF89a: this is not a PNG file\n")
    # A valid header claiming 20000 × 20000 pixels: rejected before decoding.
    ihdr = struct.pack(">IIBBBBB", 20000, 20000, 8, 6, 0, 0, 0)
    open(out("huge_header.png"), "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
                                           + chunk(b"IDAT", zlib.compress(b"")) + chunk(b"IEND", b""))


if __name__ == "__main__":
    main()
