#version 330 core
// A layer's colour filter on an offscreen pass (premultiplied colour): each
// texel's colour replaced by the one its luminance picks from three colours,
// mixed with its own by u_amount; alpha kept. u_amount 0 copies.

uniform sampler2D u_source;
uniform vec3 u_shadows;     // straight sRGB at luminance 0
uniform vec3 u_midtones;    // at 0.5
uniform vec3 u_highlights;  // at 1
uniform float u_amount;

out vec4 fragColor;

void main() {
    vec4 texel = texelFetch(u_source, ivec2(gl_FragCoord.xy), 0);
    if (texel.a <= 0.0 || u_amount <= 0.0) {
        fragColor = texel;
        return;
    }
    // On straight colour: a half-covered edge pixel gets the colour its fully covered neighbours get.
    vec3 rgb = clamp(texel.rgb / texel.a, 0.0, 1.0);
    float l = dot(rgb, vec3(0.2126, 0.7152, 0.0722));
    vec3 mapped = l < 0.5 ? mix(u_shadows, u_midtones, l * 2.0) : mix(u_midtones, u_highlights, l * 2.0 - 1.0);
    fragColor = vec4(mix(rgb, mapped, u_amount) * texel.a, texel.a);
}
