import Foundation

// macOS's autoresizing of sublayers. When a layer's bounds change size, it
// marks itself for layout and calls `resizeSublayers(withOldSize:)` at once,
// in the setter, as an NSView resizes its subviews in `setFrameSize:` (Apple
// documents that the layer calls it when its bounds change). Core Animation
// does this only for layers without a layout manager or constraints; Strata
// has neither (no `layoutManager`, no `CAConstraint`), so every layer
// autoresizes its sublayers. The default `resizeSublayers(withOldSize:)`
// calls each sublayer's `resize(withOldSuperlayerSize:)`, whose default sets
// the sublayer's frame by its `autoresizingMask`: on each axis, the change
// of the superlayer's size is shared by the flexible parts (the min margin,
// the size, the max margin) in proportion to their lengths before it, or
// evenly when those are all zero, as AppKit's autoresizing does. Setting the
// frame goes through the `position` and `bounds` setters, so the sublayers'
// changes animate implicitly with the superlayer's, and resize their own sublayers.
extension CALayer {
    /// How the layer's frame follows its superlayer's size changes (default
    /// `layerNotSizable`: it does not). Core Animation documents it for layers
    /// without a layout manager; Strata has none, so it always applies.
    public var autoresizingMask: CAAutoresizingMask {
        get { withStateLock { _state.autoresizingMask } }
        set { changeValue(forKey: "autoresizingMask") { _state.autoresizingMask = newValue } }
    }

    /// After the bounds changed from a size of `oldSize` (the lock held):
    /// marks the layer for layout and resizes its sublayers, as Core Animation does.
    func boundsSizeDidChange(from oldSize: CGSize) {
        markNeedsLayout()
        if !_sublayers.isEmpty { resizeSublayers(withOldSize: oldSize) }
    }

    /// `resizeSublayers(withOldSize:)`'s default: each sublayer's `resize(withOldSuperlayerSize:)`.
    func resizeEachSublayer(withOldSize size: CGSize) {
        withTreeLock {
            // A copy: a sublayer's resizing may change the sublayers.
            for sublayer in _sublayers { sublayer.resize(withOldSuperlayerSize: size) }
        }
    }

    /// `resize(withOldSuperlayerSize:)`'s default: the frame adjusted by the mask.
    func autoresize(oldSuperlayerSize old: CGSize) {
        withTreeLock {
            let mask = _state.autoresizingMask
            guard !mask.isEmpty, let superlayer = _superlayer else { return }
            let container = superlayer._state.bounds
            let frame = self.frame
            guard !frame.isNull else { return }
            let (x, width) = Self.autoresized(
                position: frame.minX - container.minX, size: frame.width, oldContainer: old.width,
                newContainer: container.width, flexibleMin: mask.contains(.layerMinXMargin),
                flexibleSize: mask.contains(.layerWidthSizable), flexibleMax: mask.contains(.layerMaxXMargin))
            let (y, height) = Self.autoresized(
                position: frame.minY - container.minY, size: frame.height, oldContainer: old.height,
                newContainer: container.height, flexibleMin: mask.contains(.layerMinYMargin),
                flexibleSize: mask.contains(.layerHeightSizable), flexibleMax: mask.contains(.layerMaxYMargin))
            let resized = CGRect(x: container.minX + x, y: container.minY + y, width: width, height: height)
            if resized != frame { self.frame = resized }
        }
    }

    /// One axis of autoresizing: the new position (from the container's min
    /// edge) and size of a part at `position` of length `size` in a container
    /// that went from `oldContainer` to `newContainer` long. The change is
    /// shared by the flexible parts in proportion to their old lengths (evenly
    /// when those add up to zero); a size never goes below zero.
    static func autoresized(
        position: CGFloat, size: CGFloat, oldContainer: CGFloat, newContainer: CGFloat,
        flexibleMin: Bool, flexibleSize: Bool, flexibleMax: Bool
    ) -> (CGFloat, CGFloat) {
        let delta = newContainer - oldContainer
        let flexible = [flexibleMin, flexibleSize, flexibleMax].filter { $0 }.count
        guard delta != 0, flexible > 0, delta.isFinite else { return (position, size) }
        var minMargin = position, length = size
        let maxMargin = oldContainer - position - size
        let total = (flexibleMin ? minMargin : 0) + (flexibleSize ? length : 0) + (flexibleMax ? maxMargin : 0)
        if total != 0 {
            if flexibleMin { minMargin += delta * minMargin / total }
            if flexibleSize { length += delta * length / total }
        } else {
            if flexibleMin { minMargin += delta / CGFloat(flexible) }
            if flexibleSize { length += delta / CGFloat(flexible) }
        }
        return (minMargin, max(0, length))
    }

    /// `preferredFrameSize()`'s default: the bounds' size in the superlayer's
    /// coordinates (through the transform: the frame's size).
    func preferredFrameSizeByDefault() -> CGSize {
        withStateLock {
            CATransform3DIsIdentity(_state.transform)
                ? _state.bounds.size
                : transformToSuperlayer(nil).projectedBoundingBox(of: _state.bounds).size
        }
    }
}
