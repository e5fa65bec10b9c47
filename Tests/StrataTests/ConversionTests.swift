import Foundation
import Testing

@testable import Strata

@Suite struct ConversionTests {
    /// root (frame 100, 50, 300 × 300) ⊃ parent (frame 10, 20) ⊃ child (frame 5, 5).
    func tree() -> (root: CALayer, parent: CALayer, child: CALayer) {
        let root = CALayer(), parent = CALayer(), child = CALayer()
        root.frame = CGRect(x: 100, y: 50, width: 300, height: 300)
        parent.frame = CGRect(x: 10, y: 20, width: 100, height: 100)
        child.frame = CGRect(x: 5, y: 5, width: 20, height: 20)
        root.addSublayer(parent)
        parent.addSublayer(child)
        return (root, parent, child)
    }

    @Test func translationsAndNil() {
        let (root, parent, child) = tree()
        expectPoint(child.convert(CGPoint(x: 1, y: 2), to: parent), 6, 7)
        expectPoint(child.convert(CGPoint(x: 1, y: 2), to: root), 16, 27)
        expectPoint(root.convert(CGPoint(x: 16, y: 27), to: child), 1, 2)
        expectPoint(parent.convert(CGPoint(x: 1, y: 2), from: child), 6, 7)
        // nil is the space the root is placed in: Apple documents converting from nil
        // as "the point subtracted from the layer's frame's origin" (for a root layer).
        expectPoint(root.convert(CGPoint(x: 100, y: 50), from: nil), 0, 0)
        expectPoint(child.convert(CGPoint(x: 1, y: 2), to: nil), 116, 77)
        expectPoint(child.convert(CGPoint(x: 116, y: 77), from: nil), 1, 2)
        // Siblings: through their common parent.
        let sibling = CALayer()
        sibling.frame = CGRect(x: 50, y: 60, width: 10, height: 10)
        parent.addSublayer(sibling)
        expectPoint(child.convert(CGPoint(x: 0, y: 0), to: sibling), -45, -55)
        // Same layer: unchanged.
        expectPoint(child.convert(CGPoint(x: 3, y: 4), to: child), 3, 4)
    }

    @Test func boundsOriginAndSublayerTransform() {
        let (root, parent, child) = tree()
        // Scrolling the parent's content by (10, 0) moves its sublayers left.
        parent.bounds.origin = CGPoint(x: 10, y: 0)
        expectPoint(child.convert(CGPoint(x: 0, y: 0), to: root), 5, 25)
        // A sublayer transform acts about the parent's anchor point, in its bounds
        // coordinates: (60, 50) with bounds origin (10, 0).
        parent.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        // The child's origin is (5, 5) in the parent: (60, 50) + 2 × ((5, 5) − (60, 50)) = (−50, −40)
        // in parent bounds coordinates, then −10 + 10 for the parent's frame: (−50, −20) in root.
        expectPoint(child.convert(CGPoint(x: 0, y: 0), to: parent), -50, -40)
        expectPoint(child.convert(CGPoint(x: 0, y: 0), to: root), -50, -20)
        expectPoint(root.convert(CGPoint(x: -50, y: -20), to: child), 0, 0)
    }

    /// A child turned 60° about y in a parent with perspective (sublayerTransform m34 = −1/500).
    ///
    /// Parent: 200 × 200, anchor (100, 100). Child: 100 × 100 at position (100, 100).
    /// A child point (u, v) relative to its anchor (50, 50) goes to (u·c, v, −u·s) about the
    /// parent's anchor, w = 1 + u·s/500, and lands at (100 + u·c/w, 100 + v/w).
    @Test func throughPerspectiveParent() {
        let parent = CALayer()
        parent.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        parent.sublayerTransform = p
        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        child.position = CGPoint(x: 100, y: 100)
        child.transform = CATransform3DMakeRotation(60 * degrees, 0, 1, 0)
        parent.addSublayer(child)
        let c: CGFloat = 0.5, s = CGFloat(3).squareRoot() / 2

        // Up: the right edge's top corner, (u, v) = (50, −50).
        let w = 1 + 50 * s / 500
        expectPoint(child.convert(CGPoint(x: 100, y: 0), to: parent), 100 + 50 * c / w, 100 - 50 / w, tolerance: 1e-12)
        expectPoint(child.convert(CGPoint(x: 100, y: 0), to: parent), 123.0074927, 53.9850146, tolerance: 1e-6)

        // Down: the parent point (150, 120) is on the child where 100 + u·c/w = 150 and
        // 100 + v/w = 120 with w = 1 + u·s/500: u = 50 / (c − 50·s/500), v = 20·w.
        let u = 50 / (c - 50 * s / 500)
        let v = 20 * (1 + u * s / 500)
        let q = child.convert(CGPoint(x: 150, y: 120), from: parent)
        expectPoint(q, 50 + u, 50 + v, tolerance: 1e-9)
        expectPoint(q, 170.9489774, 74.1897955, tolerance: 1e-6)
        // ...and it goes back up to the same place.
        expectPoint(child.convert(q, to: parent), 150, 120, tolerance: 1e-9)
        // Not what inverting the 4×4 and dropping z gives (that point is off the child's plane).
        let naive = child.transformToSuperlayer.inverted()!.apply(x: 150, y: 120, z: 0)
        #expect(abs(naive.x / naive.w - q.x) > 1)

        // Rectangles: the bounding box of the four converted corners.
        let r = child.convert(child.bounds, to: parent)
        let wNear = 1 - 50 * s / 500
        expectRect(r, 100 - 50 * c / wNear, 100 - 50 / wNear, 50 * c / w + 50 * c / wNear, 100 / wNear, tolerance: 1e-9)
    }

    /// Under a CATransformLayer the child keeps its z: turning the transform layer 90° about y
    /// moves a child with zPosition 30 sideways by 30. A flat layer would flatten it first.
    @Test func throughTransformLayer() {
        for flat in [false, true] {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
            let group: CALayer = flat ? CALayer() : CATransformLayer()
            group.position = CGPoint(x: 100, y: 100)
            group.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
            let child = CALayer()
            child.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            child.zPosition = 30
            root.addSublayer(group)
            group.addSublayer(child)
            let p = child.convert(CGPoint(x: 10, y: 10), to: root)
            if flat {
                expectPoint(p, 100, 100, tolerance: 1e-12)
            } else {
                // (0, 0, 30) × R_y(90°) = (30, 0, 0), then + (100, 100).
                expectPoint(p, 130, 100, tolerance: 1e-12)
                // Seen edge-on, the child's plane has no point for a root point: not finite.
                #expect(root.convert(CGPoint(x: 130, y: 100), to: child).x.isNaN)
            }
        }
        // At 60° the way down solves the combined matrix and returns to the start.
        let group = CATransformLayer()
        group.position = CGPoint(x: 100, y: 100)
        group.transform = CATransform3DMakeRotation(60 * degrees, 0, 1, 0)
        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        child.zPosition = 30
        let root = CALayer()
        root.addSublayer(group)
        group.addSublayer(child)
        let up = child.convert(CGPoint(x: 15, y: 2), to: root)
        // (5, −8, 30) × R_y(60°) = (5c + 30s, −8, −5s + 30c).
        let c: CGFloat = 0.5, s = CGFloat(3).squareRoot() / 2
        expectPoint(up, 100 + 5 * c + 30 * s, 92, tolerance: 1e-12)
        expectPoint(root.convert(up, to: child), 15, 2, tolerance: 1e-9)
    }

    @Test func rectangles() {
        let (root, parent, child) = tree()
        expectRect(child.convert(CGRect(x: 1, y: 2, width: 3, height: 4), to: root), 16, 27, 3, 4)
        // 45° turn of the parent: the box of the turned rectangle.
        parent.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        let r = parent.convert(CGRect(x: 50, y: 50, width: 10, height: 10), to: root)
        let d = 10 / CGFloat(2).squareRoot()
        // The parent's anchor (50, 50) sits at its position (60, 70); the rectangle's corner
        // (50, 50) is the anchor, and the turned square spans ±d across and 0…2d down.
        expectRect(r, 60 - d, 70, 2 * d, 2 * d, tolerance: 1e-12)
        // Null stays null.
        #expect(child.convert(CGRect.null, to: root).isNull)
    }

    /// Layers in different trees meet in the space their roots are placed in.
    @Test func differentTrees() {
        let a = CALayer(), b = CALayer()
        a.frame = CGRect(x: 10, y: 10, width: 10, height: 10)
        b.frame = CGRect(x: 100, y: 0, width: 10, height: 10)
        expectPoint(a.convert(CGPoint(x: 0, y: 0), to: b), -90, 10)
        #expect(CALayer.commonAncestor(a, b) == nil)
    }

    /// Apple's example: a layer with timeOffset 1 and speed 0.5 sees 0.5 s of another
    /// root layer's time as 1.25.
    @Test func timeConversion() {
        let layer = CALayer()
        let offsetSlowMoLayer = CALayer()
        offsetSlowMoLayer.timeOffset = 1
        offsetSlowMoLayer.speed = 0.5
        #expect(offsetSlowMoLayer.convertTime(0.5, from: layer) == 1.25)
        #expect(layer.convertTime(1.25, from: offsetSlowMoLayer) == 0.5)
        #expect(offsetSlowMoLayer.convertTime(1.25, to: layer) == 0.5)

        // Nested: parent beginTime 1, speed 2; child timeOffset 3. Global 5 → parent 8 → child 11.
        let parent = CALayer(), child = CALayer()
        parent.beginTime = 1
        parent.speed = 2
        child.timeOffset = 3
        parent.addSublayer(child)
        #expect(child.convertTime(5, from: nil) == 11)
        #expect(child.convertTime(11, to: nil) == 5)
        #expect(child.convertTime(8, from: parent) == 11)
        #expect(parent.convertTime(11, from: child) == 8)
        // A paused layer (speed 0) has no way back up.
        child.speed = 0
        #expect(child.convertTime(100, from: nil) == 3)
        #expect(!child.convertTime(3, to: nil).isFinite)
    }
}
