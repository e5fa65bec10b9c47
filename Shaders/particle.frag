#version 330 core
// An emitter's particle: its image tinted by its colour (premultiplied; an
// alpha of 0 adds), edges anti-aliased over one device pixel. A particle is a
// small rotated rectangle with no corners, border or mask, so it needs none
// of the layer program's distance fields: thousands of them pay for a
// texture fetch and two ramps (and, with WITH_CLIPS, their clips' coverage).

#include "shapes.glsl"

#ifdef PARTICLE_BATCH
// From particles.vert: the rect's unit square, the tint times opacity.
in vec2 v_unit;
flat in vec4 v_uv;       // the image's texture uv0.xy uv1.xy
flat in vec4 v_tint;
uniform float u_clip;    // the batch's innermost clip, or -1
#else
in vec2 v_local;
flat in vec4 v_border;   // the tint
flat in vec4 v_params;   // borderWidth, opacity, sigma, clip index
flat in vec4 v_content;  // the image's rect (local)
flat in vec4 v_uv;       // its texture uv0.xy uv1.xy
#endif

uniform sampler2D u_contents;

#ifdef WITH_CLIPS
uniform vec4 u_target;
uniform vec2 u_viewportOrigin;  // the viewport's corner in the target (passes sharing one)
uniform sampler2D u_clips;   // 5 RGBA32F texels per clip, one clip per row
#include "device.glsl"
#include "clips.glsl"
#endif

out vec4 fragColor;

void main() {
#ifdef PARTICLE_BATCH
    vec2 t = v_unit;
    // Distance outside the rect along each of its axes, in device pixels
    // (the unit square's rate of change is the rect's, over its size).
    vec2 outside = max(-t, t - 1.0);
    vec2 coverage = clamp(0.5 - outside / max(fwidth(t), vec2(1e-9)), 0.0, 1.0);
    vec2 uv = mix(v_uv.xy, v_uv.zw, clamp(t, 0.0, 1.0));
    fragColor = texture(u_contents, uv) * v_tint * (coverage.x * coverage.y);
    float clipIndex = u_clip;
#else
    vec2 t = (v_local - v_content.xy) / v_content.zw;
    vec2 uv = mix(v_uv.xy, v_uv.zw, clamp(t, 0.0, 1.0));
    // Distance outside the rect along each local axis, in device pixels.
    vec2 outside = max(v_content.xy - v_local, v_local - v_content.xy - v_content.zw);
    vec2 coverage = clamp(0.5 - outside / max(fwidth(v_local), vec2(1e-6)), 0.0, 1.0);
    fragColor = texture(u_contents, uv) * v_border * (coverage.x * coverage.y * v_params.y);
    float clipIndex = v_params.w;
#endif
#ifdef WITH_CLIPS
    int clip = int(clipIndex);
    if (clip >= 0) { fragColor *= clipCoverage(devicePixel(), clip); }
#endif
}
