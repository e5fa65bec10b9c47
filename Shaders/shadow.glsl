// Closed-form Gaussian blur of a rounded rectangle (σ = shadowRadius):
// exact erf integral across x for each y, integrated numerically over y along
// the Gaussian, following the well-known "rounded box shadow" construction.

vec2 erf2(vec2 x) {
    vec2 s = sign(x), a = abs(x);
    x = 1.0 + (0.278393 + (0.230389 + 0.078108 * (a * a)) * a) * a;
    x *= x;
    return s - s / (x * x);
}

float gaussian(float x, float sigma) {
    return exp(-(x * x) / (2.0 * sigma * sigma)) / (2.50662827463 * sigma);
}

// Blurred coverage of the horizontal slice of a rounded box at height y.
float shadowSliceX(float x, float y, float sigma, float corner, vec2 halfSize) {
    float delta = min(halfSize.y - corner - abs(y), 0.0);
    float curved = halfSize.x - corner + sqrt(max(0.0, corner * corner - delta * delta));
    vec2 integral = 0.5 + 0.5 * erf2((x + vec2(-curved, curved)) * (0.70710678 / sigma));
    return integral.y - integral.x;
}

// A square-cornered box blurs separably: the product of two erf differences.
float boxShadow(vec2 q, vec2 halfSize, float sigma) {
    vec4 e = vec4(q + halfSize, q - halfSize) * (0.70710678 / sigma);
    vec2 lo = erf2(e.xy), hi = erf2(e.zw);
    vec2 integral = 0.5 * (lo - hi);
    return integral.x * integral.y;
}

float roundedBoxShadow(vec2 p, vec4 rect, vec4 radii, float sigma) {
    vec2 halfSize = rect.zw * 0.5;
    vec2 q = p - (rect.xy + halfSize);
    if (max(max(radii.x, radii.y), max(radii.z, radii.w)) <= 0.0) { return boxShadow(q, halfSize, sigma); }
    float low = q.y - halfSize.y, high = q.y + halfSize.y;
    float start = clamp(-3.0 * sigma, low, high), end = clamp(3.0 * sigma, low, high);
    float stepSize = (end - start) / 8.0;
    float y = start + stepSize * 0.5;
    float value = 0.0;
    for (int i = 0; i < 8; i++) {
        // Each slice takes the radius of the corner it passes, so corners can differ.
        float corner = min(cornerRadius(vec2(q.x, q.y - y), radii), min(halfSize.x, halfSize.y));
        value += shadowSliceX(q.x, q.y - y, sigma, corner, halfSize) * gaussian(y, sigma) * stepSize;
        y += stepSize;
    }
    return value;
}
