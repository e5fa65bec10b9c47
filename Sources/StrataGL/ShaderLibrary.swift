internal import CEpoxy
import Foundation
import StrataRender

/// Compiles the GLSL files in the top-level `Shaders/` folder into programs, once
/// per GL context, or loads them as an earlier process linked them
/// (`programCache`).
///
/// Shader files are real files (`#version 330 core`) that may share code with
/// `#include "file.glsl"` (a path inside `Shaders/`; each file is included at most
/// once per shader). Compile errors name the file and line they refer to, through
/// includes: `Shaders/blur.frag:12: error: …`, followed by that source line.
package final class ShaderLibrary: Sendable {
    /// The folder shader names are resolved in.
    package let directory: URL
    /// The context programs are compiled for.
    package let context: GLContext

    /// Where linked programs are saved and loaded from (nil: nowhere, every
    /// program is compiled). Used only where the driver can save programs
    /// (`GLContextInfo.supportsProgramBinaries`).
    package let programCache: ProgramBinaryCache?

    /// A library for `context`, reading shaders from `directory`, or from the
    /// folder `ShaderLibrary.locateDirectory()` finds when `directory` is nil,
    /// keeping linked programs in `programCache` (by default the one the
    /// environment asks for: `ProgramBinaryCache.fromEnvironment()`).
    package init(
        context: GLContext, directory: URL? = nil,
        programCache: ProgramBinaryCache? = .fromEnvironment()
    ) throws(GLError) {
        self.context = context
        self.programCache = programCache
        if let directory {
            self.directory = directory
        } else {
            self.directory = try Self.locateDirectory()
        }
    }

    /// The program linked from `vertex` and `fragment` (file names in the shaders
    /// folder), with each attribute's name bound to its location before linking.
    ///
    /// Compiled and linked (or loaded from `programCache`) the first time it is
    /// asked for on this context, then returned from the context's cache. Call
    /// with the context current.
    ///
    /// `defines` are preprocessor symbols defined for both stages (a program
    /// per distinct set: how `layer.frag` is specialized to what a batch uses).
    package func program(
        vertex: String, fragment: String, attributes: [GLVertexAttribute] = [], defines: [String] = []
    ) throws(GLError) -> GLProgram {
        context.requireCurrent("ShaderLibrary.program(\(vertex), \(fragment))")
        var bindings: [String: UInt32] = [:]
        for attribute in attributes {
            precondition(
                bindings[attribute.name] == nil || bindings[attribute.name] == attribute.location,
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

    private func link(
        vertex: String, fragment: String, bindings: [String: UInt32],
        defines: [String]
    ) throws(GLError) -> GLProgram {
        // The constants shared with Swift first (ShaderConstants), then the variant's symbols.
        let vertexSource = try source(vertex, defines: defines)
        let fragmentSource = try source(fragment, defines: defines)
        let variant = defines.isEmpty ? "" : " [" + defines.joined(separator: " ") + "]"
        let label = "\(displayFolder)/\(vertex) + \(displayFolder)/\(fragment)\(variant)"

        let cache = context.info.supportsProgramBinaries ? programCache : nil
        let key = cache.map { _ in
            ProgramBinaryCache.key(
                info: context.info, bindings: bindings,
                stages: [vertexSource.text, fragmentSource.text])
        }
        if let cache, let key, let entry = cache.load(key: key),
            let program = try loadBinary(entry, label: label)
        {
            return program
        }

        let vertexShader = try compile(vertexSource, file: vertex, stage: GLenum(GL_VERTEX_SHADER))
        defer { sglDeleteShader(vertexShader) }
        let fragmentShader = try compile(fragmentSource, file: fragment, stage: GLenum(GL_FRAGMENT_SHADER))
        defer { sglDeleteShader(fragmentShader) }

        let name = sglCreateProgram()
        guard name != 0 else { throw .glFailure(label: label, operation: "glCreateProgram", code: sglGetError()) }
        if cache != nil {
            // Some drivers keep what glGetProgramBinary needs only when asked before linking.
            sglProgramParameteri(name, GLenum(GL_PROGRAM_BINARY_RETRIEVABLE_HINT), GL_TRUE)
        }
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
        let program = try made(name, label: label, fromBinary: false)
        if let cache, let key, let entry = Self.binary(of: name) {
            cache.store(entry, key: key)
        }
        return program
    }

    /// Counts, labels and wraps a linked program, checking GL's error flags.
    private func made(_ name: GLuint, label: String, fromBinary: Bool) throws(GLError) -> GLProgram {
        context.didCreate(.program(name))
        let program = GLProgram(name: name, label: label, context: context, loadedFromBinary: fromBinary)
        context.setDebugLabel(label, identifier: GL_PROGRAM, name: name)
        try context.checkError(label: label, operation: "linking")
        return program
    }

    /// The program `entry` holds, or nil when the driver refuses it (another
    /// driver's or version's binary, damaged bytes): the caller compiles.
    private func loadBinary(_ entry: ProgramBinaryCache.Entry, label: String) throws(GLError) -> GLProgram? {
        guard entry.binary.count <= Int(Int32.max) else { return nil }
        let name = sglCreateProgram()
        guard name != 0 else { return nil }
        entry.binary.withUnsafeBytes {
            sglProgramBinary(name, GLenum(entry.format), $0.baseAddress, GLsizei($0.count))
        }
        var status: GLint = 0
        sglGetProgramiv(name, GLenum(GL_LINK_STATUS), &status)
        guard status == GL_TRUE else {
            sglDeleteProgram(name)
            // A format the driver does not know raises GL_INVALID_ENUM; it is
            // no fault of what is drawn next.
            for _ in 0..<16 {
                if sglGetError() == GLenum(GL_NO_ERROR) { break }
            }
            return nil
        }
        return try made(name, label: label, fromBinary: true)
    }

    /// The linked program `name` as the driver saves it, nil when it will not.
    private static func binary(of name: GLuint) -> ProgramBinaryCache.Entry? {
        var length: GLint = 0
        sglGetProgramiv(name, GLenum(GL_PROGRAM_BINARY_LENGTH), &length)
        guard length > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        var written: GLsizei = 0
        var format: GLenum = 0
        bytes.withUnsafeMutableBytes {
            sglGetProgramBinary(name, GLsizei(length), &written, &format, $0.baseAddress)
        }
        guard written > 0, written <= length, sglGetError() == GLenum(GL_NO_ERROR) else { return nil }
        return ProgramBinaryCache.Entry(format: format, binary: Array(bytes[..<Int(written)]))
    }

    /// `file` read with its includes expanded and `defines` inserted.
    private func source(_ file: String, defines: [String]) throws(GLError) -> ShaderSource {
        try ShaderSource(
            name: file, directory: directory, displayFolder: displayFolder,
            defines: ShaderConstants.defines + defines)
    }

    private func compile(_ source: ShaderSource, file: String, stage: GLenum) throws(GLError) -> GLuint {
        let displayName = "\(displayFolder)/\(file)"
        let shader = sglCreateShader(stage)
        guard shader != 0 else {
            throw .glFailure(label: displayName, operation: "glCreateShader", code: sglGetError())
        }
        source.text.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            sglShaderSource(shader, 1, &pointer, nil)
        }
        sglCompileShader(shader)
        var status: GLint = 0
        sglGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &status)
        let injected = context.takeInjectedFailure(.shaderCompile)
        guard status == GL_TRUE, !injected else {
            let log =
                injected
                ? "0:1(1): error: compile failure injected by a test"
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
