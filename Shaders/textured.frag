#version 330 core
// A texture drawn as it is, times opacity: cached layer appearances and
// offscreen passes whose edges are already in their pixels. The smallest
// program there is, for the items that make up most animated frames; with
// TEXEL_FOR_PIXEL, a bitmap drawn one texel per pixel, read without filtering;
// with MASKED as well, times a mask whose texels also lie one per pixel
// (Shading.maskedTexelQuad): a matte's bitmap or pass over a path's bitmap.

in vec2 v_local;
flat in vec4 v_params;   // borderWidth, opacity, sigma, clip index
flat in vec4 v_content;  // contents rect (local)
flat in vec4 v_uv;       // texture uv0.xy uv1.xy
flat in vec4 v_tint;     // white, or the paint of a coverage bitmap (sampled as white through it)

uniform sampler2D u_contents;

#ifdef MASKED
flat in int v_flags;
flat in vec4 v_maskRect;  // the device rectangle the mask spans
flat in vec4 v_maskUV;    // the mask's texture coordinates over it, start to end

uniform sampler2D u_mask;
uniform vec4 u_target;
uniform vec2 u_viewportOrigin;  // the viewport's corner in the target (passes sharing one)
#include "device.glsl"
#endif

out vec4 fragColor;

void main() {
    vec2 uv = mix(v_uv.xy, v_uv.zw, clamp((v_local - v_content.xy) / v_content.zw, 0.0, 1.0));
#ifdef TEXEL_FOR_PIXEL
    // One texel per pixel on whole pixels (Shading.texelQuad): each pixel's
    // centre is its texel's centre, half a texel from any rounding.
    fragColor = texelFetch(u_contents, ivec2(uv * vec2(textureSize(u_contents, 0))), 0) * (v_params.y * v_tint);
#else
    fragColor = texture(u_contents, uv) * (v_params.y * v_tint);
#endif
#ifdef MASKED
    // The mask's texel under the pixel's centre, as layer.frag reads a mask
    // by device position; nothing outside the mask's rectangle.
    vec2 t = (devicePixel() - v_maskRect.xy) / v_maskRect.zw;
    float inside = all(greaterThanEqual(t, vec2(0.0))) && all(lessThanEqual(t, vec2(1.0))) ? 1.0 : 0.0;
    float m = texelMaskAt(u_mask, v_maskUV, t);
    fragColor *= inside * ((v_flags & INVERTS_MASK) != 0 ? 1.0 - m : m);
#endif
}
