import Foundation

#if !canImport(CoreGraphics)
    extension CGPath {
        /// The outline of the path's stroke as a path to fill with the non-zero rule, mapped by
        /// `transform`, as Core Graphics' `copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:)`.
        ///
        /// The outline is polygons whose winding numbers never go negative (see
        /// `strokeOutline(lineWidth:lineCap:lineJoin:miterLimit:tolerance:)`), one ribbon per open
        /// subpath and two loops per closed one, not a tidied contour as Core Graphics makes it:
        /// fill it non-zero (never even-odd). Curves are flattened to within a hundredth of a
        /// point (less for tiny paths).
        public func copy(
            strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin,
            miterLimit: CGFloat, transform: CGAffineTransform = .identity
        ) -> CGPath {
            let box = boundingBox
            let size = box.isNull ? 0 : max(box.width, box.height, lineWidth)
            let tolerance = size.isFinite && size > 0 ? min(0.01, size * 1e-3) : 0.01
            let polygons = strokeOutline(
                lineWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin,
                miterLimit: miterLimit, tolerance: tolerance)
            var out: [CGPath.Element] = []
            for poly in polygons {
                out.append(.moveTo(poly[0].applying(transform)))
                for p in poly.dropFirst() { out.append(.lineTo(p.applying(transform))) }
                out.append(.closeSubpath)
            }
            return CGPath(elements: out)
        }
    }
#endif

extension CGPath {
    /// The stroke's outline as polygons whose non-zero union is the stroked area (Strata
    /// addition; what a shape layer's stroke rasterizes).
    ///
    /// SVG's (and Core Graphics') stroke geometry: the line is `lineWidth` wide, centred on
    /// the path; `lineCap` shapes open ends (a zero-length subpath becomes a disc or square
    /// under round or square caps); `lineJoin` shapes the corners between path elements, a
    /// miter turning into a bevel when the miter's length over the line width exceeds
    /// `miterLimit` (SVG's `stroke-miterlimit`; a shape layer's `miterLimit`); closed
    /// subpaths are joined at their start. Each open subpath gives one polygon, each closed
    /// one an outer and an inner loop; they may overlap themselves and each other, but every
    /// point's winding number is the number of stroke pieces covering it (never negative), so
    /// fill them with the non-zero rule. Width zero, negative or not finite strokes nothing.
    ///
    /// - Parameters:
    ///   - lineWidth: the stroke's width, in path units.
    ///   - lineCap: the shape of open ends.
    ///   - lineJoin: the shape of corners.
    ///   - miterLimit: the longest miter, in line widths, before a miter join bevels.
    ///   - tolerance: largest distance between a curve (or a round cap or join) and its
    ///     polygon, in path units. Must be positive. Curves are flattened as for
    ///     `fillPolygons(tolerance:transform:clip:)`, with chords that cross the curve, so the
    ///     stroke's area is right and its edges stray less than the tolerance.
    ///   - skiaDevice: when given, the map from path units to device pixels: curves are then
    ///     cut as Skia cuts them there (see `fillPolygonsLikeSkia`), without nudging, and
    ///     round caps and joins into Skia's chords, so that the stroke sits where Chromium
    ///     draws it. The outline stays in path units.
    package func strokeOutline(
        lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin,
        miterLimit: CGFloat, tolerance: CGFloat,
        skiaDevice: CGAffineTransform? = nil
    ) -> [[CGPoint]] {
        var stroker = PathStroker(
            lineWidth: lineWidth, cap: lineCap, join: lineJoin, miterLimit: miterLimit,
            tolerance: tolerance, skiaScale: skiaDevice.map(Self.largestScale))
        stroker.stroke(flatSubpaths(tolerance: tolerance, balanced: true, skiaDevice: skiaDevice))
        return stroker.polygons
    }
}

extension CGPath {
    static func largestScale(_ t: CGAffineTransform) -> CGFloat { t.largestScale }
}

extension CGAffineTransform {
    /// The largest factor by which the transform stretches any direction (its largest singular value).
    package var largestScale: CGFloat {
        let sum = a * a + b * b + c * c + d * d
        let det = a * d - b * c
        let disc = max(0, sum * sum - 4 * det * det)
        return ((sum + disc.squareRoot()) / 2).squareRoot()
    }
}
