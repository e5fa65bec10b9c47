/// The shape of a layer's rounded corners.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Quarter circles.
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// Apple's continuous-curvature ("squircle") corners.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// How a layer's `contents` is placed in its bounds.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let center = CALayerContentsGravity(rawValue: "center")
    public static let top = CALayerContentsGravity(rawValue: "top")
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    public static let left = CALayerContentsGravity(rawValue: "left")
    public static let right = CALayerContentsGravity(rawValue: "right")
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}

/// A texture filter for scaling `contents`.
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}

/// Which edges of a layer are anti-aliased.
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1 << 0)
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 1 << 1)
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 1 << 2)
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 1 << 3)
}

/// How a layer follows its superlayer's size changes (`CALayer.autoresizingMask`):
/// which of its margins and its size on each axis take up the change.
///
/// Margins are named by coordinates, as on macOS: the min-Y margin lies
/// between the superlayer's `bounds.minY` and the layer's `frame.minY`, which
/// in Strata's y-down space (iOS's) is the top margin.
public struct CAAutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// No part changes: the layer keeps its frame.
    public static let layerNotSizable = CAAutoresizingMask([])
    /// The margin between the superlayer's min-x edge and the layer's is flexible.
    public static let layerMinXMargin = CAAutoresizingMask(rawValue: 1 << 0)
    /// The layer's width is flexible.
    public static let layerWidthSizable = CAAutoresizingMask(rawValue: 1 << 1)
    /// The margin between the layer's max-x edge and the superlayer's is flexible.
    public static let layerMaxXMargin = CAAutoresizingMask(rawValue: 1 << 2)
    /// The margin between the superlayer's min-y edge and the layer's is flexible.
    public static let layerMinYMargin = CAAutoresizingMask(rawValue: 1 << 3)
    /// The layer's height is flexible.
    public static let layerHeightSizable = CAAutoresizingMask(rawValue: 1 << 4)
    /// The margin between the layer's max-y edge and the superlayer's is flexible.
    public static let layerMaxYMargin = CAAutoresizingMask(rawValue: 1 << 5)
}

/// `CAAutoresizingMask`'s empty mask, by its Objective-C name.
public let kCALayerNotSizable = CAAutoresizingMask.layerNotSizable

/// The pixel format a layer's drawn contents would be stored in
/// (`CALayer.contentsFormat`). Strata always draws 8-bit RGBA: the format is kept, not used.
public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Four 8-bit channels (the default).
    public static let RGBA8Uint = CALayerContentsFormat(rawValue: "RGBA8")
    /// Four 16-bit half-float channels.
    public static let RGBA16Float = CALayerContentsFormat(rawValue: "RGBAh")
    /// One 8-bit grey channel.
    public static let gray8Uint = CALayerContentsFormat(rawValue: "Gray8")
}
