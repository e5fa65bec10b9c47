import Foundation

extension CGPath {
    /// The part of the path between two fractions of its whole length, as a shape layer's
    /// `strokeStart` and `strokeEnd` cut it (Strata addition).
    ///
    /// Lengths run over all subpaths in order, closing lines included, jumps between subpaths
    /// not. Fractions are clamped to 0...1; when `start >= end` the result is empty. A closed
    /// subpath that lies wholly inside the range stays closed; one that is cut becomes open.
    /// Curves are cut exactly (they stay curves).
    package func trimmed(from start: CGFloat, to end: CGFloat) -> CGPath {
        let a = start.isNaN ? 0 : min(max(start, 0), 1)
        let b = end.isNaN ? 1 : min(max(end, 0), 1)
        guard a < b else { return CGPath() }
        if a == 0 && b == 1 { return CGPath(elements: elements) }
        let measure = trimMeasureMemo.value(forCount: elements.count) { PathMeasure(self) }
        let total = measure.contours.reduce(0) { $0 + $1.length }
        let lo = a * total, hi = b * total
        var out: [CGPath.Element] = []
        var offset: CGFloat = 0
        for contour in measure.contours {
            let c0 = offset, c1 = offset + contour.length
            offset = c1
            guard contour.subpath.isDrawn, c1 >= lo, c0 <= hi else { continue }
            if c0 >= lo && c1 <= hi {
                out.append(contentsOf: contour.subpath.elements)
                continue
            }
            let from = max(lo, c0) - c0, to = min(hi, c1) - c0
            // A range that only touches the contour's end draws nothing of it.
            if from >= contour.length && contour.length > 0 { continue }
            if to <= 0 && contour.length > 0 { continue }
            let segments = measure.segments(of: contour, from: from, to: to)
            guard let first = segments.first else { continue }
            out.append(.moveTo(first.a))
            out.append(contentsOf: segments.map(\.element))
        }
        return CGPath(elements: out)
    }
}
