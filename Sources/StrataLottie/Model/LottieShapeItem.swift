import Foundation

/// One item of a shape layer's `shapes` or a group's `it`, in file order
/// (the first item is drawn on top).
public indirect enum LottieShapeItem: Equatable, Sendable {
    case group(LottieShapeGroup)
    case rectangle(LottieRectangle)
    case ellipse(LottieEllipse)
    case path(LottiePath)
    case polystar(LottiePolystar)
    case fill(LottieFill)
    case stroke(LottieStroke)
    case gradientFill(LottieGradientFill)
    case gradientStroke(LottieGradientStroke)
    case trim(LottieTrim)
    case repeater(LottieRepeater)
    case roundCorners(LottieRoundCorners)
    /// A group's transform (`tr`), kept in place; the group also holds it as ``LottieShapeGroup/transform``.
    case transform(LottieTransform)
    /// Something drawn as nothing (merge paths, unknown items): its warning was given when read.
    case ignored(String)
}

/// Where an item came from, for messages: its JSON path and name.
public struct LottieSource: Equatable, Sendable {
    public var path: String
    public var name: String?
    public init(path: String, name: String? = nil) {
        self.path = path
        self.name = name
    }
}

/// `gr`: items drawn together, moved by the group's transform.
public struct LottieShapeGroup: Equatable, Sendable {
    public var source: LottieSource
    public var items: [LottieShapeItem]
    public var transform: LottieTransform
}

/// Shape direction (`d`): 3 draws the outline the other way round.
public enum LottieDirection: Equatable, Sendable {
    case clockwise, counterClockwise
}

/// `rc`: a rectangle centred on `position`, with rounded corners `roundness`.
public struct LottieRectangle: Equatable, Sendable {
    public var source: LottieSource
    public var position: LottieProperty<LottieVector>
    public var size: LottieProperty<LottieVector>
    public var roundness: LottieProperty<Double>
    public var direction: LottieDirection
}

/// `el`: an ellipse centred on `position`.
public struct LottieEllipse: Equatable, Sendable {
    public var source: LottieSource
    public var position: LottieProperty<LottieVector>
    public var size: LottieProperty<LottieVector>
    public var direction: LottieDirection
}

/// `sh`: a Bézier path.
public struct LottiePath: Equatable, Sendable {
    public var source: LottieSource
    public var shape: LottieProperty<LottieBezier>
    public var direction: LottieDirection
}

/// `sr`: a star (`sy` 1) or a polygon (`sy` 2).
public struct LottiePolystar: Equatable, Sendable {
    public var source: LottieSource
    public var isStar: Bool
    public var position: LottieProperty<LottieVector>
    public var points: LottieProperty<Double>
    public var rotation: LottieProperty<Double>
    public var outerRadius: LottieProperty<Double>
    public var outerRoundness: LottieProperty<Double>
    public var innerRadius: LottieProperty<Double>
    public var innerRoundness: LottieProperty<Double>
    public var direction: LottieDirection
}

/// `fl`: fills the paths above it.
public struct LottieFill: Equatable, Sendable {
    public var source: LottieSource
    /// RGB(A) in 0...1.
    public var color: LottieProperty<LottieVector>
    /// Percent.
    public var opacity: LottieProperty<Double>
    public var evenOdd: Bool
}

/// A dash pattern element (`d` of a stroke).
public struct LottieDash: Equatable, Sendable {
    /// `d` (dash), `g` (gap) or `o` (offset).
    public var kind: String
    public var length: LottieProperty<Double>
}

/// What strokes share: width, caps, joins, dashes.
public struct LottieStrokeStyle: Equatable, Sendable {
    public var width: LottieProperty<Double>
    /// `lc`: 1 butt, 2 round, 3 square.
    public var lineCap: Int
    /// `lj`: 1 miter, 2 round, 3 bevel.
    public var lineJoin: Int
    public var miterLimit: Double
    public var dashes: [LottieDash]
}

/// `st`: strokes the paths above it.
public struct LottieStroke: Equatable, Sendable {
    public var source: LottieSource
    public var color: LottieProperty<LottieVector>
    public var opacity: LottieProperty<Double>
    public var style: LottieStrokeStyle
}

/// A gradient's geometry and stops (`gf`, `gs`).
public struct LottieGradient: Equatable, Sendable {
    /// `t`: 1 linear, 2 radial.
    public var isRadial: Bool
    public var startPoint: LottieProperty<LottieVector>
    public var endPoint: LottieProperty<LottieVector>
    /// `h`, `a`: a radial gradient's highlight length (percent) and angle (degrees).
    public var highlightLength: LottieProperty<Double>
    public var highlightAngle: LottieProperty<Double>
    /// `g.p`: how many colour stops lead `stops`.
    public var colorCount: Int
    /// `g.k`: colour stops (position, r, g, b) × colorCount, then opacity stops (position, alpha).
    public var stops: LottieProperty<LottieVector>
    public var opacity: LottieProperty<Double>
}

/// `gf`: fills the paths above it with a gradient.
public struct LottieGradientFill: Equatable, Sendable {
    public var source: LottieSource
    public var gradient: LottieGradient
    public var evenOdd: Bool
}

/// `gs`: strokes the paths above it with a gradient.
public struct LottieGradientStroke: Equatable, Sendable {
    public var source: LottieSource
    public var gradient: LottieGradient
    public var style: LottieStrokeStyle
}

/// `tm`: trims the paths above it to `start...end` (percent), moved by `offset` (degrees: 360 is once round).
public struct LottieTrim: Equatable, Sendable {
    public var source: LottieSource
    public var start: LottieProperty<Double>
    public var end: LottieProperty<Double>
    public var offset: LottieProperty<Double>
    /// `m`: 1 trims each path on its own (simultaneously), 2 all paths as one (individually).
    public var individually: Bool
}

/// `rp`: copies the items above it.
public struct LottieRepeater: Equatable, Sendable {
    public var source: LottieSource
    public var copies: LottieProperty<Double>
    public var offset: LottieProperty<Double>
    /// `m`: 1 later copies above, 2 below.
    public var composite: Int
    public var anchor: LottieProperty<LottieVector>
    public var position: LottieProperty<LottieVector>
    public var scale: LottieProperty<LottieVector>
    public var rotation: LottieProperty<Double>
    public var startOpacity: LottieProperty<Double>
    public var endOpacity: LottieProperty<Double>
}

/// `rd`: rounds the corners of the paths above it.
public struct LottieRoundCorners: Equatable, Sendable {
    public var source: LottieSource
    public var radius: LottieProperty<Double>
}
