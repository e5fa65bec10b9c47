import Foundation

/// A layer's Core Animation state as one value: every property `CALayer`
/// declares that animations, key-value coding, presentation copies and the
/// scene format deal in, with Core Animation's defaults.
///
/// `CALayer` stores one (`_state`); its public accessors, `copyProperties(from:)`,
/// the key table animations and KVC use (`LayerPropertyTable`) and the scene
/// fields all reach the properties through it, so a new property is declared
/// here once (see the Strata article "Layer state"). The subclasses' own
/// properties are payloads of their own (`GradientLayerState`,
/// `ShapeLayerState`, `TextLayerState`, `ReplicatorLayerState`,
/// `EmitterLayerValues`), stored by the subclass.
package struct LayerState {
    // MARK: Geometry
    package var bounds = CGRect.zero
    package var position = CGPoint.zero
    package var zPosition: CGFloat = 0
    package var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    package var anchorPointZ: CGFloat = 0
    package var transform = CATransform3DIdentity
    package var sublayerTransform = CATransform3DIdentity
    package var isGeometryFlipped = false
    /// How the layer follows its superlayer's size (see `CALayer+Autoresizing.swift`).
    package var autoresizingMask = CAAutoresizingMask.layerNotSizable
    // MARK: Appearance
    package var isHidden = false
    package var isDoubleSided = true
    package var masksToBounds = false
    package var cornerRadius: CGFloat = 0
    package var maskedCorners = CACornerMask.all
    package var cornerCurve = CALayerCornerCurve.circular
    package var backgroundColor: CGColor? = nil
    package var borderWidth: CGFloat = 0
    package var borderColor: CGColor? = .black
    package var opacity: Float = 1
    package var allowsGroupOpacity = true
    package var allowsEdgeAntialiasing = false
    package var edgeAntialiasingMask: CAEdgeAntialiasingMask = [
        .layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge,
    ]
    package var isOpaque = false
    package var compositingFilter: Any? = nil
    /// Strata draws the `CALayerFilter`s among them; other values are kept for Core Animation's API.
    package var filters: [Any]? = nil
    package var backgroundFilters: [Any]? = nil
    // MARK: Shadow
    package var shadowColor: CGColor? = .black
    package var shadowOpacity: Float = 0
    package var shadowRadius: CGFloat = 3
    package var shadowOffset = CGSize(width: 0, height: -3)
    package var shadowPath: CGPath? = nil
    // MARK: Contents
    /// As set: while a contents change cross-fades, a `ContentsCrossfade`
    /// (the public getter and the renderer show its target).
    package var contents: Any? = nil
    package var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsGravity = CALayerContentsGravity.resize
    package var contentsScale: CGFloat = 1
    package var minificationFilter = CALayerContentsFilter.linear
    package var magnificationFilter = CALayerContentsFilter.linear
    package var minificationFilterBias: Float = 0
    /// Hints Strata keeps but does not act on (see `CALayer+RenderingHints.swift`).
    package var contentsFormat = CALayerContentsFormat.RGBA8Uint
    package var wantsExtendedDynamicRangeContent = false
    package var drawsAsynchronously = false
    // MARK: Rasterization
    package var shouldRasterize = false
    package var rasterizationScale: CGFloat = 1
    // MARK: Timing (CAMediaTiming)
    package var beginTime: CFTimeInterval = 0
    package var duration: CFTimeInterval = 0
    package var speed: Float = 1
    package var timeOffset: CFTimeInterval = 0
    package var repeatCount: Float = 0
    package var repeatDuration: CFTimeInterval = 0
    package var autoreverses = false
    package var fillMode = CAMediaTimingFillMode.removed

    package init() {}
}

extension LayerState: LayerStateStorage {
    @inline(__always)
    static func withValue<R>(in layer: CALayer, _ body: (inout LayerState) -> R) -> R {
        body(&layer._state)
    }
}
