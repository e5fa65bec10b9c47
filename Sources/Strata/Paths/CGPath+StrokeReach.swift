import Foundation

extension CGPath {
    /// How far the stroke of this path reaches past the path's points, in path units: what
    /// to grow `boundingBoxOfPath` by to hold the stroke (Strata addition).
    ///
    /// Half the width, or more where the stroke draws farther: a square cap (√2 half
    /// widths at its corners) and miter joins, each as long as its corner asks (1 / cos of
    /// half the turn, in half widths) up to `miterLimit`, past which it bevels. Only the
    /// corners the path has count: a circle's stroke reaches half its width, not the miter
    /// limit. Inside a curve the flattened stroke turns no more than its control polygon
    /// does, so a curve counts as a corner of that turn. The stroker's inner corners stay
    /// within half a width of the path, as do dashes and trims (their ends are caps).
    package func strokeReach(lineWidth: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat) -> CGFloat {
        let half = max(0, lineWidth) / 2
        let capFactor: CGFloat = cap == .square ? 2.squareRoot() : 1
        // The stroker treats NaN as Core Graphics' default, 10.
        let limit = miterLimit.isNaN ? 10 : miterLimit
        guard join == .miter, limit > 1 else { return half * capFactor }

        /// The miter's length, in half widths, at a turn whose cosine is `dot`.
        func miterLength(_ dot: CGFloat) -> CGFloat {
            let cosHalf = ((1 + min(1, max(-1, dot))) / 2).squareRoot()
            return cosHalf > 0 ? 1 / cosHalf : .infinity
        }
        /// A joint's reach: its miter, or 1 where the stroker bevels instead.
        func joint(_ dot: CGFloat) -> CGFloat {
            let length = miterLength(dot)
            return length <= limit ? length : 1
        }
        func unit(_ v: CGPoint) -> CGPoint? {
            let length = hypot(v.x, v.y)
            return length > 1e-12 && length.isFinite ? CGPoint(x: v.x / length, y: v.y / length) : nil
        }
        func dot(_ a: CGPoint, _ b: CGPoint) -> CGFloat { a.x * b.x + a.y * b.y }

        var worst: CGFloat = 1
        var start = CGPoint.zero, current = CGPoint.zero
        var firstDirection: CGPoint?, lastDirection: CGPoint?
        /// A segment through its first `count` points (its start first): its joint with the
        /// segment before, and the turns inside it. Fixed-size storage: a shape's bitmap
        /// asks for every shape layer every frame, cached or not.
        func segment(_ points: InlineArray<4, CGPoint>, _ count: Int) {
            var legs = InlineArray<3, CGPoint>(repeating: .zero)
            var n = 0
            for i in 1..<count {
                if let u = unit(CGPoint(x: points[i].x - points[i - 1].x, y: points[i].y - points[i - 1].y)) {
                    legs[n] = u
                    n += 1
                }
            }
            guard n > 0 else { return }
            if let lastDirection { worst = max(worst, joint(dot(lastDirection, legs[0]))) }
            // Between its chords a curve turns at most as far as its legs' directions differ:
            // any miter up to that turn's, or up to the limit.
            for i in 0..<n {
                for j in (i + 1)..<max(i + 1, n) { worst = max(worst, min(miterLength(dot(legs[i], legs[j])), limit)) }
            }
            if firstDirection == nil { firstDirection = legs[0] }
            lastDirection = legs[n - 1]
        }
        for element in elements {
            switch element {
            case .moveTo(let p):
                start = p; current = p; firstDirection = nil; lastDirection = nil
            case .lineTo(let p):
                segment([current, p, p, p], 2); current = p
            case .quadCurveTo(let c, let p):
                segment([current, c, p, p], 3); current = p
            case .curveTo(let c1, let c2, let p):
                segment([current, c1, c2, p], 4); current = p
            case .closeSubpath:
                segment([current, start, start, start], 2)
                if let lastDirection, let firstDirection {
                    worst = max(worst, joint(dot(lastDirection, firstDirection)))
                }
                current = start; firstDirection = nil; lastDirection = nil
            }
        }
        return half * max(worst, capFactor)
    }
}
