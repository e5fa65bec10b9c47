import Foundation
import Strata
import StrataScene
import Testing
import _StrataTestSupport

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
        let rasterizer = StandardLayerRasterizer.shapesAndTextIfFonts()
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
                let fresh = Flattener(for: scene, rasterizer: rasterizer)
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

    /// A 64-point root holding one rounded grey card (a cached look).
    private static func roundedCard() -> (root: CALayer, card: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        let card = CALayer()
        card.frame = CGRect(x: 8, y: 8, width: 16, height: 16)
        card.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        card.cornerRadius = 4
        root.addSublayer(card)
        return (root, card)
    }

    /// A tree that holds still is flattened until its list settles (cached
    /// looks appear a frame after a change), then its last list is given
    /// again without flattening; any change, or other settings, flatten anew.
    @Test func aSettledListIsGivenAgainWhileNothingChanges() {
        let (root, card) = Self.roundedCard()
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

    /// Another rasterizer object is another setting: the list is made anew,
    /// then settles again. A rasterizer that is a value cannot be told the
    /// same as before: every list is made.
    @Test func anotherRasterizerFlattensAnew() {
        struct DrawsNothing: LayerRasterizer {
            func rasterContents(of source: RasterSource, pixelsPerPoint: Double) -> (image: RasterImage, rect: CGRect)?
            {
                nil
            }
        }
        let root = Self.roundedCard().root
        let cache = AppearanceCache()
        var flattener = Flattener(size: CGSize(width: 64, height: 64), rasterizer: ShapeLayerRasterizer())
        flattener.appearanceCache = cache
        for _ in 0..<4 { _ = flattener.renderList(for: root) }
        let settled = cache.frames
        _ = flattener.renderList(for: root)
        #expect(cache.frames == settled)
        flattener.rasterizer = ShapeLayerRasterizer()
        for _ in 0..<4 { _ = flattener.renderList(for: root) }
        #expect(cache.frames > settled && cache.frames <= settled + 3)
        let again = cache.frames
        _ = flattener.renderList(for: root)
        #expect(cache.frames == again)
        flattener.rasterizer = DrawsNothing()
        for _ in 0..<3 { _ = flattener.renderList(for: root) }
        #expect(cache.frames == again + 3)
        flattener.rasterizer = nil
        for _ in 0..<4 { _ = flattener.renderList(for: root) }
        let none = cache.frames
        _ = flattener.renderList(for: root)
        #expect(cache.frames == none)
    }

    /// A kept flattener draws a cached leaf that only moved from its look's
    /// key, without building its items (`AppearanceMemo`). Whatever changes
    /// in between (its look while it was off screen and not drawn, its name,
    /// another layer's look, a reused presentation copy's animated bytes),
    /// its lists must be those a fresh snapshot gives with the same cache
    /// history: for model trees (the same layer objects change) and for
    /// presentation trees (animated copies reused in place, others made anew).
    @Test(arguments: [false, true]) func rememberedLooksDrawAsFreshOnes(presentationTrees: Bool) throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        func card(x: CGFloat) -> CALayer {
            let card = CALayer()
            card.frame = CGRect(x: x, y: 30, width: 40, height: 30)
            card.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 1, alpha: 1)
            card.cornerRadius = 6
            card.borderWidth = 2
            card.borderColor = CGColor(gray: 1, alpha: 0.5)
            card.shadowOpacity = 0.6
            card.shadowRadius = 4
            root.addSublayer(card)
            return card
        }
        // Drawn in this order, all alike at first: a look remembered wrongly
        // finds its place in the atlas, made by a card drawn before.
        let c = card(x: 160), b = card(x: 120), a = card(x: 20)
        _ = c
        let ticker = FrameTicker(rootLayer: root)
        if presentationTrees {
            ticker.tick(at: 0)
            let turn = CABasicAnimation(keyPath: "transform.rotation.y")
            turn.fromValue = 0
            turn.toValue = 1
            turn.duration = 10
            a.add(turn, forKey: "turn")
            // Animated bytes that change the look, copied into b's reused copy
            // as they are, from step 6 on; c, drawn first and looking as b did,
            // places that look in the atlas.
            let round = CABasicAnimation(keyPath: "cornerRadius")
            round.fromValue = 6
            round.toValue = 16
            round.beginTime = 6.5 / 60
            round.duration = 1
            b.add(round, forKey: "round")
        }
        var kept = Flattener(size: root.bounds.size)
        kept.appearanceCache = AppearanceCache()
        var fresh = Flattener(size: root.bounds.size)
        fresh.appearanceCache = AppearanceCache()
        let steps: [(String, () -> Void)] = [
            ("still", {}), ("still", {}), ("moved", { a.position.x += 3 }),
            (
                "off screen, recoloured",
                {
                    a.position.x = -500; a.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                }
            ),
            ("back", { a.position.x = 40 }), ("still", {}), ("renamed", { a.name = "a" }),
            ("other look", { b.cornerRadius = 12 }), ("bordered", { a.borderWidth = 4 }), ("still", {}),
            ("moved", { a.position.y += 2 }),
        ]
        var cachedItems = 0
        for (k, step) in steps.enumerated() {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            step.1()
            CATransaction.commit()
            let tree = presentationTrees ? ticker.tick(at: Double(k + 1) / 60) : root
            let list = kept.renderList(for: tree)
            let same = list == fresh.renderList(for: LayerTreeSnapshot([tree]))  // (not printed whole when they differ)
            #expect(same, "step \(k): \(step.0)")
            cachedItems += list.screenLabels.filter { $0.hasSuffix(".cached") }.count
        }
        #expect(cachedItems >= 10, "looks were drawn cached (\(cachedItems) items)")
    }
}
