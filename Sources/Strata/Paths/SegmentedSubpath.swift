import Foundation

/// A subpath as explicit segments: the form every geometric operation works on.
///
/// Path elements leave some cases implicit; `CGPath.segmentedSubpaths()` settles them once:
/// - a drawing element right after `closeSubpath` starts a new subpath at the closed one's start;
/// - a drawing element with no current point at all acts as a move to its end point;
/// - a closed subpath whose last point is not its start gets the closing line as its last
///   segment (`hasClosingSegment`).
struct SegmentedSubpath: Equatable, Sendable {
    /// Where the subpath starts.
    var start: CGPoint
    /// Its segments in order; empty for a lone move (or a closed single point).
    var segments: [PathSegment] = []
    /// Whether it ended with `closeSubpath`.
    var isClosed = false
    /// Whether the last segment is the implicit closing line.
    var hasClosingSegment = false
    /// Whether any drawing element or a close followed the move (a lone move draws nothing,
    /// but a zero-length line or `M p Z` gets caps).
    var isDrawn = false

    /// Where the subpath ends (its start again when closed).
    var end: CGPoint { segments.last?.d ?? start }

    /// The path elements that rebuild this subpath.
    var elements: [CGPath.Element] {
        var out: [CGPath.Element] = [.moveTo(start)]
        let drawn = hasClosingSegment ? segments.dropLast() : segments[...]
        out.append(contentsOf: drawn.map(\.element))
        if isClosed { out.append(.closeSubpath) }
        return out
    }
}

extension CGPath {
    /// The path as subpaths of explicit segments (see `SegmentedSubpath`).
    func segmentedSubpaths() -> [SegmentedSubpath] {
        var result: [SegmentedSubpath] = []
        var current: SegmentedSubpath?
        var lastClosedStart: CGPoint?

        func open(fallback: CGPoint) -> Bool {
            if current != nil { return true }
            if let s = lastClosedStart {
                current = SegmentedSubpath(start: s)
                return true
            }
            current = SegmentedSubpath(start: fallback)
            return false
        }

        for element in elements {
            switch element {
            case .moveTo(let p):
                if let c = current { result.append(c) }
                current = SegmentedSubpath(start: p)
                lastClosedStart = nil
            case .lineTo(let p):
                if open(fallback: p) {
                    current!.segments.append(.line(current!.end, p))
                    current!.isDrawn = true
                }
            case .quadCurveTo(let c1, let p):
                if open(fallback: p) {
                    current!.segments.append(.quad(current!.end, c1, p))
                    current!.isDrawn = true
                }
            case .curveTo(let c1, let c2, let p):
                if open(fallback: p) {
                    current!.segments.append(.cubic(current!.end, c1, c2, p))
                    current!.isDrawn = true
                }
            case .closeSubpath:
                guard var c = current else { continue }
                c.isClosed = true
                c.isDrawn = true
                if c.end != c.start {
                    c.segments.append(.line(c.end, c.start))
                    c.hasClosingSegment = true
                }
                result.append(c)
                lastClosedStart = c.start
                current = nil
            }
        }
        if let c = current { result.append(c) }
        return result
    }
}
