import Foundation
import Strata
import Testing
import _StrataTestSupport

@testable import StrataLayerRaster
@testable import StrataRender

/// A kept flattener makes the bitmaps of the shapes that changed ahead of its
/// walk, side by side, where each was asked for in the last two frames: those
/// are what the walk then asks for, so none is made twice, and the pictures
/// are the bitmaps a flattening without them makes.
@Suite struct ShapesMadeAheadTests {
    /// Four stars `side` points wide whose paths change every frame; `moving` shifts them by a
    /// part of a pixel each frame (another pixel phase, another bitmap grid).
    static func play(frames: Int, moving: Bool, side: CGFloat = 300) -> (
        rasterizer: ShapeLayerRasterizer, made: [Int], ahead: [Int], root: CALayer, list: RenderList
    ) {
        let rasterizer = ShapeLayerRasterizer()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 4 * side + 100, height: side + 30)
        let stars = (0..<4).map { k in
            let star = AnimatedBitmapMemoryTests.star(side: side, frame: 0)
            star.position = CGPoint(x: side / 2 + 10 + (side + 10) * CGFloat(k), y: side / 2 + 10)
            root.addSublayer(star)
            return star
        }
        var flattener = Flattener(size: root.bounds.size, rasterizer: rasterizer)
        flattener.appearanceCache = nil
        var made: [Int] = [], ahead: [Int] = []
        var list = RenderList(pixelWidth: 1, pixelHeight: 1, background: .clear)
        for frame in 0..<frames {
            for (k, star) in stars.enumerated() {
                star.path = starPath(side: side, inner: 0.1 + 0.01 * CGFloat(frame) + 0.09 * CGFloat(k))
                if moving { star.position.x += 0.3 }
            }
            let before = (rasterizer.made, rasterizer.madeAhead)
            list = flattener.renderList(for: root)
            made.append(rasterizer.made - before.0)
            ahead.append(rasterizer.madeAhead - before.1)
        }
        return (rasterizer, made, ahead, root, list)
    }

    /// The pixels of each bitmap the list draws, in the order first drawn (a
    /// large one is drawn as several quads, one per run of painted tiles).
    static func bitmaps(_ list: RenderList) -> [[UInt8]] {
        var seen = Set<ObjectIdentifier>()
        return list.passes.flatMap(\.items).compactMap { item in
            guard case .texture(.raster(let image), _, _) = item.content, seen.insert(ObjectIdentifier(image)).inserted
            else { return nil }
            return image.pixels
        }
    }

    @Test func shapesHoldingStillAreMadeAheadAndOnlyOnce() {
        let played = Self.play(frames: 6, moving: false)
        // The first two frames learn where each star is drawn; then every changed star is made ahead.
        #expect(played.made == [4, 4, 4, 4, 4, 4])
        #expect(played.ahead == [0, 0, 4, 4, 4, 4])
        // The same bitmaps as a flattening that makes none ahead.
        var fresh = Flattener(size: played.root.bounds.size, rasterizer: ShapeLayerRasterizer())
        fresh.appearanceCache = nil
        let expected = Self.bitmaps(fresh.renderList(for: played.root))
        #expect(expected.count == 4)
        #expect(Self.bitmaps(played.list) == expected)
    }

    @Test func movingShapesAreNotMadeAhead() {
        // Each frame lands on another pixel phase: a bitmap made ahead would be wasted.
        let played = Self.play(frames: 6, moving: true)
        #expect(played.ahead == [0, 0, 0, 0, 0, 0])
        #expect(played.made == [4, 4, 4, 4, 4, 4])
    }

    @Test func smallShapesAreMadeOneByOne() {
        // Four bitmaps of about 82 × 82 pixels: making them side by side would cost more
        // in waking cores than it saves.
        let played = Self.play(frames: 6, moving: false, side: 80)
        #expect(played.ahead == [0, 0, 0, 0, 0, 0])
        #expect(played.made == [4, 4, 4, 4, 4, 4])
    }
}
