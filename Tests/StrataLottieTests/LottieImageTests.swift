import Foundation
import Strata
import Testing

@testable import StrataLottie

/// Image assets: embedded (`data:` URLs) and files (`u` + `p`), PNG or JPEG by their bytes.
@Suite struct LottieImageTests {
    /// The layer holding the image of asset `id`'s first use (the tree's only image).
    func imageLayer(in tree: LottieLayerTree) -> CALayer? {
        allLayers(tree.root).first { $0.contents is CGImage }
    }

    /// Pixel (x, y) of `image` as RGBA.
    func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * image.width + x) * 4
        return image.pixels[i..<i + 4].map(Int.init)
    }

    /// The JPEG's 8 × 8 blocks (Tests/StrataTests/Fixtures/jpeg/rgb_baseline.jpg): their centres'
    /// colours within a JPEG's few levels, in both rows.
    func expectJPEGBlocks(_ image: CGImage, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(image.width == 32 && image.height == 16, sourceLocation: sourceLocation)
        guard image.width == 32, image.height == 16 else { return }
        let expected: [(x: Int, y: Int, rgba: [Int])] = [
            (4, 4, [230, 30, 40, 255]), (12, 4, [40, 200, 60, 255]), (20, 4, [30, 60, 220, 255]),
            (28, 4, [255, 255, 255, 255]), (4, 12, [0, 0, 0, 255]), (28, 12, [120, 40, 160, 255]),
        ]
        for (x, y, rgba) in expected {
            let got = pixel(image, x, y)
            #expect(
                zip(got, rgba).allSatisfy { abs($0 - $1) <= 4 }, "(\(x), \(y)): \(got) ≠ \(rgba)",
                sourceLocation: sourceLocation)
        }
    }

    @Test func embeddedJPEG() throws {
        let tree = try LottieFiles.load("image_jpeg_embedded").makeLayerTree()
        #expect(tree.warnings.isEmpty, "\(tree.warnings)")
        let holder = try #require(imageLayer(in: tree))
        #expect(holder.bounds == CGRect(x: 0, y: 0, width: 32, height: 16))
        expectJPEGBlocks(try #require(holder.contents as? CGImage))
    }

    @Test func jpegFile() throws {
        let tree = try LottieFiles.load("image_jpeg_file").makeLayerTree()
        #expect(tree.warnings.isEmpty, "\(tree.warnings)")
        let image = try #require(imageLayer(in: tree)?.contents as? CGImage)
        expectJPEGBlocks(image)
        #expect(image.label.hasSuffix("Tests/Lottie/images/blocks.jpg"), "\(image.label)")
    }

    /// The bytes decide, not the MIME type: PNG bytes labelled image/jpeg, and the other way round, decode.
    @Test func theBytesDecideTheFormat() throws {
        let jpeg = try Data(contentsOf: LottieFiles.folder.appendingPathComponent("images/blocks.jpg"))
        let composition = try lottie(
            layers: #"[{"ddd":0,"ty":2,"refId":"img","ip":0,"op":30,"st":0,"ks":{}}]"#,
            assets: #"[{"id":"img","w":32,"h":16,"u":"","e":1,"#
                + #""p":"data:image/png;base64,\#(jpeg.base64EncodedString())"}]"#)
        let tree = try composition.makeLayerTree()
        #expect(tree.warnings.isEmpty, "\(tree.warnings)")
        expectJPEGBlocks(try #require(imageLayer(in: tree)?.contents as? CGImage))
        // The PNG animation's embedded image still reads (through the same path).
        let png = try LottieFiles.load("image_embedded").makeLayerTree()
        #expect(png.warnings.isEmpty, "\(png.warnings)")
        let image = try #require(imageLayer(in: png)?.contents as? CGImage)
        #expect(image.width == 16 && pixel(image, 15, 0) == [240, 0, 200, 255])
    }

    /// A truncated JPEG is a warning naming the layer and what is wrong; the rest of the animation builds.
    @Test func truncatedJPEGIsAWarning() throws {
        let jpeg = try Data(contentsOf: LottieFiles.folder.appendingPathComponent("images/blocks.jpg"))
        // Cut halfway through the pixel data, after the first scan's header (FF DA).
        let scan = try #require((0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
        let cut = jpeg.prefix((scan + jpeg.count) / 2).base64EncodedString()
        let composition = try lottie(
            layers: #"[{"ddd":0,"ty":2,"refId":"img","ip":0,"op":30,"st":0,"ks":{}},"#
                + shapeLayer(
                    #"[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},"#
                        + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]"#) + "]",
            assets: #"[{"id":"img","w":32,"h":16,"u":"","e":1,"p":"data:image/jpeg;base64,\#(cut)"}]"#)
        let tree = try composition.makeLayerTree()
        #expect(imageLayer(in: tree) == nil)
        let messages = tree.warnings.map(\.message)
        let expected = "image not drawn: not a valid JPEG file: Premature end of JPEG file (while decoding the pixels)"
        #expect(messages == [expected], "\(tree.warnings)")
        #expect(tree.warnings.first?.path == "layers[0]", "\(tree.warnings)")
        #expect(allLayers(tree.root).contains { $0 is CAShapeLayer })
    }
}
