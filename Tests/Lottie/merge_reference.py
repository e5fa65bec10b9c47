#!/usr/bin/env python3
"""Writes, into a folder, the merge_paths_*.json animations drawn without merge paths: the same
sets of the same square and circle made with masks (add, subtract, intersect), which ThorVG and
rlottie draw. Neither draws merge paths (ThorVG 1.0 draws the paths as they are), so this is what
Strata's merge paths are judged against:

    python3 Tests/Lottie/merge_reference.py /tmp/merge_ref
    python3 ../shared/oracle/lottie_check.py --reference thorvg \\
        --render '.build/release/strata render Tests/Lottie/$(basename {lottie}) -o {out} --time {time}' \\
        /tmp/merge_ref/*.json

Each file keeps its name, so the render command above draws the real one.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate as g  # noqa: E402


def operands():
    square, circle = g.merge_operands()
    return square["ks"], circle["ks"]


def mask(mode, shape):
    return {"mode": mode, "pt": shape, "o": g.static(100)}


def filled(color, masks):
    return g.shape_layer(g.group(g.rect(s=(200, 200)), g.fill(color), t=g.tr(p=(100, 100))),
                         masksProperties=masks, hasMask=True)


def stroked(shape, color, masks):
    return g.shape_layer(g.group(g.path(shape), g.stroke(color, w=4)), masksProperties=masks, hasMask=True)


def references():
    sq, ci = operands()
    blue = (0.1, 0.1, 0.6)
    return {
        "merge_paths_add": g.comp(stroked(sq, blue, [mask("s", ci)]), stroked(ci, blue, [mask("s", sq)]),
                                  filled((0.9, 0.3, 0.1), [mask("a", sq), mask("a", ci)])),
        "merge_paths_subtract": g.comp(filled((0.2, 0.6, 0.3), [mask("a", sq), mask("s", ci)])),
        "merge_paths_intersect": g.comp(filled((0.3, 0.3, 0.9), [mask("a", sq), mask("i", ci)])),
        "merge_paths_exclude": g.comp(filled((0.8, 0.2, 0.6), [mask("a", sq), mask("f", ci)])),
    }


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "merge_reference"
    os.makedirs(out, exist_ok=True)
    for name, data in references().items():
        data["nm"] = name
        data["layers"] = [g.normalized(l) for l in data["layers"]]
        with open(os.path.join(out, name + ".json"), "w") as f:
            json.dump(data, f, separators=(",", ":"))
            f.write("\n")
    print(f"wrote {len(references())} animations to {out}")


if __name__ == "__main__":
    main()
