import Foundation
import Testing

@testable import Strata

/// `LayerTreeSnapshot`: layer trees as index-linked values, and what changed
/// from one update to the next.
@Suite struct LayerTreeSnapshotTests {
    /// A root with three sublayers (the middle one with a mask and a sublayer of its own).
    func tree() -> (root: CALayer, a: CALayer, b: CALayer, c: CALayer, mask: CALayer, inner: CALayer) {
        let root = CALayer(), a = CALayer(), b = CAGradientLayer(), c = CALayer()
        let mask = CALayer(), inner = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        for (k, layer) in [a, b, c].enumerated() {
            layer.frame = CGRect(x: CGFloat(k) * 60, y: 10, width: 50, height: 50)
            root.addSublayer(layer)
        }
        b.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)]
        mask.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        b.mask = mask
        inner.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
        b.addSublayer(inner)
        return (root, a, b, c, mask, inner)
    }

    func index(of layer: CALayer, in snapshot: LayerTreeSnapshot) throws -> Int {
        try #require(snapshot.nodes.firstIndex { $0.layerID == ObjectIdentifier(layer) })
    }

    @Test func nodesLinkSublayersMasksAndParents() throws {
        let t = tree()
        let snapshot = LayerTreeSnapshot([t.root])
        #expect(snapshot.nodes.count == 6)
        let root = Int(snapshot.roots[0])
        #expect(root == 0 && snapshot.nodes[root].parent == -1)
        let subs = snapshot.sublayers(of: root).map(Int.init)
        #expect(try subs == [index(of: t.a, in: snapshot), index(of: t.b, in: snapshot), index(of: t.c, in: snapshot)])
        let b = try index(of: t.b, in: snapshot)
        #expect(snapshot.nodes[b].kind == .gradient)
        guard case .gradient(let gradient) = snapshot.nodes[b].content else {
            Issue.record("the gradient's content is not in its node")
            return
        }
        #expect(gradient.colors.count == 2)
        #expect(try Int(snapshot.nodes[b].mask) == index(of: t.mask, in: snapshot))
        #expect(try snapshot.sublayers(of: b).map(Int.init) == [index(of: t.inner, in: snapshot)])
        #expect(try snapshot.nodes[index(of: t.inner, in: snapshot)].parent == Int32(b))
        // A mask is in no superlayer's sublayers and has no sublayer transform above it.
        #expect(try snapshot.nodes[index(of: t.mask, in: snapshot)].parent == -1)
        // Each node's state is its layer's, and its transform to its parent is the layer's.
        #expect(snapshot.nodes[b].state.bounds == t.b.bounds)
        #expect(snapshot.nodes[b].toParent == t.b.transformToSuperlayer(t.root))
    }

    @Test func sublayersAreInDrawingOrder() throws {
        let t = tree()
        t.a.zPosition = 5
        t.c.zPosition = -1
        let snapshot = LayerTreeSnapshot([t.root])
        #expect(
            try snapshot.sublayers(of: 0).map(Int.init)
                == [index(of: t.c, in: snapshot), index(of: t.b, in: snapshot), index(of: t.a, in: snapshot)])
    }

    /// A list sorted by `zPosition` is compared in its drawing order: the same
    /// order next time is no change of structure, another is (whether a
    /// model or an animated `zPosition` sorts it).
    @Test func aSortedListChangesStructureOnlyWhenItsOrderDoes() throws {
        let t = tree()
        t.a.zPosition = 5
        t.c.zPosition = -1
        var snapshot = LayerTreeSnapshot([t.root])
        snapshot.update(from: [t.root])
        #expect(!snapshot.hasChanges && snapshot.nodes[0].changes.isEmpty)
        // Another z that keeps the order: a state change of one node, not the list's.
        t.a.zPosition = 7
        snapshot.update(from: [t.root])
        #expect(!snapshot.nodes[0].changes.contains(.structure))
        #expect(try snapshot.nodes[index(of: t.a, in: snapshot)].changes.contains(.state))
        // A z that puts `a` first: the list's order changes.
        t.a.zPosition = -2
        snapshot.update(from: [t.root])
        #expect(snapshot.nodes[0].changes.contains(.structure))
        #expect(
            try snapshot.sublayers(of: 0).map(Int.init)
                == [index(of: t.a, in: snapshot), index(of: t.c, in: snapshot), index(of: t.b, in: snapshot)])
        // Sampled: an animated z sorts a list whose model z are all the same.
        t.a.zPosition = 0
        t.c.zPosition = 0
        let animation = CABasicAnimation(keyPath: "zPosition")
        (animation.fromValue, animation.toValue, animation.duration) = (10, 10, 100)
        CATransaction.begin()
        t.a.add(animation, forKey: "z")
        CATransaction.commit()
        var events: [AnimationEvent] = []
        var sampled = LayerTreeSnapshot()
        for _ in 0..<2 {
            CALayer.readingTrees([t.root]) {
                sampled.update(sampling: t.root, at: CACurrentMediaTime(), advancing: false, events: &events)
            }
        }
        #expect(!sampled.nodes[0].changes.contains(.structure))
        #expect(
            try sampled.sublayers(of: 0).map(Int.init)
                == [index(of: t.b, in: sampled), index(of: t.c, in: sampled), index(of: t.a, in: sampled)])
    }

    @Test func anUnchangedTreeKeepsEveryNodeWithNoChanges() {
        let t = tree()
        var snapshot = LayerTreeSnapshot([t.root])
        #expect(snapshot.hasChanges && snapshot.nodes.allSatisfy { $0.changes == LayerChanges.own.union(.subtree) })
        let ids = snapshot.nodes.map(\.layerID)
        snapshot.update(from: [t.root])
        #expect(!snapshot.hasChanges)
        #expect(snapshot.changedNodeCount == 0)
        #expect(snapshot.nodes.map(\.layerID) == ids)
        #expect(snapshot.nodes.allSatisfy { $0.changes.isEmpty })
    }

    @Test func oneMovedLayerChangesItsNodeAndMarksItsAncestors() throws {
        let t = tree()
        var snapshot = LayerTreeSnapshot([t.root])
        t.inner.position = CGPoint(x: 30, y: 30)
        snapshot.update(from: [t.root])
        #expect(snapshot.hasChanges && snapshot.changedNodeCount == 1)
        let inner = try index(of: t.inner, in: snapshot), b = try index(of: t.b, in: snapshot)
        #expect(snapshot.nodes[inner].changes == [.state, .subtree])
        #expect(snapshot.nodes[inner].toParent == t.inner.transformToSuperlayer(t.b))
        #expect(snapshot.nodes[b].changes == .subtree)
        #expect(snapshot.nodes[0].changes == .subtree)
        for layer in [t.a, t.c, t.mask] { #expect(try snapshot.nodes[index(of: layer, in: snapshot)].changes.isEmpty) }
    }

    @Test func aParentsSublayerTransformReachesItsSublayersTransforms() throws {
        let t = tree()
        var snapshot = LayerTreeSnapshot([t.root])
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        t.root.sublayerTransform = perspective
        snapshot.update(from: [t.root])
        #expect(snapshot.nodes[0].changes.contains(.state))
        for layer in [t.a, t.b, t.c] {
            let node = try index(of: layer, in: snapshot)
            #expect(snapshot.nodes[node].toParent == layer.transformToSuperlayer(t.root))
            #expect(snapshot.nodes[node].changes.isEmpty)
        }
    }

    @Test func structuralChangesAreStructure() throws {
        let t = tree()
        var snapshot = LayerTreeSnapshot([t.root])
        t.b.mask = nil
        snapshot.update(from: [t.root])
        let b = try index(of: t.b, in: snapshot)
        #expect(snapshot.nodes[b].changes.contains(.structure) && snapshot.nodes[b].mask == -1)
        #expect(snapshot.nodes.count == 5)
        // Reordered sublayers: the root's list changes, its sublayers keep their state.
        t.root.insertSublayer(t.c, at: 0)
        snapshot.update(from: [t.root])
        #expect(snapshot.nodes[0].changes.contains(.structure))
        #expect(try snapshot.sublayers(of: 0).first.map(Int.init) == index(of: t.c, in: snapshot))
        // An update from another tree reuses the storage and makes every node anew.
        let other = CALayer()
        snapshot.update(from: [other])
        #expect(snapshot.nodes.count == 1 && snapshot.nodes[0].layerID == ObjectIdentifier(other))
        #expect(snapshot.nodes[0].changes.contains(.structure))
    }

    @Test func aNameOrContentChangeIsSeen() throws {
        let t = tree()
        var snapshot = LayerTreeSnapshot([t.root])
        (t.b as! CAGradientLayer).locations = [0, 0.5]
        t.a.name = "a"
        snapshot.update(from: [t.root])
        #expect(try snapshot.nodes[index(of: t.b, in: snapshot)].changes == [.content, .subtree])
        #expect(try snapshot.nodes[index(of: t.a, in: snapshot)].changes == [.state, .subtree])
        #expect(try snapshot.nodes[index(of: t.a, in: snapshot)].name == "a")
    }

    @Test func equalValuesInOtherObjectsAreAChangeAndCopyWhole() throws {
        let t = tree()
        var snapshot = LayerTreeSnapshot([t.root])
        t.a.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        t.a.opacity = 0.5
        snapshot.update(from: [t.root])
        let a = try index(of: t.a, in: snapshot)
        #expect(snapshot.nodes[a].changes.contains(.state))
        #expect(snapshot.nodes[a].state.backgroundColor === t.a.backgroundColor)
        #expect(snapshot.nodes[a].state.opacity == 0.5)
        // Only numbers changed: copied as bytes, the colour still the same object.
        t.a.opacity = 0.25
        t.a.position.x += 1
        snapshot.update(from: [t.root])
        #expect(snapshot.nodes[a].state.opacity == 0.25 && snapshot.nodes[a].state.position == t.a.position)
        #expect(snapshot.nodes[a].state.backgroundColor === t.a.backgroundColor)
    }

    /// A replicator whose instances show different moments: each delayed
    /// instance's sublayers are nodes of their own, linked from the replicator's.
    @Test func delayedInstancesLinkTheirOwnSublayers() throws {
        let stage = Stage()
        let r = CAReplicatorLayer()
        r.instanceCount = 3
        r.instanceDelay = 0.25
        let dot = CALayer()
        r.addSublayer(dot)
        stage.show(r)
        let fade = CABasicAnimation(keyPath: "opacity")
        (fade.fromValue, fade.toValue, fade.duration, fade.beginTime) = (0, 1, 1, 1e-9)
        fade.fillMode = .both
        dot.add(fade, forKey: "fade")
        let snapshot = LayerTreeSnapshot([try #require(stage.tick(0.75).sublayers?.first)])
        let node = Int(snapshot.roots[0])
        #expect(snapshot.nodes[node].delayedInstances.count == 2)
        for k in 0..<3 {
            let sub = try #require(snapshot.sublayers(of: node, instance: k).first)
            #expect(snapshot.nodes[Int(sub)].parent == Int32(node))
            #expect(
                near(Double(snapshot.nodes[Int(sub)].state.opacity), 0.75 - 0.25 * Double(k), 1e-6), "instance \(k)")
        }
    }

    /// Presentation copies carry which writing of their state they hold: a
    /// kept snapshot compares and copies only a new writing (an animated
    /// layer's copy, made anew each frame), and must hold what a fresh one
    /// does, frame after frame, through model changes and a copy changed by hand.
    @Test func aKeptSnapshotFollowsPresentationTrees() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let spinning = CALayer(), fading = CALayer(), still = CALayer()
        for (k, layer) in [spinning, fading, still].enumerated() {
            layer.frame = CGRect(x: CGFloat(k) * 60, y: 10, width: 50, height: 50)
            layer.backgroundColor = CGColor(gray: 0.5, alpha: 1)
            root.addSublayer(layer)
        }
        // What a class draws rides along: an animated path end, a still gradient.
        let stroke = CAShapeLayer(), gradient = CAGradientLayer()
        stroke.path = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        gradient.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)]
        root.addSublayer(stroke)
        root.addSublayer(gradient)
        let ticker = FrameTicker(rootLayer: root)
        _ = ticker.tick(at: 0)
        let draw = CABasicAnimation(keyPath: "strokeEnd")
        (draw.fromValue, draw.toValue, draw.duration) = (0, 1, 1)
        stroke.add(draw, forKey: "draw")
        let spin = CABasicAnimation(keyPath: "transform.rotation.y")
        (spin.fromValue, spin.toValue, spin.duration, spin.repeatCount) = (0, Double.pi * 2, 1, 100)
        spinning.add(spin, forKey: "spin")
        let fade = CABasicAnimation(keyPath: "opacity")
        (fade.fromValue, fade.toValue, fade.duration, fade.repeatCount) = (1, 0, 0.5, 100)
        fading.add(fade, forKey: "fade")
        var kept = LayerTreeSnapshot()
        for frame in 1...12 {
            if frame == 5 { fading.position.x += 3 }  // a model change: the copy is made anew
            if frame == 8 { spinning.borderWidth = 2 }
            let tree = ticker.tick(at: Double(frame) / 60)
            if frame == 10 {
                // A copy set by hand: its state is no version's any more.
                let copy = try #require(tree.sublayers?.first)
                copy.cornerRadius = 7
                #expect(copy._stateVersion == 0)
            }
            kept.update(from: [tree])
            if frame == 10 { #expect(kept.nodes[1].state.cornerRadius == 7) }
            var fresh = LayerTreeSnapshot([tree])
            #expect(kept.nodes.count == fresh.nodes.count)
            for i in kept.nodes.indices {
                #expect(LayerState.sameFields(&kept.nodes[i].state, &fresh.nodes[i].state), "frame \(frame), node \(i)")
                #expect(kept.nodes[i].content == fresh.nodes[i].content, "frame \(frame), node \(i)")
            }
            // The still layers are the same writing every frame: no change.
            if frame > 2 { #expect(kept.nodes[3].changes.isEmpty && kept.nodes[5].changes.isEmpty, "frame \(frame)") }
            #expect(kept.nodes[4].changes.contains(.content), "frame \(frame): the path end moved")
        }
        // The next frames' copies show the model again.
        #expect(kept.nodes[1].state.cornerRadius == 0)
    }

    /// Every field of `LayerState` is a key of the table: changes are
    /// compared, and plain data copied, only where the table says fields lie.
    @Test func theTableCoversEveryFieldOfLayerState() {
        let fields = Mirror(reflecting: LayerState()).children.count
        let keyed = LayerPropertyTable.layer.values.filter { $0.fieldSpan != nil }.count
        #expect(fields == keyed)
        let covered = LayerState.fieldSpans.reduce(0) { $0 + $1.size }
        #expect(covered <= MemoryLayout<LayerState>.size)
        // What is copied as bytes and what holds references make up the whole value.
        #expect(
            LayerState.nonReferenceSpans.reduce(0) { $0 + $1.size }
                + LayerState.referenceSpans.reduce(0) { $0 + $1.size } == MemoryLayout<LayerState>.size)
        #expect(
            LayerState.referenceSpans.allSatisfy { span in
                LayerState.fieldSpans.contains {
                    $0.offset <= span.offset && span.offset + span.size <= $0.offset + $0.size
                }
            })
    }
}
