import Foundation
import Strata
import StrataGL
import StrataHost
import Testing

@testable import StrataRender

/// Atlas pages: mip levels built slot by slot on upload, and starting over when stale.
@Suite struct AtlasTests {
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
        // Built as whole texels: fast even in a debug build.
        let texel = rgba.withUnsafeBytes { $0.load(as: UInt32.self) }
        let pixels = [UInt32](repeating: texel, count: side * side).withUnsafeBytes { Array($0) }
        return CGImage(width: side, height: side, pixels: pixels, label: "solid")
    }

    @Test func halvingAveragesEachTwoByTwoBlock() {
        let pixels: [UInt8] = [
            0, 0, 0, 0, 255, 255, 255, 255, 10, 20, 30, 40, 10, 20, 30, 40,
            255, 255, 255, 255, 0, 0, 0, 0, 10, 20, 30, 40, 10, 20, 30, 40,
        ]
        #expect(AtlasPlanner.halved(pixels, width: 4, height: 2) == [128, 128, 128, 128, 10, 20, 30, 40])
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

    /// An atlas that would open another page while most of what it holds has
    /// not been drawn lately starts over instead; one whose contents are all
    /// still drawn opens the page.
    @Test func aStaleAtlasStartsOverRatherThanGrow() throws {
        let renderer = try OffscreenRenderer(width: 32, height: 32)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
        let big = CALayer(), small = CALayer()
        big.frame = CGRect(x: 0, y: 0, width: 16, height: 16)
        small.frame = CGRect(x: 16, y: 16, width: 4, height: 4)
        // Drawn at half its size, so it shares the mipmapped page (contents shown at their size or larger go to a flat one).
        small.contents = Self.solid(8, [0, 255, 0, 255])
        root.addSublayer(big)
        root.addSublayer(small)
        func frame() throws { _ = try renderer.render(root, size: CGSize(width: 32, height: 32)) }
        // 500 × 500 contents take a 528 × 528 block: 9 to a 2048-pixel page.
        for i in 0..<9 {
            big.contents = Self.solid(500, [UInt8(i * 20), 0, 0, 255])
            try frame()
        }
        #expect(renderer.resources.atlasPages == 1 && renderer.resources.atlasEntries == 10)
        // Only the small layer, moving, for longer than the stale age.
        big.contents = nil
        for i in 0..<(AtlasPlanner.staleFrames + 2) {
            small.position = CGPoint(x: 20 + CGFloat(i % 8), y: 20)
            try frame()
        }
        big.contents = Self.solid(500, [0, 0, 200, 255])
        try frame()
        #expect(renderer.resources.atlasPages == 1, "started over with this frame's two contents")
        #expect(renderer.resources.atlasEntries == 2)
        // Now fill the page with contents drawn every frame: the ninth opens a page.
        var layers: [CALayer] = []
        for i in 0..<9 {
            let l = CALayer()
            l.frame = CGRect(x: CGFloat(i), y: 20, width: 2, height: 2)
            l.contents = Self.solid(500, [0, UInt8(i * 20), 0, 255])
            root.addSublayer(l)
            layers.append(l)
            try frame()
        }
        #expect(renderer.resources.atlasPages == 2)
    }
}
