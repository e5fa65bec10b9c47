import Foundation

/// The axes a `CAScrollLayer` scrolls along.
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Not at all.
    public static let none = CAScrollLayerScrollMode(rawValue: "none")
    /// Along y only.
    public static let vertically = CAScrollLayerScrollMode(rawValue: "vertically")
    /// Along x only.
    public static let horizontally = CAScrollLayerScrollMode(rawValue: "horizontally")
    /// Along both axes (the default).
    public static let both = CAScrollLayerScrollMode(rawValue: "both")

    var scrollsHorizontally: Bool { self == .horizontally || self == .both }
    var scrollsVertically: Bool { self == .vertically || self == .both }
}

/// A layer that shows part of content larger than itself: scrolling moves
/// its `bounds.origin`, so its sublayers (laid out in its bounds'
/// coordinates) slide under it. It clips them (`masksToBounds` is true by
/// default) and handles no input and draws no scroll bars, as in Core Animation.
///
/// Scrolling sets `bounds` through its setter: on a layer already on screen
/// it animates implicitly, as any change of bounds, unless actions are disabled.
open class CAScrollLayer: CALayer {
    /// `scrollMode`'s storage, behind the lock.
    var _scrollMode = CAScrollLayerScrollMode.both

    /// A scroll layer that scrolls both ways and clips its sublayers.
    public override init() {
        super.init()
        _state.masksToBounds = true
    }

    /// A copy of `layer`'s properties (see `CALayer.init(layer:)`).
    public override init(layer: Any) { super.init(layer: layer) }

    /// A scroll layer with the defaults (Strata does not archive layers).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        _state.masksToBounds = true
    }

    override func strataCopy() -> CALayer { CAScrollLayer(layer: self) }

    override func copyProperties(from other: CALayer) {
        super.copyProperties(from: other)
        guard let o = other as? CAScrollLayer else { return }
        _scrollMode = o._scrollMode
    }

    /// The axes the layer scrolls along (default `both`); `scroll(to:)` leaves the others alone.
    open var scrollMode: CAScrollLayerScrollMode {
        get { withStateLock { _scrollMode } }
        set { withTreeLock { _scrollMode = newValue } }
    }

    /// Scrolls so that `p` (in the layer's own coordinates) is the origin
    /// of its bounds, along the axes `scrollMode` allows.
    open func scroll(to p: CGPoint) {
        withTreeLock {
            var origin = _state.bounds.origin
            if _scrollMode.scrollsHorizontally { origin.x = p.x }
            if _scrollMode.scrollsVertically { origin.y = p.y }
            if origin != _state.bounds.origin { bounds.origin = origin }
        }
    }

    /// Scrolls as little as makes `r` (in the layer's own coordinates)
    /// visible, along the axes `scrollMode` allows; a rectangle larger than
    /// the bounds shows its min edge.
    open func scroll(to r: CGRect) {
        withTreeLock {
            let r = r.standardized
            guard !r.isNull, r.minX.isFinite, r.minY.isFinite else { return }
            let b = _state.bounds
            var origin = b.origin
            if _scrollMode.scrollsHorizontally {
                origin.x = Self.scrolled(origin: b.minX, length: b.width, showing: r.minX, r.maxX)
            }
            if _scrollMode.scrollsVertically {
                origin.y = Self.scrolled(origin: b.minY, length: b.height, showing: r.minY, r.maxY)
            }
            if origin != b.origin { bounds.origin = origin }
        }
    }

    /// One axis of `scroll(to:)`: the origin nearest `origin` at which a
    /// window `length` long shows `min...max` (its min edge when it is longer).
    static func scrolled(origin: CGFloat, length: CGFloat, showing min: CGFloat, _ max: CGFloat) -> CGFloat {
        if min < origin { return min }
        if max > origin + length { return Swift.min(min, max - length) }
        return origin
    }

    /// `masksToBounds` is true by default; the rest as `CALayer`'s.
    open override class func defaultValue(forKey key: String) -> Any? {
        key == "masksToBounds" ? NSNumber(value: true) : super.defaultValue(forKey: key)
    }

    /// `scrollMode` (its raw string), or as `CALayer`'s.
    open override func value(forKey key: String) -> Any? {
        key == "scrollMode" ? scrollMode.rawValue : super.value(forKey: key)
    }

    /// `scrollMode` from a mode or a string, or as `CALayer`'s.
    open override func setValue(_ value: Any?, forKey key: String) {
        guard key == "scrollMode" else { return super.setValue(value, forKey: key) }
        if let mode = value as? CAScrollLayerScrollMode ?? (value as? String).map(CAScrollLayerScrollMode.init) {
            scrollMode = mode
        }
    }
}

// Scrolling from inside: each layer can ask the scroll layer above it to
// bring part of it into view, in its own coordinates.
extension CALayer {
    /// The nearest `CAScrollLayer` above this layer (not this layer itself).
    var enclosingScrollLayer: CAScrollLayer? {
        withTreeLock {
            var node = _superlayer
            while let n = node {
                if let scroll = n as? CAScrollLayer { return scroll }
                node = n._superlayer
            }
            return nil
        }
    }

    /// Scrolls the nearest scroll layer above this one so that `p`, in this
    /// layer's coordinates, lies at its origin (nothing without one).
    public func scroll(_ p: CGPoint) {
        withTreeLock {
            guard let scroller = enclosingScrollLayer else { return }
            scroller.scroll(to: convert(p, to: scroller))
        }
    }

    /// Scrolls the nearest scroll layer above this one as little as makes
    /// `r`, in this layer's coordinates, visible (nothing without one).
    public func scrollRectToVisible(_ r: CGRect) {
        withTreeLock {
            guard let scroller = enclosingScrollLayer else { return }
            scroller.scroll(to: convert(r, to: scroller))
        }
    }

    /// The part of the bounds the nearest scroll layer above shows, in this
    /// layer's coordinates: the bounds when there is none, null when none of it shows.
    public var visibleRect: CGRect {
        withTreeLock {
            guard let scroller = enclosingScrollLayer else { return _state.bounds }
            return _state.bounds.intersection(scroller.convert(scroller._state.bounds, to: self))
        }
    }
}
