#version 330 core
// An emitter's particles in bulk: four vertices per particle, each reading
// the particle's birth (ParticleBirth in Strata) from u_births, placed,
// turned, scaled and tinted here for the batch's time, so the CPU does
// nothing per particle and frame. particle.frag (with PARTICLE_BATCH) draws
// it as it draws a `.particle` item of layer.vert, from fewer varyings: on a
// CPU rasterizer each one costs every triangle's set-up and every pixel.

// Five RGBA32F texels per birth, in ParticleBirth's order: x y z vx | vy vz
// birth lifetime | scale scaleSpeed spin look | colour | colour speed.
uniform samplerBuffer u_births;
uniform int u_first;                        // the draw's first birth in u_births
uniform vec4 u_target;                      // target origin (device px) and size
uniform vec3 u_map[3];                      // the emitter plane's mapping rows
uniform float u_time;                       // the layer time drawn, relative to the births'
uniform int u_look;                         // every birth's look, or -1: each one's own
uniform int u_last;                         // drawn back to front: the last birth's index from u_first; else -1
uniform vec4 u_looks[LOOK_VECTORS * MAX_LOOKS];  // per look: uv0.xy uv1.xy; w, h, speed; acceleration
uniform float u_opacity;
uniform vec4 u_tint;                        // premultiplied
uniform bool u_additive;

out vec2 v_unit;       // the point in the image's rect: 0 to 1 across it, past it in the margin
flat out vec4 v_uv;    // the image's texture uv0.xy uv1.xy
flat out vec4 v_tint;  // premultiplied colour times the batch's opacity

// Nothing drawn: every corner outside the clip volume.
void drawNothing() {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    v_unit = vec2(0.0);
    v_uv = vec4(0.0);
    v_tint = vec4(0.0);
}

void main() {
    // Vertex 4k + c is corner c (0,0) (1,0) (0,1) (1,1) of birth k.
    int k = gl_VertexID / 4;
    int birth = (u_first + (u_last >= 0 ? u_last - k : k)) * 5;
    int corner = gl_VertexID % 4;
    vec2 a_corner = vec2(float(corner & 1), float(corner >> 1));
    vec4 i_birth0 = texelFetch(u_births, birth);
    vec4 i_birth1 = texelFetch(u_births, birth + 1);
    vec4 growth = texelFetch(u_births, birth + 2);
    vec3 i_growth = growth.xyz;
    int i_look = u_look >= 0 ? u_look : floatBitsToInt(growth.w);
    vec4 i_color = texelFetch(u_births, birth + 3);
    vec4 i_colorSpeed = texelFetch(u_births, birth + 4);

    int look = i_look * LOOK_VECTORS;
    vec4 uv = u_looks[look];
    vec4 sizeSpeed = u_looks[look + 1];
    vec3 acceleration = u_looks[look + 2].xyz;

    // A run holds births dead by now (lifetime −1: never alive): they draw nothing.
    float age = max(u_time - i_birth1.z, 0.0) * sizeSpeed.z;
    if (age > i_birth1.w) { drawNothing(); return; }
    vec2 p0 = i_birth0.xy, v0 = vec2(i_birth0.w, i_birth1.x);
    vec2 position = p0 + v0 * age + acceleration.xy * (0.5 * age * age);
    float scale = max(0.0, i_growth.x + i_growth.y * age);
    vec2 size = sizeSpeed.xy * scale;
    vec4 color = clamp(i_color + i_colorSpeed * age, 0.0, 1.0);
    float angle = i_growth.z * age;
    float c = cos(angle), s = sin(angle);

    // The particle's plane: its x axis along (c, s) of the emitter's, its
    // origin at `position`. Device pixels per unit along each of its axes
    // at its centre (PlaneMapping.pixelsPerUnit), for the edge margin.
    vec3 h = position.x * u_map[0] + position.y * u_map[1] + u_map[2];
    vec3 du = c * u_map[0] + s * u_map[1];
    vec3 dv = -s * u_map[0] + c * u_map[1];
    if (h.z <= 1e-9 || color.a <= 0.0 || size.x <= 0.0 || size.y <= 0.0) { drawNothing(); return; }
    float w2 = h.z * h.z;
    float ppu = min(length((du.xy * h.z - h.xy * du.z) / w2), length((dv.xy * h.z - h.xy * dv.z) / w2));
    if (!(ppu > 0.0)) { drawNothing(); return; }

    vec4 rect = vec4(-0.5 * size, size);
    float margin = min(1.5 / ppu, max(size.x, size.y));
    vec4 quad = vec4(rect.xy - margin, rect.zw + 2.0 * margin);
    vec2 local = quad.xy + a_corner * quad.zw;
    vec2 plane = vec2(c * local.x - s * local.y, s * local.x + c * local.y) + position;
    vec3 device = plane.x * u_map[0] + plane.y * u_map[1] + u_map[2];
    // Device pixels (y down) to clip space (y up), keeping w, as layer.vert does.
    vec2 rel = device.xy - u_target.xy * device.z;
    gl_Position = vec4(rel.x / u_target.z * 2.0 - device.z, device.z - rel.y / u_target.w * 2.0, 0.0, device.z);
    v_unit = (local - rect.xy) / rect.zw;
    v_uv = uv;
    v_tint = vec4(color.rgb * color.a, u_additive ? 0.0 : color.a) * u_tint * u_opacity;
}
