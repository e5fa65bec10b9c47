import Foundation
import Strata
import Testing

@testable import StrataScene

/// JPEG files as layer contents in scene files: wherever a PNG goes, told by the
/// file's first bytes, not its name.
@Suite("Scene JPEG images")
struct SceneJPEGTests {
    static let jpegFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/jpeg")

    /// The red block's centre (4, 4) and the purple one's (28, 12) of the fixtures' block images.
    func expectBlocks(_ image: CGImage, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(image.width == 32 && image.height == 16, sourceLocation: sourceLocation)
        guard image.width == 32, image.height == 16 else { return }
        for (x, y, rgb) in [(4, 4, [230, 30, 40]), (28, 12, [120, 40, 160])] {
            let i = (y * 32 + x) * 4
            let got = image.pixels[i..<i + 3].map(Int.init)
            #expect(
                zip(got, rgb).allSatisfy { abs($0 - $1) <= 4 }, "(\(x), \(y)): \(got) ≠ \(rgb)",
                sourceLocation: sourceLocation)
        }
    }

    @Test("A layer's contents and an animation's value read a JPEG; the scene writes its name back")
    func contentsAndAnimationValues() throws {
        let json = rootScene(
            #""sublayers": [{"name": "photo", "contents": {"image": "rgb_baseline.jpg"},"#
                + #""animations": [{"keyPath": "contents", "toValue": {"image": "rgb_progressive.jpg"}, "duration": 1}]}]"#
        )
        let scene = try Scene(data: Data(json.utf8), baseURL: Self.jpegFixtures)
        let photo = try #require(scene.layersByName["photo"])
        let image = try #require(photo.contents as? CGImage)
        expectBlocks(image)
        #expect(scene.imageFile(for: image) == "rgb_baseline.jpg")
        let written = String(decoding: try scene.jsonData(), as: UTF8.self)
        #expect(
            written.contains(#""image": "rgb_baseline.jpg""#) || written.contains(#""image":"rgb_baseline.jpg""#),
            "\(written)")
        #expect(written.contains("rgb_progressive.jpg"), "\(written)")
    }

    @Test("Grey and CMYK JPEGs read as RGBA; a JPEG named .png reads as the JPEG it is")
    func kindsAndNames() throws {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("strata-scene-jpeg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["grey.jpg", "cmyk_adobe.jpg"] {
            try FileManager.default.copyItem(
                at: Self.jpegFixtures.appendingPathComponent(name),
                to: dir.appendingPathComponent(name))
        }
        try FileManager.default.copyItem(
            at: Self.jpegFixtures.appendingPathComponent("rgb_baseline.jpg"),
            to: dir.appendingPathComponent("photo.png"))
        let json = rootScene(
            #""sublayers": [{"name": "grey", "contents": {"image": "grey.jpg"}},"#
                + #"{"name": "cmyk", "contents": {"image": "cmyk_adobe.jpg"}},"#
                + #"{"name": "named", "contents": {"image": "photo.png"}}]"#)
        let scene = try Scene(data: Data(json.utf8), baseURL: dir)
        expectBlocks(try #require(scene.layersByName["named"]?.contents as? CGImage))
        let grey = try #require(scene.layersByName["grey"]?.contents as? CGImage)
        #expect(Array(grey.pixels[(12 * 32 + 28) * 4..<(12 * 32 + 28) * 4 + 4]).allSatisfy { $0 >= 252 })
        // Block (1, 0) of the CMYK image is full cyan: no red, full green and blue.
        let cmyk = try #require(scene.layersByName["cmyk"]?.contents as? CGImage)
        let cyan = Array(cmyk.pixels[(4 * 32 + 12) * 4..<(4 * 32 + 12) * 4 + 4]).map(Int.init)
        #expect(cyan[0] <= 4 && cyan[1] >= 251 && cyan[2] >= 251 && cyan[3] == 255, "\(cyan)")
    }

    @Test("A broken JPEG names the field, the file and what is wrong")
    func brokenFiles() throws {
        let truncated = sceneError(rootScene(#""contents": {"image": "truncated.jpg"}"#), baseURL: Self.jpegFixtures)
        #expect(
            truncated == "root.contents.image: cannot read truncated.jpg: not a valid JPEG file: "
                + "Premature end of JPEG file (while decoding the pixels)")
        let corrupt = sceneError(rootScene(#""contents": {"image": "corrupt_data.jpg"}"#), baseURL: Self.jpegFixtures)
        let corruptPrefix = "root.contents.image: cannot read corrupt_data.jpg: not a valid JPEG file: "
        #expect(corrupt?.hasPrefix(corruptPrefix) == true, "\(corrupt ?? "no error")")
        let text = sceneError(rootScene(#""contents": {"image": "not_a_jpeg.jpg"}"#), baseURL: Self.jpegFixtures)
        #expect(
            text == "root.contents.image: cannot read not_a_jpeg.jpg: "
                + "not a PNG or JPEG file: it begins 54 68 69 73 20 69 73 20")
    }
}
