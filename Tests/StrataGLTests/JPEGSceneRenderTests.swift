import Foundation
import Strata
import StrataHost
import StrataScene
import Testing

/// JPEG images drawn from a scene file (Scenes/jpeg_images.scene.json): an RGB,
/// an Adobe CMYK and a grey JPEG of 8 × 8 colour blocks (the JPEG fixtures of
/// StrataTests), each shown at twice its size, every block's middle in its colour.
@Suite struct JPEGSceneRenderTests {
    static let scene = StrataProcess.packageRoot
        .appendingPathComponent("Tests/StrataGLTests/Scenes/jpeg_images.scene.json")

    /// Block colours, row 0 then row 1, 4 blocks a row (as Fixtures/jpeg/make_fixtures.py writes them).
    static let rgb: [[Int]] = [
        [230, 30, 40], [40, 200, 60], [30, 60, 220], [255, 255, 255],
        [0, 0, 0], [128, 128, 128], [240, 220, 30], [120, 40, 160],
    ]
    /// The CMYK inks' colours on white, (255 − ink)(255 − K) / 255: white, cyan, magenta, yellow,
    /// black, half black, and two mixes.
    static let cmyk: [[Int]] = [
        [255, 255, 255], [0, 255, 255], [255, 0, 255], [255, 255, 0],
        [0, 0, 0], [127, 127, 127], [46, 131, 215], [163, 54, 120],
    ]
    static let grey: [[Int]] = [0, 36, 73, 109, 146, 182, 219, 255].map { [$0, $0, $0] }

    @Test func jpegLayersDrawTheirBlocks() throws {
        let scene = try Scene.load(contentsOf: Self.scene)
        let tree = try scene.presentationTree(at: 0)
        let out = try OffscreenRenderer().render(
            tree, size: scene.size, scale: Double(scene.scale),
            background: scene.background)
        #expect(out.image.width == 248 && out.image.height == 48)
        var wrong: [String] = []
        for (left, colours, name) in [(8, Self.rgb, "rgb"), (92, Self.cmyk, "cmyk"), (176, Self.grey, "grey")] {
            for block in 0..<8 {
                // The middle of the 16 × 16 pixels block `block` covers at twice its size.
                let x = left + block % 4 * 16 + 8, y = 8 + block / 4 * 16 + 8
                let got = pixel(out.image, x, y)
                if !close(got, colours[block] + [255], 5) {
                    wrong.append("\(name) block \(block) at (\(x), \(y)): \(got)")
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "; "))")
        // Outside the layers: the white background.
        #expect(close(pixel(out.image, 4, 4), [255, 255, 255, 255]))
        #expect(close(pixel(out.image, 80, 44), [255, 255, 255, 255]))
    }
}
