#!/usr/bin/env python3
"""Writes the Lottie test animations in this folder (one or more per feature).

    python3 Tests/Lottie/generate.py        # rewrites Tests/Lottie/*.json

Each animation is small (200 x 200 or so, 30 fps, about a second) and covers
one feature, so a failure against rlottie (../shared/oracle/lottie_check.py)
points at it. Written by hand as data, no dependencies.
"""
import json
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ANIMATIONS = {}


def animation(name):
    def register(f):
        ANIMATIONS[name] = f
        return f
    return register


# --- building blocks ------------------------------------------------------

def static(v):
    return {"a": 0, "k": v}


def kf(t, s, o=None, i=None, h=None, to=None, ti=None):
    k = {"t": t, "s": s if isinstance(s, list) else [s]}
    if o is not None:
        k["o"] = {"x": o[0] if isinstance(o[0], list) else [o[0]], "y": o[1] if isinstance(o[1], list) else [o[1]]}
    if i is not None:
        k["i"] = {"x": i[0] if isinstance(i[0], list) else [i[0]], "y": i[1] if isinstance(i[1], list) else [i[1]]}
    if h:
        k["h"] = 1
    if to is not None:
        k["to"] = to
    if ti is not None:
        k["ti"] = ti
    return k


EASE = dict(o=(0.33, 0), i=(0.67, 1))
LINEAR = dict(o=(0, 0), i=(1, 1))


def anim(*keyframes):
    return {"a": 1, "k": list(keyframes)}


def ease(t0, v0, t1, v1, curve=EASE):
    """Two keyframes easing from v0 at t0 to v1 at t1."""
    return anim(kf(t0, v0, **curve), kf(t1, v1))


def transform(p=(0, 0), a=(0, 0), s=(100, 100), r=0, o=100, **extra):
    t = {
        "p": p if isinstance(p, dict) else static(list(p)),
        "a": a if isinstance(a, dict) else static(list(a)),
        "s": s if isinstance(s, dict) else static(list(s)),
        "r": r if isinstance(r, dict) else static(r),
        "o": o if isinstance(o, dict) else static(o),
    }
    t.update(extra)
    return t


def tr(**kw):
    # rlottie reads a shape item's keys after "ty" only: "ty" comes first, as bodymovin writes it.
    return {"ty": "tr", **transform(**kw)}


def rect(p=(0, 0), s=(50, 50), r=0, d=1):
    return {"ty": "rc", "p": p if isinstance(p, dict) else static(list(p)),
            "s": s if isinstance(s, dict) else static(list(s)), "r": r if isinstance(r, dict) else static(r), "d": d}


def ellipse(p=(0, 0), s=(50, 50), d=1):
    return {"ty": "el", "p": p if isinstance(p, dict) else static(list(p)),
            "s": s if isinstance(s, dict) else static(list(s)), "d": d}


def bezier(vertices, ins=None, outs=None, closed=True):
    n = len(vertices)
    return {"v": [list(v) for v in vertices], "i": [list(x) for x in (ins or [[0, 0]] * n)],
            "o": [list(x) for x in (outs or [[0, 0]] * n)], "c": closed}


def path(shape, d=1):
    return {"ty": "sh", "ks": shape if "a" in shape else static(shape), "d": d}


def star(p=(0, 0), points=5, outer=50, inner=25, r=0, os_=0, is_=0, sy=1, d=1):
    def v(x):
        return x if isinstance(x, dict) else static(x)
    item = {"ty": "sr", "sy": sy, "p": v(list(p)), "pt": v(points), "or": v(outer), "os": v(os_), "r": v(r), "d": d}
    if sy == 1:
        item["ir"] = v(inner)
        item["is"] = v(is_)
    return item


def fill(c=(1, 0, 0), o=100, r=1):
    return {"ty": "fl", "c": c if isinstance(c, dict) else static(list(c) + [1]), "o": o if isinstance(o, dict) else static(o), "r": r}


def stroke(c=(0, 0, 1), w=6, o=100, lc=2, lj=2, ml=4, dashes=None):
    item = {"ty": "st", "c": c if isinstance(c, dict) else static(list(c) + [1]), "o": o if isinstance(o, dict) else static(o),
            "w": w if isinstance(w, dict) else static(w), "lc": lc, "lj": lj, "ml": ml}
    if dashes:
        item["d"] = [{"n": n, "nm": n, "v": v if isinstance(v, dict) else static(v)} for n, v in dashes]
    return item


def gradient(kind, t, s, e, stops, count, o=100, **extra):
    item = {"ty": kind, "t": t, "s": s if isinstance(s, dict) else static(list(s)),
            "e": e if isinstance(e, dict) else static(list(e)), "g": {"p": count, "k": stops if isinstance(stops, dict) else static(stops)},
            "o": static(o), "h": static(0), "a": static(0)}
    item.update(extra)
    return item


def trim(s=0, e=100, o=0, m=1):
    def v(x):
        return x if isinstance(x, dict) else static(x)
    return {"ty": "tm", "s": v(s), "e": v(e), "o": v(o), "m": m}


def group(*items, t=None, name=None):
    g = {"ty": "gr", "it": list(items) + [t or tr()]}
    if name:
        g["nm"] = name
    return g


def shape_layer(*shapes, ks=None, ip=0, op=30, ind=None, parent=None, name=None, hd=False, **extra):
    layer = {"ty": 4, "ks": ks or transform(), "ip": ip, "op": op, "st": 0, "shapes": list(shapes), "sr": 1}
    if ind is not None:
        layer["ind"] = ind
    if parent is not None:
        layer["parent"] = parent
    if name:
        layer["nm"] = name
    if hd:
        layer["hd"] = True
    layer.update(extra)
    return layer


def comp(*layers, w=200, h=200, fr=30, ip=0, op=30, assets=None):
    d = {"v": "5.7.4", "fr": fr, "ip": ip, "op": op, "w": w, "h": h, "nm": "test", "ddd": 0, "layers": list(layers)}
    if assets:
        d["assets"] = assets
    return d


# --- the animations -------------------------------------------------------

@animation("rect_fill")
def _():
    return comp(shape_layer(group(rect(s=(80, 60)), fill((0.9, 0.2, 0.1)), t=tr(p=(100, 100)))))


@animation("position_ease")
def _():
    return comp(shape_layer(group(rect(s=(40, 40)), fill((0.1, 0.6, 0.9))),
                            ks=transform(p=ease(0, [30, 50], 29, [170, 150]))))


@animation("position_hold")
def _():
    return comp(shape_layer(group(ellipse(s=(40, 40)), fill((0.2, 0.7, 0.2))),
                            ks=transform(p=anim(kf(0, [40, 100], h=1), kf(12, [100, 60], h=1), kf(22, [160, 140], h=1), kf(29, [160, 140])))))


@animation("position_spatial")
def _():
    return comp(shape_layer(group(rect(s=(30, 30)), fill((0.8, 0.3, 0.8))),
                            ks=transform(p=anim(kf(0, [30, 170], to=[40, -160], ti=[-60, -40], **EASE), kf(29, [170, 170])))))


@animation("position_separated")
def _():
    ks = transform()
    ks["p"] = {"s": True, "x": ease(0, 30, 29, 170, dict(o=(0.5, 0), i=(0.5, 1))),
               "y": ease(0, 170, 29, 40, dict(o=(0.1, 0.9), i=(0.3, 1)))}
    return comp(shape_layer(group(ellipse(s=(30, 30)), fill((0.9, 0.5, 0.1))), ks=ks))


@animation("scale_rotate")
def _():
    return comp(shape_layer(group(rect(s=(60, 40), r=6), fill((0.3, 0.3, 0.9))),
                            ks=transform(p=(100, 100), s=ease(0, [50, 50], 29, [150, 120]), r=ease(0, 0, 29, 400))))


@animation("anchor_opacity")
def _():
    return comp(shape_layer(group(rect(p=(30, 30), s=(60, 60)), fill((0.1, 0.5, 0.5))),
                            ks=transform(p=(100, 100), a=ease(0, [0, 0], 29, [30, 30]), r=ease(0, 0, 29, 90),
                                         o=ease(0, 100, 29, 20))))


@animation("per_dimension_easing")
def _():
    # Both dimensions share one easing (rlottie reads only the first); per-dimension arrays as bodymovin writes them.
    p = anim(kf(0, [30, 30], o=([0.6, 0.6], [0, 0]), i=([0.4, 0.4], [1, 1])), kf(29, [170, 170]))
    s = anim(kf(0, [100, 100], o=([0.2, 0.2], [0, 0]), i=([0.8, 0.8], [1, 1])), kf(29, [60, 160]))
    return comp(shape_layer(group(rect(s=(40, 40)), fill((0.6, 0.2, 0.2))), ks=transform(p=p, s=s)))


@animation("ellipse_stroke")
def _():
    return comp(shape_layer(group(ellipse(s=(120, 80)), stroke((0.1, 0.2, 0.8), w=8), fill((1, 0.9, 0.3)),
                                  t=tr(p=(100, 100)))))


@animation("stroke_caps_joins")
def _():
    zig = bezier([(20, 60), (60, 20), (100, 60), (140, 20), (180, 60)], closed=False)
    return comp(shape_layer(
        group(path(zig), stroke((0.8, 0.1, 0.1), w=12, lc=1, lj=1)),
        group(path(zig), stroke((0.1, 0.6, 0.1), w=12, lc=2, lj=2), t=tr(p=(0, 60))),
        group(path(zig), stroke((0.1, 0.1, 0.7), w=12, lc=3, lj=3), t=tr(p=(0, 120)))))


@animation("stroke_miter")
def _():
    sharp = bezier([(30, 150), (100, 40), (170, 150)], closed=False)
    return comp(shape_layer(group(path(sharp), stroke((0.2, 0.2, 0.2), w=14, lc=1, lj=1, ml=10))))


@animation("stroke_dashes")
def _():
    # Straight sides: rlottie measures dashes along curves about 4% short, so curves would not compare.
    return comp(shape_layer(group(rect(s=(140, 140)),
                                  stroke((0.9, 0.3, 0.1), w=8, lc=1, dashes=[("d", 20), ("g", 10), ("o", ease(0, 0, 29, 60, LINEAR))]),
                                  t=tr(p=(100, 100)))))


@animation("fill_evenodd")
def _():
    ring = {"ty": "sh", "ks": static(bezier([(20, 20), (180, 20), (180, 180), (20, 180)]))}
    hole = {"ty": "sh", "ks": static(bezier([(60, 60), (140, 60), (140, 140), (60, 140)]))}
    return comp(shape_layer(group(ring, hole, fill((0.2, 0.4, 0.9), r=2))))


@animation("fill_nonzero")
def _():
    outer = {"ty": "sh", "ks": static(bezier([(20, 20), (180, 20), (180, 180), (20, 180)]))}
    inner = {"ty": "sh", "ks": static(bezier([(60, 60), (140, 60), (140, 140), (60, 140)]))}
    return comp(shape_layer(group(outer, inner, fill((0.9, 0.4, 0.2), r=1))))


@animation("path_morph")
def _():
    a = bezier([(40, 40), (160, 40), (160, 160), (40, 160)],
               ins=[(0, 0), (0, 0), (0, 0), (0, 0)], outs=[(0, 0), (0, 0), (0, 0), (0, 0)])
    b = bezier([(100, 20), (180, 100), (100, 180), (20, 100)],
               ins=[(-40, 0), (0, -40), (40, 0), (0, 40)], outs=[(40, 0), (0, 40), (-40, 0), (0, -40)])
    return comp(shape_layer(group(path(anim(kf(0, [a], **EASE), kf(29, [b]))), fill((0.5, 0.2, 0.7)))))


@animation("polystar_star")
def _():
    # Turned by the group: rlottie turns a polystar by twice its own rotation.
    return comp(shape_layer(group(star(points=5, outer=80, inner=35), fill((1, 0.8, 0.1)),
                                  stroke((0.5, 0.3, 0), w=3), t=tr(p=(100, 100), r=ease(0, 0, 29, 72)))))


@animation("polystar_polygon")
def _():
    return comp(shape_layer(group(star(points=6, outer=70, sy=2), fill((0.1, 0.7, 0.6)), t=tr(p=(100, 100)))))


@animation("polystar_rounded")
def _():
    return comp(shape_layer(group(star(points=6, outer=80, inner=40, os_=40, is_=20), fill((0.9, 0.4, 0.6)),
                                  t=tr(p=(100, 100)))))


@animation("group_transforms")
def _():
    inner = group(rect(s=(30, 30)), fill((0.9, 0.1, 0.1)), t=tr(p=(40, 0), r=ease(0, 0, 29, 180)))
    outer = group(inner, ellipse(s=(30, 30)), fill((0.1, 0.1, 0.9)), t=tr(p=(100, 100), r=ease(0, 0, 29, -90), s=(120, 120)))
    return comp(shape_layer(outer))


@animation("group_opacity")
def _():
    g = group(group(rect(p=(-15, 0), s=(60, 60)), fill((1, 0, 0))), group(rect(p=(15, 0), s=(60, 60)), fill((0, 0, 1))),
              t=tr(p=(100, 100), o=ease(0, 100, 29, 40)))
    return comp(shape_layer(g))


@animation("shared_fill")
def _():
    # One fill below two groups paints both groups' paths.
    g = group(group(rect(s=(50, 50)), t=tr(p=(60, 100))), group(ellipse(s=(60, 60)), t=tr(p=(140, 100), s=ease(0, [50, 50], 29, [120, 120]))),
              fill((0.2, 0.6, 0.3)))
    return comp(shape_layer(g))


@animation("layer_opacity")
def _():
    return comp(shape_layer(group(rect(p=(-15, 0), s=(70, 70)), fill((1, 0, 0))), group(rect(p=(15, 0), s=(70, 70)), fill((0, 0, 1))),
                            ks=transform(p=(100, 100), o=static(50))))


@animation("rounded_rect_anim")
def _():
    return comp(shape_layer(group(rect(s=ease(0, [60, 60], 29, [160, 100]), r=ease(0, 0, 29, 30)), fill((0.3, 0.7, 0.9)),
                                  t=tr(p=(100, 100)))))


@animation("color_anim")
def _():
    return comp(shape_layer(group(ellipse(s=(120, 120)), fill(anim(kf(0, [1, 0, 0, 1], **EASE), kf(29, [0, 0, 1, 1]))),
                                  stroke(anim(kf(0, [0, 0, 0, 1], **LINEAR), kf(29, [1, 1, 0, 1])), w=ease(0, 2, 29, 16)),
                                  t=tr(p=(100, 100)))))


@animation("trim_simultaneous")
def _():
    return comp(shape_layer(group(ellipse(s=(120, 120)), rect(s=(60, 60)), trim(s=ease(0, 0, 29, 40), e=ease(0, 10, 29, 100)),
                                  stroke((0.9, 0.2, 0.3), w=8, lc=2), t=tr(p=(100, 100)))))


@animation("trim_individually")
def _():
    return comp(shape_layer(group(ellipse(s=(120, 120)), rect(s=(60, 60)), trim(e=ease(0, 0, 29, 100), m=2),
                                  stroke((0.2, 0.3, 0.9), w=8, lc=1), t=tr(p=(100, 100)))))


@animation("trim_offset")
def _():
    return comp(shape_layer(group(ellipse(s=(130, 130)), trim(s=0, e=30, o=ease(0, 0, 29, 300, LINEAR)),
                                  stroke((0.1, 0.6, 0.3), w=10, lc=2), t=tr(p=(100, 100)))))


@animation("trim_fill")
def _():
    return comp(shape_layer(group(rect(s=(120, 120)), trim(s=0, e=ease(0, 20, 29, 90)), fill((0.9, 0.6, 0.1)),
                                  t=tr(p=(100, 100)))))


@animation("trim_after_paints")
def _():
    # A trim trims every path before it in its scope, wherever the paints sit: after the stroke in
    # the same group, and after a group holding the path and its paint (a stroke, then a fill).
    line = bezier([(20, 30), (180, 30)], closed=False)
    grow = ease(0, 0, 29, 100, LINEAR)
    return comp(shape_layer(
        group(path(line), stroke((0.1, 0.3, 0.9), w=12, lc=1), trim(e=grow)),
        group(group(path(line), stroke((0.9, 0.3, 0.1), w=12, lc=1), t=tr(p=(0, 40))), trim(e=grow)),
        group(group(rect(p=(100, 140), s=(120, 60)), fill((0.2, 0.7, 0.3))), trim(s=ease(0, 0, 29, 40, LINEAR), e=90))))


@animation("trim_individually_groups")
def _():
    # Trimmed as one path (m 2) across two groups, the trim after them: the top line draws first,
    # then the bottom one (the bottom group is scaled: lengths are measured before group transforms,
    # as lottie-web and rlottie measure them). Neither line lies wholly inside the range after
    # frame 0: rlottie leaves such a path as it was the frame before. ThorVG trims each line on its
    # own here (it trims jointly only the paths of one paint).
    line = bezier([(20, 0), (180, 0)], closed=False)
    return comp(shape_layer(
        group(path(line), stroke((0.1, 0.3, 0.9), w=14, lc=1), t=tr(p=(0, 60))),
        group(path(line), stroke((0.9, 0.3, 0.1), w=14, lc=1), t=tr(p=(100, 140), a=(100, 0), s=(50, 100))),
        trim(s=ease(0, 0, 29, 30, LINEAR), e=ease(0, 10, 29, 90, LINEAR), m=2)))


@animation("trim_start_keyframed")
def _():
    # Start keyframed 100 -> 0 with the end still at 100: empty at the first frame, then growing back
    # from the end (the still end must not keep the first frame's empty segment).
    line = bezier([(20, 100), (180, 100)], closed=False)
    return comp(shape_layer(group(path(line), trim(s=anim(kf(0, 100, **LINEAR), kf(20, 0)), e=100),
                                  stroke((0.1, 0.5, 0.6), w=24, lc=1))))


@animation("gradient_linear")
def _():
    stops = [0, 1, 0, 0, 0.5, 1, 1, 0, 1, 0, 0, 1]
    return comp(shape_layer(group(rect(s=(160, 120)), gradient("gf", 1, (-80, 0), (80, 0), stops, 3), t=tr(p=(100, 100)))))


@animation("gradient_radial")
def _():
    stops = [0, 1, 1, 1, 1, 0.1, 0.2, 0.8]
    return comp(shape_layer(group(ellipse(s=(160, 160)), gradient("gf", 2, (0, 0), (80, 0), stops, 2), t=tr(p=(100, 100)))))


@animation("gradient_radial_highlight")
def _():
    # Radial gradients spreading from a highlight: h percent of the radius from the centre, a degrees
    # from the direction to the end (the end points down-right here, so a = 0 is not along x). Left:
    # still; right: the highlight swings round and out; bottom: a gradient stroke.
    stops = [0, 1, 1, 0.8, 0.5, 0.9, 0.3, 0.2, 1, 0.2, 0.1, 0.5]
    still = gradient("gf", 2, (0, 0), (40, 40), stops, 3, h=static(60), a=static(30))
    moving = gradient("gf", 2, (0, 0), (0, -55), stops, 3, h=ease(0, 0, 29, 80, LINEAR), a=ease(0, 0, 29, 270, LINEAR))
    stroked = gradient("gs", 2, (0, 0), (60, 0), stops, 3, h=static(70), a=static(-90), w=static(12), lc=2, lj=2, ml=4)
    return comp(shape_layer(group(ellipse(s=(110, 110)), still, t=tr(p=(55, 60))),
                            group(rect(s=(90, 110)), moving, t=tr(p=(150, 60))),
                            group(rect(s=(160, 40)), stroked, t=tr(p=(100, 160)))))


@animation("gradient_opacity")
def _():
    stops = [0, 0.9, 0.2, 0.2, 1, 0.2, 0.2, 0.9, 0, 1, 1, 0.2]
    return comp(shape_layer(group(rect(s=(160, 160)), gradient("gf", 1, (0, -80), (0, 80), stops, 2), t=tr(p=(100, 100)))))


@animation("gradient_animated")
def _():
    s0 = [0, 1, 0, 0, 1, 0, 0, 1]
    s1 = [0, 0, 1, 0, 1, 1, 1, 0]
    return comp(shape_layer(group(rect(s=(160, 160)),
                                  gradient("gf", 1, ease(0, [-80, -80], 29, [-80, 80]), (80, 80), anim(kf(0, s0, **EASE), kf(29, s1)), 2),
                                  t=tr(p=(100, 100)))))


@animation("gradient_stroke")
def _():
    stops = [0, 1, 0.5, 0, 1, 0, 0.5, 1]
    g = gradient("gs", 1, (-60, 0), (60, 0), stops, 2, w=static(14), lc=2, lj=2, ml=4)
    return comp(shape_layer(group(ellipse(s=(120, 120)), g, t=tr(p=(100, 100)))))


@animation("gradient_masked")
def _():
    # Gradient paints in masked layers are cut at the masks' edges (x < 120, y < 130), and beside
    # them a gradient stroke in a precomposition at 60 % stays in place. A gradient is a layer masked
    # by its shape, so each of these is a mask pass inside another layer's masked pass: the passes'
    # pooled targets differ in size (issue 27: the mask was sampled as if in the content's target).
    stops = [0, 0.9, 0.2, 0.3, 1, 0.1, 0.4, 0.9]
    left = {"mode": "a", "pt": static(bezier([(0, 0), (120, 0), (120, 200), (0, 200)])), "o": static(100)}
    top = {"mode": "a", "pt": static(bezier([(0, 0), (200, 0), (200, 130), (0, 130)])), "o": static(100)}
    stroked = shape_layer(group(ellipse(p=(100, 50), s=(140, 60)),
                                gradient("gs", 1, (30, 50), (170, 50), stops, 2, w=static(14), lc=2, lj=2, ml=4)),
                          masksProperties=[left], hasMask=True)
    filled = shape_layer(group(ellipse(p=(90, 130), s=(150, 70)), gradient("gf", 1, (15, 130), (165, 130), stops, 2, r=1)),
                         masksProperties=[top], hasMask=True)
    inner = [shape_layer(group(ellipse(p=(50, 50), s=(70, 70)),
                               gradient("gs", 1, (15, 15), (85, 85), stops, 2, w=static(8), lc=2, lj=2, ml=4)))]
    precomp = {"ty": 0, "refId": "inner", "w": 100, "h": 100, "ks": transform(p=(150, 150), a=(50, 50), o=static(60)),
               "ip": 0, "op": 30, "st": 0}
    return comp(stroked, filled, precomp, assets=[{"id": "inner", "layers": inner}])


@animation("parenting")
def _():
    parent = {"ty": 3, "ind": 1, "ks": transform(p=(100, 100), r=ease(0, 0, 29, 90), s=ease(0, [100, 100], 29, [70, 70])), "ip": 0, "op": 30, "st": 0}
    child = shape_layer(group(rect(s=(30, 30)), fill((0.9, 0.3, 0.1))), ks=transform(p=(50, 0)), ind=2, parent=1)
    grandchild = shape_layer(group(ellipse(s=(20, 20)), fill((0.1, 0.3, 0.9))), ks=transform(p=(0, 40), r=ease(0, 0, 29, -180)), ind=3, parent=2)
    return comp(grandchild, child, parent)


@animation("in_out_points")
def _():
    return comp(shape_layer(group(rect(s=(60, 60)), fill((1, 0, 0)), t=tr(p=(60, 100))), ip=0, op=12),
                shape_layer(group(rect(s=(60, 60)), fill((0, 0, 1)), t=tr(p=(140, 100))), ip=8, op=30))


@animation("solid_layer")
def _():
    solid = {"ty": 1, "sc": "#3366cc", "sw": 120, "sh": 80, "ks": transform(p=(100, 100), a=(60, 40), r=ease(0, 0, 29, 45)),
             "ip": 0, "op": 30, "st": 0}
    return comp(solid)


@animation("null_layer")
def _():
    null = {"ty": 3, "ind": 1, "ks": transform(p=ease(0, [40, 40], 29, [160, 160])), "ip": 0, "op": 30, "st": 0}
    return comp(shape_layer(group(ellipse(s=(40, 40)), fill((0.4, 0.1, 0.6))), ind=2, parent=1), null)


@animation("precomp")
def _():
    inner = [shape_layer(group(rect(s=(40, 40)), fill((0.9, 0.5, 0.1))), ks=transform(p=ease(0, [20, 50], 29, [80, 50])), op=60)]
    layer = {"ty": 0, "refId": "inner", "w": 100, "h": 100, "ks": transform(p=(100, 100), a=(50, 50), s=(150, 150)),
             "ip": 0, "op": 30, "st": 0}
    return comp(layer, assets=[{"id": "inner", "layers": inner}])


@animation("precomp_time")
def _():
    inner = [shape_layer(group(ellipse(s=(30, 30)), fill((0.2, 0.5, 0.9))), ks=transform(p=ease(0, [15, 50], 20, [85, 50], LINEAR)), op=60)]
    a = {"ty": 0, "refId": "inner", "w": 100, "h": 100, "ks": transform(p=(50, 60)), "ip": 0, "op": 30, "st": 5, "sr": 1}
    b = {"ty": 0, "refId": "inner", "w": 100, "h": 100, "ks": transform(p=(50, 140)), "ip": 0, "op": 30, "st": 0, "sr": 1.5}
    return comp(a, b, assets=[{"id": "inner", "layers": inner}])


@animation("precomp_timeremap")
def _():
    inner = [shape_layer(group(rect(s=(30, 30)), fill((0.7, 0.2, 0.5))), ks=transform(p=ease(0, [15, 50], 30, [85, 50], LINEAR)), op=60)]
    layer = {"ty": 0, "refId": "inner", "w": 100, "h": 100, "ks": transform(p=(100, 100), a=(50, 50)), "ip": 0, "op": 30, "st": 0,
             "tm": anim(kf(0, 1.0, **LINEAR), kf(29, 0.0))}
    return comp(layer, assets=[{"id": "inner", "layers": inner}])


@animation("mask_add")
def _():
    m = {"mode": "a", "inv": False, "pt": static(bezier([(40, 40), (160, 40), (100, 170)])), "o": static(100)}
    return comp(shape_layer(group(rect(s=(200, 200)), fill((0.1, 0.5, 0.8)), t=tr(p=(100, 100))), masksProperties=[m], hasMask=True))


@animation("mask_subtract")
def _():
    m1 = {"mode": "a", "pt": static(bezier([(20, 20), (180, 20), (180, 180), (20, 180)])), "o": static(100)}
    m2 = {"mode": "s", "pt": static(bezier([(70, 70), (130, 70), (130, 130), (70, 130)])), "o": static(100)}
    return comp(shape_layer(group(ellipse(s=(180, 180)), fill((0.9, 0.4, 0.1)), t=tr(p=(100, 100))), masksProperties=[m1, m2], hasMask=True))


@animation("mask_intersect_opacity")
def _():
    m1 = {"mode": "a", "pt": static(bezier([(20, 20), (140, 20), (140, 140), (20, 140)])), "o": static(100)}
    m2 = {"mode": "i", "pt": static(bezier([(60, 60), (180, 60), (180, 180), (60, 180)])), "o": static(100)}
    m3 = {"mode": "a", "pt": static(bezier([(150, 20), (190, 20), (190, 60), (150, 60)])), "o": ease(0, 100, 29, 30)}
    return comp(shape_layer(group(rect(s=(200, 200)), fill((0.3, 0.7, 0.3)), t=tr(p=(100, 100))), masksProperties=[m1, m2, m3], hasMask=True))


@animation("mask_animated")
def _():
    a = bezier([(100, 20), (180, 100), (100, 180), (20, 100)])
    b = bezier([(40, 40), (160, 40), (160, 160), (40, 160)])
    m = {"mode": "a", "pt": anim(kf(0, [a], **EASE), kf(29, [b])), "o": static(100)}
    return comp(shape_layer(group(ellipse(s=(200, 200)), fill((0.8, 0.2, 0.5)), t=tr(p=(100, 100))), masksProperties=[m], hasMask=True))


def matte_pair(tt):
    matte = shape_layer(group(ellipse(s=ease(0, [60, 60], 29, [170, 170])), fill((1, 1, 1)), t=tr(p=(100, 100))), td=1, name="matte")
    content = shape_layer(group(rect(s=(200, 100)), fill((0.9, 0.2, 0.2)), t=tr(p=(100, 50))),
                          group(rect(s=(200, 100)), fill((0.2, 0.2, 0.9)), t=tr(p=(100, 150))), tt=tt, name="content")
    return comp(matte, content)


@animation("matte_alpha")
def _():
    return matte_pair(1)


@animation("matte_alpha_inverted")
def _():
    return matte_pair(2)


@animation("matte_luma")
def _():
    matte = shape_layer(group(ellipse(s=(150, 150)), fill((1, 1, 1)), t=tr(p=(100, 100))),
                        group(rect(s=(200, 60)), fill((0.3, 0.3, 0.3)), t=tr(p=(100, 100))), td=1, name="matte")
    content = shape_layer(group(rect(s=(200, 200)), fill((0.1, 0.6, 0.2)), t=tr(p=(100, 100), r=ease(0, 0, 29, 45))), tt=3)
    return comp(matte, content)


@animation("matte_luma_inverted")
def _():
    matte = shape_layer(group(ellipse(s=ease(0, [40, 40], 29, [160, 160])), fill((1, 1, 1)), t=tr(p=(100, 100))), td=1)
    content = shape_layer(group(rect(s=(200, 200)), fill((0.8, 0.5, 0.1)), t=tr(p=(100, 100))), tt=4)
    return comp(matte, content)


@animation("mask_inverted")
def _():
    m = {"mode": "a", "inv": True, "pt": static(bezier([(50, 50), (150, 50), (150, 150), (50, 150)])), "o": ease(0, 100, 29, 60)}
    return comp(shape_layer(group(ellipse(s=(190, 190)), fill((0.2, 0.3, 0.8)), t=tr(p=(100, 100))), masksProperties=[m], hasMask=True))


@animation("mask_subtract_opacity")
def _():
    m1 = {"mode": "a", "pt": static(bezier([(10, 10), (190, 10), (190, 190), (10, 190)])), "o": static(100)}
    m2 = {"mode": "s", "pt": static(bezier([(60, 40), (160, 60), (140, 160), (40, 140)])), "o": ease(0, 100, 29, 40)}
    return comp(shape_layer(group(rect(s=(200, 200)), fill((0.7, 0.2, 0.7)), t=tr(p=(100, 100))), masksProperties=[m1, m2], hasMask=True))


@animation("repeater")
def _():
    rp = {"ty": "rp", "c": static(6), "o": static(0), "m": 1,
          "tr": {"ty": "tr", "p": static([0, 0]), "a": static([0, 0]), "s": static([100, 100]), "r": static(60),
                 "so": static(100), "eo": static(30)}}
    return comp(shape_layer(group(rect(p=(0, -50), s=(20, 40), r=4), fill((0.2, 0.4, 0.9)), rp, t=tr(p=(100, 100), r=ease(0, 0, 29, 60)))))


@animation("round_corners")
def _():
    rd = {"ty": "rd", "r": ease(0, 0, 29, 30)}
    return comp(shape_layer(group(rect(s=(140, 100)), rd, fill((0.6, 0.3, 0.1)), t=tr(p=(100, 100)))))


@animation("pucker_bloat")
def _():
    # Left: a square puckered into a star, then bloated into a cushion (amount -60 to 60); right: a
    # stroked hexagon bloated by 40, its vertices pulled to their mean while the sides bow out.
    # (ThorVG draws pucker/bloat; rlottie does not.)
    pb = {"ty": "pb", "a": ease(0, -60, 29, 60)}
    left = group(rect(s=(70, 70)), pb, fill((0.2, 0.5, 0.9)), t=tr(p=(55, 100)))
    right = group(star(points=6, outer=35, sy=2), {"ty": "pb", "a": static(40)}, fill((0.9, 0.6, 0.1)),
                  stroke((0.3, 0.1, 0.5), w=4), t=tr(p=(150, 100)))
    return comp(shape_layer(left, right))


@animation("zig_zag")
def _():
    # Top: a rectangle's sides in corner ridges growing from 0 to 8 points high; bottom: an open
    # stroked line in smooth waves (pt 2), 5 ridges. Neither rlottie nor ThorVG draws zig-zags: the
    # outlines are checked against lottie-web's by LottieModifierTests.
    zz = {"ty": "zz", "s": ease(0, 0, 29, 8), "r": static(4), "pt": static(1)}
    top = group(rect(s=(140, 60)), zz, fill((0.2, 0.7, 0.4)), t=tr(p=(100, 60)))
    wave = {"ty": "zz", "s": static(10), "r": static(5), "pt": static(2)}
    bottom = group(path(bezier([(-70, 0), (70, 0)], closed=False)), wave, stroke((0.8, 0.2, 0.3), w=4),
                   t=tr(p=(100, 150)))
    return comp(shape_layer(top, bottom))


@animation("offset_path")
def _():
    # Top left: a square growing by 0 to 12 with mitred corners; top right: a star grown by 6 with
    # round joins; bottom: a stroked ellipse shrunk by 8 (negative amounts move in).
    grow = {"ty": "op", "a": ease(0, 0, 29, 12), "lj": 1, "ml": static(4)}
    square = group(rect(s=(50, 50)), grow, fill((0.2, 0.5, 0.9)), t=tr(p=(55, 55)))
    star_ = group(star(points=5, outer=35, inner=15), {"ty": "op", "a": static(6), "lj": 2, "ml": static(4)},
                  fill((0.9, 0.6, 0.1)), t=tr(p=(145, 60)))
    oval = group(ellipse(s=(120, 60)), {"ty": "op", "a": static(-8), "lj": 1, "ml": static(4)},
                 stroke((0.3, 0.1, 0.5), w=4), t=tr(p=(100, 150)))
    return comp(shape_layer(square, star_, oval))


@animation("twist")
def _():
    # Left: a square twisted from 0 to 90 degrees about its centre (the corners turn the whole angle,
    # the sides bend into arcs); right: a stroked star twisted by -60 about a centre off its own.
    # No reference player draws twist (ThorVG and rlottie leave it out): LottieModifierTests checks
    # the outlines as numbers, and only frame 0 (no twist) matches ThorVG.
    tw = {"ty": "tw", "a": ease(0, 0, 29, 90), "c": static([0, 0])}
    left = group(rect(s=(70, 70)), tw, fill((0.2, 0.5, 0.9)), t=tr(p=(55, 100)))
    right = group(star(points=5, outer=35, inner=15), {"ty": "tw", "a": static(-60), "c": static([5, 5])},
                  stroke((0.8, 0.3, 0.1), w=3), t=tr(p=(150, 100)))
    return comp(shape_layer(left, right))


def circle_bezier(cx, cy, r):
    """A circle as a four-vertex path (so masks and merged shapes can share its keyframes)."""
    k = 0.5523 * r
    return bezier([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)],
                  ins=[(-k, 0), (0, -k), (k, 0), (0, k)], outs=[(k, 0), (0, k), (-k, 0), (0, -k)])


def merge_operands():
    """A still square and a circle sliding across its corner, both as paths (ThorVG 1.0 and rlottie
    draw merge paths as the paths are; Tests/Lottie/merge_reference.py draws the same sets with masks)."""
    square = bezier([(40, 40), (120, 40), (120, 120), (40, 120)])
    moving = anim(kf(0, [circle_bezier(110, 110, 45)], **EASE), kf(29, [circle_bezier(140, 90, 45)]))
    return path(square), path(moving)


def merged(mode, *paints):
    square, circle = merge_operands()
    return comp(shape_layer(group(square, circle, {"ty": "mm", "mm": mode, "nm": "merge"}, *paints)))


@animation("merge_paths_add")
def _():
    # The union of a square and a circle, filled, and stroked round its outline only.
    return merged(2, stroke((0.1, 0.1, 0.6), w=4), fill((0.9, 0.3, 0.1)))


@animation("merge_paths_subtract")
def _():
    # The square less the circle: a notched square.
    return merged(3, fill((0.2, 0.6, 0.3)))


@animation("merge_paths_intersect")
def _():
    # Where the square and the circle overlap.
    return merged(4, fill((0.3, 0.3, 0.9)))


@animation("merge_paths_exclude")
def _():
    # Either shape but not both: the overlap is a hole.
    return merged(5, fill((0.8, 0.2, 0.6)))


@animation("mask_expansion")
def _():
    # A square mask grown by 0 to 20 (round corners) and a triangle mask shrunk by 10.
    grow = {"mode": "a", "pt": static(bezier([(30, 30), (90, 30), (90, 90), (30, 90)])), "o": static(100),
            "x": ease(0, 0, 29, 20)}
    shrink = {"mode": "a", "pt": static(bezier([(140, 100), (190, 190), (90, 190)])), "o": static(100),
              "x": static(-10)}
    return comp(shape_layer(group(rect(s=(200, 200)), fill((0.1, 0.5, 0.8)), t=tr(p=(100, 100))),
                            masksProperties=[grow, shrink], hasMask=True))


@animation("image_embedded")
def _():
    import base64, struct, zlib
    w = h = 16
    rows = b"".join(b"\x00" + b"".join(bytes([x * 16, y * 16, 200, 255]) for x in range(w)) for y in range(h))
    def chunk(t, data):
        return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data) & 0xffffffff)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
    asset = {"id": "img", "w": w, "h": h, "u": "", "p": "data:image/png;base64," + base64.b64encode(png).decode(), "e": 1}
    layer = {"ty": 2, "refId": "img", "ks": transform(p=(100, 100), a=(8, 8), s=(800, 800), r=ease(0, 0, 29, 30)), "ip": 0, "op": 30, "st": 0}
    return comp(layer, assets=[asset])


def normalized(layer):
    # As bodymovin writes layers: "ddd" before "ks" (rlottie takes a layer without it for 3D), "ty" first.
    out = {"ddd": layer.pop("ddd", 0), "ty": layer.pop("ty")}
    out.update(layer)
    return out


@animation("hidden_parent")
def _():
    parent = shape_layer(group(rect(s=(200, 200)), fill((0, 0, 0))), ks=transform(p=(100, 100), r=ease(0, 0, 29, 120)), ind=1, hd=True)
    child = shape_layer(group(rect(p=(50, 0), s=(40, 40)), fill((0.9, 0.3, 0.3))), ind=2, parent=1)
    return comp(child, parent)


@animation("precomp_nested")
def _():
    leaf = [shape_layer(group(ellipse(s=(24, 24)), fill((0.9, 0.2, 0.2))), ks=transform(p=ease(0, [12, 25], 30, [88, 25], LINEAR)), op=90)]
    middle = [{"ty": 0, "refId": "leaf", "w": 100, "h": 50, "ks": transform(p=(0, 0)), "ip": 0, "op": 90, "st": 0},
              {"ty": 0, "refId": "leaf", "w": 100, "h": 50, "ks": transform(p=(0, 50)), "ip": 0, "op": 90, "st": 10}]
    layer = {"ty": 0, "refId": "middle", "w": 100, "h": 100, "ks": transform(p=(100, 100), a=(50, 50), s=(180, 180), r=ease(0, 0, 29, 30)),
             "ip": 0, "op": 30, "st": 0}
    return comp(layer, assets=[{"id": "leaf", "layers": leaf}, {"id": "middle", "layers": middle}])


@animation("stroke_width_opacity")
def _():
    return comp(shape_layer(group(path(bezier([(30, 100), (100, 40), (170, 100)], ins=[(0, 0), (-40, 0), (0, 0)], outs=[(0, 0), (40, 0), (0, 0)], closed=False)),
                                  stroke((0.2, 0.5, 0.2), w=ease(0, 2, 29, 24), o=anim(kf(0, 100, h=1), kf(15, 50, h=1), kf(29, 50)), lc=2))))


@animation("shape_hold")
def _():
    a = bezier([(40, 40), (160, 40), (100, 160)])
    b = bezier([(40, 160), (160, 160), (100, 40)])
    return comp(shape_layer(group(path(anim(kf(0, [a], h=1), kf(14, [b], h=1), kf(29, [b]))), fill(anim(kf(0, [0.9, 0.2, 0.2, 1], h=1), kf(20, [0.2, 0.2, 0.9, 1], h=1), kf(29, [0.2, 0.2, 0.9, 1]))))))


@animation("auto_orient")
def _():
    p = anim(kf(0, [30, 150], to=[30, -120], ti=[-40, 0], **LINEAR), kf(29, [170, 60]))
    return comp(shape_layer(group(rect(s=(40, 16)), fill((0.1, 0.4, 0.8))), ks=transform(p=p), ao=1))


@animation("image_file")
def _():
    asset = {"id": "file", "w": 16, "h": 16, "u": "images/", "p": "gradient16.png", "e": 0}
    layer = {"ty": 2, "refId": "file", "ks": transform(p=(100, 100), a=(8, 8), s=ease(0, [600, 600], 29, [1000, 800])), "ip": 0, "op": 30, "st": 0}
    return comp(layer, assets=[asset])


def jpeg_blocks():
    """A 32 x 16 JPEG of eight flat colour blocks: the JPEG fixtures' baseline file (../StrataTests/Fixtures/jpeg)."""
    with open(os.path.join(HERE, "..", "StrataTests", "Fixtures", "jpeg", "rgb_baseline.jpg"), "rb") as f:
        return f.read()


@animation("image_jpeg_embedded")
def _():
    import base64
    asset = {"id": "jpeg", "w": 32, "h": 16, "u": "", "p": "data:image/jpeg;base64," + base64.b64encode(jpeg_blocks()).decode(), "e": 1}
    layer = {"ty": 2, "refId": "jpeg", "ks": transform(p=(100, 100), a=(16, 8), s=(500, 500), r=ease(0, 0, 29, 20)), "ip": 0, "op": 30, "st": 0}
    return comp(layer, assets=[asset])


@animation("image_jpeg_file")
def _():
    asset = {"id": "file", "w": 32, "h": 16, "u": "images/", "p": "blocks.jpg", "e": 0}
    layer = {"ty": 2, "refId": "file", "ks": transform(p=(100, 100), a=(16, 8), s=ease(0, [400, 400], 29, [550, 700])), "ip": 0, "op": 30, "st": 0}
    return comp(layer, assets=[asset])


@animation("rotation_3d")
def _():
    layer = shape_layer(group(rect(s=(100, 70)), fill((0.8, 0.4, 0.2)), stroke((0.2, 0.2, 0.2), w=4)),
                        ks=transform(p=(100, 100), ry=ease(0, 0, 29, 60), rx=static(25)), ddd=1)
    return comp(layer)


@animation("repeater_animated")
def _():
    rp = {"ty": "rp", "c": ease(0, 2, 29, 8, LINEAR), "o": static(0), "m": 1,
          "tr": {"ty": "tr", "p": static([22, 0]), "a": static([0, 0]), "s": static([95, 95]), "r": static(0),
                 "so": static(100), "eo": static(100)}}
    return comp(shape_layer(group(ellipse(p=(0, 0), s=(20, 20)), fill((0.8, 0.2, 0.4)), rp, t=tr(p=(25, 100)))))


@animation("loader")
def _():
    # A typical loader: a stroked arc whose trim runs round while the layer spins.
    arc = group(ellipse(s=(100, 100)), trim(s=anim(kf(10, 0, **EASE), kf(29, 100)), e=anim(kf(0, 0, **EASE), kf(20, 100))),
                stroke((0.16, 0.5, 0.95), w=12, lc=2), t=tr(p=(0, 0)))
    return comp(shape_layer(arc, ks=transform(p=(100, 100), r=ease(0, 0, 29, 360, LINEAR))))


@animation("blend_modes")
def _():
    # Layer blend modes over an opaque background of two colour bands: multiply, screen and add (bm 1, 2, 16)
    # on moving shapes, one at 70 % opacity; a multiplied precomposition blends its two overlapping shapes as one.
    background = shape_layer(group(rect(p=(100, 50), s=(200, 100)), fill((0.95, 0.85, 0.3))),
                             group(rect(p=(100, 150), s=(200, 100)), fill((0.2, 0.45, 0.75))))
    multiply = shape_layer(group(ellipse(s=(70, 70)), fill((0.9, 0.3, 0.5))),
                           ks=transform(p=ease(0, [45, 60], 29, [45, 140])), bm=1)
    screen = shape_layer(group(ellipse(s=(70, 70)), fill((0.3, 0.8, 0.4))),
                         ks=transform(p=ease(0, [100, 140], 29, [100, 60]), o=70), bm=2)
    add = shape_layer(group(rect(s=(50, 70)), fill((0.5, 0.3, 0.2))), ks=transform(p=(155, 100), r=ease(0, 0, 29, 45)), bm=16)
    pair = [shape_layer(group(rect(p=(20, 20), s=(40, 40)), fill((0.2, 0.7, 0.9)))),
            shape_layer(group(ellipse(p=(35, 35), s=(40, 40)), fill((0.9, 0.6, 0.1))))]
    precomp = {"ty": 0, "refId": "pair", "w": 60, "h": 60, "ks": transform(p=ease(0, [140, 20], 29, [140, 120])),
               "ip": 0, "op": 30, "st": 0, "bm": 1}
    return comp(multiply, screen, add, precomp, background, assets=[{"id": "pair", "layers": pair}])



def backdrop_blend_comp(modes, translucent=(), crossing=None):
    """One rounded box per blend mode (`bm`), three to a row, sliding across the edges of four
    colour bands over a dark strip; boxes of `translucent` modes at 60 % opacity; the box of
    mode `crossing` slides down under the next row's first box, which so blends with its result."""
    bands = [((25, 80), (50, 160), (0.95, 0.85, 0.3)), ((75, 80), (50, 160), (0.2, 0.45, 0.75)),
             ((125, 80), (50, 160), (0.85, 0.25, 0.2)), ((175, 80), (50, 160), (0.3, 0.7, 0.45)),
             ((100, 180), (200, 40), (0.12, 0.1, 0.18))]
    background = shape_layer(*[group(rect(p=p, s=s), fill(c)) for p, s, c in bands])
    colors = [(0.9, 0.3, 0.5), (0.3, 0.8, 0.4), (0.5, 0.5, 0.5), (0.25, 0.35, 0.9), (0.95, 0.7, 0.15)]
    boxes = []
    for i, mode in enumerate(modes):
        row, col = divmod(i, 3)
        x, y = 38 + 50 * col, 20 + 40 * row
        end = [x - 24, y + 28] if mode == crossing else [x + 24, y]
        boxes.append(shape_layer(group(rect(s=(40, 30), r=6), fill(colors[i % len(colors)])),
                                 ks=transform(p=ease(0, [x, y], 29, end), o=60 if mode in translucent else 100),
                                 bm=mode, name=f"bm {mode}"))
    # Lottie draws its first layer on top: the boxes in reverse, so later modes lie over earlier ones.
    return comp(*reversed(boxes), background)


@animation("blend_modes_backdrop")
def _():
    # The separable blend modes that read the backdrop, as ThorVG and the W3C spec agree on them:
    # overlay, darken, lighten, colour dodge and burn, hard light, difference, exclusion (bm 3-8, 10, 11).
    # Colour dodge and exclusion at 60 %; colour burn slides under the difference box.
    return backdrop_blend_comp([3, 4, 5, 6, 7, 8, 10, 11], translucent=(6, 11), crossing=7)


@animation("blend_modes_backdrop_hsl")
def _():
    # Soft light, hue, saturation, color and luminosity (bm 9, 12-15). Strata draws them by the W3C
    # formulas (SetLum/SetSat, the spec's soft light); hue slides under the color box. The ThorVG the oracle runs (thorvg-python 1.1.3)
    # mixes hue, saturation and lightness in HSL and uses another soft light, so this file differs
    # from it where those modes are drawn (later ThorVG follows the spec).
    return backdrop_blend_comp([9, 12, 13, 14, 15], translucent=(13,), crossing=12)

def effect(ty, name, match, *controls, en=1):
    """A layer effect (`ef` item): controls are (control type, name, value); a value that is
    no dict is static. Control types: 0 slider, 1 angle, 2 colour, 4 checkbox, 7 dropdown."""
    items = [{"ty": t, "nm": n, "mn": f"{match}-{i + 1:04d}", "ix": i + 1,
              "v": v if isinstance(v, dict) else static(v)} for i, (t, n, v) in enumerate(controls)]
    return {"ty": ty, "nm": name, "np": len(items) + 2, "mn": match, "ix": 1, "en": en, "ef": items}


def drop_shadow(color=(0, 0, 0), opacity=127.5, direction=135, distance=10, softness=0):
    c = color if isinstance(color, dict) else list(color) + [1]
    return effect(25, "Drop Shadow", "ADBE Drop Shadow", (2, "Shadow Color", c), (0, "Opacity", opacity),
                  (1, "Direction", direction), (0, "Distance", distance), (0, "Softness", softness),
                  (4, "Shadow Only", 0))


def gaussian_blur(blurriness, dimensions=1):
    return effect(29, "Gaussian Blur", "ADBE Gaussian Blur 2", (0, "Blurriness", blurriness),
                  (7, "Blur Dimensions", dimensions), (4, "Repeat Edge Pixels", 0))


def fill_effect(color, opacity=1):
    c = color if isinstance(color, dict) else list(color) + [1]
    return effect(21, "Fill", "ADBE Fill", (10, "Fill Mask", 0), (4, "All Masks", 0), (2, "Color", c),
                  (4, "Invert", 0), (0, "Horizontal Feather", 0), (0, "Vertical Feather", 0), (0, "Opacity", opacity))


def tint_effect(black, white, amount=100):
    return effect(20, "Tint", "ADBE Tint", (2, "Map Black To", list(black) + [1]), (2, "Map White To", list(white) + [1]),
                  (0, "Amount to Tint", amount), (6, "", 0))


def tritone_effect(highlights, midtones, shadows, blend=0):
    return effect(23, "Tritone", "ADBE Tritone", (2, "Highlights", list(highlights) + [1]),
                  (2, "Midtones", list(midtones) + [1]), (2, "Shadows", list(shadows) + [1]),
                  (0, "Blend With Original", blend))


def swatches():
    """Squares of five luminances and three hues, for the colour effects."""
    colours = [(0, 0, 0), (0.25, 0.25, 0.25), (0.5, 0.5, 0.5), (0.75, 0.75, 0.75), (1, 1, 1),
               (0.9, 0.2, 0.1), (0.1, 0.7, 0.2), (0.15, 0.3, 0.9)]
    return [group(rect(p=(25 + (i % 4) * 50, 25 + (i // 4) * 50), s=(44, 44)), fill(c)) for i, c in enumerate(colours)]


@animation("effect_drop_shadow")
def _():
    # A soft shadow down and right (opacity on AE's 0-255 scale), and a hard one on a rotated layer
    # whose direction turns: the offset turns with the layer.
    soft = shape_layer(group(rect(s=(70, 50), r=8), fill((0.9, 0.5, 0.2))), ks=transform(p=(60, 60)),
                       ef=[drop_shadow((0.1, 0.1, 0.4), opacity=200, direction=135, distance=12, softness=16)], name="soft")
    hard = shape_layer(group(ellipse(s=(60, 60)), fill((0.2, 0.6, 0.9))), ks=transform(p=(135, 135), r=30),
                       ef=[drop_shadow((0.6, 0, 0.2), opacity=255, direction=ease(0, 0, 29, 270), distance=15)], name="hard")
    return comp(soft, hard)


@animation("effect_gaussian_blur")
def _():
    # A blur that grows from none, and one across only.
    growing = shape_layer(group(rect(s=(60, 60)), fill((0.2, 0.5, 0.9))), group(ellipse(p=(20, 20), s=(40, 40)), fill((0.9, 0.8, 0.1))),
                          ks=transform(p=(65, 65)), ef=[gaussian_blur(ease(0, 0, 29, 30))], name="growing")
    across = shape_layer(group(rect(s=(50, 50)), fill((0.8, 0.1, 0.3))), ks=transform(p=(140, 145)),
                         ef=[gaussian_blur(20, dimensions=2)], name="across")
    return comp(growing, across)


@animation("effect_fill")
def _():
    # Every swatch one colour, which moves; the colour at 60 % opacity.
    return comp(shape_layer(*swatches(), ks=transform(p=(0, 0)),
                            ef=[fill_effect(ease(0, [0.1, 0.6, 0.3, 1], 29, [0.8, 0.2, 0.6, 1]), opacity=0.6)]))


@animation("effect_tint")
def _():
    # Black to dark blue and white to yellow by luminance: fully on the top rows, half on a copy below.
    top = shape_layer(*swatches(), ef=[tint_effect((0.05, 0.1, 0.4), (1, 0.9, 0.2))])
    bottom = shape_layer(*swatches(), ks=transform(p=(0, 100)), ef=[tint_effect((0.05, 0.1, 0.4), (1, 0.9, 0.2), amount=50)])
    return comp(top, bottom)


@animation("effect_tritone")
def _():
    # Shadows, midtones and highlights by luminance.
    return comp(shape_layer(*swatches(), ks=transform(p=(0, 50)),
                            ef=[tritone_effect((1, 0.95, 0.6), (0.8, 0.3, 0.3), (0.1, 0.05, 0.3))]))


@animation("effect_unsupported")
def _():
    # A radial wipe (neither Strata nor ThorVG draws it), a slider control (values for expressions;
    # nothing to draw) and a disabled fill: the shapes as they are.
    slider = effect(5, "Speed", "ADBE Slider Control", (0, "Slider", 40))
    wipe = effect(26, "Radial Wipe", "ADBE Radial Wipe", (0, "Transition Completion", 30), (1, "Start Angle", 0),
                  (3, "Wipe Center", [100, 100]), (7, "Wipe", 1), (0, "Feather", 0))
    return comp(shape_layer(group(rect(s=(80, 80)), fill((0.3, 0.7, 0.4))), ks=transform(p=(100, 100)),
                            ef=[wipe, slider, fill_effect((1, 0, 0), opacity=1) | {"en": 0}]))


def stroke_effect(color, size, opacity=1, start=0, end=100, style=1, mask=1, all_masks=0, hardness=1, spacing=0):
    """After Effects' Stroke (ty 22) with its eleven controls in order; opacity 0-1, start and end in percent."""
    c = color if isinstance(color, dict) else list(color) + [1]
    return effect(22, "Stroke", "ADBE Stroke", (10, "Path", mask), (4, "All Masks", all_masks),
                  (4, "Stroke Sequentially", 0), (2, "Color", c), (0, "Brush Size", size),
                  (0, "Brush Hardness", hardness), (0, "Opacity", opacity), (0, "Start", start), (0, "End", end),
                  (0, "Spacing", spacing), (7, "Paint Style", style))


def outline_mask(points, closed=True):
    """A mask of mode none: an outline for effects to follow that clips nothing."""
    return {"mode": "n", "inv": False, "pt": static(bezier(points, closed=closed)), "o": static(100)}


@animation("effect_stroke")
def _():
    # Top: an orange line drawn on transparent (paint style 2) along both of the layer's masks (a
    # circle and a triangle, mode none), growing from nothing to whole, at 80 % opacity over the
    # blue layer, which it replaces. Bottom: a solid revealed (paint style 3) only along its second
    # mask, between 25 % and 75 % of its length, with a wide brush.
    circle = {"mode": "n", "inv": False, "pt": static(circle_bezier(55, 55, 35)), "o": static(100)}
    triangle = outline_mask([(115, 25), (180, 25), (150, 85)])
    top = shape_layer(group(rect(p=(100, 100), s=(200, 200)), fill((0.1, 0.3, 0.8))), ks=transform(p=(0, 0)),
                      masksProperties=[circle, triangle], hasMask=True,
                      ef=[stroke_effect((0.95, 0.5, 0.1), 3, opacity=0.8, end=ease(0, 0, 29, 100), style=2,
                                        all_masks=1)], name="transparent")
    band = outline_mask([(20, 20), (60, 20), (60, 80), (20, 80)])
    wave = outline_mask([(80, 30), (180, 30), (180, 80), (80, 80)])
    solid = {"ty": 1, "sc": "#33aa55", "sw": 200, "sh": 100, "ks": transform(p=(0, 100)),
             "masksProperties": [band, wave], "hasMask": True,
             "ef": [stroke_effect((1, 1, 1), 6, start=25, end=75, style=3, mask=2)], "nm": "reveal",
             "ip": 0, "op": 30, "st": 0}
    return comp(top, solid)


@animation("effect_stroke_original")
def _():
    # A dark red line (brush 4: 8 wide) on the original (paint style 1) along the layer's one mask, a
    # square of mode none over a green ellipse. ThorVG draws every paint style as a reveal of the
    # layer, recoloured (so it shows the line alone here): LottieEffectTests checks the pixels.
    square = outline_mask([(50, 50), (150, 50), (150, 150), (50, 150)])
    layer = shape_layer(group(ellipse(p=(100, 100), s=(120, 160)), fill((0.2, 0.7, 0.3))), ks=transform(p=(0, 0)),
                        masksProperties=[square], hasMask=True, ef=[stroke_effect((0.6, 0.05, 0.1), 4)])
    return comp(layer)


def expression(prop, code):
    """`prop` with an After Effects expression, as bodymovin writes it (the result in $bm_rt)."""
    return {**prop, "x": "var $bm_rt;\n" + code}


@animation("expression_loop_cycle")
def _():
    # Keyframes over the first 20 frames, repeated by loopOut('cycle') to frame 60: position and rotation.
    p = expression(anim(kf(0, [40, 60], **LINEAR), kf(10, [160, 60], **LINEAR), kf(20, [40, 60])), "$bm_rt = loopOut('cycle');")
    r = expression(ease(0, 0, 20, 90), "$bm_rt = loopOut('cycle', 0);")
    box = shape_layer(group(rect(s=(40, 40)), fill((0.2, 0.5, 0.9))), ks=transform(p=p, r=r), op=60)
    return comp(box, op=60)


@animation("expression_loop_pingpong")
def _():
    # loopOut('pingpong') plays the keyframes forward and back; loopIn('cycle') repeats them before the first one.
    p = expression(anim(kf(0, [40, 60], **EASE), kf(15, [160, 60])), "$bm_rt = loopOut('pingpong');")
    o = expression(anim(kf(30, 20, **LINEAR), kf(45, 100)), "$bm_rt = loopIn('cycle');")
    box = shape_layer(group(rect(s=(40, 40)), fill((0.9, 0.4, 0.1))), ks=transform(p=p, o=o), op=60)
    return comp(box, op=60)


@animation("expression_time")
def _():
    # Values from time alone: a turn every 4 seconds and a sine sway added to the keyframed value (opacity,
    # linear() and ease() are checked by value in the unit tests: ThorVG reads an opacity expression's
    # percent as 0-255, and its ease curves are not After Effects').
    r = expression(static(0), "$bm_rt = $bm_mul(time, 90);")
    p = expression(static([100, 100]), "$bm_rt = $bm_sum(value, [$bm_mul(Math.sin($bm_mul(time, 6.283185)), 50), 0]);")
    box = shape_layer(group(rect(s=(60, 30)), fill((0.3, 0.7, 0.3))), ks=transform(p=p, r=r))
    return comp(box)


@animation("expression_wiggle")
def _():
    # wiggle() around a keyframed path; seeded, so every import gives the same motion (no reference matches it).
    p = expression(ease(0, [60, 100], 29, [140, 100]), "$bm_rt = wiggle(4, 25);")
    s = expression(static([100, 100]), "$bm_rt = wiggle(2, 20, 2, 0.5);")
    dot = shape_layer(group(ellipse(s=(30, 30)), fill((0.8, 0.2, 0.5))), ks=transform(p=p, s=s))
    return comp(dot)


@animation("expression_layer_ref")
def _():
    # A follower placed by another layer's position (by name) and turned by its rotation (by index).
    leader = shape_layer(group(rect(s=(30, 30)), fill((0.2, 0.2, 0.8))), name="Leader", ind=1,
                         ks=transform(p=ease(0, [40, 50], 29, [160, 80]), r=ease(0, 0, 29, 180)))
    follow_p = expression(static([0, 0]), "$bm_rt = $bm_sum(thisComp.layer('Leader').transform.position, [0, 80]);")
    follow_r = expression(static(0), "$bm_rt = $bm_neg(thisComp.layer(1).transform.rotation);")
    follower = shape_layer(group(ellipse(s=(30, 30)), rect(p=(0, -12), s=(6, 12)), fill((0.9, 0.5, 0.1))), name="Follower", ind=2,
                           ks=transform(p=follow_p, r=follow_r))
    return comp(leader, follower)


@animation("expression_fallback")
def _():
    # An expression that throws: the keyframes play, and a warning names the layer and property.
    p = expression(ease(0, [40, 100], 29, [160, 100]), "$bm_rt = thisComp.layer('No such layer').transform.position;")
    box = shape_layer(group(rect(s=(40, 40)), fill((0.5, 0.5, 0.5))), name="Box", ks=transform(p=p))
    return comp(box)


# --- text layers ----------------------------------------------------------

# Block letters drawn on a 100-unit em (bodymovin's font units), baseline at y 0, y down.
BLOCK_GLYPHS = {
    "H": (70, [(8, -70, 14, 70), (48, -70, 14, 70), (8, -42, 54, 14)]),
    "I": (34, [(10, -70, 14, 70)]),
    "L": (60, [(8, -70, 14, 70), (8, -14, 46, 14)]),
    "T": (66, [(4, -70, 58, 14), (26, -70, 14, 70)]),
    "E": (60, [(8, -70, 14, 70), (8, -70, 46, 12), (8, -41, 38, 12), (8, -12, 46, 12)]),
    " ": (30, []),
}


def block_char(ch, family="Blocks", style="Regular", size=100):
    width, boxes = BLOCK_GLYPHS[ch]
    paths = [path(bezier([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])) for x, y, w, h in boxes]
    shapes = [{"ty": "gr", "it": paths, "nm": ch, "np": len(paths), "cix": 2}] if paths else []
    return {"ch": ch, "size": size, "style": style, "w": width, "fFamily": family, "data": {"shapes": shapes}}


def text_document(text, font, size=40, fc=(0, 0, 0), j=0, tr=0, lh=48, ls=0, **extra):
    d = {"s": size, "f": font, "t": text, "j": j, "tr": tr, "lh": lh, "ls": ls, "fc": list(fc)}
    d.update(extra)
    return d


def text_layer(documents, ks=None, animators=None, ip=0, op=30, name=None):
    """A text layer (ty 5); documents: [(frame, document)]."""
    layer = {"ty": 5, "ks": ks or transform(), "ip": ip, "op": op, "st": 0, "sr": 1,
             "t": {"d": {"k": [{"s": d, "t": t} for t, d in documents]}, "p": {}, "m": {"g": 1, "a": static([0, 0])},
                   "a": animators or []}}
    if name:
        layer["nm"] = name
    return layer


def with_fonts(data, fonts, chars=None):
    data["fonts"] = {"list": fonts}
    if chars is not None:
        data["chars"] = chars
    return data


BLOCK_FONT = {"fName": "Blocks-Regular", "fFamily": "Blocks", "fStyle": "Regular", "ascent": 70}


@animation("text_chars")
def _():
    # Two documents (a hold keyframe at frame 15), line breaks, centre and right justification, tracking.
    first = text_document("HELL\rTILE", "Blocks-Regular", size=36, fc=(0.8, 0.1, 0.1), j=2, tr=50, lh=44)
    second = text_document("LIT\rHELL", "Blocks-Regular", size=30, fc=(0.1, 0.3, 0.8), j=1, tr=0, lh=40)
    layer = text_layer([(0, first), (15, second)], ks=transform(p=(100, 90)))
    chars = [block_char(c) for c in "HILTE "]
    return with_fonts(comp(layer), [BLOCK_FONT], chars)


@animation("text_font")
def _():
    # A system font by name (no chars): DejaVu Sans, two lines, left justified, moving.
    doc = text_document("Strata\rtext", "DejaVuSans", size=40, fc=(0.1, 0.5, 0.2), lh=46)
    layer = text_layer([(0, doc)], ks=transform(p=ease(0, [20, 80], 29, [40, 110])))
    font = {"fName": "DejaVuSans", "fFamily": "DejaVu Sans", "fStyle": "Book", "ascent": 75}
    return with_fonts(comp(layer), [font])


@animation("text_fontconfig")
def _():
    # Fonts found by family and style through fontconfig (no chars; names the DejaVu file names do
    # not give): a serif in bold italic on top, a monospaced bold below, and a family nobody has
    # (drawn in DejaVu Sans, with a warning) at the bottom.
    heading = text_document("Serif", "Heading", size=36, fc=(0.6, 0.1, 0.2))
    code = text_document("mono", "Code", size=30, fc=(0.1, 0.3, 0.6))
    missing = text_document("none", "Missing", size=24, fc=(0.2, 0.2, 0.2))
    layers = [text_layer([(0, heading)], ks=transform(p=(15, 55))),
              text_layer([(0, code)], ks=transform(p=(15, 110))),
              text_layer([(0, missing)], ks=transform(p=(15, 170)))]
    fonts = [{"fName": "Heading", "fFamily": "DejaVu Serif", "fStyle": "Bold Italic", "ascent": 73},
             {"fName": "Code", "fFamily": "DejaVu Sans Mono", "fStyle": "Bold", "ascent": 76},
             {"fName": "Missing", "fFamily": "No Such Family", "fStyle": "Regular", "ascent": 75}]
    return with_fonts(comp(*layers), fonts)


@animation("text_animator")
def _():
    # A square range selector whose start sweeps over the text: characters past it fade in,
    # slide up and turn from blue to the document's red.
    doc = text_document("HELL THE", "Blocks-Regular", size=34, fc=(0.9, 0.2, 0.1), tr=20)
    animator = {"nm": "Animator 1",
                "s": {"t": 0, "xe": static(0), "ne": static(0), "a": static(100), "b": 1, "rn": 0, "sh": 1,
                      "r": 1, "sm": static(100), "s": ease(0, 0, 29, 100, LINEAR), "e": static(100), "o": static(0)},
                "a": {"o": static(0), "p": static([0, -30]), "fc": static([0.1, 0.3, 0.9, 1])}}
    layer = text_layer([(0, doc)], ks=transform(p=(12, 120)), animators=[animator])
    return with_fonts(comp(layer), [BLOCK_FONT], [block_char(c) for c in "HILTE "])


def png_bytes(w, h, pixel):
    import struct, zlib
    rows = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(w)) for y in range(h))
    def chunk(t, data):
        return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data) & 0xffffffff)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def main():
    os.makedirs(os.path.join(HERE, "images"), exist_ok=True)
    with open(os.path.join(HERE, "images", "gradient16.png"), "wb") as f:
        f.write(png_bytes(16, 16, lambda x, y: (255 - x * 16, y * 16, 120, 255)))
    with open(os.path.join(HERE, "images", "blocks.jpg"), "wb") as f:
        f.write(jpeg_blocks())
    for name, make in sorted(ANIMATIONS.items()):
        data = make()
        data["nm"] = name
        data["layers"] = [normalized(l) for l in data["layers"]]
        for asset in data.get("assets", []):
            if "layers" in asset:
                asset["layers"] = [normalized(l) for l in asset["layers"]]
        with open(os.path.join(HERE, name + ".json"), "w") as f:
            json.dump(data, f, separators=(",", ":"))
            f.write("\n")
    print(f"wrote {len(ANIMATIONS)} animations to {HERE}")


if __name__ == "__main__":
    main()
