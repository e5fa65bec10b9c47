import Foundation
import Strata
@testable import StrataGL
import StrataHost
import Testing

/// Atlas pages' mip levels, built slot by slot on upload.
@Suite struct AtlasMipmapTests {
    /// A 1-pixel black and white checkerboard: its mean is mid grey at every level.
    static func checker(_ side: Int) -> CGImage {
        var pixels: [UInt8] = []
        for y in 0..<side {
            for x in 0..<side {
                let v: UInt8 = (x + y) % 2 == 0 ? 0 : 255
                pixels += [v, v, v, 255]
            }
        }
        return CGImage(width: side, height: side, pixels: pixels, label: "checker")
    }

    static func solid(_ side: Int, _ rgba: [UInt8]) -> CGImage {
        CGImage(width: side, height: side, pixels: Array([[UInt8]](repeating: rgba, count: side * side).joined()),
                label: "solid")
    }

    @Test func halvingAveragesEachTwoByTwoBlock() {
        let pixels: [UInt8] = [0, 0, 0, 0, 255, 255, 255, 255, 10, 20, 30, 40, 10, 20, 30, 40,
                               255, 255, 255, 255, 0, 0, 0, 0, 10, 20, 30, 40, 10, 20, 30, 40]
        #expect(TextureCache.halved(pixels, width: 4, height: 2) == [128, 128, 128, 128, 10, 20, 30, 40])
    }

    /// Contents drawn at an eighth of their pixels sample the coarsest level:
    /// the checkerboard is grey (not aliased to black or white), and a red
    /// image placed next to it in the same page stays red. A slot uploaded in
    /// a later frame leaves the earlier slots' levels as they were.
    @Test func minifiedContentsSampleTheirOwnLevels() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 32, height: 16)
        for (i, image) in [Self.checker(64), Self.solid(64, [255, 0, 0, 255])].enumerated() {
            let l = CALayer()
            l.frame = CGRect(x: CGFloat(i) * 16, y: 0, width: 8, height: 8)
            l.contents = image
            root.addSublayer(l)
        }
        let renderer = try OffscreenRenderer()
        func check(_ image: CGImage) {
            let grey = pixel(image, 4, 4), red = pixel(image, 20, 4)
            #expect(grey[0] > 100 && grey[0] < 155, "checkerboard at 1/8: \(grey)")
            #expect(close(red, [255, 0, 0, 255], 3), "red at 1/8: \(red)")
        }
        check(try renderer.render(root, size: CGSize(width: 32, height: 16), background: .white).image)
        #expect(renderer.resources.atlasPages == 1)
        let blue = CALayer()
        blue.frame = CGRect(x: 0, y: 8, width: 8, height: 8)
        blue.contents = Self.solid(40, [0, 0, 255, 255])
        root.addSublayer(blue)
        let second = try renderer.render(root, size: CGSize(width: 32, height: 16), background: .white).image
        check(second)
        #expect(close(pixel(second, 4, 12), [0, 0, 255, 255], 3))
        #expect(renderer.resources.atlasPages == 1)
    }
}
