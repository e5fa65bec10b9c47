import Foundation
import Testing

@testable import Strata

@Suite struct HitTestTests {
    func box(_ name: String, _ frame: CGRect) -> CALayer {
        let l = CALayer()
        l.name = name
        l.frame = frame
        return l
    }

    @Test func containsIsTheBoundsRectangle() {
        let l = box("l", CGRect(x: 50, y: 50, width: 100, height: 40))
        l.bounds.origin = CGPoint(x: 10, y: 20)
        #expect(l.contains(CGPoint(x: 10, y: 20)))  // minimum edges inside
        #expect(!l.contains(CGPoint(x: 110, y: 30)))  // maximum edges outside
        #expect(l.contains(CGPoint(x: 109.999, y: 59.999)))
        #expect(!l.contains(CGPoint(x: 9.999, y: 30)))
        // Rounded corners do not change hit testing in Core Animation.
        l.cornerRadius = 20
        l.masksToBounds = true
        #expect(l.contains(CGPoint(x: 10.5, y: 20.5)))
        #expect(l.hitTest(CGPoint(x: 50.5, y: 50.5)) === l)
    }

    @Test func topmostInArrayOrderWins() {
        let root = box("root", CGRect(x: 0, y: 0, width: 200, height: 200))
        let a = box("a", CGRect(x: 10, y: 10, width: 100, height: 100))
        let b = box("b", CGRect(x: 50, y: 50, width: 100, height: 100))
        root.addSublayer(a)
        root.addSublayer(b)
        #expect(root.hitTest(CGPoint(x: 60, y: 60)) === b)
        #expect(root.hitTest(CGPoint(x: 20, y: 20)) === a)
        #expect(root.hitTest(CGPoint(x: 190, y: 20)) === root)
        #expect(root.hitTest(CGPoint(x: 250, y: 20)) == nil)
        // zPosition changes the drawing order but not the hit-testing order (Core Animation).
        a.zPosition = 10
        #expect(root.hitTest(CGPoint(x: 60, y: 60)) === b)
        // The array order does.
        root.insertSublayer(b, below: a)
        #expect(root.hitTest(CGPoint(x: 60, y: 60)) === a)
    }

    @Test func pointIsInTheSuperlayersCoordinates() {
        let root = box("root", CGRect(x: 100, y: 100, width: 50, height: 50))
        let child = box("child", CGRect(x: 10, y: 10, width: 10, height: 10))
        root.addSublayer(child)
        #expect(root.hitTest(CGPoint(x: 115, y: 115)) === child)
        #expect(root.hitTest(CGPoint(x: 15, y: 15)) == nil)
        #expect(child.hitTest(CGPoint(x: 15, y: 15)) === child)
    }

    @Test func hiddenAndMasksToBounds() {
        let root = box("root", CGRect(x: 0, y: 0, width: 300, height: 300))
        let parent = box("parent", CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = box("child", CGRect(x: 150, y: 0, width: 50, height: 50))  // outside its parent
        root.addSublayer(parent)
        parent.addSublayer(child)
        #expect(root.hitTest(CGPoint(x: 160, y: 10)) === child)
        parent.masksToBounds = true
        #expect(root.hitTest(CGPoint(x: 160, y: 10)) === root)
        parent.masksToBounds = false
        child.isHidden = true
        #expect(root.hitTest(CGPoint(x: 160, y: 10)) === root)
        child.isHidden = false
        parent.isHidden = true  // hides the subtree
        #expect(root.hitTest(CGPoint(x: 160, y: 10)) === root)
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === root)
        // Opacity does not matter to Core Animation.
        parent.isHidden = false
        parent.opacity = 0
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === parent)
    }

    @Test func rotatedParent() {
        let root = box("root", CGRect(x: 0, y: 0, width: 400, height: 400))
        let parent = box("parent", CGRect(x: 100, y: 100, width: 100, height: 50))  // centre (150, 125)
        parent.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let child = box("child", CGRect(x: 80, y: 0, width: 20, height: 10))  // the parent's top-right corner
        root.addSublayer(parent)
        parent.addSublayer(child)
        // Parent point (90, 5) is (40, −20) from its anchor (50, 25); turned: (20, 40) → (170, 165).
        #expect(root.hitTest(CGPoint(x: 170, y: 165)) === child)
        // Where the child would be without the turn is now empty (outside the turned parent too).
        #expect(root.hitTest(CGPoint(x: 190, y: 105)) === root)
        // The turned parent covers x ∈ [125, 175], y ∈ [75, 175].
        #expect(root.hitTest(CGPoint(x: 130, y: 80)) === parent)
    }

    /// Parent 200 × 200 with perspective; the child (100 × 100, centred) turned 60° about y.
    /// Its right edge comes to x = 100 + 50c/(1 + 50s/500) ≈ 123.0, its left edge to ≈ 72.6.
    @Test func perspectiveParent() {
        let root = box("root", CGRect(x: 0, y: 0, width: 200, height: 200))
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        root.sublayerTransform = p
        let child = CALayer()
        child.name = "child"
        child.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        child.position = CGPoint(x: 100, y: 100)
        child.transform = CATransform3DMakeRotation(60 * degrees, 0, 1, 0)
        root.addSublayer(child)
        #expect(root.hitTest(CGPoint(x: 122.9, y: 100)) === child)
        #expect(root.hitTest(CGPoint(x: 123.1, y: 100)) === root)  // inside the unturned frame, but not hit
        #expect(root.hitTest(CGPoint(x: 72.7, y: 100)) === child)
        #expect(root.hitTest(CGPoint(x: 72.5, y: 100)) === root)
        // The near (left) edge is taller than 100: y = 100 ± 50/(1 − 50s/500) ≈ 100 ± 54.7.
        #expect(root.hitTest(CGPoint(x: 74, y: 153)) === child)
        #expect(root.hitTest(CGPoint(x: 121, y: 147)) === root)
        // A layer moved past the eye (z > 500) is not seen, so not hit.
        child.transform = CATransform3DIdentity
        child.zPosition = 600
        #expect(root.hitTest(CGPoint(x: 100, y: 100)) === root)
        // Edge-on: not hit.
        child.zPosition = 0
        child.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        #expect(root.hitTest(CGPoint(x: 100, y: 100)) === root)
    }

    /// Under a CATransformLayer the sublayer nearest the eye wins, whatever the array order;
    /// the transform layer itself is never returned.
    @Test func transformLayerDepth() {
        let root = box("root", CGRect(x: 0, y: 0, width: 200, height: 200))
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        root.sublayerTransform = p
        let group = CATransformLayer()
        group.name = "group"
        group.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        root.addSublayer(group)
        let near = box("near", CGRect(x: 50, y: 50, width: 100, height: 100))
        near.zPosition = 20
        let far = box("far", CGRect(x: 50, y: 50, width: 100, height: 100))
        far.zPosition = -20
        group.addSublayer(near)
        group.addSublayer(far)  // last in the array, but behind
        #expect(root.hitTest(CGPoint(x: 100, y: 100)) === near)
        near.zPosition = -40
        #expect(root.hitTest(CGPoint(x: 100, y: 100)) === far)
        // Nothing under the point: the transform layer is not a hit, its superlayer is.
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === root)
        #expect(group.hitTest(CGPoint(x: 10, y: 10)) == nil)
        // Asked directly, a transform layer's sublayer takes the point in the space of the
        // nearest flat ancestor (root): turn the group so that the answer depends on it.
        group.transform = CATransform3DMakeTranslation(500, 0, 0)
        #expect(far.hitTest(CGPoint(x: 600, y: 100)) === far)
        #expect(far.hitTest(CGPoint(x: 100, y: 100)) == nil)
    }
}
