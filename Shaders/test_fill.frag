#version 330 core
// Test shader for StrataGLTests: one flat colour.
uniform vec4 u_color;
out vec4 fragColor;

void main() {
    fragColor = u_color;
}
