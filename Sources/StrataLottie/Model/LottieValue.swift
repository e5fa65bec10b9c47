import Foundation

/// A value a Lottie property holds, which keyframes interpolate.
package protocol LottieValue: Equatable, Sendable {
    /// The value `progress` of the way from `a` to `b`; `progress` has one
    /// entry per dimension (easing can differ per dimension), or one for all.
    static func interpolate(_ a: Self, _ b: Self, progress: [Double]) -> Self
}

extension Double: LottieValue {
    /// `a` to `b` by the first progress.
    package static func interpolate(_ a: Double, _ b: Double, progress: [Double]) -> Double {
        a + (b - a) * progress[0]
    }
}

/// Several numbers: a point, a scale, a colour, gradient stops.
package struct LottieVector: LottieValue, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// The components.
    package var values: [Double]

    /// A vector of `values`.
    package init(_ values: [Double]) { self.values = values }
    /// A vector of the numbers written.
    package init(arrayLiteral elements: Double...) { values = elements }

    /// Component `i`, or `fallback` when there is none.
    package subscript(i: Int, default fallback: Double = 0) -> Double { i < values.count ? values[i] : fallback }

    /// The first component (0 when there is none).
    package var x: Double { self[0] }
    /// The second component (0 when there is none).
    package var y: Double { self[1] }

    /// Component by component, each by its dimension's progress.
    package static func interpolate(_ a: LottieVector, _ b: LottieVector, progress: [Double]) -> LottieVector {
        // Vectors of different lengths (a malformed file) switch at the end.
        guard a.values.count == b.values.count else { return progress[0] < 1 ? a : b }
        var out = a.values
        for i in out.indices {
            let p = progress[min(i, progress.count - 1)]
            out[i] = a.values[i] + (b.values[i] - a.values[i]) * p
        }
        return LottieVector(out)
    }

    /// The components, as an array.
    package var description: String { "\(values)" }
}

/// A Bézier shape as Lottie stores it: vertices, and each vertex's in and
/// out tangents relative to it.
package struct LottieBezier: LottieValue {
    /// `v`: the vertices.
    package var vertices: [LottieVector]
    /// `i`: each vertex's in tangent, relative to it.
    package var inTangents: [LottieVector]
    /// `o`: each vertex's out tangent, relative to it.
    package var outTangents: [LottieVector]
    /// `c`: the last vertex joins the first.
    package var isClosed: Bool

    /// A shape of `vertices` and their tangents (one each).
    package init(vertices: [LottieVector], inTangents: [LottieVector], outTangents: [LottieVector], isClosed: Bool) {
        self.vertices = vertices
        self.inTangents = inTangents
        self.outTangents = outTangents
        self.isClosed = isClosed
    }

    /// Vertex by vertex (the ones both have), by the first progress.
    package static func interpolate(_ a: LottieBezier, _ b: LottieBezier, progress: [Double]) -> LottieBezier {
        let t = progress[0]
        // Shapes with different vertex counts mix the vertices they share, as rlottie does.
        let n = min(a.vertices.count, b.vertices.count)
        func mix(_ p: [LottieVector], _ q: [LottieVector]) -> [LottieVector] {
            (0..<n).map { LottieVector.interpolate(p[$0], q[$0], progress: [t]) }
        }
        return LottieBezier(
            vertices: mix(a.vertices, b.vertices), inTangents: mix(a.inTangents, b.inTangents),
            outTangents: mix(a.outTangents, b.outTangents), isClosed: a.isClosed)
    }
}

/// The control points of one keyframe's easing curve (`o` or `i`): a cubic
/// Bézier from (0, 0) to (1, 1), per dimension.
package struct LottieEasing: Equatable, Sendable {
    /// The control point's x per dimension (time, 0...1).
    package var x: [Double]
    /// The control point's y per dimension (progress).
    package var y: [Double]

    /// A control point with `x` and `y` per dimension.
    package init(x: [Double], y: [Double]) {
        self.x = x
        self.y = y
    }

    /// Control point of dimension `i` (the last one given serves the rest).
    package func point(_ i: Int) -> (x: Double, y: Double) {
        let px = x.isEmpty ? 0 : x[min(i, x.count - 1)]
        let py = y.isEmpty ? 0 : y[min(i, y.count - 1)]
        return (px, py)
    }

    /// How many dimensions have their own control point.
    var dimensions: Int { max(x.count, y.count, 1) }

    /// The linear curve's out (first) control point.
    package static let linearOut = LottieEasing(x: [0], y: [0])
    /// The linear curve's in (second) control point.
    package static let linearIn = LottieEasing(x: [1], y: [1])
}
