import Foundation

/// One item of a shape layer's `shapes` or a group's `it`, in file order
/// (the first item is drawn on top).
package indirect enum LottieShapeItem: Equatable, Sendable {
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
    /// A group's transform (`tr`), kept in place; the group also holds it as `LottieShapeGroup.transform`.
    case transform(LottieTransform)
    /// Something drawn as nothing (unknown items): its warning was given when read.
    case ignored(String)
}

/// Where an item came from, for messages: its JSON path and name.
package struct LottieSource: Equatable, Sendable {
    /// The JSON path: `layers[2].shapes[0]`.
    package var path: String
    /// `nm`.
    package var name: String?
    /// A source at `path`, named `name`.
    package init(path: String, name: String? = nil) {
        self.path = path
        self.name = name
    }
}

/// `gr`: items drawn together, moved by the group's transform.
package struct LottieShapeGroup: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    package var source: LottieSource
    /// `it`: the group's items, first drawn on top.
    package var items: [LottieShapeItem]
    /// `tr`: the group's transform and opacity.
    package var transform: LottieTransform
}

/// Shape direction (`d`): 3 draws the outline the other way round.
package enum LottieDirection: Equatable, Sendable {
    case clockwise, counterClockwise
}

/// `rc`: a rectangle centred on `position`, with rounded corners `roundness`.
package struct LottieRectangle: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    package var source: LottieSource
    /// `p`: the centre.
    package var position: LottieProperty<LottieVector>
    /// `s`: width and height.
    package var size: LottieProperty<LottieVector>
    /// `r`: the corner radius.
    package var roundness: LottieProperty<Double>
    /// `d`: the way round the outline runs (it matters to trims and dashes).
    package var direction: LottieDirection
}

/// `el`: an ellipse centred on `position`.
package struct LottieEllipse: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    package var source: LottieSource
    /// `p`: the centre.
    package var position: LottieProperty<LottieVector>
    /// `s`: width and height.
    package var size: LottieProperty<LottieVector>
    /// `d`: the way round the outline runs (it matters to trims and dashes).
    package var direction: LottieDirection
}

/// `sh`: a Bézier path.
package struct LottiePath: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    package var source: LottieSource
    /// `ks`: the outline.
    package var shape: LottieProperty<LottieBezier>
    /// `d`: the way round the outline runs (it matters to trims and dashes).
    package var direction: LottieDirection
}

/// `sr`: a star (`sy` 1) or a polygon (`sy` 2).
package struct LottiePolystar: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    package var source: LottieSource
    /// `sy` 1 (a star) or 2 (a polygon, outer radius only).
    package var isStar: Bool
    /// `p`: the centre.
    package var position: LottieProperty<LottieVector>
    /// `pt`: how many points (a fraction draws a part point).
    package var points: LottieProperty<Double>
    /// `r`: degrees clockwise.
    package var rotation: LottieProperty<Double>
    /// `or`.
    package var outerRadius: LottieProperty<Double>
    /// `os`: percent.
    package var outerRoundness: LottieProperty<Double>
    /// `ir` (stars).
    package var innerRadius: LottieProperty<Double>
    /// `is`: percent (stars).
    package var innerRoundness: LottieProperty<Double>
    /// `d`: the way round the outline runs (it matters to trims and dashes).
    package var direction: LottieDirection
}

/// `fl`: fills the paths above it.
package struct LottieFill: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    package var source: LottieSource
    /// RGB(A) in 0...1.
    package var color: LottieProperty<LottieVector>
    /// Percent.
    package var opacity: LottieProperty<Double>
    /// `r` 2: the even-odd rule (else non-zero).
    package var evenOdd: Bool
}

/// A dash pattern element (`d` of a stroke).
package struct LottieDash: Equatable, Sendable {
    /// `d` (dash), `g` (gap) or `o` (offset).
    package var kind: String
    /// `v`: its length.
    package var length: LottieProperty<Double>
}

/// What strokes share: width, caps, joins, dashes.
package struct LottieStrokeStyle: Equatable, Sendable {
    /// `w`.
    package var width: LottieProperty<Double>
    /// `lc`: 1 butt, 2 round, 3 square.
    package var lineCap: Int
    /// `lj`: 1 miter, 2 round, 3 bevel.
    package var lineJoin: Int
    /// `ml` (or `ml2`).
    package var miterLimit: Double
    /// `d`: dashes, gaps and an offset, in order.
    package var dashes: [LottieDash]
}

/// `st`: strokes the paths above it.
package struct LottieStroke: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    package var source: LottieSource
    /// `c`: RGB in 0...1.
    package var color: LottieProperty<LottieVector>
    /// `o`: percent.
    package var opacity: LottieProperty<Double>
    /// Width, caps, joins and dashes.
    package var style: LottieStrokeStyle
}

/// A gradient's geometry and stops (`gf`, `gs`).
package struct LottieGradient: Equatable, Sendable {
    /// `t`: 1 linear, 2 radial.
    package var isRadial: Bool
    /// `s`: where the ramp starts (a radial gradient's centre).
    package var startPoint: LottieProperty<LottieVector>
    /// `e`: where it ends (a radial gradient's radius).
    package var endPoint: LottieProperty<LottieVector>
    /// `h`, `a`: a radial gradient's highlight length (percent) and angle (degrees).
    package var highlightLength: LottieProperty<Double>
    /// See ``highlightLength``.
    package var highlightAngle: LottieProperty<Double>
    /// `g.p`: how many colour stops lead `stops`.
    package var colorCount: Int
    /// `g.k`: colour stops (position, r, g, b) × colorCount, then opacity stops (position, alpha).
    package var stops: LottieProperty<LottieVector>
    /// `o`: percent.
    package var opacity: LottieProperty<Double>
}

/// `gf`: fills the paths above it with a gradient.
package struct LottieGradientFill: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    package var source: LottieSource
    /// The gradient's geometry and stops.
    package var gradient: LottieGradient
    /// `r` 2: the even-odd rule (else non-zero).
    package var evenOdd: Bool
}

/// `gs`: strokes the paths above it with a gradient.
package struct LottieGradientStroke: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    package var source: LottieSource
    /// The gradient's geometry and stops.
    package var gradient: LottieGradient
    /// Width, caps, joins and dashes.
    package var style: LottieStrokeStyle
}

/// `tm`: trims the paths above it to `start...end` (percent), moved by `offset` (degrees: 360 is once round).
package struct LottieTrim: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    package var source: LottieSource
    /// `s`: percent of the length.
    package var start: LottieProperty<Double>
    /// `e`: percent of the length.
    package var end: LottieProperty<Double>
    /// `o`.
    package var offset: LottieProperty<Double>
    /// `m`: 1 trims each path on its own (simultaneously), 2 all paths as one (individually).
    package var individually: Bool
}

/// `rp`: copies the items above it.
package struct LottieRepeater: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    package var source: LottieSource
    /// `c`: how many copies.
    package var copies: LottieProperty<Double>
    /// `o`.
    package var offset: LottieProperty<Double>
    /// `m`: 1 later copies above, 2 below.
    package var composite: Int
    /// `tr.a`.
    package var anchor: LottieProperty<LottieVector>
    /// `p`: the centre.
    package var position: LottieProperty<LottieVector>
    /// `tr.s`: percent, applied once more per copy.
    package var scale: LottieProperty<LottieVector>
    /// `r`: degrees clockwise.
    package var rotation: LottieProperty<Double>
    /// `tr.so`: percent.
    package var startOpacity: LottieProperty<Double>
    /// `tr.eo`: percent.
    package var endOpacity: LottieProperty<Double>
}

/// `rd`: rounds the corners of the paths above it.
package struct LottieRoundCorners: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    package var source: LottieSource
    /// `r`.
    package var radius: LottieProperty<Double>
}

/// `pb`: moves the vertices of the paths above it toward their centre and their tangents away from it
/// (pucker, a negative amount: the other way round; bloat, a positive one).
package struct LottiePuckerBloat: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    package var source: LottieSource
    /// `a`: percent of the way to the centre (the mean of a path's vertices).
    package var amount: LottieProperty<Double>
}

/// `zz`: turns each segment of the paths above it into ridges.
package struct LottieZigZag: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    package var source: LottieSource
    /// `s`: how far each ridge stands off the path.
    package var size: LottieProperty<Double>
    /// `r`: ridges per segment (rounded to a whole number).
    package var ridges: LottieProperty<Double>
    /// `pt`: 1 corners, 2 smooth.
    package var pointType: LottieProperty<Double>
}

/// `op`: moves the outlines of the paths above it out (a positive amount) or in along their normals.
package struct LottieOffsetPath: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    package var source: LottieSource
    /// `a`: how far.
    package var amount: LottieProperty<Double>
    /// `lj`: how the moved sides meet at a corner: 1 miter, 2 round, 3 bevel.
    package var lineJoin: Int
    /// `ml`: a miter corner longer than this many times the amount is bevelled.
    package var miterLimit: LottieProperty<Double>
}

/// `mm`: combines the paths above it in its group into one, for the paints after it.
package struct LottieMergePaths: Equatable, Sendable {
    /// How the paths combine (`mm`).
    package enum Mode: Int, Equatable, Sendable {
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
    package var source: LottieSource
    /// `mm`.
    package var mode: Mode
}
