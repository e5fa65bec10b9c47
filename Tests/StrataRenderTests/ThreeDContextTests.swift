import Foundation
import Strata
import Testing
import _StrataTestSupport

@testable import StrataRender

/// 3D contexts as Core Animation defines them: a context ends at the nearest
/// plain ancestor, whose plane receives it with z dropped before its own
/// transform applies. Expected corners are computed here point by point
/// (apply, drop z, apply, divide), not with the flattener's matrices.
@Suite struct ThreeDContextTests {
    /// `p` through `m` (row vectors), homogeneous.
    func apply(_ m: CATransform3D, _ p: (Double, Double, Double, Double)) -> (Double, Double, Double, Double) {
        (
            p.0 * m.m11 + p.1 * m.m21 + p.2 * m.m31 + p.3 * m.m41,
            p.0 * m.m12 + p.1 * m.m22 + p.2 * m.m32 + p.3 * m.m42,
            p.0 * m.m13 + p.1 * m.m23 + p.2 * m.m33 + p.3 * m.m43,
            p.0 * m.m14 + p.1 * m.m24 + p.2 * m.m34 + p.3 * m.m44
        )
    }

    /// A point carried up through `steps`; after each step the point is
    /// projected (divided by w) and, where the step ends in a plain layer's
    /// plane, its z is dropped.
    func carry(_ x: Double, _ y: Double, through steps: [(CATransform3D, flattenAfter: Bool)]) -> (Double, Double) {
        var p = (x, y, 0.0, 1.0)
        for (m, flatten) in steps {
            p = apply(m, p)
            p = (p.0 / p.3, p.1 / p.3, flatten ? 0 : p.2 / p.3, 1)
        }
        return (p.0, p.1)
    }

    func expectClose(_ a: (x: Double, y: Double)?, _ b: (Double, Double), _ comment: Comment) {
        guard let a else { Issue.record("point behind the eye: \(comment)"); return }
        #expect(abs(a.x - b.0) < 1e-6 && abs(a.y - b.1) < 1e-6, comment)
    }

    /// A plane rotated about x (with perspective) holding a transform layer whose
    /// face stands 97 points in front of it: the face's depth must not pass
    /// through the plane's perspective (the shared scene `transform_layer_in_flat_3d`).
    @Test func depthInsideAContextDoesNotReachTheFlatAncestorsPerspective() throws {
        let root = canvasRoot(CGSize(width: 500, height: 500))
        let plane = makeLayer(
            "plane", bounds: CGRect(x: 0, y: 0, width: 100, height: 193),
            position: CGPoint(x: 150, y: 250))
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 800
        plane.transform = CATransform3DRotate(t, .pi / 6, 1, 0, 0)
        let box = CATransformLayer()
        box.bounds = CGRect(x: 0, y: 0, width: 67, height: 115)
        box.position = CGPoint(x: 50, y: 79)
        box.transform = CATransform3DMakeRotation(.pi / 9, 0, 1, 0)
        let front = makeLayer(
            "front", bounds: CGRect(x: 0, y: 0, width: 120, height: 90),
            position: CGPoint(x: 33.5, y: 57.5))
        front.transform = CATransform3DMakeTranslation(0, 0, 97)
        box.addSublayer(front)
        plane.addSublayer(box)
        root.addSublayer(plane)

        let list = Flattener(size: CGSize(width: 500, height: 500)).renderList(for: root)
        let face = try #require(list.screen.items.first { list.label(of: $0) == "front" })
        // front → box: one 3D space (no flattening); box → plane: the context
        // is flattened into the plane; plane → root → canvas: flat.
        let steps: [(CATransform3D, flattenAfter: Bool)] = [
            (front.transformToSuperlayer(box), false),
            (box.transformToSuperlayer(plane), true),
            (plane.transformToSuperlayer(root), true),
            (root.transformToSuperlayer(nil), true),
        ]
        for (u, v) in [(0.0, 0.0), (120.0, 0.0), (0.0, 90.0), (120.0, 90.0), (60.0, 45.0)] {
            expectClose(face.mapping.project(u, v), carry(u, v, through: steps), "corner (\(u), \(v))")
        }
    }

    /// Sibling transform layers under a plain layer are separate contexts
    /// painted in tree order, whatever their depths: the later one is on top.
    @Test func siblingTransformLayersUnderAPlainLayerPaintInOrder() {
        let root = canvasRoot(CGSize(width: 200, height: 200))
        let card = makeLayer(
            "card", bounds: CGRect(x: 0, y: 0, width: 200, height: 200),
            position: CGPoint(x: 100, y: 100), color: nil)
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        card.transform = CATransform3DRotate(t, 0.3, 0, 1, 0)
        func ring(_ name: String, z: CGFloat) -> CATransformLayer {
            let ring = CATransformLayer()
            ring.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            ring.position = CGPoint(x: 100, y: 100)
            let face = makeLayer(
                name, bounds: CGRect(x: 0, y: 0, width: 80, height: 80),
                position: CGPoint(x: 50, y: 50))
            face.transform = CATransform3DMakeTranslation(0, 0, z)
            ring.addSublayer(face)
            return ring
        }
        // The first context is nearer the viewer but paints first.
        card.addSublayer(ring("near", z: 80))
        card.addSublayer(ring("far", z: -80))
        root.addSublayer(card)
        let labels = Flattener(size: CGSize(width: 200, height: 200)).renderList(for: root).screenLabels
        #expect(labels == ["near", "far"])
    }

    /// Inside one context, a transform layer nested in a transform layer
    /// extends it: its planes sort with their cousins by depth.
    @Test func nestedTransformLayersShareTheirParentsContext() {
        let root = canvasRoot(CGSize(width: 200, height: 200))
        let outer = CATransformLayer()
        outer.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        outer.position = CGPoint(x: 100, y: 100)
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        outer.sublayerTransform = t
        let inner = CATransformLayer()
        inner.bounds = outer.bounds
        inner.position = outer.position
        let near = makeLayer(
            "near", bounds: CGRect(x: 0, y: 0, width: 80, height: 80), position: CGPoint(x: 100, y: 100))
        near.zPosition = 50
        let far = makeLayer("far", bounds: CGRect(x: 0, y: 0, width: 80, height: 80), position: CGPoint(x: 110, y: 100))
        far.zPosition = -50
        inner.addSublayer(near)
        outer.addSublayer(inner)
        outer.addSublayer(far)
        root.addSublayer(outer)
        let labels = Flattener(size: CGSize(width: 200, height: 200)).renderList(for: root).screenLabels
        #expect(labels == ["far", "near"])
    }

    /// A context inside a plane that clips (masksToBounds) is cut by the
    /// plane's rounded bounds: its items carry the plane's clip.
    @Test func aClippingPlaneCutsTheContextInsideIt() throws {
        let root = canvasRoot(CGSize(width: 300, height: 300))
        let card = makeLayer(
            "card", bounds: CGRect(x: 0, y: 0, width: 200, height: 150),
            position: CGPoint(x: 150, y: 150))
        card.masksToBounds = true
        card.cornerRadius = 20
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 400
        card.transform = CATransform3DRotate(t, 0.4, 1, 0, 0)
        let ring = CATransformLayer()
        ring.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        ring.position = CGPoint(x: 100, y: 75)
        let face = makeLayer(
            "face", bounds: CGRect(x: 0, y: 0, width: 150, height: 150), position: CGPoint(x: 50, y: 50))
        face.transform = CATransform3DMakeTranslation(0, 0, 60)
        ring.addSublayer(face)
        card.addSublayer(ring)
        root.addSublayer(card)
        let list = Flattener(size: CGSize(width: 300, height: 300)).renderList(for: root)
        let item = try #require(list.screen.items.first { list.label(of: $0) == "face" })
        #expect(item.clip >= 0)
        let clip = list.clips[Int(item.clip)]
        #expect(clip.rect == card.bounds)
        #expect(clip.radii.minXMinY == 20)
    }
}
