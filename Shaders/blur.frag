#version 330 core
// One direction of a separable Gaussian blur (premultiplied colour).

uniform sampler2D u_source;
uniform vec2 u_texel;      // one texel step along the blur direction, in uv
uniform vec2 u_limit;      // the used part of the source, in uv (max corner)
uniform float u_sigma;     // in texels

out vec4 fragColor;

void main() {
    vec2 size = vec2(textureSize(u_source, 0));
    vec2 uv = gl_FragCoord.xy / size;
    int radius = int(min(ceil(3.0 * u_sigma), 64.0));
    vec2 lo = 0.5 / size, hi = u_limit - 0.5 / size;
    vec4 sum = vec4(0.0);
    float total = 0.0;
    for (int i = -radius; i <= radius; i++) {
        float w = exp(-float(i * i) / (2.0 * u_sigma * u_sigma));
        vec2 at = uv + float(i) * u_texel;
        // Outside the pass counts as transparent.
        bool inside = all(greaterThanEqual(at, lo - 1e-6)) && all(lessThanEqual(at, hi + 1e-6));
        sum += inside ? texture(u_source, at) * w : vec4(0.0);
        total += w;
    }
    fragColor = sum / total;
}
