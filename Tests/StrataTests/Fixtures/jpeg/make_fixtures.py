#!/usr/bin/env python3
"""Writes the JPEG fixtures for JPEGTests.swift (run once; the JPEGs are committed).

Every image is 32 x 16 pixels (33 x 17 for the 4:2:0 one): 8 x 8 blocks of
flat colour, 4 across and 2 down, so that JPEG's 8 x 8 DCT blocks are flat and
decode within a few levels of the colours below (repeated in JPEGTests.swift).
Pillow writes most of them; the YCCK file comes from libturbojpeg itself
(through ctypes), as Pillow cannot write one. Each file is read back with
Pillow and checked against the colours.
"""
import ctypes
import io
import os

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))

# Block (column, row) colours, row 0 then row 1.
RGB = [(230, 30, 40), (40, 200, 60), (30, 60, 220), (255, 255, 255),
       (0, 0, 0), (128, 128, 128), (240, 220, 30), (120, 40, 160)]
GREY = [0, 36, 73, 109, 146, 182, 219, 255]
# Amounts of ink, 0 none … 255 full: white, cyan, magenta, yellow, black, half black, two mixes.
CMYK = [(0, 0, 0, 0), (255, 0, 0, 0), (0, 255, 0, 0), (0, 0, 255, 0),
        (0, 0, 0, 255), (0, 0, 0, 128), (200, 100, 0, 40), (30, 180, 90, 70)]


def blocks(colours, width=32, height=16):
    """An H x W x C array of 8 x 8 blocks; pixels past 32 x 16 repeat the last column or row."""
    channels = len(colours[0]) if isinstance(colours[0], tuple) else 1
    out = np.zeros((height, width, channels), dtype=np.uint8)
    for y in range(height):
        for x in range(width):
            out[y, x] = colours[min(y // 8, 1) * 4 + min(x // 8, 3)]
    return out


def cmyk_to_rgb(c, m, y, k):
    c, m, y, k = int(c), int(m), int(y), int(k)
    return tuple(round((255 - v) * (255 - k) / 255) for v in (c, m, y))


def save(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


def encode(image, **options):
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=95, **options)
    return buffer.getvalue()


def check(name, expected, tolerance):
    """Pillow's decode of `name` matches `expected` (H x W x 3, RGB) at every block's centre."""
    got = np.asarray(Image.open(os.path.join(HERE, name)).convert("RGB")).astype(int)
    for by in range(2):
        for bx in range(4):
            y, x = by * 8 + 4, bx * 8 + 4
            error = np.abs(got[y, x] - expected[y, x].astype(int)).max()
            assert error <= tolerance, f"{name}: block ({bx}, {by}) {got[y, x]} vs {expected[y, x]}"


def segments_without_app14(data):
    """`data` with its APP14 (Adobe) segments taken out."""
    out, i = bytearray(data[:2]), 2
    while data[i + 1] != 0xDA:  # up to the first scan
        length = int.from_bytes(data[i + 2:i + 4], "big")
        if data[i + 1] != 0xEE:
            out += data[i:i + 2 + length]
        i += 2 + length
    return bytes(out + data[i:])


def ycck_via_turbojpeg(inks):
    """A YCCK JPEG (Adobe APP14, transform 2) of `inks`, inverted as Adobe stores them, by tjCompress2."""
    tj = ctypes.CDLL("libturbojpeg.so.0")
    tj.tjInitCompress.restype = ctypes.c_void_p
    tj.tjCompress2.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                               ctypes.c_int, ctypes.POINTER(ctypes.POINTER(ctypes.c_ubyte)),
                               ctypes.POINTER(ctypes.c_ulong), ctypes.c_int, ctypes.c_int, ctypes.c_int]
    tj.tjFree.argtypes = [ctypes.c_void_p]
    tj.tjDestroy.argtypes = [ctypes.c_void_p]
    handle = tj.tjInitCompress()
    h, w = inks.shape[:2]
    source = (255 - inks).tobytes()
    out, size = ctypes.POINTER(ctypes.c_ubyte)(), ctypes.c_ulong(0)
    TJPF_CMYK, TJSAMP_444 = 11, 0
    assert tj.tjCompress2(handle, source, w, w * 4, h, TJPF_CMYK, ctypes.byref(out), ctypes.byref(size),
                          TJSAMP_444, 95, 0) == 0
    data = ctypes.string_at(out, size.value)
    tj.tjFree(out)
    tj.tjDestroy(handle)
    return data


def main():
    rgb = blocks(RGB)
    image = Image.fromarray(rgb, "RGB")
    baseline = encode(image, subsampling=0)
    save("rgb_baseline.jpg", baseline)
    check("rgb_baseline.jpg", rgb, 4)
    save("rgb_progressive.jpg", encode(image, subsampling=0, progressive=True))
    check("rgb_progressive.jpg", rgb, 4)
    odd = blocks(RGB, 33, 17)
    save("rgb420_odd.jpg", encode(Image.fromarray(odd, "RGB"), subsampling=2))
    check("rgb420_odd.jpg", odd, 12)

    grey = blocks(GREY)
    save("grey.jpg", encode(Image.fromarray(grey[:, :, 0], "L")))
    check("grey.jpg", np.repeat(grey, 3, axis=2), 2)

    inks = blocks(CMYK)
    expected = np.array([[cmyk_to_rgb(*p) for p in row] for row in inks], dtype=np.uint8)
    # Pillow writes CMYK as Adobe does: 255 - ink, with an APP14 "Adobe" segment.
    adobe = encode(Image.fromarray(inks, "CMYK"))
    assert b"\xff\xeeAdobe"[:2] in adobe and b"Adobe" in adobe
    save("cmyk_adobe.jpg", adobe)
    check("cmyk_adobe.jpg", expected, 3)
    # The inks as they are, with no Adobe segment: written inverted so that Pillow's inversion undoes it.
    plain = segments_without_app14(encode(Image.fromarray(255 - inks, "CMYK")))
    assert b"Adobe" not in plain
    save("cmyk_plain.jpg", plain)
    # Pillow takes every CMYK JPEG as inverted, marker or not: its samples are 255 - what the file stores.
    stored = 255 - np.asarray(Image.open(os.path.join(HERE, "cmyk_plain.jpg"))).astype(int)
    assert np.abs(stored[4::8, 4::8] - inks[4::8, 4::8].astype(int)).max() <= 3
    save("ycck_adobe.jpg", ycck_via_turbojpeg(inks))
    check("ycck_adobe.jpg", expected, 4)

    # EXIF orientation 6 (turn 90° clockwise to show): decoders of CGImage's kind ignore it.
    exif = Image.Exif()
    exif[0x0112] = 6
    save("exif_orientation6.jpg", encode(image, subsampling=0, exif=exif.tobytes()))

    # Cut halfway through the entropy-coded data, and that data overwritten halfway by bytes that are no Huffman code.
    scan = baseline.index(b"\xff\xda")
    middle = (scan + len(baseline)) // 2
    save("truncated.jpg", baseline[:middle])
    save("corrupt_data.jpg", baseline[:middle] + b"\xff\x00" * 24 + baseline[middle + 48:])
    # The frame header (SOF0) says 20000 x 20000.
    sof = baseline.index(b"\xff\xc0")
    huge = bytearray(baseline)
    huge[sof + 5:sof + 9] = (20000).to_bytes(2, "big") * 2
    save("huge_header.jpg", bytes(huge))
    save("not_a_jpeg.jpg", b"This is a text file, not a JPEG.\n")
    print("wrote the JPEG fixtures to", HERE)


if __name__ == "__main__":
    main()
