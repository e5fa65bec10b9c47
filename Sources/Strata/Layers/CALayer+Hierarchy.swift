import Foundation

extension CALayer {

    /// The layer this one is a sublayer of.
    public var superlayer: CALayer? { withTreeLock { _superlayer } }

    /// Makes `newValue` the mask (the lock held).
    func setMask(_ newValue: CALayer?) {
        // Setting the current mask again only re-runs the action. (Checking it like a
        // new one would fail: a mask counts as inside the layer it masks.)
        if let newValue, newValue !== _mask {
            precondition(newValue !== self, "CALayer.mask: a layer cannot be its own mask")
            precondition(
                !isDescendant(of: newValue),
                "CALayer.mask: \(debugName) is inside \(newValue.debugName), which cannot be its mask")
            // Detach it from wherever it is (a superlayer, or another layer's mask):
            // a mask has no superlayer.
            newValue.removeFromSuperlayer()
            newValue._maskedLayer?._mask = nil
        }
        changeValue(forKey: "mask") {
            _mask?._maskedLayer = nil
            _mask = newValue
            newValue?._maskedLayer = self
            if newValue != nil { LayerWaitList.linkGeneration &+= 1 }
        }
    }

    /// Whether `ancestor` is this layer or one of its superlayers (masks count as inside their owner).
    public func isDescendant(of ancestor: CALayer) -> Bool {
        withTreeLock {
            var node: CALayer? = self
            while let n = node {
                if n === ancestor { return true }
                node = n._superlayer ?? n._maskedLayer
            }
            return false
        }
    }

    /// The root of the tree the layer is in.
    package var rootLayer: CALayer {
        withTreeLock {
            var node = self
            while let up = node._superlayer ?? node._maskedLayer { node = up }
            return node
        }
    }

    /// The name, or the class and address, for messages.
    package var debugName: String {
        if let name = withStateLock({ _name }) { return "\"\(name)\"" }
        return "<\(type(of: self)) \(Unmanaged.passUnretained(self).toOpaque())>"
    }

    /// Called after the sublayers changed.
    func sublayersDidChange() {
        setNeedsLayout()
    }

    // MARK: Layout

    /// Marks the layer and queues it for the next tick (the lock held).
    func markNeedsLayout() {
        guard !_needsLayout else { return }  // queued already
        _needsLayout = true
        // Presentation copies are snapshots: they are not laid out.
        guard !_isPresentationCopy, ThreadAnimationState.current.makingPresentationCopies == 0 else { return }
        LayoutQueue.add(self)
    }

}

/// Layers waiting for `layoutSublayers()`: `setNeedsLayout()` (and a change
/// of sublayers or of the bounds' size) adds a layer, the next frame tick of
/// its tree lays it out, superlayers before their sublayers. Weak, so a layer
/// dropped before it is laid out goes. Only touched under the transaction lock.
enum LayoutQueue {
    // `nonisolated(unsafe)`: read and written only under the transaction lock.
    nonisolated(unsafe) private static var pending = LayerWaitList()

    /// Queues `layer` (the lock held; its `_needsLayout` just turned on).
    static func add(_ layer: CALayer) { pending.add(layer) }

    /// Lays out every queued layer of the tree rooted at `root` that still
    /// needs it (the lock held), those nearer the root first. Layers marked
    /// while others lay out (their bounds changed) are laid out too, a few
    /// rounds at most.
    static func layOutLayers(inTreeOf root: CALayer) {
        guard !pending.isEmpty else { return }
        for _ in 0..<8 {
            let due = pending.take(inTreeOf: root)
            if due.isEmpty { return }
            for layer in due.sorted(by: { $0.depth < $1.depth }) where layer._needsLayout {
                layer._needsLayout = false
                layer.layoutSublayers()
            }
        }
    }
}

extension CALayer {
    /// How many layers lie above this one (superlayers and masked layers).
    fileprivate var depth: Int {
        var depth = 0
        var node = self
        while let up = node._superlayer ?? node._maskedLayer {
            node = up
            depth += 1
        }
        return depth
    }
}
