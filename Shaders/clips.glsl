// Clips (ClipShape in StrataRender): rounded rectangles in their layers'
// planes, read from the clip texture, each naming its parent. Needs
// shapes.glsl and a `uniform sampler2D u_clips` declared before it.

#if CLIP_TEXELS != 5
#error "clipCoverage reads 5 texels per clip: update it with ClipShape.texelsPerClip"
#endif

// Coverage of every clip from the item's innermost outwards. The loop runs
// alike for every pixel of an item (its clip index and the clip texture are
// the same for all of them), so the distance's rate of change across pixels
// comes from derivatives: one distance per clip, not three.
float clipCoverage(vec2 device, int index) {
    float result = 1.0;
    for (int n = 0; n < 32 && index >= 0; n++) {
        vec4 t0 = texelFetch(u_clips, ivec2(0, index), 0);
        vec4 t1 = texelFetch(u_clips, ivec2(1, index), 0);
        vec4 t2 = texelFetch(u_clips, ivec2(2, index), 0);
        vec4 t3 = texelFetch(u_clips, ivec2(3, index), 0);
        vec4 t4 = texelFetch(u_clips, ivec2(4, index), 0);
        vec3 r0 = vec3(t0.x, t0.y, t0.z), r1 = vec3(t0.w, t1.x, t1.y), r2 = vec3(t1.z, t1.w, t2.x);
        vec4 rect = vec4(t2.y, t2.z, t2.w, t3.x);
        vec4 radii = vec4(t3.y, t3.z, t3.w, t4.x);
        bool continuous = t4.y > 0.5;
        vec3 h = device.x * r0 + device.y * r1 + r2;
        // Behind the plane's eye: outside (a large distance keeps the derivatives finite).
        float d = h.z > 0.0 ? sdRoundedRect(h.xy / h.z, rect, radii, continuous) : 1e6;
        // Hard clips (3D sorting's cuts) take whole pixels up to half a pixel outside;
        // an inverted clip (a ring's hole, an inverted matte) keeps the outside.
        float aa = max(length(vec2(dFdx(d), dFdy(d))), 1e-6);
        float c = t4.w > 0.5 && t4.w < 1.5 ? (d / aa < 0.5 ? 1.0 : 0.0) : coverage(d, aa);
        result *= t4.w > 1.5 ? 1.0 - c : c;
        index = int(t4.z);
    }
    return result;
}
