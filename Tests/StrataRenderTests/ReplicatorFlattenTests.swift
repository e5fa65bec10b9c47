import Foundation
import Testing
import _StrataTestSupport

@testable import Strata
@testable import StrataRender

/// How replicator layers flatten: one pass over the sublayers per instance,
/// through the instance's transform and colour, nested replicators composing
/// both, delayed instances showing their own moment, and depth-preserving
/// replicators sharing one sorted 3D space.
@Suite struct ReplicatorFlattenTests {
    /// The device point where `item`'s local point lands.
    func device(_ item: DrawItem, _ x: Double, _ y: Double) -> (x: Double, y: Double) {
        item.mapping.project(x, y) ?? (.nan, .nan)
    }

    func close(_ a: (x: Double, y: Double), _ b: (Double, Double), _ tolerance: Double = 1e-6) -> Bool {
        abs(a.x - b.0) <= tolerance && abs(a.y - b.1) <= tolerance
    }

    /// A 12-dot spinner: dots 30° apart about the replicator's centre, each
    /// fainter and less red than the one before.
    func spinner() -> (root: CALayer, replicator: CAReplicatorLayer) {
        let root = canvasRoot(CGSize(width: 200, height: 200))
        let r = CAReplicatorLayer()
        r.name = "spinner"
        r.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        r.position = CGPoint(x: 100, y: 100)
        r.instanceCount = 12
        r.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        r.instanceColor = CGColor(red: 1, green: 0.75, blue: 0.5, alpha: 1)
        r.instanceRedOffset = -0.05
        r.instanceAlphaOffset = -0.08
        let dot = makeLayer("dot", bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 50, y: 10))
        dot.cornerRadius = 5
        r.addSublayer(dot)
        root.addSublayer(r)
        return (root, r)
    }

    @Test func spinnerDrawsOneItemPerInstanceAroundTheCentre() throws {
        let (root, _) = spinner()
        let list = Flattener(size: CGSize(width: 200, height: 200)).renderList(for: root)
        let items = try #require(list.passes.last?.items)
        #expect(items.count == 12 && list.labels(of: items).allSatisfy { $0 == "dot" })
        // One layer visit per instance: the dot is not copied, it is drawn 12 times.
        #expect(list.layerCount == 2 + 12)
        for (k, item) in items.enumerated() {
            // The dot's centre (5, 5) sits at (50, 10) in the replicator, 40 above its centre,
            // turned k × 30° (clockwise on screen: y points down).
            let angle = Double(k) * .pi / 6
            let expected = (100 + 40 * sin(angle), 100 - 40 * cos(angle))
            #expect(close(device(item, 5, 5), expected, 1e-9), "instance \(k)")
            let alpha = Float(max(0, 1 - 0.08 * Double(k)))
            let red = Float(max(0, 1 - 0.05 * Double(k)))
            #expect(abs(item.tint.a - alpha) < 1e-6 && abs(item.tint.r - red * alpha) < 1e-6)
            #expect(abs(item.tint.g - 0.75 * alpha) < 1e-6 && abs(item.tint.b - 0.5 * alpha) < 1e-6)
            // The colours themselves are the dot's: the tint multiplies them when drawn.
            #expect(item.fill == PremultipliedColor(.white))
        }
        RenderListSnapshot.check(list, named: "replicator_spinner")
    }

    @Test func instancesFadedOutEntirelyAreSkipped() throws {
        let (root, r) = spinner()
        r.instanceAlphaOffset = -0.25
        let items = try #require(
            Flattener(size: CGSize(width: 200, height: 200)).renderList(for: root).passes.last?.items)
        #expect(items.count == 4)
        r.instanceCount = 0
        #expect(
            Flattener(size: CGSize(width: 200, height: 200)).renderList(for: root).passes.last?.items.isEmpty == true)
    }

    @Test func ownPartsBelowTheInstancesAndTheBorderAbove() throws {
        let (root, r) = spinner()
        r.backgroundColor = CGColor(gray: 0.2, alpha: 1)
        r.borderWidth = 2
        r.instanceCount = 3
        let list = Flattener(size: CGSize(width: 200, height: 200)).renderList(for: root)
        let items = list.screen.items
        #expect(list.screenLabels == ["spinner", "dot", "dot", "dot", "spinner.border"])
        #expect(items.first?.tint == .white && items.last?.tint == .white)
    }

    @Test func nestedReplicatorsComposeTransformsAndColours() throws {
        let root = canvasRoot(CGSize(width: 300, height: 300))
        let rows = CAReplicatorLayer()
        rows.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        rows.position = CGPoint(x: 150, y: 150)
        rows.instanceCount = 3
        rows.instanceTransform = CATransform3DMakeTranslation(0, 50, 0)
        rows.instanceGreenOffset = -0.5
        let columns = CAReplicatorLayer()
        columns.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
        columns.instanceCount = 4
        columns.instanceTransform = CATransform3DMakeTranslation(45, 0, 0)
        columns.instanceBlueOffset = -0.25
        columns.addSublayer(
            makeLayer(
                "cell", bounds: CGRect(x: 0, y: 0, width: 40, height: 40),
                position: CGPoint(x: 20, y: 20)))
        rows.addSublayer(columns)
        root.addSublayer(rows)
        let list = Flattener(size: CGSize(width: 300, height: 300)).renderList(for: root)
        let items = try #require(list.passes.last?.items)
        #expect(items.count == 12)
        for row in 0..<3 {
            for column in 0..<4 {
                let item = items[row * 4 + column]
                // The rows replicator's origin is at (50, 50) on the canvas.
                #expect(
                    close(device(item, 0, 0), (50 + 45 * Double(column), 50 + 50 * Double(row))),
                    "cell \(row),\(column)")
                #expect(
                    item.tint
                        == PremultipliedColor(
                            r: 1, g: max(0, 1 - 0.5 * Float(row)),
                            b: 1 - 0.25 * Float(column), a: 1))
            }
        }
    }

    @Test func delayedInstancesDrawTheirOwnMoment() throws {
        let root = canvasRoot(CGSize(width: 200, height: 200))
        let (_, r) = spinner()
        r.removeFromSuperlayer()
        r.instanceDelay = 0.1
        r.instanceAlphaOffset = 0
        root.addSublayer(r)
        let ticker = FrameTicker(rootLayer: root)
        ticker.tick(at: 0)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 1
        fade.fillMode = .both
        r.sublayers?.first?.add(fade, forKey: "fade")
        ticker.tick(at: 0)
        let tree = ticker.tick(at: 0.55)
        let items = try #require(
            Flattener(size: CGSize(width: 200, height: 200)).renderList(for: tree).passes.last?.items)
        #expect(items.count == 12)
        for (k, item) in items.enumerated() {
            let progress = min(max(0.55 - 0.1 * Double(k), 0), 1)
            #expect(abs(Double(item.opacity) - (1 - progress)) < 1e-5, "instance \(k)")
        }
    }

    /// A flat replicator whose step turns instances out of its plane: each
    /// instance is carried through the step (and the replicator's perspective)
    /// before the replicator's plane drops z, as a plain layer's sublayers are.
    @Test func flatReplicatorsDropDepthAfterTheInstanceTransform() throws {
        let root = canvasRoot(CGSize(width: 400, height: 400))
        let r = CAReplicatorLayer()
        r.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        r.position = CGPoint(x: 200, y: 200)
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        r.sublayerTransform = p
        r.instanceCount = 2
        r.instanceTransform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        let card = makeLayer(
            "card", bounds: CGRect(x: 0, y: 0, width: 60, height: 60), position: CGPoint(x: 150, y: 100))
        card.transform = CATransform3DMakeTranslation(0, 0, 30)
        r.addSublayer(card)
        root.addSublayer(r)
        let items = try #require(
            Flattener(size: CGSize(width: 400, height: 400)).renderList(for: root).passes.last?.items)
        #expect(items.count == 2)
        // Expected by hand: card corner (0, 0) → replicator space (120, 70, 30) → about the
        // centre (100, 100): (20, -30, 30), turned 60° about y, then the perspective.
        let (s, c) = (sin(Double.pi / 3), cos(Double.pi / 3))
        let x = 20 * c + 30 * s, z = -20 * s + 30 * c
        let w = 1 - z / 500  // m34 = -1/500 about the anchor (100, 100, 0)
        let expected: (Double, Double) = (200 + x / w, 200 - 30 / w)
        #expect(close(device(items[1], 0, 0), expected, 1e-6))
        let w0: Double = 1 - 30.0 / 500
        let first: (Double, Double) = (200 + 20 / w0, 200 - 30 / w0)
        #expect(close(device(items[0], 0, 0), first, 1e-6))
    }

    /// The replicated cube of the shared scene: four faces, 90° apart about y,
    /// in one 3D space, drawn back to front.
    @Test func depthPreservingReplicatorSortsItsInstances() throws {
        let root = canvasRoot(CGSize(width: 200, height: 200))
        let r = CAReplicatorLayer()
        r.bounds = CGRect(x: 0, y: 0, width: 120, height: 120)
        r.position = CGPoint(x: 100, y: 100)
        r.preservesDepth = true
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 400
        r.sublayerTransform = p
        r.instanceCount = 4
        r.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        r.instanceRedOffset = -0.25
        let face = makeLayer("face", bounds: CGRect(x: 0, y: 0, width: 80, height: 80), position: CGPoint(x: 60, y: 60))
        face.transform = CATransform3DMakeTranslation(0, 0, 40)
        r.addSublayer(face)
        root.addSublayer(r)
        let list = Flattener(size: CGSize(width: 200, height: 200)).renderList(for: root)
        let items = try #require(list.passes.last?.items)
        // Tints tell the instances apart: instance k has red 1 − k/4. The
        // side faces meet the front and back at their edges, where the
        // sorter splits off slivers (as it does for a transform layer's cube).
        let front = try #require(items.firstIndex { $0.tint == .white })
        #expect(items.count(where: { $0.tint == .white }) == 1)
        #expect(items.first?.tint.r == 0.5)
        #expect(items[..<front].contains { $0.tint.r == 0.5 } && !items[front...].contains { $0.tint.r == 0.5 })
        func width(_ item: DrawItem) -> Double { abs(device(item, 80, 40).x - device(item, 0, 40).x) }
        #expect(abs(width(items[front]) - 80 * 400 / 360) < 1e-6)
        #expect(abs(width(items[0]) - 80 * 400 / 440) < 1e-6)
        RenderListSnapshot.check(list, named: "replicator_cube")
    }

    @Test func depthPreservingReplicatorsJoinTheirContext() throws {
        // Inside a transform layer, a depth-preserving replicator's instances
        // are planes of the transform layer's space (sorted with its other
        // sublayers), not flattened into the replicator first.
        let root = canvasRoot(CGSize(width: 200, height: 200))
        let space = CATransformLayer()
        space.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        space.position = CGPoint(x: 100, y: 100)
        let r = CAReplicatorLayer()
        r.frame = space.bounds
        r.preservesDepth = true
        r.instanceCount = 2
        r.instanceTransform = CATransform3DMakeTranslation(0, 0, -20)
        r.addSublayer(
            makeLayer("slab", bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 50, y: 50)))
        space.addSublayer(r)
        let middle = makeLayer(
            "middle", bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 50, y: 50))
        middle.zPosition = -10
        space.addSublayer(middle)
        root.addSublayer(space)
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 300
        root.sublayerTransform = p
        let list = Flattener(size: CGSize(width: 200, height: 200)).renderList(for: root)
        // z: slab 0 at 0, middle at -10, slab 1 at -20: back to front slab 1, middle, slab 0.
        let items = list.screen.items
        #expect(list.screenLabels == ["slab", "middle", "slab"])
        #expect(items[0].tint == .white && items[2].tint == .white)
        #expect(width(items[0]) < width(items[1]) && width(items[1]) < width(items[2]))
        func width(_ item: DrawItem) -> Double { device(item, 50, 25).x - device(item, 0, 25).x }
    }

    @Test func nestedReplicatorsStopAtTheBudget() throws {
        // 1000 × 1000 × 1000 instances: drawn up to the budget, not forever.
        let root = canvasRoot(CGSize(width: 100, height: 100))
        var parent = root
        for _ in 0..<3 {
            let r = CAReplicatorLayer()
            r.instanceCount = 1000
            r.instanceTransform = CATransform3DMakeTranslation(0.01, 0, 0)
            parent.addSublayer(r)
            parent = r
        }
        parent.addSublayer(makeLayer("dot", bounds: CGRect(x: 0, y: 0, width: 1, height: 1), position: .zero))
        let list = Flattener(size: CGSize(width: 100, height: 100)).renderList(for: root)
        let drawn = list.passes.last?.items.count ?? 0
        #expect(drawn >= FlattenState.maximumReplicatedLayers / 2)
        #expect(list.layerCount <= FlattenState.maximumReplicatedLayers + 3 * 1000 + 10)
    }

    @Test func tintedItemsAreNotDrawnByTheTexturedQuadProgram() {
        var item = DrawItem(
            kind: .composite, mapping: .identity, quad: CGRect(x: 0, y: 0, width: 4, height: 4),
            shape: CGRect(x: 0, y: 0, width: 4, height: 4),
            content: .texture(
                .pass(0), uv: CGRect(x: 0, y: 0, width: 1, height: 1),
                rect: CGRect(x: 0, y: 0, width: 4, height: 4)),
            antialiasedEdges: 0)
        #expect(item.shading == .texturedQuad)
        item.tint = PremultipliedColor(r: 0.5, g: 0.5, b: 0.5, a: 1)
        #expect(item.shading == .layer)
    }
}
