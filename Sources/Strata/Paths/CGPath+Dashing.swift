import Foundation

#if !canImport(CoreGraphics)
    extension CGPath {
        /// The dashes of the path as open subpaths, mapped by `transform`, as Core Graphics'
        /// `copy(dashingWithPhase:lengths:transform:)`; stroke the result to draw a dashed line.
        ///
        /// SVG's `stroke-dasharray` semantics, as Chromium (Skia) draws them: `lengths` alternate
        /// dash and gap, an odd count is repeated to make it even; `phase` is how far into the
        /// pattern the path starts (negative values count back from the pattern's end); every
        /// subpath starts the pattern afresh; on a closed subpath a dash that runs over the start
        /// continues into the first dash, so the corner there is joined, not capped. A zero-length
        /// dash becomes a zero-length line (a dot under round or square caps). When the pattern is
        /// empty, has a negative or non-finite length, sums to zero, or would cut more than a
        /// million dashes, the path comes back undashed (SVG draws such a stroke solid).
        ///
        /// Lengths along curves are measured finely (to a hundred-thousandth of the path's size);
        /// `dashed(phase:lengths:chordTolerance:)` measures them as Skia does, to match Chromium.
        public func copy(
            dashingWithPhase phase: CGFloat, lengths: [CGFloat],
            transform: CGAffineTransform = .identity
        ) -> CGPath {
            let dashed = CGPath(
                elements: dashedElements(phase: phase, lengths: lengths, chordTolerance: nil) ?? elements)
            guard !transform.isIdentity else { return dashed }
            return CGPath(elements: dashed.elements.map { $0.applying(transform) })
        }
    }
#endif

extension CGPath {
    /// The dashes of the path (see `copy(dashingWithPhase:lengths:transform:)`), with curve
    /// lengths measured as Skia's contour measure does: curves halved until within
    /// `chordTolerance` path units of their chords (Strata addition). Half a device pixel, in
    /// path units, puts dashes where Chromium draws them: on gentle curves about a thousandth
    /// short of the true arc length, as Chromium's are.
    package func dashed(phase: CGFloat, lengths: [CGFloat], chordTolerance: CGFloat) -> CGPath {
        CGPath(elements: dashedElements(phase: phase, lengths: lengths, chordTolerance: chordTolerance) ?? elements)
    }

    /// The dashed elements, or nil when the pattern does not dash (see `copy(dashingWithPhase:)`);
    /// lengths measured finely, or as Skia does with `chordTolerance` (see `PathMeasure`).
    func dashedElements(phase: CGFloat, lengths: [CGFloat], chordTolerance: CGFloat?) -> [CGPath.Element]? {
        guard !lengths.isEmpty, phase.isFinite,
            lengths.allSatisfy({ $0 >= 0 && $0.isFinite })
        else { return nil }
        let intervals = lengths.count % 2 == 0 ? lengths : lengths + lengths
        let total = intervals.reduce(0, +)
        guard total > 0, total.isFinite else { return nil }

        // Where the pattern stands at distance 0, as Skia finds it: an interval that ends
        // exactly at the phase is passed over (unless it has zero length).
        var p = positiveRemainder(phase, total)
        var initialIndex = 0
        var initialLength = intervals[0]
        for (i, gap) in intervals.enumerated() {
            if p > gap || (p == gap && gap != 0) {
                p -= gap
            } else {
                initialIndex = i
                initialLength = gap - p
                break
            }
        }

        let measure = PathMeasure(self, chordTolerance: chordTolerance)
        let dashCount = measure.contours.reduce(0) { $0 + $1.length } * CGFloat(intervals.count / 2) / total
        guard dashCount <= 1_000_000 else { return nil }

        var out: [CGPath.Element] = []
        func emit(_ segments: [PathSegment], continuing: Bool) {
            guard let first = segments.first else { return }
            if !continuing { out.append(.moveTo(first.a)) }
            out.append(contentsOf: segments.map(\.element))
        }
        // Zero-length contours draw no dashes, as in Skia.
        for contour in measure.contours where contour.subpath.isDrawn && contour.length > 0 {
            let length = contour.length
            var distance: CGFloat = 0
            var index = initialIndex
            var dash = initialLength
            // On a closed contour the first dash is drawn last, joined to the final one.
            var skipFirst = contour.subpath.isClosed
            var added = false
            while distance < length {
                added = false
                if index % 2 == 0 && !skipFirst {
                    emit(
                        measure.segments(of: contour, from: distance, to: min(distance + dash, length)),
                        continuing: false)
                    added = true
                }
                distance += dash
                skipFirst = false
                index = (index + 1) % intervals.count
                dash = intervals[index]
            }
            if contour.subpath.isClosed && initialIndex % 2 == 0 {
                emit(measure.segments(of: contour, from: 0, to: min(initialLength, length)), continuing: added)
            }
        }
        return out
    }
}
