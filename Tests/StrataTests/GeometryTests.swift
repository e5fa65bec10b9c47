import Foundation
import Testing

@testable import Strata

func expectRect(
    _ r: CGRect, _ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat, tolerance: CGFloat = 1e-9,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let ok =
        abs(r.origin.x - x) <= tolerance && abs(r.origin.y - y) <= tolerance
        && abs(r.size.width - w) <= tolerance && abs(r.size.height - h) <= tolerance
    #expect(ok, "\(r) is not (\(x), \(y), \(w), \(h))", sourceLocation: sourceLocation)
}

func expectPoint(
    _ p: CGPoint, _ x: CGFloat, _ y: CGFloat, tolerance: CGFloat = 1e-9,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        abs(p.x - x) <= tolerance && abs(p.y - y) <= tolerance, "\(p) is not (\(x), \(y))",
        sourceLocation: sourceLocation)
}

/// Records the order in which the public geometry setters run.
final class SetterSpy: CALayer {
    var log: [String] = []
    override var position: CGPoint {
        get { super.position }
        set { log.append("position"); super.position = newValue }
    }
    override var bounds: CGRect {
        get { super.bounds }
        set { log.append("bounds"); super.bounds = newValue }
    }
}

@Suite struct GeometryTests {
    func layer(bounds: CGRect, position: CGPoint, anchor: CGPoint = CGPoint(x: 0.5, y: 0.5)) -> CALayer {
        let l = CALayer()
        l.bounds = bounds
        l.position = position
        l.anchorPoint = anchor
        return l
    }

    /// frame.origin = position − anchorPoint × size (seed 003), bounds.origin not involved.
    @Test func frameWithAnchorPoints() {
        let l = layer(bounds: CGRect(x: 0, y: 0, width: 40, height: 20), position: CGPoint(x: 100, y: 50))
        expectRect(l.frame, 80, 40, 40, 20, tolerance: 0)
        l.anchorPoint = .zero
        expectRect(l.frame, 100, 50, 40, 20, tolerance: 0)
        l.anchorPoint = CGPoint(x: 1, y: 0.25)
        expectRect(l.frame, 60, 45, 40, 20, tolerance: 0)
        l.anchorPoint = CGPoint(x: -0.5, y: 2)  // outside the layer: still the same formula
        expectRect(l.frame, 120, 10, 40, 20, tolerance: 0)
        l.bounds = CGRect(x: 13, y: -7, width: 40, height: 20)  // scrolls the content, not the frame
        expectRect(l.frame, 120, 10, 40, 20, tolerance: 0)
    }

    /// Core Animation: a 50×50 layer at (0, 0) scaled by 2 has frame (−25, −25, 100, 100).
    @Test func frameWithScale() {
        let l = CALayer()
        l.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        l.transform = CATransform3DMakeScale(2, 2, 1)
        expectRect(l.frame, -25, -25, 100, 100)
        #expect(l.bounds.size == CGSize(width: 50, height: 50))
        #expect(l.position == CGPoint(x: 25, y: 25))
    }

    @Test func frameWithRotationAndAnchor() {
        let l = layer(bounds: CGRect(x: 0, y: 0, width: 40, height: 20), position: CGPoint(x: 100, y: 100))
        l.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        // About the centre: 20 wide, 40 high.
        expectRect(l.frame, 90, 80, 20, 40)
        // About the top-left corner: (x, y) → (−y, x), so the box spans x ∈ [80, 100], y ∈ [100, 140].
        l.anchorPoint = .zero
        expectRect(l.frame, 80, 100, 20, 40)
        // 45°: the box of a rotated 40×20 rectangle is (40 + 20)/√2 on each side.
        l.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        l.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        let side = 60 / CGFloat(2).squareRoot()
        expectRect(l.frame, 100 - side / 2, 100 - side / 2, side, side)
        // A translation in the transform moves the frame.
        l.transform = CATransform3DMakeTranslation(7, -3, 0)
        expectRect(l.frame, 87, 87, 40, 20)
    }

    /// A layer turned 60° about y under its own perspective (m34 = −1/500), 100×100 about its centre:
    /// a corner (x, y) relative to the anchor goes to (x·c, y, −x·s), w = 1 + x·s/500.
    @Test func frameWithPerspective() {
        let l = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: .zero)
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        l.transform = CATransform3DRotate(t, 60 * degrees, 0, 1, 0)
        let c: CGFloat = 0.5, s = CGFloat(3).squareRoot() / 2
        let wNear = 1 - 50 * s / 500, wFar = 1 + 50 * s / 500  // x = −50 comes nearer the eye
        let left = -50 * c / wNear, right = 50 * c / wFar, top = -50 / wNear
        expectRect(l.frame, left, top, right - left, -2 * top, tolerance: 1e-12)
        #expect(abs(left - -27.3703411) < 1e-6 && abs(right - 23.0074927) < 1e-6 && abs(top - -54.7406821) < 1e-6)
        // zPosition does not enter the frame (no perspective above the layer).
        l.zPosition = 300
        expectRect(l.frame, left, top, right - left, -2 * top, tolerance: 1e-12)
    }

    @Test func frameBehindTheEyeIsNull() {
        let l = layer(bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: .zero)
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 100
        l.transform = CATransform3DTranslate(t, 0, 0, 200)  // every point has w = −1
        #expect(l.frame.isNull)
        // Half behind: only the visible half counts, and it reaches far out.
        l.transform = CATransform3DRotate(t, .pi / 2 - 0.01, 0, 1, 0)
        l.bounds = CGRect(x: 0, y: 0, width: 1000, height: 10)
        let f = l.frame
        #expect(!f.isNull && f.width.isFinite && f.width > 1000)
    }

    @Test func setFrameIdentity() {
        let spy = SetterSpy()
        spy.bounds = CGRect(x: 5, y: 6, width: 1, height: 1)
        spy.anchorPoint = CGPoint(x: 0.25, y: 1)
        spy.log = []
        spy.frame = CGRect(x: 10, y: 20, width: 80, height: 40)
        #expect(spy.log == ["position", "bounds"])  // the public setters, in Core Animation's order
        #expect(spy.position == CGPoint(x: 30, y: 60))
        #expect(spy.bounds == CGRect(x: 5, y: 6, width: 80, height: 40))  // origin kept
        expectRect(spy.frame, 10, 20, 80, 40, tolerance: 0)
        // A negative size is standardised first.
        spy.frame = CGRect(x: 90, y: 60, width: -80, height: -40)
        expectRect(spy.frame, 10, 20, 80, 40, tolerance: 0)
    }

    /// With a scale, Core Animation sets bounds.size = frame.size ÷ scale, and the frame round-trips.
    @Test func setFrameWithScale() {
        let l = CALayer()
        l.transform = CATransform3DMakeScale(0.25, 0.75, 1)
        l.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        #expect(l.bounds.width == 400 && abs(l.bounds.height - 100 / 0.75) < 1e-12)
        #expect(l.position == CGPoint(x: 100, y: 100))
        expectRect(l.frame, 50, 50, 100, 100)
    }

    /// With a 90° rotation the size is swapped; the translation part is ignored, as Core Animation does.
    @Test func setFrameWithRotationAndTranslation() {
        let l = CALayer()
        l.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        l.frame = CGRect(x: 0, y: 0, width: 30, height: 10)
        #expect(abs(l.bounds.width - 10) < 1e-12 && abs(l.bounds.height - 30) < 1e-12)
        expectRect(l.frame, 0, 0, 30, 10, tolerance: 1e-12)

        let m = CALayer()
        m.transform = CATransform3DMakeTranslation(5, 0, 0)
        m.frame = CGRect(x: 0, y: 0, width: 30, height: 10)
        #expect(m.position == CGPoint(x: 15, y: 5))
        expectRect(m.frame, 5, 0, 30, 10)  // not a round trip: Core Animation's behaviour
    }

    /// A 3D transform has no affine part: setting the frame keeps its size.
    @Test func setFrameWith3DTransform() {
        let l = CALayer()
        l.transform = CATransform3DMakeRotation(0.5, 0, 1, 0)
        #expect(l.affineTransform() == .identity)
        l.frame = CGRect(x: 0, y: 0, width: 30, height: 10)
        #expect(l.bounds.size == CGSize(width: 30, height: 10))
        #expect(l.position == CGPoint(x: 15, y: 5))
    }

    @Test func affineTransformAccessors() {
        let l = CALayer()
        let m = CGAffineTransform(a: 2, b: 0.5, c: -1, d: 3, tx: 4, ty: 5)
        l.setAffineTransform(m)
        #expect(l.affineTransform() == m)
        expectMatrix(l.transform, [2, 0.5, 0, 0, -1, 3, 0, 0, 0, 0, 1, 0, 4, 5, 0, 1])
    }

    /// transformToSuperlayer: T(−anchor) × transform × T(position, zPosition) × the
    /// superlayer's sublayerTransform about its anchor point.
    @Test func transformToSuperlayer() {
        let parent = layer(bounds: CGRect(x: 0, y: 0, width: 200, height: 100), position: .zero)
        parent.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        let child = layer(bounds: CGRect(x: 10, y: 0, width: 20, height: 20), position: CGPoint(x: 50, y: 50))
        child.zPosition = 4
        parent.addSublayer(child)
        // The child's top-left (10, 0) is 10 left and 10 up of its anchor (20, 10): it sits at
        // (40, 40, 4) in the parent before the sublayer transform, which doubles x and y about
        // the parent's anchor (100, 50): (−20, 30).
        let p = mapPoint(child.transformToSuperlayer(parent), 10, 0, 0)
        #expect(abs(p.0 - -20) < 1e-12 && abs(p.1 - 30) < 1e-12 && abs(p.2 - 4) < 1e-12)
        #expect(child.transformToSuperlayer == child.transformToSuperlayer(parent))
        let q = mapPoint(child.transformToSuperlayer(nil), 10, 0, 0)
        #expect(abs(q.0 - 40) < 1e-12 && abs(q.1 - 40) < 1e-12)
        // flattened drops z.
        let f = CATransform3DMakeRotation(0.5, 0, 1, 0).flattened
        #expect(f.m13 == 0 && f.m23 == 0 && f.m33 == 0 && f.m43 == 0 && f.m31 != 0)
    }
}
