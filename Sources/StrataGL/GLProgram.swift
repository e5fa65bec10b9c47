internal import CEpoxy
import Foundation

/// A linked GLSL program, with its uniform locations cached by name.
///
/// Get one from `ShaderLibrary.program(vertex:fragment:attributes:)`, which
/// compiles it once per context. Use it only while its context is current.
package final class GLProgram: @unchecked Sendable {
    // @unchecked Sendable: `uniforms` is only touched while the owning context is
    // current, and a host makes a context current on one thread at a time (its lock).

    /// The GL program name.
    package let name: UInt32
    /// `Shaders/a.vert + Shaders/a.frag`, for messages and GL debuggers.
    package let label: String

    /// Whether it was loaded from a saved binary (`ProgramBinaryCache`)
    /// rather than compiled and linked.
    package let loadedFromBinary: Bool

    private weak var context: GLContext?
    private var uniforms: [String: Int32] = [:]

    init(name: UInt32, label: String, context: GLContext, loadedFromBinary: Bool = false) {
        self.name = name
        self.label = label
        self.context = context
        self.loadedFromBinary = loadedFromBinary
    }

    deinit {
        context?.scheduleDeletion(.program(name))
    }

    /// Makes this the current program (`glUseProgram`).
    package func use() {
        assert(context?.isCurrent ?? false, "GLProgram \(label): its context is not current")
        sglUseProgram(name)
    }

    /// The location of uniform `uniformName`, looked up once and cached; -1 when the
    /// program has no such active uniform (setting -1 is a no-op in GL).
    package func uniform(_ uniformName: String) -> Int32 {
        if let location = uniforms[uniformName] { return location }
        assert(context?.isCurrent ?? false, "GLProgram \(label): its context is not current")
        let location = uniformName.withCString { sglGetUniformLocation(name, $0) }
        uniforms[uniformName] = location
        return location
    }

    /// Sets a `float` uniform of this program, which must be in use.
    package func setUniform(_ uniformName: String, _ value: Float) {
        sglUniform1f(uniform(uniformName), value)
    }

    /// Sets a `vec2` uniform of this program, which must be in use.
    package func setUniform(_ uniformName: String, _ value: SIMD2<Float>) {
        sglUniform2f(uniform(uniformName), value.x, value.y)
    }

    /// Sets a `vec3` uniform of this program, which must be in use.
    package func setUniform(_ uniformName: String, _ value: SIMD3<Float>) {
        sglUniform3f(uniform(uniformName), value.x, value.y, value.z)
    }

    /// Sets a `vec4` uniform of this program, which must be in use.
    package func setUniform(_ uniformName: String, _ value: SIMD4<Float>) {
        sglUniform4f(uniform(uniformName), value.x, value.y, value.z, value.w)
    }

    /// Sets an `int` or `sampler` uniform of this program, which must be in use.
    package func setUniform(_ uniformName: String, _ value: Int32) {
        sglUniform1i(uniform(uniformName), value)
    }

    /// Sets the first `values.count / 3` elements of a `vec3` array uniform
    /// from consecutive triples of `values`.
    package func setUniform(_ uniformName: String, vec3Array values: [Float]) {
        precondition(values.count % 3 == 0, "setUniform \(uniformName): vec3 array needs triples, got \(values.count)")
        values.withUnsafeBufferPointer {
            sglUniform3fv(uniform(uniformName), GLsizei(values.count / 3), $0.baseAddress)
        }
    }

    /// Sets the first `values.count` elements of a `vec4` array uniform.
    package func setUniform(_ uniformName: String, vec4Array values: [SIMD4<Float>]) {
        values.withUnsafeBufferPointer {
            $0.withMemoryRebound(to: Float.self) { floats in
                sglUniform4fv(uniform(uniformName), GLsizei(values.count), floats.baseAddress)
            }
        }
    }

    /// Sets a `mat4` uniform from 16 floats in column-major order (GL's order).
    package func setUniformMatrix4(_ uniformName: String, columnMajor values: [Float]) {
        precondition(values.count == 16, "setUniformMatrix4 \(uniformName): needs 16 floats, got \(values.count)")
        values.withUnsafeBufferPointer {
            sglUniformMatrix4fv(uniform(uniformName), 1, GLboolean(GL_FALSE), $0.baseAddress)
        }
    }
}
