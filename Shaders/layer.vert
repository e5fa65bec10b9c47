#version 330 core
// One instance per draw item: its quad, or for a round stroke or border (a
// draw of DrawGeometry.ring) a band of RING_SEGMENTS quads around the circle
// that leaves the hole, and the rest of an arc's circle, unshaded, or for a
// border with nothing inside (DrawGeometry.frame) the quad less a hole. Both live in
// the layer's plane; the
// plane mapping takes (u, v, 1) to homogeneous device pixels (x, y, w). Passing
// w through as clip-space w makes the interpolation of local coordinates
// perspective-correct, so the fragment shader can evaluate distance fields in
// the layer's own plane.

layout(location = 0) in vec2 a_corner;      // unit quad corner, (0,0)…(1,1); ring: (k / RING_SEGMENTS, 2 inner | 3 outer)
layout(location = 1) in vec3 i_map0;        // plane mapping rows
layout(location = 2) in vec3 i_map1;
layout(location = 3) in vec3 i_map2;
layout(location = 4) in vec4 i_quad;        // drawn rect (local)
layout(location = 5) in vec4 i_shape;       // distance-field rect (local)
layout(location = 6) in vec4 i_radii;       // minXMinY, maxXMinY, maxXMaxY, minXMaxY
layout(location = 7) in vec4 i_fill;        // premultiplied
layout(location = 8) in vec4 i_border;      // premultiplied | a tint | a composite's mask uv0.xy uv1.xy
layout(location = 9) in vec4 i_params;      // borderWidth, opacity, sigma, clip index
layout(location = 10) in vec4 i_content;    // contents rect (local) | gradient start.xy end.xy
layout(location = 11) in vec4 i_uv;         // texture uv0.xy uv1.xy | gradient ramp v, 0, radial focus.xy
layout(location = 12) in int i_flags;
layout(location = 13) in vec4 i_tint;       // replicator instance colour (premultiplied), else white
layout(location = 14) in vec4 i_maskRect;   // a masked item (not a composite): the device rect its mask spans
layout(location = 15) in vec4 i_maskUV;     // and the mask's uv0.xy uv1.xy over it

uniform vec4 u_target;  // target origin (device px) and size

out vec2 v_local;
flat out vec4 v_shape;
flat out vec4 v_radii;
flat out vec4 v_fill;
flat out vec4 v_border;
flat out vec4 v_params;
flat out vec4 v_content;
flat out vec4 v_uv;
flat out int v_flags;
flat out vec4 v_tint;
flat out vec4 v_maskRect;
flat out vec4 v_maskUV;

// Where a ring mesh's vertex lies: the band DrawItem.ringBand (StrataRender)
// computes, from the circle, its border, the anti-aliasing margin the quad has
// around the shape, and for an arc its ends grown by what caps and margin reach.
vec2 ringVertex(vec2 corner) {
    const float PI = 3.14159265359;
    vec2 centre = i_shape.xy + 0.5 * i_shape.zw;
    vec4 grown = vec4(i_shape.xy - i_quad.xy, i_quad.xy + i_quad.zw - i_shape.xy - i_shape.zw);
    // The quad's margin is a pixel and a half; an edge ramps over half a pixel
    // each side, so two thirds of it (a pixel) reach every pixel an edge touches.
    float margin = max(max(max(grown.x, grown.y), max(grown.z, grown.w)), 0.0) * (2.0 / 3.0);
    float half_ = 0.5 * i_shape.z, width = i_params.x;
    float outer = half_ + margin, inner = max(half_ - width - margin, 0.0);
    float from = 0.0, span = 2.0 * PI;
    if ((i_flags & HAS_ARC) != 0) {
        float centreLine = half_ - 0.5 * width;
        float ratio = (0.5 * width + margin) / max(centreLine, 1e-9);
        float reach = ratio >= 1.0 ? PI : asin(ratio);
        if (i_content.y + 2.0 * reach < 2.0 * PI) {
            from = atan(i_uv.y, i_uv.x) - i_content.x * reach;
            span = i_content.x * (i_content.y + 2.0 * reach);
        }
    }
    float angle = from + corner.x * span;
    float radius = corner.y > 2.5 ? outer / cos(0.5 * abs(span) / float(RING_SEGMENTS)) : inner;
    return centre + radius * vec2(cos(angle), sin(angle));
}

// Where a frame mesh's vertex lies: a corner of the quad, or of the hole
// DrawItem.frameHole (StrataRender) computes: the shape inset by the border,
// the largest corner radius and the margin, where the border cannot reach.
vec2 frameVertex(vec2 corner) {
    bool hole = corner.y > 5.5;
    vec2 c = vec2(corner.x, corner.y - (hole ? 6.0 : 4.0));
    if (!hole) { return i_quad.xy + c * i_quad.zw; }
    vec4 grown = vec4(i_shape.xy - i_quad.xy, i_quad.xy + i_quad.zw - i_shape.xy - i_shape.zw);
    float margin = max(max(max(grown.x, grown.y), max(grown.z, grown.w)), 0.0) * (2.0 / 3.0);
    float inset = i_params.x + max(max(i_radii.x, i_radii.y), max(i_radii.z, i_radii.w)) + margin;
    vec2 size = max(i_shape.zw - 2.0 * inset, vec2(0.0));
    return i_shape.xy + 0.5 * i_shape.zw + (c - 0.5) * size;
}

void main() {
    vec2 local = a_corner.y > 3.5 ? frameVertex(a_corner)
        : a_corner.y > 1.5 ? ringVertex(a_corner) : i_quad.xy + a_corner * i_quad.zw;
    vec3 h = local.x * i_map0 + local.y * i_map1 + i_map2;
    // Device pixels (y down) to clip space (y up), keeping w.
    vec2 rel = h.xy - u_target.xy * h.z;
    gl_Position = vec4(rel.x / u_target.z * 2.0 - h.z, h.z - rel.y / u_target.w * 2.0, 0.0, h.z);
    v_local = local;
    v_shape = i_shape;
    v_radii = i_radii;
    v_fill = i_fill;
    v_border = i_border;
    v_params = i_params;
    v_content = i_content;
    v_uv = i_uv;
    v_flags = i_flags;
    v_tint = i_tint;
    v_maskRect = i_maskRect;
    v_maskUV = i_maskUV;
}
