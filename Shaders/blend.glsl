// The W3C Compositing and Blending Level 1 blend modes that read the backdrop
// (BlendMode.readsBackdrop in StrataRender), numbered as BlendMode.shaderCode.
// GL 3.3 has no framebuffer fetch: the renderer copies the target under the
// draw to u_backdrop first, and the draw writes the final colour with
// blending off. Colours in and out are premultiplied; B(cb, cs) works on
// straight colours, and the result is composited source over:
//   co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs),  αo = αs + αb·(1 − αs).

uniform int u_blendMode;          // 0: blended by the fixed-function blend function instead
uniform sampler2D u_backdrop;     // the copy, its first texel at u_backdropOrigin
uniform vec2 u_backdropOrigin;    // window pixel (rows from the bottom) of that texel

const int BLEND_OVERLAY = 1;
const int BLEND_DARKEN = 2;
const int BLEND_LIGHTEN = 3;
const int BLEND_COLOR_DODGE = 4;
const int BLEND_COLOR_BURN = 5;
const int BLEND_HARD_LIGHT = 6;
const int BLEND_SOFT_LIGHT = 7;
const int BLEND_DIFFERENCE = 8;
const int BLEND_EXCLUSION = 9;
const int BLEND_HUE = 10;
const int BLEND_SATURATION = 11;
const int BLEND_COLOR = 12;
const int BLEND_LUMINOSITY = 13;

vec3 blendHardLight(vec3 cb, vec3 cs) {
    vec3 multiply = cb * (2.0 * cs);
    vec3 s = 2.0 * cs - 1.0;
    vec3 screen = cb + s - cb * s;
    return mix(screen, multiply, vec3(lessThanEqual(cs, vec3(0.5))));
}

vec3 blendColorDodge(vec3 cb, vec3 cs) {
    vec3 r = min(vec3(1.0), cb / max(1.0 - cs, 1e-6));
    r = mix(r, vec3(1.0), vec3(greaterThanEqual(cs, vec3(1.0))));
    return mix(r, vec3(0.0), vec3(lessThanEqual(cb, vec3(0.0))));
}

vec3 blendColorBurn(vec3 cb, vec3 cs) {
    vec3 r = 1.0 - min(vec3(1.0), (1.0 - cb) / max(cs, 1e-6));
    r = mix(r, vec3(0.0), vec3(lessThanEqual(cs, vec3(0.0))));
    return mix(r, vec3(1.0), vec3(greaterThanEqual(cb, vec3(1.0))));
}

vec3 blendSoftLight(vec3 cb, vec3 cs) {
    vec3 d = mix(sqrt(cb), ((16.0 * cb - 12.0) * cb + 4.0) * cb, vec3(lessThanEqual(cb, vec3(0.25))));
    vec3 darker = cb - (1.0 - 2.0 * cs) * cb * (1.0 - cb);
    vec3 lighter = cb + (2.0 * cs - 1.0) * (d - cb);
    return mix(lighter, darker, vec3(lessThanEqual(cs, vec3(0.5))));
}

float blendLum(vec3 c) { return dot(c, vec3(0.3, 0.59, 0.11)); }

vec3 blendClipColor(vec3 c) {
    float l = blendLum(c);
    float n = min(min(c.r, c.g), c.b), x = max(max(c.r, c.g), c.b);
    if (n < 0.0) { c = l + (c - l) * l / max(l - n, 1e-6); }
    if (x > 1.0) { c = l + (c - l) * (1.0 - l) / max(x - l, 1e-6); }
    return c;
}

vec3 blendSetLum(vec3 c, float l) { return blendClipColor(c + (l - blendLum(c))); }

float blendSat(vec3 c) { return max(max(c.r, c.g), c.b) - min(min(c.r, c.g), c.b); }

// The spec's SetSat sorts the channels; scaling them all from the smallest
// is the same: the smallest goes to 0, the largest to s, the middle between.
vec3 blendSetSat(vec3 c, float s) {
    float n = min(min(c.r, c.g), c.b), x = max(max(c.r, c.g), c.b);
    return x > n ? (c - n) * s / (x - n) : vec3(0.0);
}

vec3 blendColor(int mode, vec3 cb, vec3 cs) {
    if (mode == BLEND_OVERLAY) return blendHardLight(cs, cb);
    if (mode == BLEND_DARKEN) return min(cb, cs);
    if (mode == BLEND_LIGHTEN) return max(cb, cs);
    if (mode == BLEND_COLOR_DODGE) return blendColorDodge(cb, cs);
    if (mode == BLEND_COLOR_BURN) return blendColorBurn(cb, cs);
    if (mode == BLEND_HARD_LIGHT) return blendHardLight(cb, cs);
    if (mode == BLEND_SOFT_LIGHT) return blendSoftLight(cb, cs);
    if (mode == BLEND_DIFFERENCE) return abs(cb - cs);
    if (mode == BLEND_EXCLUSION) return cb + cs - 2.0 * cb * cs;
    if (mode == BLEND_HUE) return blendSetLum(blendSetSat(cs, blendSat(cb)), blendLum(cb));
    if (mode == BLEND_SATURATION) return blendSetLum(blendSetSat(cb, blendSat(cs)), blendLum(cb));
    if (mode == BLEND_COLOR) return blendSetLum(cs, blendLum(cb));
    if (mode == BLEND_LUMINOSITY) return blendSetLum(cb, blendLum(cs));
    return cs;
}

// The premultiplied source `src` blended with the backdrop under this fragment.
vec4 blendWithBackdrop(vec4 src) {
    if (u_blendMode == 0) return src;
    vec4 dst = texelFetch(u_backdrop, ivec2(gl_FragCoord.xy - u_backdropOrigin), 0);
    vec3 cs = src.a > 0.0 ? clamp(src.rgb / src.a, 0.0, 1.0) : vec3(0.0);
    vec3 cb = dst.a > 0.0 ? clamp(dst.rgb / dst.a, 0.0, 1.0) : vec3(0.0);
    vec3 b = clamp(blendColor(u_blendMode, cb, cs), 0.0, 1.0);
    return vec4(src.rgb * (1.0 - dst.a) + dst.rgb * (1.0 - src.a) + src.a * dst.a * b,
                src.a + dst.a * (1.0 - src.a));
}
