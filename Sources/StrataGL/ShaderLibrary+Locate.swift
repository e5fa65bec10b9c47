import Foundation

extension ShaderLibrary {
    /// Finds the top-level `Shaders/` folder, wherever the program runs from.
    ///
    /// Looks, in order: at `$STRATA_SHADERS` (an error if set but not a folder);
    /// for a `Shaders` folder next to the executable or up to 4 folders above it
    /// (so `.build/release/strata` finds the repository's); at the repository this
    /// file was compiled in. The error lists every place looked.
    package static func locateDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executablePath: String? = ShaderLibrary.currentExecutablePath
    ) throws(GLError) -> URL {
        try locateDirectory(
            environment: environment, executablePath: executablePath, sourceTreeShaders: sourceTreeShaders)
    }

    /// The repository's `Shaders` folder, found from this file's path at compile time.
    package static var sourceTreeShaders: URL {
        // Sources/StrataGL/ShaderLibrary+Locate.swift → the repository root.
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Shaders", isDirectory: true)
    }

    /// `locateDirectory` with the last place to look given (nil: none), for tests.
    package static func locateDirectory(
        environment: [String: String], executablePath: String?, sourceTreeShaders: URL?
    ) throws(GLError) -> URL {
        let files = FileManager.default
        func isFolder(_ url: URL) -> Bool {
            var isDirectory: ObjCBool = false
            return files.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        if let override = environment["STRATA_SHADERS"], !override.isEmpty {
            let url = URL(fileURLWithPath: override, isDirectory: true)
            guard isFolder(url) else {
                throw .shadersFolderNotFound(searched: ["$STRATA_SHADERS=\(override) (not a folder)"])
            }
            return url.standardizedFileURL
        }
        var candidates: [URL] = []
        if let executablePath {
            var folder = URL(fileURLWithPath: executablePath).deletingLastPathComponent()
            for _ in 0...4 {
                candidates.append(folder.appendingPathComponent("Shaders", isDirectory: true))
                folder = folder.deletingLastPathComponent()
            }
        }
        if let sourceTreeShaders { candidates.append(sourceTreeShaders) }

        if let found = candidates.first(where: isFolder) { return found.standardizedFileURL }
        var searched = ["$STRATA_SHADERS (not set)"]
        var seen = Set<String>()
        for candidate in candidates where seen.insert(candidate.standardizedFileURL.path).inserted {
            searched.append(candidate.standardizedFileURL.path)
        }
        throw .shadersFolderNotFound(searched: searched)
    }

    /// The running executable's path (resolving `/proc/self/exe` on Linux).
    package static var currentExecutablePath: String? {
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return resolved
        }
        return Bundle.main.executablePath ?? CommandLine.arguments.first
    }
}
