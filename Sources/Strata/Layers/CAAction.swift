import Foundation

/// Something a layer runs when one of its properties changes (usually a `CAAnimation`).
public protocol CAAction {
    /// Runs the action for `key` on `anObject` (a `CALayer`).
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// `NSNull` as an action means "no action": it stops the search and animates nothing.
extension NSNull: CAAction {
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// An object that supplies a layer's contents, layout and actions.
public protocol CALayerDelegate: AnyObject {
    /// Sets the layer's contents (called by `display()` when the layer needs
    /// display). Without an implementation of your own, the layer draws: a
    /// bitmap of its bounds at `contentsScale` is made, `draw(_:in:)` paints
    /// it, and it becomes the layer's `contents`.
    func display(_ layer: CALayer)
    /// Draws the layer's contents into `ctx` (user space: the layer's bounds,
    /// origin top left as on iOS).
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Called before the layer's contents are drawn.
    func layerWillDraw(_ layer: CALayer)
    /// Lays out the layer's sublayers.
    func layoutSublayers(of layer: CALayer)
    /// The action for `event`, `NSNull()` for none, or nil to continue the search.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
}

extension CALayerDelegate {
    public func display(_ layer: CALayer) { layer.displayByDrawing() }
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func layerWillDraw(_ layer: CALayer) {}
    public func layoutSublayers(of layer: CALayer) {}
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
}
