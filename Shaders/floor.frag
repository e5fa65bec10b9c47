#version 330 core
// The fill-rate floor `strata bench` measures: the same quads as a frame, each
// only sampling a texture, with the same blending. Nothing real draws with it.

in vec2 v_local;
flat in vec4 v_params;

uniform sampler2D u_contents;

out vec4 fragColor;

void main() {
    fragColor = texture(u_contents, v_local * 0.01) * v_params.y;
}
