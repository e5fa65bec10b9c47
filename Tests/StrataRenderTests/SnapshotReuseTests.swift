import Foundation
import Strata
import StrataScene
import Testing

@testable import StrataLayerRaster
@testable import StrataRender

/// A flattener keeps its layer-tree snapshot from frame to frame and updates
/// it in place. Whatever it held before (another moment of the same scene,
/// or another scene entirely), the render list must be the one a fresh
/// snapshot gives.
@Suite struct SnapshotReuseTests {
    @Test func aReusedSnapshotFlattensAsAFreshOne() throws {
        let files = LayerSpaceBoundsTests.sceneFiles
        #expect(files.count >= 10, "found \(files.count) scene files")
        let rasterizer: LayerRasterizer =
            (try? StandardLayerRasterizer.shapesAndText()) ?? StandardLayerRasterizer([ShapeLayerRasterizer()])
        var kept = Flattener(size: CGSize(width: 1, height: 1))
        var compared = 0
        // Each scene at several moments, then the next scene: nodes kept,
        // replaced, added and dropped.
        for file in files {
            let scene = try Scene.load(contentsOf: file)
            for time in [0, scene.time, scene.time / 2, scene.time, scene.time + 0.25] {
                let tree = try scene.presentationTree(at: time)
                kept.size = scene.size
                kept.scale = Double(scene.scale)
                kept.background = scene.background
                kept.rasterizer = rasterizer
                let fresh = Flattener(size: scene.size, scale: Double(scene.scale), background: scene.background,
                                      rasterizer: rasterizer)
                let reused = kept.renderList(for: tree)
                let made = fresh.renderList(for: tree)
                #expect(reused == made, "\(file.lastPathComponent) at \(time)")
                compared += 1
            }
        }
        #expect(compared >= 50)
    }

    @Test func theSnapshotSaysWhenNothingChanged() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        let card = CALayer()
        card.frame = CGRect(x: 8, y: 8, width: 16, height: 16)
        card.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        root.addSublayer(card)
        var snapshot = LayerTreeSnapshot([root])
        snapshot.update(from: [root])
        #expect(!snapshot.hasChanges)
        let flattener = Flattener(size: CGSize(width: 64, height: 64))
        let before = flattener.renderList(for: snapshot)
        #expect(before.screen.items.count == 1)
        card.position.x += 10
        snapshot.update(from: [root])
        #expect(snapshot.hasChanges && snapshot.changedNodeCount == 1)
        let after = flattener.renderList(for: snapshot)
        #expect(before != after)
        #expect(after == Flattener(size: CGSize(width: 64, height: 64)).renderList(for: root))
    }

    /// A tree that holds still is flattened until its list settles (cached
    /// looks appear a frame after a change), then its last list is given
    /// again without flattening; any change, or other settings, flatten anew.
    @Test func aSettledListIsGivenAgainWhileNothingChanges() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        let card = CALayer()
        card.frame = CGRect(x: 8, y: 8, width: 16, height: 16)
        card.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        card.cornerRadius = 4
        root.addSublayer(card)
        let cache = AppearanceCache()
        var flattener = Flattener(size: CGSize(width: 64, height: 64))
        flattener.appearanceCache = cache
        var lists = (0..<3).map { _ in flattener.renderList(for: root) }
        // Made at least twice (the second shows whether it settled), at most three times.
        #expect(cache.frames >= 2 && cache.frames <= 3)
        #expect(lists[2] == lists[1])
        let made = cache.frames
        for _ in 0..<3 { lists.append(flattener.renderList(for: root)) }
        #expect(cache.frames == made, "a settled list was flattened again")
        #expect(lists.dropFirst(2).allSatisfy { $0 == lists[2] })
        let second = lists[2]
        card.position.x += 1
        let moved = flattener.renderList(for: root)
        #expect(moved != second && cache.frames == made + 1)
        #expect(moved.screen.items.count == 1)
        flattener.scale = 2
        #expect(flattener.renderList(for: root).pixelWidth == 128 && cache.frames == made + 2)
    }
}
