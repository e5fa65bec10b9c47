import Foundation
import Strata

// Small helpers the demos share, written as an iOS app's own helpers would be.

/// `value` limited to `range`.
func clamp<T: Comparable>(_ value: T, _ range: ClosedRange<T>) -> T {
    min(max(value, range.lowerBound), range.upperBound)
}

/// A rectangle's path with only `corners` rounded by `radius` (what
/// `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)` draws).
func roundedPath(_ rect: CGRect, radius: CGFloat, corners: CACornerMask) -> CGPath {
    let path = CGMutablePath()
    func r(_ corner: CACornerMask) -> CGFloat { corners.contains(corner) ? radius : 0 }
    path.move(to: CGPoint(x: rect.minX + r(.layerMinXMinYCorner), y: rect.minY))
    path.addArc(
        tangent1End: CGPoint(x: rect.maxX, y: rect.minY), tangent2End: CGPoint(x: rect.maxX, y: rect.maxY),
        radius: r(.layerMaxXMinYCorner))
    path.addArc(
        tangent1End: CGPoint(x: rect.maxX, y: rect.maxY), tangent2End: CGPoint(x: rect.minX, y: rect.maxY),
        radius: r(.layerMaxXMaxYCorner))
    path.addArc(
        tangent1End: CGPoint(x: rect.minX, y: rect.maxY), tangent2End: CGPoint(x: rect.minX, y: rect.minY),
        radius: r(.layerMinXMaxYCorner))
    path.addArc(
        tangent1End: CGPoint(x: rect.minX, y: rect.minY), tangent2End: CGPoint(x: rect.maxX, y: rect.minY),
        radius: r(.layerMinXMinYCorner))
    path.closeSubpath()
    return path
}

/// Perspective with the eye `distance` points in front of the plane (m34 = -1/distance).
func perspective(_ distance: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m34 = -1 / distance
    return t
}

/// The ease-out curve (0, 0, 0.58, 1) at `x` (0…1), for sampling keyframes
/// that must stay in step with each other.
func easeOut(_ x: Double) -> Double {
    // Solve the Bézier's x(s) = x by bisection, then return y(s).
    func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<40 {
        let mid = (lo + hi) / 2
        if bezier(mid, 0, 0.58) < x { lo = mid } else { hi = mid }
    }
    return bezier((lo + hi) / 2, 0, 1)
}

/// Adds keyframe animations that move several properties together along one
/// eased path: `frame(p)` sets the model for progress `p` (0…1) and the
/// values it leaves at each of `steps` samples become the keyframes. The
/// model ends at `frame(1)`. Used where one property follows another (a
/// position that depends on a transformed height), which separate basic
/// animations would not keep in step.
func animateTogether(
    _ keyPaths: [(CALayer, String)], duration: CFTimeInterval, steps: Int = 16,
    completion: (() -> Void)? = nil, frame: (Double) -> Void
) {
    var samples = keyPaths.map { _ in [Any]() }
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    for k in 0...steps {
        frame(easeOut(Double(k) / Double(steps)))
        for (i, (layer, keyPath)) in keyPaths.enumerated() {
            samples[i].append(layer.value(forKeyPath: keyPath) ?? NSNull())
        }
    }
    CATransaction.commit()
    CATransaction.begin()
    CATransaction.setCompletionBlock(completion)
    for (i, (layer, keyPath)) in keyPaths.enumerated() {
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.values = samples[i]
        animation.duration = duration
        animation.calculationMode = .linear
        layer.add(animation, forKey: "together." + keyPath)
    }
    CATransaction.commit()
}
