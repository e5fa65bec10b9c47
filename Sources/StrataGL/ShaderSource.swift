import Foundation

/// A shader file with its `#include "file.glsl"` lines expanded, and a map from
/// every line of the expanded text back to the file and line it came from.
///
/// The map is kept on the Swift side rather than in `#line` directives: GLSL 3.30
/// drivers disagree on whether `#line n` numbers the next line `n` or `n + 1`,
/// while the expanded text's own line numbers mean the same on every driver.
struct ShaderSource {
    /// One shader file that took part, as shown to people (`Shaders/sdf.glsl`), with its lines.
    struct File {
        var displayName: String
        /// Slices of the file's text: kept for messages, copied only when one is made.
        var lines: [Substring]
    }

    /// Where one expanded line came from.
    struct Origin {
        /// Index into `files`.
        var file: Int
        /// 1-based line in that file.
        var line: Int
    }

    /// The expanded GLSL, ready for `glShaderSource`.
    private(set) var text = ""
    /// The files read: the main file first, then each included file once.
    private(set) var files: [File] = []
    /// `origins[n - 1]` is where line `n` of `text` came from.
    private(set) var origins: [Origin] = []

    /// Reads `name` from `directory`, expanding includes (each file at most once
    /// per shader, so shared helpers can include each other freely).
    ///
    /// - Parameter displayFolder: the folder name shown in messages (`Shaders`).
    ///
    /// - Parameter defines: preprocessor symbols defined right after the
    ///   `#version` line (messages place those lines at the `#version` line).
    init(name: String, directory: URL, displayFolder: String, defines: [String] = []) throws(GLError) {
        var lines: [Substring] = []
        try append(name: name, directory: directory, displayFolder: displayFolder, includedFrom: nil, into: &lines)
        if !defines.isEmpty {
            // `#version` must stay the first line; with none, the symbols go first.
            let at = lines.first.map(Self.isVersionLine) == true ? 1 : 0
            lines.insert(contentsOf: defines.map { "#define \($0)" }, at: at)
            origins.insert(contentsOf: repeatElement(Origin(file: 0, line: max(at, 1)), count: defines.count), at: at)
        }
        // One string made at the end: the lines are slices of the files read.
        var length = 0
        for line in lines { length += line.utf8.count + 1 }
        text.reserveCapacity(length)
        for line in lines {
            text += line
            text += "\n"
        }
    }

    /// Whether `line`, spaces aside, starts with `#version`.
    private static func isVersionLine(_ line: Substring) -> Bool {
        line.drop { $0 == " " || $0 == "\t" }.hasPrefix("#version")
    }

    /// The file, line and source text for line `expandedLine` of `text` (1-based).
    func location(ofExpandedLine expandedLine: Int) -> (file: String, line: Int, text: String?) {
        guard expandedLine >= 1, expandedLine <= origins.count else {
            return (files.first?.displayName ?? "?", expandedLine, nil)
        }
        let origin = origins[expandedLine - 1]
        let file = files[origin.file]
        let text = origin.line <= file.lines.count ? String(file.lines[origin.line - 1]) : nil
        return (file.displayName, origin.line, text)
    }

    private mutating func append(
        name: String, directory: URL, displayFolder: String,
        includedFrom: (file: String, line: Int)?, into expanded: inout [Substring]
    ) throws(GLError) {
        let displayName = displayFolder + "/" + name
        let contents: String
        do {
            contents = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? "\(error.localizedDescription)"
            if let includedFrom {
                throw .badInclude(
                    file: includedFrom.file, line: includedFrom.line,
                    reason: "cannot read included file \(displayName): \(reason)")
            }
            throw .shaderFileUnreadable(file: displayName, reason: reason)
        }
        let lines = Self.lines(of: contents)
        let fileIndex = files.count
        files.append(File(displayName: displayName, lines: lines))

        for (offset, line) in lines.enumerated() {
            let lineNumber = offset + 1
            switch try Self.includeTarget(of: line, file: displayName, line: lineNumber) {
            case nil:
                expanded.append(line)
                origins.append(Origin(file: fileIndex, line: lineNumber))
            case let target?:
                if files.contains(where: { $0.displayName == displayFolder + "/" + target }) {
                    // Already included: keep the line count, drop the directive.
                    expanded.append("")
                    origins.append(Origin(file: fileIndex, line: lineNumber))
                } else {
                    try append(
                        name: target, directory: directory, displayFolder: displayFolder,
                        includedFrom: (displayName, lineNumber), into: &expanded)
                }
            }
        }
    }

    /// The lines of `contents` without their line ends (`\n` or `\r\n`), the
    /// empty one after a final line end dropped. Split on the UTF-8 bytes: a
    /// split by Characters cost a process ~10 ms of start-up over the shaders.
    private static func lines(of contents: String) -> [Substring] {
        let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
        let utf8 = contents.utf8
        var lines: [Substring] = []
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            if utf8[index] == newline {
                var end = index
                if end != start, utf8[utf8.index(before: end)] == carriageReturn { end = utf8.index(before: end) }
                lines.append(contents[start..<end])
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if start != utf8.endIndex {
            var end = utf8.endIndex
            if utf8[utf8.index(before: end)] == carriageReturn { end = utf8.index(before: end) }
            lines.append(contents[start..<end])
        }
        return lines
    }

    /// The file named by an `#include "file"` line, nil for any other line.
    private static func includeTarget(of line: Substring, file: String, line number: Int) throws(GLError) -> String? {
        // Most lines are not directives: looked at as bytes before as Characters.
        guard line.utf8.first(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) == UInt8(ascii: "#")
        else { return nil }
        var rest = line.drop { $0 == " " || $0 == "\t" }
        guard rest.hasPrefix("#") else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
        guard rest.hasPrefix("include") else { return nil }
        rest = rest.dropFirst("include".count).drop { $0 == " " || $0 == "\t" }
        guard rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") else {
            throw .badInclude(file: file, line: number, reason: "expected #include \"file.glsl\"")
        }
        let target = String(rest[rest.index(after: rest.startIndex)..<close])
        let trailing = rest[rest.index(after: close)...].trimmingCharacters(in: .whitespaces)
        guard trailing.isEmpty || trailing.hasPrefix("//") else {
            throw .badInclude(file: file, line: number, reason: "unexpected text after #include \"\(target)\"")
        }
        guard !target.isEmpty, !target.hasPrefix("/"),
            !target.split(separator: "/").contains("..")
        else {
            throw .badInclude(
                file: file, line: number, reason: "include \"\(target)\" must be a path inside the Shaders folder")
        }
        return target
    }
}
