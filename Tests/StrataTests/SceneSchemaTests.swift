import Foundation
import Testing

@testable import Strata
@testable import StrataScene

/// `strata schema`: made from the reader's tables, it accepts the scenes the
/// reader reads and rejects broken ones (checked with Python's `jsonschema`,
/// Debian's python3-jsonschema), and its names are the reader's names.
@Suite("Scene schema")
struct SceneSchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A Python with the `jsonschema` module: Debian's first (what Scripts/setup installs), then `python3` on PATH.
    static let python: String? = {
        let candidates =
            ["/usr/bin/python3"]
            + (ProcessInfo.processInfo.environment["PATH"] ?? "")
            .split(separator: ":").map { "\($0)/python3" }
        return candidates.first { path in
            guard FileManager.default.isExecutableFile(atPath: path) else { return false }
            return (try? run(path, ["-c", "import jsonschema"]))?.status == 0
        }
    }()

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, out: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Validates `files` against the schema in one Python run: each file's name and "valid" or "invalid".
    func validate(_ files: [String]) throws -> [String: Bool] {
        let python = try #require(Self.python)
        let schema = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-schema-\(UUID().uuidString).json")
        try SceneSchema.text.write(to: schema, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: schema) }
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft7Validator.check_schema(schema)
            validator = jsonschema.Draft7Validator(schema)
            for path in sys.argv[2:]:
                try:
                    valid = validator.is_valid(json.load(open(path, 'rb')))
                except Exception:
                    valid = False
                print(("valid " if valid else "invalid ") + path)
            """
        let r = try Self.run(python, ["-c", script, schema.path] + files)
        #expect(r.status == 0, "the schema itself is not a valid draft-07 schema, or Python failed")
        var result: [String: Bool] = [:]
        for line in r.out.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            result[String(parts[1])] = parts[0] == "valid"
        }
        return result
    }

    func scenes(in folder: String) -> [String] {
        let url = Self.root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".scene.json") }.sorted().map { url.appendingPathComponent($0).path }
    }

    @Test(
        "Every scene the reader reads validates (shared scenes when ../shared is there)",
        .enabled(if: python != nil, "needs python3-jsonschema (Scripts/setup installs it)"))
    func everySceneValidates() throws {
        let files =
            scenes(in: "../shared/scenes") + scenes(in: "Tests/Scenes") + scenes(in: "Resources/Scenes")
            + scenes(in: "Tests/StrataGLTests/Scenes") + scenes(in: "Tests/StrataTests/Fixtures/scenes")
        #expect(files.count >= 8)
        for file in files { _ = try Scene.load(contentsOf: URL(fileURLWithPath: file)) }
        let result = try validate(files)
        for file in files { #expect(result[file] == true, "\(file) does not validate") }
    }

    @Test(
        "Broken scenes are rejected: the three here, and every malformed file but those only the reader can judge",
        .enabled(if: python != nil, "needs python3-jsonschema (Scripts/setup installs it)"))
    func brokenScenesAreRejected() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = [
            // A gradient field on a plain layer.
            ##"{"size": [10, 10], "root": {"sublayers": [{"colors": ["#ff0000", "#0000ff"]}]}}"##,
            // A colour where a transform animation's value goes.
            ##"{"size": [10, 10], "root": {"animations": [{"keyPath": "transform.rotation.y", "toValue": "#ff0000"}]}}"##,
            // A timeline change of a key path no layer has.
            #"{"size": [10, 10], "root": {"name": "a"}, "timeline": [{"at": 1, "set": {"a.opacty": 0.5}}]}"#,
        ]
        var files: [String] = []
        for (k, text) in broken.enumerated() {
            let url = folder.appendingPathComponent("broken\(k).scene.json")
            try text.write(to: url, atomically: true, encoding: .utf8)
            #expect(throws: SceneError.self) { try Scene.load(contentsOf: url) }
            files.append(url.path)
        }
        // What needs the file's context or more than JSON types: images, SVG path syntax,
        // timeline names, counts that must match, numbers JSON or the matrix cannot hold, encodings.
        let readerOnly = [
            "image-", "path-bad", "path-missing", "path-no-move", "path-number", "path-relative",
            "path-unknown-command", "json-", "utf8-", "timeline-ambiguous", "timeline-unknown-layer",
            "anim-key-times-count", "anim-key-times-decreasing", "anim-timing-functions-count",
            "anim-begin-time-nan", "layer-huge-negative-number", "transform-overflow", "limit-",
        ]
        let malformed = scenes(in: "Tests/StrataTests/Fixtures/malformed").filter { path in
            let name = URL(fileURLWithPath: path).lastPathComponent
            return !readerOnly.contains { name.hasPrefix($0) }
        }
        #expect(malformed.count >= 100)
        let result = try validate(files + malformed)
        for file in files + malformed { #expect(result[file] == false, "\(file) validates") }
    }

    @Test("The schema's names are the reader's: every table name is read, no other name is")
    func namesMatchTheReader() throws {
        func reason(_ text: String) -> String {
            do { _ = try Scene(data: Data(text.utf8), baseURL: nil); return "" } catch { return error.reason }
        }
        let junk = #"{"junk": true}"#
        // The reader's message for a name it does not know (the junk inside may be unknown too).
        func unknown(_ name: String) -> String { "unknown field \"\(name)\"" }
        for name in SceneReader.topLevelFields.map(\.key) {
            #expect(
                !reason(#"{"size": [10, 10], "root": {}, "\#(name)": \#(junk)}"#).contains(unknown(name)), "\(name)")
        }
        for name in SceneField.all.map(\.name) + SceneField.structural.map(\.key) {
            #expect(!reason(#"{"size": [10, 10], "root": {"\#(name)": \#(junk)}}"#).contains(unknown(name)), "\(name)")
        }
        for name in SceneAnimation.fields.map(\.key) where name != "keyPath" {
            let text = #"{"size": [10, 10], "root": {"animations": [{"keyPath": "opacity", "\#(name)": \#(junk)}]}}"#
            #expect(!reason(text).contains(unknown(name)), "\(name)")
        }
        for name in SceneTransaction.fields.map(\.key) where name != "at" {
            #expect(
                !reason(#"{"size": [10, 10], "root": {}, "timeline": [{"at": 0, "\#(name)": \#(junk)}]}"#)
                    .contains(unknown(name)), "\(name)")
        }
        #expect(reason(#"{"size": [10, 10], "root": {"opacityy": 1}}"#).contains(unknown("opacityy")))
        // Every key path the schema offers is one the reader knows, for its type.
        for type in SceneLayerType.allCases {
            for keyPath in SceneValueDecoder.keyPaths(for: type) {
                #expect(SceneValueDecoder.isKnownKeyPath(keyPath, for: type), "\(type).\(keyPath)")
            }
        }
        #expect(SceneValueDecoder.keyPaths(for: .layer).contains("transform.rotation.y"))
        #expect(!SceneValueDecoder.keyPaths(for: .layer).contains("colors"))
        // And the document lists the tables' names.
        guard case .object(let document) = SceneSchema.document, case .object(let top)? = document["properties"],
            case .object(let definitions)? = document["definitions"], case .object(let layer)? = definitions["layer"],
            case .object(let layerProperties)? = layer["properties"]
        else {
            Issue.record("the schema's shape changed")
            return
        }
        #expect(Set(top.keys) == Set(SceneReader.topLevelFields.map(\.key)))
        #expect(Set(layerProperties.keys) == Set(SceneField.all.map(\.name) + SceneField.structural.map(\.key)))
    }
}
