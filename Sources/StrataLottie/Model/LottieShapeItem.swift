import Foundation

/// One item of a shape layer's `shapes` or a group's `it`, in file order
/// (the first item is drawn on top).
public indirect enum LottieShapeItem: Equatable, Sendable {
    /// `gr`.
    case group(LottieShapeGroup)
    /// `rc`.
    case rectangle(LottieRectangle)
    /// `el`.
    case ellipse(LottieEllipse)
    /// `sh`.
    case path(LottiePath)
    /// `sr`.
    case polystar(LottiePolystar)
    /// `fl`.
    case fill(LottieFill)
    /// `st`.
    case stroke(LottieStroke)
    /// `gf`.
    case gradientFill(LottieGradientFill)
    /// `gs`.
    case gradientStroke(LottieGradientStroke)
    /// `tm`.
    case trim(LottieTrim)
    /// `rp`.
    case repeater(LottieRepeater)
    /// `rd`.
    case roundCorners(LottieRoundCorners)
    /// `pb`.
    case puckerBloat(LottiePuckerBloat)
    /// `zz`.
    case zigZag(LottieZigZag)
    /// `op`.
    case offsetPath(LottieOffsetPath)
    /// `tw`.
    case twist(LottieTwist)
    /// `mm`.
    case mergePaths(LottieMergePaths)
    /// A group's transform (`tr`), kept in place; the group also holds it as ``LottieShapeGroup/transform``.
    case transform(LottieTransform)
    /// Something drawn as nothing (unknown items): its warning was given when read.
    case ignored(String)
}

/// Where an item came from, for messages: its JSON path and name.
public struct LottieSource: Equatable, Sendable {
    /// The JSON path: `layers[2].shapes[0]`.
    public var path: String
    /// `nm`.
    public var name: String?
    /// A source at `path`, named `name`.
    public init(path: String, name: String? = nil) {
        self.path = path
        self.name = name
    }
}

/// `gr`: items drawn together, moved by the group's transform.
public struct LottieShapeGroup: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    public var source: LottieSource
    /// `it`: the group's items, first drawn on top.
    public var items: [LottieShapeItem]
    /// `tr`: the group's transform and opacity.
    public var transform: LottieTransform
}

/// Shape direction (`d`): 3 draws the outline the other way round.
public enum LottieDirection: Equatable, Sendable {
    case clockwise, counterClockwise
}

/// `rc`: a rectangle centred on `position`, with rounded corners `roundness`.
public struct LottieRectangle: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    public var source: LottieSource
    /// `p`: the centre.
    public var position: LottieProperty<LottieVector>
    /// `s`: width and height.
    public var size: LottieProperty<LottieVector>
    /// `r`: the corner radius.
    public var roundness: LottieProperty<Double>
    /// `d`: the way round the outline runs (it matters to trims and dashes).
    public var direction: LottieDirection
}

/// `el`: an ellipse centred on `position`.
public struct LottieEllipse: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    public var source: LottieSource
    /// `p`: the centre.
    public var position: LottieProperty<LottieVector>
    /// `s`: width and height.
    public var size: LottieProperty<LottieVector>
    /// `d`: the way round the outline runs (it matters to trims and dashes).
    public var direction: LottieDirection
}

/// `sh`: a Bézier path.
public struct LottiePath: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    public var source: LottieSource
    /// `ks`: the outline.
    public var shape: LottieProperty<LottieBezier>
    /// `d`: the way round the outline runs (it matters to trims and dashes).
    public var direction: LottieDirection
}

/// `sr`: a star (`sy` 1) or a polygon (`sy` 2).
public struct LottiePolystar: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    public var source: LottieSource
    /// `sy` 1 (a star) or 2 (a polygon, outer radius only).
    public var isStar: Bool
    /// `p`: the centre.
    public var position: LottieProperty<LottieVector>
    /// `pt`: how many points (a fraction draws a part point).
    public var points: LottieProperty<Double>
    /// `r`: degrees clockwise.
    public var rotation: LottieProperty<Double>
    /// `or`.
    public var outerRadius: LottieProperty<Double>
    /// `os`: percent.
    public var outerRoundness: LottieProperty<Double>
    /// `ir` (stars).
    public var innerRadius: LottieProperty<Double>
    /// `is`: percent (stars).
    public var innerRoundness: LottieProperty<Double>
    /// `d`: the way round the outline runs (it matters to trims and dashes).
    public var direction: LottieDirection
}

/// `fl`: fills the paths above it.
public struct LottieFill: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    public var source: LottieSource
    /// RGB(A) in 0...1.
    public var color: LottieProperty<LottieVector>
    /// Percent.
    public var opacity: LottieProperty<Double>
    /// `r` 2: the even-odd rule (else non-zero).
    public var evenOdd: Bool
}

/// A dash pattern element (`d` of a stroke).
public struct LottieDash: Equatable, Sendable {
    /// `d` (dash), `g` (gap) or `o` (offset).
    public var kind: String
    /// `v`: its length.
    public var length: LottieProperty<Double>
}

/// What strokes share: width, caps, joins, dashes.
public struct LottieStrokeStyle: Equatable, Sendable {
    /// `w`.
    public var width: LottieProperty<Double>
    /// `lc`: 1 butt, 2 round, 3 square.
    public var lineCap: Int
    /// `lj`: 1 miter, 2 round, 3 bevel.
    public var lineJoin: Int
    /// `ml` (or `ml2`).
    public var miterLimit: Double
    /// `d`: dashes, gaps and an offset, in order.
    public var dashes: [LottieDash]
}

/// `st`: strokes the paths above it.
public struct LottieStroke: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    public var source: LottieSource
    /// `c`: RGB in 0...1.
    public var color: LottieProperty<LottieVector>
    /// `o`: percent.
    public var opacity: LottieProperty<Double>
    /// Width, caps, joins and dashes.
    public var style: LottieStrokeStyle
}

/// A gradient's geometry and stops (`gf`, `gs`).
public struct LottieGradient: Equatable, Sendable {
    /// `t`: 1 linear, 2 radial.
    public var isRadial: Bool
    /// `s`: where the ramp starts (a radial gradient's centre).
    public var startPoint: LottieProperty<LottieVector>
    /// `e`: where it ends (a radial gradient's radius).
    public var endPoint: LottieProperty<LottieVector>
    /// `h`, `a`: a radial gradient's highlight length (percent) and angle (degrees).
    public var highlightLength: LottieProperty<Double>
    /// See ``highlightLength``.
    public var highlightAngle: LottieProperty<Double>
    /// `g.p`: how many colour stops lead `stops`.
    public var colorCount: Int
    /// `g.k`: colour stops (position, r, g, b) × colorCount, then opacity stops (position, alpha).
    public var stops: LottieProperty<LottieVector>
    /// `o`: percent.
    public var opacity: LottieProperty<Double>
}

/// `gf`: fills the paths above it with a gradient.
public struct LottieGradientFill: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    public var source: LottieSource
    /// The gradient's geometry and stops.
    public var gradient: LottieGradient
    /// `r` 2: the even-odd rule (else non-zero).
    public var evenOdd: Bool
}

/// `gs`: strokes the paths above it with a gradient.
public struct LottieGradientStroke: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    public var source: LottieSource
    /// The gradient's geometry and stops.
    public var gradient: LottieGradient
    /// Width, caps, joins and dashes.
    public var style: LottieStrokeStyle
}

/// `tm`: trims the paths above it to `start...end` (percent), moved by `offset` (degrees: 360 is once round).
public struct LottieTrim: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    public var source: LottieSource
    /// `s`: percent of the length.
    public var start: LottieProperty<Double>
    /// `e`: percent of the length.
    public var end: LottieProperty<Double>
    /// `o`.
    public var offset: LottieProperty<Double>
    /// `m`: 1 trims each path on its own (simultaneously), 2 all paths as one (individually).
    public var individually: Bool
}

/// `rp`: copies the items above it.
public struct LottieRepeater: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    public var source: LottieSource
    /// `c`: how many copies.
    public var copies: LottieProperty<Double>
    /// `o`.
    public var offset: LottieProperty<Double>
    /// `m`: 1 later copies above, 2 below.
    public var composite: Int
    /// `tr.a`.
    public var anchor: LottieProperty<LottieVector>
    /// `p`: the centre.
    public var position: LottieProperty<LottieVector>
    /// `tr.s`: percent, applied once more per copy.
    public var scale: LottieProperty<LottieVector>
    /// `r`: degrees clockwise.
    public var rotation: LottieProperty<Double>
    /// `tr.so`: percent.
    public var startOpacity: LottieProperty<Double>
    /// `tr.eo`: percent.
    public var endOpacity: LottieProperty<Double>
}

/// `rd`: rounds the corners of the paths above it.
public struct LottieRoundCorners: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    public var source: LottieSource
    /// `r`.
    public var radius: LottieProperty<Double>
}

/// `pb`: moves the vertices of the paths above it toward their centre and their tangents away from it
/// (pucker, a negative amount: the other way round; bloat, a positive one).
public struct LottiePuckerBloat: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    public var source: LottieSource
    /// `a`: percent of the way to the centre (the mean of a path's vertices).
    public var amount: LottieProperty<Double>
}

/// `zz`: turns each segment of the paths above it into ridges.
public struct LottieZigZag: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    public var source: LottieSource
    /// `s`: how far each ridge stands off the path.
    public var size: LottieProperty<Double>
    /// `r`: ridges per segment (rounded to a whole number).
    public var ridges: LottieProperty<Double>
    /// `pt`: 1 corners, 2 smooth.
    public var pointType: LottieProperty<Double>
}

/// `op`: moves the outlines of the paths above it out (a positive amount) or in along their normals.
public struct LottieOffsetPath: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    public var source: LottieSource
    /// `a`: how far.
    public var amount: LottieProperty<Double>
    /// `lj`: how the moved sides meet at a corner: 1 miter, 2 round, 3 bevel.
    public var lineJoin: Int
    /// `ml`: a miter corner longer than this many times the amount is bevelled.
    public var miterLimit: LottieProperty<Double>
}

/// `mm`: combines the paths above it in its group into one, for the paints after it.
public struct LottieMergePaths: Equatable, Sendable {
    /// How the paths combine (`mm`).
    public enum Mode: Int, Equatable, Sendable {
        /// 1: the paths together, as they are.
        case merge = 1
        /// 2: what any of them covers.
        case add = 2
        /// 3: what the first covers and none of the others.
        case subtract = 3
        /// 4: what all of them cover.
        case intersect = 4
        /// 5: what an odd number of them covers (each next path xor-ed in).
        case excludeIntersections = 5
    }
    /// Where the item is in the file, and its name.
    public var source: LottieSource
    /// `mm`.
    public var mode: Mode
}
