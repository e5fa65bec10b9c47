import Foundation
import Testing

@testable import Strata
@testable import StrataScene

/// The limits scan that runs before a scene file is parsed: it must see the
/// same tree the reader builds, and stop at the first layer past a limit.
@Suite struct SceneTreeScannerTests {
    func scan(_ text: String) -> SceneTreeScanner.Outcome { SceneTreeScanner.scan(Data(text.utf8)) }

    @Test func countsWhatTheReaderBuilds() throws {
        let files = [
            SceneFiles.fixtures.appendingPathComponent("everything.scene.json"),
            SceneFiles.packageRoot.appendingPathComponent("Resources/Scenes/carousel.scene.json"),
        ]
        for url in files {
            let scene = try Scene.load(contentsOf: url)
            let data = try Data(contentsOf: url)
            #expect(SceneTreeScanner.scan(data) == .counted(scene.layerCount), "\(url.lastPathComponent)")
        }
    }

    @Test func followsOnlyTheTree() {
        // Brackets and keys inside strings and other values are not structure.
        #expect(scan(#"{"root": {"name": "}]{[\"", "sublayers": [{"name": "\\"}, {}]}}"#) == .counted(3))
        #expect(
            scan(#"{"root": {"animations": [{"values": ["]}", {"mask": {}}]}], "sublayers": [{}]}}"#)
                == .counted(2))
        // Only the top-level root is the tree; a timeline value named "root" is not.
        #expect(
            scan(#"{"timeline": [{"root": {"sublayers": [{}, {}]}}], "root": {"mask": {"mask": {}}}}"#)
                == .counted(3))
        // Sublayers that are not objects are the reader's to report; they keep their index.
        #expect(scan(#"{"root": {"sublayers": [1, "x", null, [{}], {}]}}"#) == .counted(2))
        #expect(scan(#"{"root": {"sublayers": {"a": {}}, "mask": 3}}"#) == .counted(1))
        // A BOM and whitespace everywhere JSON allows it.
        #expect(scan("\u{FEFF} {\n\t\"root\" :\r\n { \"sublayers\" : [ { } , { } ] } } ") == .counted(3))
    }

    @Test func escapedKeysAreTheSameKeys() throws {
        let text = #"{"size": [1, 1], "root": {"sub\u006cayers": [{}, {"\u006dask": {}}]}}"#
        #expect(scan(text) == .counted(4))
        #expect(try Scene(data: Data(text.utf8), baseURL: nil).layerCount == 4)
        // Other escapes make other keys, which the reader rejects.
        #expect(scan(#"{"root": {"sublayers\n": [{}], "m\u00e1sk": {}}}"#) == .counted(1))
    }

    @Test func leavesFilesItCannotFollowToTheParser() {
        for text in [
            "", "[]", "{", #"{"root": {"sublayers": [{}"#, #"{"root": {"sublayers": [{},]}}"#,
            #"{"root": {"name" 1}}"#, #"{"root": {"name": }}"#, #"{"root": {"name": "a}}"#,
            #"{"root": {,}}"#, #"{"size": [1, 2}"#, "{\"root\": {\"a\": [[[[[[",
        ] {
            #expect(scan(text) == .malformed, "\(text)")
        }
        #expect(scan("{}") == .noTree)
        #expect(scan(#"{"size": [1, 1]}"#) == .noTree)
        #expect(scan(#"{"root": 3}"#) == .noTree)
    }

    @Test func namesTheFirstLayerPastALimit() {
        // A chain 257 deep whose sublayers each start with a number: the index counts it.
        var layer = "{}"
        for _ in 1..<257 { layer = #"{"sublayers": [0, \#(layer)]}"# }
        let path = "root" + String(repeating: ".sublayers[1]", count: 256)
        #expect(scan(#"{"root": \#(layer)}"#) == .overLimit(.tooDeep(at: path)))
        // Masks and sublayers mixed, in file order.
        #expect(
            scan(#"{"root": \#(String(repeating: #"{"mask": {}, "sublayers": ["#, count: 256))"#)
                == .overLimit(.tooDeep(at: "root" + String(repeating: ".sublayers[0]", count: 255) + ".mask")))
    }
}
