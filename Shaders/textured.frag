#version 330 core
// A texture drawn as it is, times opacity: cached layer appearances and
// offscreen passes whose edges are already in their pixels. The smallest
// program there is, for the items that make up most animated frames; with
// TEXEL_FOR_PIXEL, a bitmap drawn one texel per pixel, read without filtering.

in vec2 v_local;
flat in vec4 v_params;   // borderWidth, opacity, sigma, clip index
flat in vec4 v_content;  // contents rect (local)
flat in vec4 v_uv;       // texture uv0.xy uv1.xy

uniform sampler2D u_contents;

out vec4 fragColor;

void main() {
    vec2 uv = mix(v_uv.xy, v_uv.zw, clamp((v_local - v_content.xy) / v_content.zw, 0.0, 1.0));
#ifdef TEXEL_FOR_PIXEL
    // One texel per pixel on whole pixels (Shading.texelQuad): each pixel's
    // centre is its texel's centre, half a texel from any rounding.
    fragColor = texelFetch(u_contents, ivec2(uv * vec2(textureSize(u_contents, 0))), 0) * v_params.y;
#else
    fragColor = texture(u_contents, uv) * v_params.y;
#endif
}
