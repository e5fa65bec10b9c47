import Foundation

// Converting points, rectangles and times between layers, as Core Animation does.
//
// Geometry goes up from the source layer to the nearest common ancestor and
// then down to the target. Each step is a layer's `transformToSuperlayer(_:)`
// (anchor point, transform, position, the superlayer's sublayerTransform).
// Going up, geometry is projected (perspective divide) wherever a flat layer
// flattens its sublayers into its plane; under a `CATransformLayer` the steps
// are multiplied together first, because its sublayers share one 3D space.
// Going down, geometry is un-projected: a point is moved along the viewing ray
// onto the target plane z = 0 (see `CATransform3D.unproject(_:)`).
//
// Like Core Animation, consecutive affine steps are multiplied and applied
// once, and a perspective step is applied on its own; for points that changes
// nothing, for rectangles it decides where bounding boxes are taken.
//
// A nil layer stands for the space the root layer is placed in (its
// position and transform applied), and so does the "ancestor" of two layers
// in different trees. A mask has no superlayer, so it is its own root here.

extension CALayer {

    // MARK: - Implementation

    /// The nearest layer that is `a` or an ancestor of it and also `b` or an
    /// ancestor of `b`; nil when either is nil or they are in different trees.
    static func commonAncestor(_ a: CALayer?, _ b: CALayer?) -> CALayer? {
        guard let a, let b else { return nil }
        var above = Set<ObjectIdentifier>()
        var node: CALayer? = a
        while let n = node { above.insert(ObjectIdentifier(n)); node = n._superlayer }
        node = b
        while let n = node {
            if above.contains(ObjectIdentifier(n)) { return n }
            node = n._superlayer
        }
        return nil
    }

    /// The matrices that carry geometry from `from`'s plane up to `ancestor`'s,
    /// each applied with the perspective divide, in order.
    private static func upSegments(from: CALayer?, to ancestor: CALayer?) -> [CATransform3D] {
        var segments: [CATransform3D] = []
        var pending: CATransform3D?
        var node = from
        while let n = node, n !== ancestor {
            let parent = n._superlayer
            let step = n.transformToSuperlayer(parent)
            let m = pending.map { $0.concatenating(step) } ?? step
            // A flat superlayer flattens n into its plane: project now. A transform
            // layer keeps n in its 3D space: carry on multiplying.
            if parent is CATransformLayer && parent !== ancestor {
                pending = m
            } else {
                segments.append(m)
                pending = nil
            }
            node = parent
        }
        return segments
    }

    /// The matrices that carry geometry from `ancestor`'s plane down to
    /// `target`'s, top first; each maps the lower plane to the upper one and
    /// is solved for (un-projected).
    private static func downSegments(from ancestor: CALayer?, to target: CALayer?) -> [CATransform3D] {
        var chain: [CALayer] = []
        var node = target
        while let n = node, n !== ancestor { chain.append(n); node = n._superlayer }
        var segments: [CATransform3D] = []
        var pending: CATransform3D?
        for n in chain.reversed() {
            let step = n.transformToSuperlayer(n._superlayer)
            let m = pending.map { step.concatenating($0) } ?? step
            if n is CATransformLayer && n !== target {
                pending = m
            } else {
                segments.append(m)
                pending = nil
            }
        }
        return segments
    }

    /// Runs `apply` (up) and `unapply` (down) for each matrix between the two
    /// layers, merging consecutive affine matrices as Core Animation does.
    private static func mapGeometry(
        from: CALayer?, to: CALayer?,
        apply: (CATransform3D) -> Void, unapply: (CATransform3D) -> Void
    ) {
        let ancestor = commonAncestor(from, to)
        var merged: CATransform3D?
        func flush(_ f: (CATransform3D) -> Void) {
            if let m = merged, !CATransform3DIsIdentity(m) { f(m) }
            merged = nil
        }
        for m in upSegments(from: from, to: ancestor) {
            if CATransform3DIsAffine(m) {
                merged = merged.map { $0.concatenating(m) } ?? m
            } else {
                flush(apply)
                apply(m)
            }
        }
        flush(apply)
        for m in downSegments(from: ancestor, to: to) {
            if CATransform3DIsAffine(m) {
                merged = merged.map { m.concatenating($0) } ?? m
            } else {
                flush(unapply)
                unapply(m)
            }
        }
        flush(unapply)
    }

    static func mapPoint(_ p: CGPoint, from: CALayer?, to: CALayer?) -> CGPoint {
        var q = p
        mapGeometry(
            from: from, to: to,
            apply: { q = $0.project(q) },
            unapply: { q = $0.unproject(q)?.point ?? CGPoint(x: CGFloat.nan, y: CGFloat.nan) })
        return q
    }

    static func mapRect(_ r: CGRect, from: CALayer?, to: CALayer?) -> CGRect {
        if r.isNull { return r }
        var q = r.standardized
        mapGeometry(
            from: from, to: to,
            apply: { m in if !q.isNull { q = m.projectedBoundingBox(of: q) } },
            unapply: { m in if !q.isNull { q = m.unprojectedBoundingBox(of: q) } })
        return q
    }

    static func mapTime(_ t: CFTimeInterval, from: CALayer?, to: CALayer?) -> CFTimeInterval {
        let ancestor = commonAncestor(from, to)
        var time = t
        var node = from
        while let n = node, n !== ancestor {
            // Local to parent: the inverse of (parent − beginTime) × speed + timeOffset.
            time = (time - n._state.timeOffset) / CFTimeInterval(n._state.speed) + n._state.beginTime
            node = n._superlayer
        }
        var chain: [CALayer] = []
        node = to
        while let n = node, n !== ancestor { chain.append(n); node = n._superlayer }
        for n in chain.reversed() {
            time = (time - n._state.beginTime) * CFTimeInterval(n._state.speed) + n._state.timeOffset
        }
        return time
    }
}

extension CATransform3D {
    /// The bounding box of the points of the plane z = 0 that this matrix maps
    /// onto the corners of `rect` (see `unproject(_:)`); null when a corner has none.
    func unprojectedBoundingBox(of rect: CGRect) -> CGRect {
        var minX = CGFloat.infinity, minY = CGFloat.infinity
        var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        for corner in [
            CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
            CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY),
        ] {
            guard let q = unproject(corner)?.point else { return .null }
            minX = Swift.min(minX, q.x); maxX = Swift.max(maxX, q.x)
            minY = Swift.min(minY, q.y); maxY = Swift.max(maxY, q.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
