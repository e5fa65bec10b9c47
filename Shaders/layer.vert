#version 330 core
// One instanced quad per draw item. The quad lives in the layer's plane; the
// plane mapping takes (u, v, 1) to homogeneous device pixels (x, y, w). Passing
// w through as clip-space w makes the interpolation of local coordinates
// perspective-correct, so the fragment shader can evaluate distance fields in
// the layer's own plane.

layout(location = 0) in vec2 a_corner;      // unit quad corner, (0,0)…(1,1)
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

void main() {
    vec2 local = i_quad.xy + a_corner * i_quad.zw;
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
}
