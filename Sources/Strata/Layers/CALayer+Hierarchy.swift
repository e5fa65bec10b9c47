import Foundation

extension CALayer {
    /// The layer's sublayers in drawing order before zPosition sorting; nil when it has none.
    public var sublayers: [CALayer]? {
        get { withStateLock { _sublayers.isEmpty ? nil : _sublayers } }
        set {
            withTreeLock {
                for layer in _sublayers { layer._superlayer = nil }
                _sublayers = []
                for layer in newValue ?? [] { insertSublayer(layer, at: UInt32(_sublayers.count)) }
                // insertSublayer reports each addition; clearing to none must be reported too.
                if _sublayers.isEmpty { sublayersDidChange() }
            }
        }
    }

    /// The layer this one is a sublayer of.
    public var superlayer: CALayer? { withTreeLock { _superlayer } }

    /// A layer whose alpha masks this layer and its subtree, in this layer's coordinates.
    public var mask: CALayer? {
        get { withStateLock { _mask } }
        set { withTreeLock { setMask(newValue) } }
    }

    /// Makes `newValue` the mask (the lock held).
    private func setMask(_ newValue: CALayer?) {
        // Setting the current mask again only re-runs the action. (Checking it like a
        // new one would fail: a mask counts as inside the layer it masks.)
        if let newValue, newValue !== _mask {
            precondition(newValue !== self, "CALayer.mask: a layer cannot be its own mask")
            precondition(!isDescendant(of: newValue),
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
        }
    }

    /// Appends `layer` to the sublayers, removing it from its old superlayer.
    public func addSublayer(_ layer: CALayer) {
        withTreeLock { insertSublayer(layer, at: UInt32(_sublayers.count)) }
    }

    /// Inserts `layer` at `idx` among the sublayers (clamped to the end).
    ///
    /// Moving a sublayer to a later index counts its old place, so it lands at
    /// `idx − 1`, as Core Animation's `insert_sublayer` does.
    public func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        TransactionLock.shared.lock()
        defer { TransactionLock.shared.unlock() }
        precondition(layer !== self, "CALayer: \(debugName) cannot be its own sublayer")
        precondition(!isDescendant(of: layer),
                     "CALayer: adding \(layer.debugName) to \(debugName) would make it its own ancestor")
        let wasHere = layer._superlayer === self ? _sublayers.firstIndex(of: layer) : nil
        layer.removeFromSuperlayer()
        if layer._maskedLayer != nil { layer._maskedLayer?._mask = nil; layer._maskedLayer = nil }
        var index = Int(idx)
        if let wasHere, wasHere < index { index -= 1 }
        index = min(max(index, 0), _sublayers.count)
        _sublayers.insert(layer, at: index)
        layer._superlayer = self
        sublayersDidChange()
    }

    /// Inserts `layer` just below `sibling` (or at the bottom when `sibling` is nil or not a sublayer).
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        withTreeLock {
            let index = sibling.flatMap { s in _sublayers.firstIndex { $0 === s } } ?? 0
            insertSublayer(layer, at: UInt32(index))
        }
    }

    /// Inserts `layer` just above `sibling` (or at the top when `sibling` is nil or not a sublayer).
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        withTreeLock {
            let index = sibling.flatMap { s in _sublayers.firstIndex { $0 === s } }.map { $0 + 1 } ?? _sublayers.count
            insertSublayer(layer, at: UInt32(index))
        }
    }

    /// Replaces the sublayer `oldLayer` with `newLayer`.
    public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        TransactionLock.shared.lock()
        defer { TransactionLock.shared.unlock() }
        guard let index = _sublayers.firstIndex(where: { $0 === oldLayer }) else {
            preconditionFailure("CALayer.replaceSublayer: \(oldLayer.debugName) is not a sublayer of \(debugName)")
        }
        if oldLayer === newLayer { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: UInt32(index))
    }

    /// Detaches the layer from its superlayer (or from the layer it masks).
    public func removeFromSuperlayer() {
        TransactionLock.shared.lock()
        defer { TransactionLock.shared.unlock() }
        if let owner = _maskedLayer {
            owner.mask = nil
            return
        }
        guard let parent = _superlayer else { return }
        parent._sublayers.removeAll { $0 === self }
        _superlayer = nil
        parent.sublayersDidChange()
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
    public var rootLayer: CALayer {
        withTreeLock {
            var node = self
            while let up = node._superlayer ?? node._maskedLayer { node = up }
            return node
        }
    }

    /// The name, or the class and address, for messages.
    public var debugName: String {
        if let name = withStateLock({ _name }) { return "\"\(name)\"" }
        return "<\(type(of: self)) \(Unmanaged.passUnretained(self).toOpaque())>"
    }

    /// Called after the sublayers changed.
    func sublayersDidChange() {
        setNeedsLayout()
    }

    // MARK: Layout

    /// Marks the layer as needing `layoutSublayers()`, which the next frame
    /// tick of its tree calls (before it displays and commits), as Core
    /// Animation lays out layers at the commit; `layoutIfNeeded()` does it now.
    public func setNeedsLayout() { withTreeLock { markNeedsLayout() } }

    /// Marks the layer and queues it for the next tick (the lock held).
    func markNeedsLayout() {
        guard !_needsLayout else { return }  // queued already
        _needsLayout = true
        // Presentation copies are snapshots: they are not laid out.
        guard !_isPresentationCopy, ThreadAnimationState.current.makingPresentationCopies == 0 else { return }
        LayoutQueue.add(self)
    }

    /// Whether `setNeedsLayout()` has been called since the last layout.
    public func needsLayout() -> Bool { withStateLock { _needsLayout } }

    /// Lays out this layer and its subtree now if they need it.
    ///
    /// Holds the transaction lock throughout, so `layoutSublayers()` sees a
    /// tree no other thread changes under it.
    public func layoutIfNeeded() {
        withTreeLock {
            if _needsLayout {
                _needsLayout = false
                layoutSublayers()
            }
            for sub in _sublayers { sub.layoutIfNeeded() }
        }
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
