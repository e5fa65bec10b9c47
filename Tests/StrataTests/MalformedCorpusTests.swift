import Foundation
import Testing

@testable import Strata
@testable import StrataScene

/// The malformed-input corpus in `Fixtures/malformed`, one small file per way
/// a scene can be wrong (written by its `make_corpus.py`): every file fails to
/// load with a typed error whose one-line message, naming the file and the
/// field, is the file's line in `expected.txt`. The command-line tests run
/// `strata render` on the same files.
@Suite struct MalformedCorpusTests {
    static let folder = SceneFiles.packageRoot.appendingPathComponent("Tests/StrataTests/Fixtures/malformed")
    static let files = SceneFiles.scenes(in: folder).map(\.lastPathComponent)

    /// Each file's message, from `expected.txt` (`file.scene.json: path: reason` lines).
    static let expected: [String: String] = {
        let text = (try? String(contentsOf: folder.appendingPathComponent("expected.txt"), encoding: .utf8)) ?? ""
        var out: [String: String] = [:]
        for line in text.split(separator: "\n") {
            out[String(line.prefix { $0 != ":" })] = String(line)
        }
        return out
    }()

    @Test func everyFileHasItsMessage() {
        #expect(Self.files.count >= 60)
        #expect(Set(Self.files) == Set(Self.expected.keys))
    }

    @Test(arguments: files)
    func failsWithOneLineNamingTheFileAndField(file: String) {
        let url = URL(fileURLWithPath: file, relativeTo: Self.folder)
        do {
            let scene = try Scene.load(contentsOf: url)
            Issue.record("\(file) loaded, with \(scene.layerCount) layers")
        } catch {
            #expect(error.file == file)
            #expect(!error.description.contains("\n"))
            #expect(error.description == Self.expected[file])
        }
    }
}
