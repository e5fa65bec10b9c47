#version 330 core
// The uber-shader: background, contents or gradient, border, closed-form
// shadow, or a composited offscreen pass, times opacity, clip coverage and
// tint (a replicator instance's colour).
// Distances are measured in the layer's plane and turned into coverage with
// their screen-space rate of change, so every edge ramps over one device pixel.

#include "shapes.glsl"
#include "shadow.glsl"

// Each part is compiled in only when a batch needs it (LayerFeatures in
// StrataRender); without LAYER_FEATURES defined the program has them all.
#ifndef LAYER_FEATURES
#define WITH_BODIES
#define WITH_SHADOWS
#define WITH_COMPOSITES
#define WITH_GRADIENTS
#define WITH_TEXTURES
#define WITH_BORDERS
#define WITH_HARD_EDGES
#define WITH_CLIPS
#define WITH_ARCS
#define WITH_CONTINUOUS_CORNERS
#define WITH_RADIAL_GRADIENTS
#define WITH_CONIC_GRADIENTS
#define WITH_DASHES
#define WITH_BLEND_MODES
#define WITH_MASKED_BODIES
#define WITH_MAPPED_MASKS
#define WITH_SHAPES
#define WITH_TEXEL_MASKS
#endif

// Instance flag bits (KIND_MASK, KIND_SHADOW, HAS_TEXTURE…), the clip texture's
// CLIP_TEXELS (clips.glsl) and the ramp width RAMP_WIDTH are defined by the program's
// compiler from their Swift definitions (ShaderConstants in StrataRender).

in vec2 v_local;
flat in vec4 v_shape;
flat in vec4 v_radii;
flat in vec4 v_fill;
flat in vec4 v_border;
flat in vec4 v_params;
flat in vec4 v_content;
flat in vec4 v_uv;
flat in int v_flags;
flat in vec4 v_tint;
flat in vec4 v_maskRect;
flat in vec4 v_maskUV;

uniform vec4 u_target;
uniform vec2 u_viewportOrigin;  // the viewport's corner in the target (passes sharing one)
uniform sampler2D u_contents;
uniform sampler2D u_mask;
uniform sampler2D u_ramps;
uniform sampler2D u_clips;   // 5 RGBA32F texels per clip, one clip per row

out vec4 fragColor;

#include "device.glsl"
#ifdef WITH_CLIPS
#include "clips.glsl"
#endif
#ifdef WITH_BLEND_MODES
#include "blend.glsl"
#endif

#if defined(WITH_COMPOSITES) || defined(WITH_TEXTURES) || defined(WITH_HARD_EDGES) || defined(WITH_MAPPED_MASKS)
// Coverage of a plain rectangle whose edges can each be anti-aliased or hard.
float edgeCoverage(vec2 p, vec4 rect, int aaEdges) {
    vec4 d = vec4(rect.x - p.x, p.x - rect.x - rect.z, rect.y - p.y, p.y - rect.y - rect.w);
    vec4 ax = abs(vec4(dFdx(p.x), dFdx(p.x), dFdx(p.y), dFdx(p.y)));
    vec4 ay = abs(vec4(dFdy(p.x), dFdy(p.x), dFdy(p.y), dFdy(p.y)));
    vec4 aa = max(sqrt(ax * ax + ay * ay), vec4(1e-6));
    float c = 1.0;
    for (int e = 0; e < 4; e++) {
        float ce = ((aaEdges >> e) & 1) != 0 ? clamp(0.5 - d[e] / aa[e], 0.0, 1.0)
                                              : (d[e] / aa[e] < 0.5 ? 1.0 : 0.0);
        c *= ce;
    }
    return c;
}
#endif

vec4 over(vec4 top, vec4 bottom) { return top + bottom * (1.0 - top.a); }

#if defined(WITH_COMPOSITES) || defined(WITH_MASKED_BODIES) || defined(WITH_MAPPED_MASKS)
// A mask's alpha at `t` (0…1 across the part of it `uvs` spans, from its start
// to its end; its x down t's y where it is turned a quarter), times `edge`,
// inverted for an inverted matte.
float maskAt(vec4 uvs, vec2 t, float edge) {
    vec2 across = (v_flags & TRANSPOSES_MASK) != 0 ? t.yx : t;
    float m = texture(u_mask, mix(uvs.xy, uvs.zw, clamp(across, 0.0, 1.0))).a * edge;
    return (v_flags & INVERTS_MASK) != 0 ? 1.0 - m : m;
}
#endif

#ifdef WITH_ARCS
// Coverage of a stroke `width` wide along an arc of the circle inscribed in `shape`
// (x, y, w, h; centre line `width` / 2 inside its edge): `arc` is the direction of
// turn (±1), the angle turned and 1 for round caps (else butt); `ends` the unit
// vectors from the centre to the arc's start (xy) and end (zw).
float arcCoverage(vec2 p, vec4 shape, float width, vec4 arc, vec4 ends) {
    vec2 q = p - (shape.xy + 0.5 * shape.zw);
    float radius = 0.5 * (shape.z - width), halfWidth = 0.5 * width;
    // Distances to the lines through the centre at either end, negative on the arc's
    // side; the arc's sector is where both are (a turn up to a half) or either is.
    float dStart = -arc.x * (ends.x * q.y - ends.y * q.x);
    float dEnd = arc.x * (ends.z * q.y - ends.w * q.x);
    float dSector = arc.y <= 3.14159265 ? max(dStart, dEnd) : min(dStart, dEnd);
    float dRing = abs(length(q) - radius) - halfWidth;
    float d;
    if (arc.z > 0.5) {
        float dCaps = min(length(q - radius * ends.xy), length(q - radius * ends.zw)) - halfWidth;
        d = dSector <= 0.0 ? min(dRing, dCaps) : dCaps;
    } else {
        d = max(dRing, dSector);
    }
    return coverage(d, length(vec2(dFdx(d), dFdy(d))));
}
#endif

#ifdef WITH_DASHES
// Coverage of a dashed stroke `width` wide along the circle inscribed in `shape`
// (centre line `width` / 2 inside its edge). `dash`: the direction the path turns
// (±1), the dash's and the gap's lengths along the centre line, and the phase;
// `start`: the unit vector from the centre to where the path starts, and 1 for
// round caps (else butt). The circle is closed, so the start is a cut only where
// the pattern is on at one side of it and off at the other.
float dashCoverage(vec2 p, vec4 shape, float width, vec4 dash, vec4 start) {
    const float TAU = 6.28318530718;
    vec2 q = p - (shape.xy + 0.5 * shape.zw);
    float radius = max(0.5 * (shape.z - width), 1e-6), halfWidth = 0.5 * width;
    float r = length(q);
    float dRing = abs(r - radius) - halfWidth;
    float turn = dash.x, on = dash.y, period = dash.y + dash.z, phase = dash.w;
    float around = TAU * radius;
    // How far along the centre line p lies from the start, in [0, around).
    float angle = atan(turn * (start.x * q.y - start.y * q.x), dot(start.xy, q));
    float s = (angle < 0.0 ? angle + TAU : angle) * radius;
    float u = mod(s + phase, period);
    bool inDash = u < on;
    // Lengths to the pattern's cuts behind and ahead of p.
    float behind = inDash ? u : u - on;
    float ahead = inDash ? on - u : period - u;
    // Across the start: the cut nearest it on either side, or none where the dash
    // running into it goes on (a zero-length dash at the start is a cut, a dot).
    float u0 = mod(phase, period), uEnd = mod(around + phase, period);
    bool onAtStart = u0 < on, onAtEnd = uEnd > 0.0 && uEnd <= on;
    float firstCut = onAtEnd ? (onAtStart ? on - u0 : 0.0) : (onAtStart || u0 == 0.0 ? 0.0 : period - u0);
    float lastCut = onAtStart ? (onAtEnd ? uEnd : 0.0) : (onAtEnd ? 0.0 : (uEnd > 0.0 ? uEnd : period) - on);
    if (s + ahead > around) { ahead = around - s + firstCut; }
    if (s - behind < 0.0) { behind = s + lastCut; }
    // The angles from p to the cuts, capped where they are far anyway: polynomials
    // stand in for sine and cosine there (to 0.2 %), cheaper per pixel than either.
    vec2 turns = min(vec2(behind, ahead) / radius, vec2(1.0));
    vec2 t2 = turns * turns;
    float d;
    if (start.z > 0.5) {
        // Round caps: a dash is its centre line's arc grown by half the width; in a
        // gap, p's distance to the cap centre at a cut is the law of cosines'.
        vec2 cosines = 1.0 - t2 * (0.5 - t2 / 24.0);
        vec2 caps = sqrt(max(r * r + radius * radius - 2.0 * r * radius * cosines, vec2(0.0)));
        d = inDash ? dRing : min(caps.x, caps.y) - halfWidth;
    } else {
        // Butt caps: cut along the lines through the centre; p's distance to one is
        // its radius times the sine of the angle between them.
        vec2 sines = turns * (1.0 - t2 / 6.0);
        float cut = r * min(sines.x, sines.y);
        d = max(dRing, inDash ? -cut : cut);
    }
    return coverage(d, length(vec2(dFdx(d), dFdy(d))));
}
#endif

void main() {
    int kind = v_flags & KIND_MASK;
    bool continuous = (v_flags & CONTINUOUS) != 0;
    float opacity = v_params.y;
    vec2 p = v_local;
    // Every branch below depends only on per-instance (flat) values, so the
    // pixels of a 2×2 quad take the same path and derivatives stay defined.
    vec4 color = vec4(0.0);
#ifdef WITH_SHADOWS
    if (kind == KIND_SHADOW) {
        float sigma = v_params.z;
        float a;
        if (sigma < 0.05) {
            float d = sdRoundedRect(p, v_shape, v_radii, continuous);
            a = coverage(d, length(vec2(dFdx(d), dFdy(d))));
        } else {
            a = roundedBoxShadow(p, v_shape, v_radii, sigma);
        }
        color = v_fill * clamp(a, 0.0, 1.0);
    }
#endif
#ifdef WITH_COMPOSITES
    if (kind == KIND_COMPOSITE) {
        vec2 t = clamp((p - v_content.xy) / v_content.zw, 0.0, 1.0);
        vec4 texel = texture(u_contents, mix(v_uv.xy, v_uv.zw, t));
        float edge = edgeCoverage(p, v_content, 15);
        // A tinted composite (a blurred shadow silhouette) uses only the alpha.
        color = (v_flags & HAS_TINT) != 0 ? v_fill * (texel.a * edge) : texel * edge;
        // The mask's target may be another size than the content's: its own uv, kept in v_border.
        if ((v_flags & HAS_MASK) != 0) { color *= maskAt(v_border, t, 1.0); }
    }
#endif
#ifdef WITH_BODIES
    if (kind == 0) {
#ifdef WITH_HARD_EDGES
        int aaEdges = (v_flags >> AA_SHIFT) & 15;
#else
        const int aaEdges = 15;
#endif
#ifdef WITH_SHAPES
        float shapeCoverage;
#ifdef WITH_HARD_EDGES
        if (aaEdges == 15) {
            float d = sdRoundedRect(p, v_shape, v_radii, continuous);
            shapeCoverage = coverage(d, length(vec2(dFdx(d), dFdy(d))));
        } else {
            shapeCoverage = edgeCoverage(p, v_shape, aaEdges);
        }
#else
        float d = sdRoundedRect(p, v_shape, v_radii, continuous);
        shapeCoverage = coverage(d, length(vec2(dFdx(d), dFdy(d))));
#endif
        color = v_fill * shapeCoverage;
#else
        // No item of the batch paints or clips to its own shape: contents, arcs or dashes only.
        const float shapeCoverage = 1.0;
#endif
#ifdef WITH_GRADIENTS
        if ((v_flags & HAS_GRADIENT) != 0) {
            int type = (v_flags >> GRADIENT_TYPE_SHIFT) & 3;
            vec2 s = v_content.xy, e = v_content.zw;
            // Axial always; radial and conic only in programs whose batches have them.
            vec2 axis = e - s;
            float t = dot(p - s, axis) / max(dot(axis, axis), 1e-12);
#ifdef WITH_RADIAL_GRADIENTS
            if (type == 1) {
                vec2 r = abs(e - s);
                if (r.x <= 0.0) { r.x = r.y; }
                if (r.y <= 0.0) { r.y = r.x; }
                // In radii from the centre: t runs from 0 at the focal point f (v_uv.zw, inside
                // the unit circle; 0, 0 when centred) to 1 where the ray from f through q meets
                // the circle (SVG's fx, fy with no focal radius).
                vec2 q = (p - s) / max(r, vec2(1e-6)), f = v_uv.zw, d = q - f;
                float l = length(d);
                float b = dot(f, d) / max(l, 1e-12);
                t = l / max(sqrt(max(b * b - dot(f, f) + 1.0, 0.0)) - b, 1e-6);
            }
#endif
#ifdef WITH_CONIC_GRADIENTS
            if (type == 2) {
                vec2 a0 = e - s, a1 = p - s;
                t = fract((atan(a1.y, a1.x) - atan(a0.y, a0.x)) / 6.28318530718 + 1.0);
            }
#endif
            // Between the ramp's two nearest texels, fetched and mixed: a software
            // rasterizer's bilinear sampler fetches four and costs more per pixel.
            float x = clamp(t, 0.0, 1.0) * float(RAMP_WIDTH - 1);
            int i0 = min(int(x), RAMP_WIDTH - 2), row = int(v_uv.x);
            vec4 g = mix(texelFetch(u_ramps, ivec2(i0, row), 0), texelFetch(u_ramps, ivec2(i0 + 1, row), 0), x - float(i0));
            color = over(g * shapeCoverage, color);
        }
#endif
#ifdef WITH_TEXTURES
        if ((v_flags & HAS_TEXTURE) != 0) {
            vec2 uv = mix(v_uv.xy, v_uv.zw, clamp((p - v_content.xy) / v_content.zw, 0.0, 1.0));
            // Contents edges shared with an abutting cell or layer are hard, like the shape's.
            float c = edgeCoverage(p, v_content, aaEdges);
            if ((v_flags & CLIP_CONTENT) != 0) { c = min(c, shapeCoverage); }
            vec4 texel = texture(u_contents, uv);
            // A tinted body (an emitter's particle) multiplies its texels by the tint, kept in v_border.
            if ((v_flags & HAS_TINT) != 0) { texel *= v_border; }
            color = over(texel * c, color);
        }
#endif
        float bw = v_params.x;
#ifdef WITH_ARCS
        if ((v_flags & HAS_ARC) != 0) {
            // A stroke along part of the circle inscribed in the shape (its centre line
            // half the border inside the shape's edge), by its distance field.
            color = over(v_border * arcCoverage(p, v_shape, bw, v_content, v_uv), color);
        }
#endif
#ifdef WITH_DASHES
        if ((v_flags & HAS_DASHES) != 0) {
            color = over(v_border * dashCoverage(p, v_shape, bw, v_content, v_uv), color);
        }
#endif
#ifdef WITH_BORDERS
        // A ring along the shape's edge (arcs and dashes have no ring: their flags say so).
        if (bw > 0.0 && (v_flags & (HAS_ARC | HAS_DASHES)) == 0) {
            vec4 innerRect = vec4(v_shape.xy + bw, max(v_shape.zw - 2.0 * bw, 0.0));
            float dInner = sdRoundedRect(p, innerRect, max(v_radii - bw, 0.0), continuous);
            float ring = clamp(shapeCoverage - coverage(dInner, length(vec2(dFdx(dInner), dFdy(dInner)))), 0.0, 1.0);
            color = over(v_border * ring, color);
        }
#endif
#if defined(WITH_MASKED_BODIES) || defined(WITH_MAPPED_MASKS) || defined(WITH_TEXEL_MASKS)
        // Masked where a composite of a pass holding only this item was: the
        // mask read at the pixel's device position.
        if ((v_flags & HAS_MASK) != 0) {
            vec2 device = devicePixel();
#ifdef WITH_MAPPED_MASKS
            if ((v_flags & MAPS_MASK) != 0) {
                // A bitmap turned on the device: its unit coordinates here (the map is kept
                // in maskRect and border), its edges anti-aliased as its pass drew them.
                vec2 unit = vec2(dot(v_maskRect.xy, device) + v_border.x, dot(v_maskRect.zw, device) + v_border.y);
                color *= maskAt(v_maskUV, unit, edgeCoverage(unit, vec4(0.0, 0.0, 1.0, 1.0), 15));
            }
#endif
#if defined(WITH_MASKED_BODIES) || defined(WITH_TEXEL_MASKS)
            // Read by position over a rectangle of the device: nothing outside it.
            vec2 t = (device - v_maskRect.xy) / v_maskRect.zw;
            float inside = all(greaterThanEqual(t, vec2(0.0))) && all(lessThanEqual(t, vec2(1.0))) ? 1.0 : 0.0;
#endif
#ifdef WITH_MASKED_BODIES
            if ((v_flags & (MAPS_MASK | READS_MASK_TEXELS)) == 0) { color *= inside * maskAt(v_maskUV, t, 1.0); }
#endif
#ifdef WITH_TEXEL_MASKS
            if ((v_flags & READS_MASK_TEXELS) != 0) {
                // A pass's pixels on the device's: the pixel's own texel, unfiltered.
                float m = texelMaskAt(u_mask, v_maskUV, t);
                color *= inside * ((v_flags & INVERTS_MASK) != 0 ? 1.0 - m : m);
            }
#endif
        }
#endif
    }
#endif
#ifdef WITH_CLIPS
    int clip = int(v_params.w);
    if (clip >= 0) { color *= clipCoverage(devicePixel(), clip); }
#endif
    // A replicator instance's colour multiplies all of it (white elsewhere).
#ifdef WITH_BLEND_MODES
    fragColor = blendWithBackdrop(color * opacity * v_tint);
#else
    fragColor = color * opacity * v_tint;
#endif
}
