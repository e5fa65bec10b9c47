import Foundation
import StrataGL
import StrataHost
import Testing

/// Shader loading: finding `Shaders/`, includes, and errors that name file and line.
@Suite struct ShaderLibraryTests {
    /// A fresh `…/Shaders` folder holding `files`, so messages read `Shaders/name`.
    private func shaderFolder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("strata-shaders-\(UUID().uuidString)")
            .appendingPathComponent("Shaders")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// Compiles `vertex` + `fragment` from `files` and returns the error thrown, or nil.
    private func compileError(
        _ files: [String: String], vertex: String = "plain.vert",
        fragment: String
    ) throws -> GLError? {
        var files = files
        files["plain.vert", default: ""] = Self.plainVertex
        let folder = try shaderFolder(files)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let host = try OffscreenHost(width: 1, height: 1)
        return host.withCurrent { () -> GLError? in
            do throws(GLError) {
                let library = try ShaderLibrary(context: host.context, directory: folder)
                _ = try library.program(vertex: vertex, fragment: fragment)
                return nil
            } catch {
                return error
            }
        }
    }

    private static let plainVertex = """
        #version 330 core
        in vec2 a_position;
        void main() { gl_Position = vec4(a_position, 0.0, 1.0); }
        """

    @Test func syntaxErrorNamesFileAndLine() throws {
        let error = try compileError(
            [
                "broken.frag": """
                #version 330 core
                out vec4 fragColor;
                void main() {
                    fragColor = vec4(1.0) +;
                }
                """
            ], fragment: "broken.frag")
        let message = try #require(error).description
        #expect(message.hasPrefix("Shaders/broken.frag:4: error: "), "\(message)")
        #expect(message.contains("4 |     fragColor = vec4(1.0) +;"), "\(message)")
        guard case .compileFailed(let file, let diagnostics, let log)? = error else {
            Issue.record("expected compileFailed, got \(String(describing: error))")
            return
        }
        #expect(file == "Shaders/broken.frag")
        #expect(diagnostics.first?.line == 4)
        #expect(!log.isEmpty)
    }

    /// An error inside an included file is reported in that file, at its own line.
    @Test func errorInIncludedFileMapsToThatFile() throws {
        let error = try compileError(
            [
                "lib/helpers.glsl": """
                // helpers
                float half_of(float x) {
                    return x * undefined_name;
                }
                """,
                "uses.frag": """
                #version 330 core
                out vec4 fragColor;
                #include "lib/helpers.glsl"
                void main() { fragColor = vec4(half_of(1.0)); }
                """,
            ], fragment: "uses.frag")
        let message = try #require(error).description
        #expect(message.hasPrefix("Shaders/lib/helpers.glsl:3: error: "), "\(message)")
        #expect(message.contains("return x * undefined_name;"), "\(message)")
    }

    /// Lines after an include keep their own numbers in the including file.
    @Test func errorAfterIncludeMapsToMainFileLine() throws {
        let error = try compileError(
            [
                "a.glsl": "float a() { return 1.0; }\nfloat a2() { return 2.0; }\n",
                "b.glsl": "#include \"a.glsl\"\nfloat b() { return a() + a2(); }\n",
                "main.frag": """
                #version 330 core
                #include "b.glsl"
                #include "a.glsl"
                out vec4 fragColor;
                void main() {
                    fragColor = vec4(b());
                    fragColor.x = missing;
                }
                """,
            ], fragment: "main.frag")
        let message = try #require(error).description
        #expect(message.hasPrefix("Shaders/main.frag:7: error: "), "\(message)")
        #expect(message.contains("fragColor.x = missing;"), "\(message)")
    }

    /// Files saved with Windows line ends (`\r\n`) are split into the same
    /// lines: an include in one is expanded and an error's line is its own.
    @Test func windowsLineEndsKeepLineNumbers() throws {
        let error = try compileError(
            [
                "a.glsl": "float a() { return 1.0; }\r\n",
                "crlf.frag": "#version 330 core\r\n#include \"a.glsl\"\r\nout vec4 fragColor;\r\n"
                    + "void main() {\r\n    fragColor = vec4(a()) + oops;\r\n}\r\n",
            ], fragment: "crlf.frag")
        let message = try #require(error).description
        #expect(message.hasPrefix("Shaders/crlf.frag:5: error: "), "\(message)")
        #expect(message.contains("5 |     fragColor = vec4(a()) + oops;"), "\(message)")
        #expect(!message.contains("\r"), "\(message)")
    }
    /// Nested and repeated includes compile: each file is included once.
    @Test func includesCompileOncePerShader() throws {
        let error = try compileError(
            [
                "a.glsl": "float a() { return 0.5; }\n",
                "b.glsl": "#include \"a.glsl\"\nfloat b() { return a(); }\n",
                "main.frag": """
                #version 330 core
                #include "a.glsl"
                #include "b.glsl"
                out vec4 fragColor;
                void main() { fragColor = vec4(a() + b()); }
                """,
            ], fragment: "main.frag")
        #expect(error == nil, "\(String(describing: error))")
    }

    @Test func missingIncludeNamesTheIncludingLine() throws {
        let error = try compileError(
            [
                "main.frag": """
                #version 330 core
                #include "nope.glsl"
                void main() {}
                """
            ], fragment: "main.frag")
        guard case .badInclude(let file, let line, let reason)? = error else {
            Issue.record("expected badInclude, got \(String(describing: error))")
            return
        }
        #expect(file == "Shaders/main.frag" && line == 2)
        #expect(reason.contains("Shaders/nope.glsl"))
    }

    @Test func includeOutsideTheFolderIsRejected() throws {
        let error = try compileError(
            ["main.frag": "#version 330 core\n#include \"../x.glsl\"\n"],
            fragment: "main.frag")
        #expect(
            error?.description.hasPrefix("Shaders/main.frag:2: error: include \"../x.glsl\"") == true,
            "\(String(describing: error))")
    }

    @Test func missingFileIsATypedError() throws {
        let error = try compileError([:], fragment: "absent.frag")
        guard case .shaderFileUnreadable(let file, _)? = error else {
            Issue.record("expected shaderFileUnreadable, got \(String(describing: error))")
            return
        }
        #expect(file == "Shaders/absent.frag")
    }

    @Test func linkErrorNamesBothFiles() throws {
        let error = try compileError(
            [
                "needs.frag": """
                #version 330 core
                float never_defined(float x);
                out vec4 fragColor;
                void main() { fragColor = vec4(never_defined(1.0)); }
                """
            ], fragment: "needs.frag")
        guard case .linkFailed(let program, let log)? = error else {
            Issue.record("expected linkFailed, got \(String(describing: error))")
            return
        }
        #expect(program == "Shaders/plain.vert + Shaders/needs.frag")
        #expect(log.contains("never_defined"), "\(log)")
    }

    /// Each driver's log format yields the line number.
    @Test func parsesDriverLogLines() {
        let mesa = ShaderDiagnostic.parseLine("0:12(5): error: syntax error, unexpected ';'")
        #expect(mesa?.line == 12 && mesa?.severity == .error && mesa?.message == "syntax error, unexpected ';'")
        let nvidia = ShaderDiagnostic.parseLine("0(7) : error C1008: undefined variable \"x\"")
        #expect(nvidia?.line == 7 && nvidia?.message == "undefined variable \"x\"")
        let other = ShaderDiagnostic.parseLine("WARNING: 0:3: unused")
        #expect(other?.line == 3 && other?.severity == .warning)
        #expect(ShaderDiagnostic.parseLine("some other text") == nil)
    }

    // MARK: - Finding the Shaders folder

    @Test func environmentVariableWins() throws {
        let folder = try shaderFolder([:])
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let found = try ShaderLibrary.locateDirectory(
            environment: ["STRATA_SHADERS": folder.path], executablePath: nil, sourceTreeShaders: nil)
        #expect(found.standardizedFileURL.path == folder.standardizedFileURL.path)
        #expect(throws: GLError.shadersFolderNotFound(searched: ["$STRATA_SHADERS=/no/such/dir (not a folder)"])) {
            try ShaderLibrary.locateDirectory(
                environment: ["STRATA_SHADERS": "/no/such/dir"], executablePath: nil, sourceTreeShaders: nil)
        }
    }

    /// `.build/x86_64-unknown-linux-gnu/release/strata` finds `Shaders/` three folders up.
    @Test func foundAboveTheExecutable() throws {
        let shaders = try shaderFolder([:])
        let root = shaders.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let executable = root.appendingPathComponent(".build/x86_64-unknown-linux-gnu/release/strata")
        let found = try ShaderLibrary.locateDirectory(
            environment: [:], executablePath: executable.path, sourceTreeShaders: nil)
        #expect(found.path == shaders.standardizedFileURL.path)

        // Five levels up is too far: the error lists where it looked.
        let deep = root.appendingPathComponent("a/b/c/d/e/strata")
        #expect {
            try ShaderLibrary.locateDirectory(environment: [:], executablePath: deep.path, sourceTreeShaders: nil)
        } throws: { error in
            guard case GLError.shadersFolderNotFound(let searched) = error else { return false }
            return searched.count == 6 && searched[1] == root.path + "/a/b/c/d/e/Shaders"
                && searched[5] == root.path + "/a/Shaders"
        }
    }

    @Test func sourceTreeFallbackIsTheRepositoryFolder() throws {
        let found = try ShaderLibrary.locateDirectory(environment: [:], executablePath: nil)
        #expect(FileManager.default.fileExists(atPath: found.appendingPathComponent("test_fill.frag").path))
        #expect(found.lastPathComponent == "Shaders")
    }
}
