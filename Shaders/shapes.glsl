// Signed distance fields for rounded rectangles, evaluated in a layer's plane.

// Corner radius for the quadrant of q (q relative to the centre, y down).
float cornerRadius(vec2 q, vec4 radii) {
    return q.x < 0.0 ? (q.y < 0.0 ? radii.x : radii.w) : (q.y < 0.0 ? radii.y : radii.z);
}

// Distance to a rounded rectangle, negative inside. `continuous` approximates
// Apple's continuous corners with a superellipse-like norm over a larger corner.
float sdRoundedRect(vec2 p, vec4 rect, vec4 radii, bool continuous) {
    vec2 halfSize = rect.zw * 0.5;
    vec2 q = p - (rect.xy + halfSize);
    float r = cornerRadius(q, radii);
    // A program specialized for batches without continuous corners leaves their norm
    // out (it has powers, and a software rasterizer runs both sides of a branch).
#if !defined(LAYER_FEATURES) || defined(WITH_CONTINUOUS_CORNERS)
    if (continuous && r > 0.0) {
        float rc = min(r * 1.528665, min(halfSize.x, halfSize.y));
        vec2 d = abs(q) - halfSize + rc;
        vec2 m = max(d, 0.0) / rc;
        float n = 2.6;
        float len = pow(pow(m.x, n) + pow(m.y, n), 1.0 / n) * rc;
        return min(max(d.x, d.y), 0.0) + len - rc;
    }
#endif
    vec2 d = abs(q) - halfSize + r;
    return min(max(d.x, d.y), 0.0) + length(max(d, 0.0)) - r;
}

// Coverage of a pixel whose centre is `d` from the edge, with `aa` the change
// of `d` across one pixel: a one-pixel ramp centred on the edge.
float coverage(float d, float aa) {
    return clamp(0.5 - d / max(aa, 1e-6), 0.0, 1.0);
}
