import Foundation

// Hit testing, as Core Animation does it:
// - `hitTest(_:)` takes a point in the superlayer's coordinates and returns the
//   farthest descendant (or the layer itself) containing it. (CALayer.h: "Siblings
//   are searched in top-to-bottom order. 'p' is defined to be in the coordinate
//   space of the receiver's nearest ancestor that isn't a CATransformLayer".)
// - Hidden layers and their subtrees are skipped; opacity does not matter
//   (UIKit's alpha < 0.01 rule is UIKit's, not Core Animation's).
// - With `masksToBounds`, a point outside the bounds misses the whole subtree.
// - Sublayers are tried from the last (topmost in the array) to the first. Core
//   Animation does not sort them by zPosition for hit testing, although it
//   draws them in that order ("the order of testing is based strictly on the
//   order of layers within the layer tree": Lockwood, iOS Core Animation,
//   ch. 3), so neither do we.
// - `contains(_:)` is the bounds rectangle ("Returns true if the bounds of the
//   layer contains point 'p'", CALayer.h): rounded corners do not change it.
// - The point follows the layer's 3D transform and its superlayer's perspective:
//   it is un-projected onto the layer's plane z = 0. A layer seen edge-on, or
//   whose plane at that point is behind the eye, is not hit.
// - A `CATransformLayer` has no plane and is never returned itself; its
//   sublayers share its 3D space and the hit nearest to the eye wins (Core
//   Animation does not document this case; depth is what the picture shows).

extension CALayer {

    /// Hit testing in 3D. `p` lies in the plane of the nearest flat ancestor
    /// (or of the caller's space), and `superlayerToPlane` maps this layer's
    /// superlayer space into that plane's space (identity unless the
    /// superlayer is a `CATransformLayer`). Returns the layer hit and the depth
    /// (z ÷ w in that space; larger is nearer the eye) of the point hit.
    func hit(_ p: CGPoint, superlayerToPlane: CATransform3D) -> (layer: CALayer, depth: CGFloat)? {
        if _state.isHidden { return nil }
        let m = transformToSuperlayer(_superlayer).concatenating(superlayerToPlane)
        if self is CATransformLayer {
            var best: (layer: CALayer, depth: CGFloat)?
            for sub in _sublayers.reversed() {
                if let h = sub.hit(p, superlayerToPlane: m), best.map({ h.depth > $0.depth }) ?? true {
                    best = h
                }
            }
            return best
        }
        guard let local = m.unproject(p), local.w > 0 else { return nil }
        let q = local.point
        if _state.masksToBounds && !contains(q) { return nil }
        let h = m.apply(x: q.x, y: q.y, z: 0)
        let depth = h.z / h.w
        // Sublayers are flattened into this plane: each sees q in its superlayer's coordinates.
        for sub in _sublayers.reversed() {
            if let layer = sub.hitTest(q) { return (layer, depth) }
        }
        return contains(q) ? (self, depth) : nil
    }
}
