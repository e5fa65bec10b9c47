import Foundation
import StrataRender
internal import CEpoxy

/// Compiles the GLSL files in the top-level `Shaders/` folder into programs, once
/// per GL context.
///
/// Shader files are real files (`#version 330 core`) that may share code with
/// `#include "file.glsl"` (a path inside `Shaders/`; each file is included at most
/// once per shader). Compile errors name the file and line they refer to, through
/// includes: `Shaders/blur.frag:12: error: …`, followed by that source line.
public final class ShaderLibrary: Sendable {
    /// The folder shader names are resolved in.
    public let directory: URL
    /// The context programs are compiled for.
    public let context: GLContext

    /// A library for `context`, reading shaders from `directory`, or from the
    /// folder `ShaderLibrary.locateDirectory()` finds when `directory` is nil.
    public init(context: GLContext, directory: URL? = nil) throws(GLError) {
        self.context = context
        if let directory {
            self.directory = directory
        } else {
            self.directory = try Self.locateDirectory()
        }
    }

    /// The program linked from `vertex` and `fragment` (file names in the shaders
    /// folder), with each attribute's name bound to its location before linking.
    ///
    /// Compiled and linked the first time it is asked for on this context, then
    /// returned from the context's cache. Call with the context current.
    ///
    /// `defines` are preprocessor symbols defined for both stages (a program
    /// per distinct set: how `layer.frag` is specialized to what a batch uses).
    public func program(
        vertex: String, fragment: String, attributes: [GLVertexAttribute] = [], defines: [String] = []
    ) throws(GLError) -> GLProgram {
        context.requireCurrent("ShaderLibrary.program(\(vertex), \(fragment))")
        var bindings: [String: UInt32] = [:]
        for attribute in attributes {
            precondition(bindings[attribute.name] == nil || bindings[attribute.name] == attribute.location,
                         "attribute \(attribute.name) bound to two locations")
            bindings[attribute.name] = attribute.location
        }
        let key = ProgramKey(
            vertexPath: directory.appendingPathComponent(vertex).path,
            fragmentPath: directory.appendingPathComponent(fragment).path,
            attributes: bindings, defines: defines)
        return try context.program(for: key) { () throws(GLError) in
            try link(vertex: vertex, fragment: fragment, bindings: bindings, defines: defines)
        }
    }

    private var displayFolder: String { directory.lastPathComponent }

    private func link(vertex: String, fragment: String, bindings: [String: UInt32],
                      defines: [String]) throws(GLError) -> GLProgram {
        let vertexShader = try compile(vertex, stage: GLenum(GL_VERTEX_SHADER), defines: defines)
        defer { sglDeleteShader(vertexShader) }
        let fragmentShader = try compile(fragment, stage: GLenum(GL_FRAGMENT_SHADER), defines: defines)
        defer { sglDeleteShader(fragmentShader) }

        let variant = defines.isEmpty ? "" : " [" + defines.joined(separator: " ") + "]"
        let label = "\(displayFolder)/\(vertex) + \(displayFolder)/\(fragment)\(variant)"
        let name = sglCreateProgram()
        guard name != 0 else { throw .glFailure(label: label, operation: "glCreateProgram", code: sglGetError()) }
        sglAttachShader(name, vertexShader)
        sglAttachShader(name, fragmentShader)
        for (attribute, location) in bindings {
            attribute.withCString { sglBindAttribLocation(name, location, $0) }
        }
        sglLinkProgram(name)
        sglDetachShader(name, vertexShader)
        sglDetachShader(name, fragmentShader)
        var status: GLint = 0
        sglGetProgramiv(name, GLenum(GL_LINK_STATUS), &status)
        guard status == GL_TRUE else {
            let log = Self.infoLog(name, length: sglGetProgramiv, read: sglGetProgramInfoLog)
            sglDeleteProgram(name)
            throw .linkFailed(program: label, log: log)
        }
        context.didCreate(.program(name))
        let program = GLProgram(name: name, label: label, context: context)
        context.setDebugLabel(label, identifier: GL_PROGRAM, name: name)
        try context.checkError(label: label, operation: "linking")
        return program
    }

    private func compile(_ file: String, stage: GLenum, defines: [String]) throws(GLError) -> GLuint {
        // The constants shared with Swift first (ShaderConstants), then the variant's symbols.
        let source = try ShaderSource(name: file, directory: directory, displayFolder: displayFolder,
                                      defines: ShaderConstants.defines + defines)
        let displayName = "\(displayFolder)/\(file)"
        let shader = sglCreateShader(stage)
        guard shader != 0 else { throw .glFailure(label: displayName, operation: "glCreateShader", code: sglGetError()) }
        source.text.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            sglShaderSource(shader, 1, &pointer, nil)
        }
        sglCompileShader(shader)
        var status: GLint = 0
        sglGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &status)
        let injected = context.takeInjectedFailure(.shaderCompile)
        guard status == GL_TRUE, !injected else {
            let log = injected ? "0:1(1): error: compile failure injected by a test"
                : Self.infoLog(shader, length: sglGetShaderiv, read: sglGetShaderInfoLog)
            sglDeleteShader(shader)
            throw .compileFailed(
                file: displayName, diagnostics: ShaderDiagnostic.parse(log: log, source: source), log: log)
        }
        context.setDebugLabel(displayName, identifier: GL_SHADER, name: shader)
        return shader
    }

    /// The info log of a shader or program.
    private static func infoLog(
        _ object: GLuint,
        length: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
        read: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void
    ) -> String {
        var size: GLint = 0
        length(object, GLenum(GL_INFO_LOG_LENGTH), &size)
        guard size > 0 else { return "" }
        var bytes = [GLchar](repeating: 0, count: Int(size) + 1)
        var written: GLsizei = 0
        read(object, GLsizei(size), &written, &bytes)
        let count = max(0, min(Int(written), Int(size)))
        return String(decoding: bytes[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
