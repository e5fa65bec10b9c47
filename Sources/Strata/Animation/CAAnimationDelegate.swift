import Foundation

/// Hears when an animation starts and stops (both methods are optional, as in CA).
///
/// An animation holds its delegate strongly, as Core Animation does. The
/// animation passed in is the copy attached to the layer (the one
/// `CALayer.animation(forKey:)` returns), not the object given to `add(_:forKey:)`.
public protocol CAAnimationDelegate: AnyObject {
    /// The animation became active (at the first frame tick at or after its begin time).
    func animationDidStart(_ anim: CAAnimation)
    /// The animation ended: `flag` is true when it reached the end of its
    /// active duration, false when it was removed first.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}
