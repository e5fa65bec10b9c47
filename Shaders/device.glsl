// Where a fragment lies on the device, and masks read there. Needs `uniform
// vec4 u_target` and `uniform vec2 u_viewportOrigin` declared before it.

// The fragment's position in device pixels of the whole target, y down (a
// pass's viewport may be one part of a shared target).
vec2 devicePixel() {
    vec2 at = gl_FragCoord.xy - u_viewportOrigin;
    return vec2(at.x + u_target.x, u_target.w - at.y + u_target.y);
}

// The alpha of `mask` at `t` (0 to 1 across the device rectangle it is read
// over; `uvs` its texture coordinates there, start to end), the pixel's own
// texel, unfiltered: a mask whose texels lie one per device pixel.
float texelMaskAt(sampler2D mask, vec4 uvs, vec2 t) {
    vec2 uv = mix(uvs.xy, uvs.zw, clamp(t, 0.0, 1.0));
    ivec2 size = textureSize(mask, 0);
    return texelFetch(mask, clamp(ivec2(floor(uv * vec2(size))), ivec2(0), size - 1), 0).a;
}
