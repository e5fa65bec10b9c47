#version 330 core
// Test shader for StrataGLTests: positions in clip space, no transform.
in vec2 a_position;

void main() {
    gl_Position = vec4(a_position, 0.0, 1.0);
}
