import Foundation

#if !canImport(CoreGraphics)
    extension CGPath {
        /// Where the next element would start: the last element's end point, the subpath's start
        /// after `closeSubpath`, or `.zero` for an empty path.
        public var currentPoint: CGPoint { currentPointIfAny ?? .zero }

        /// The current point, or nil when the path has none.
        var currentPointIfAny: CGPoint? {
            var start: CGPoint?
            var current: CGPoint?
            for e in elements {
                switch e {
                case .moveTo(let p):
                    start = p
                    current = p
                case .lineTo(let p), .quadCurveTo(_, let p), .curveTo(_, _, let p):
                    if start == nil { start = p }
                    current = p
                case .closeSubpath:
                    if let s = start { current = s }
                }
            }
            return current
        }

        /// The smallest rectangle that holds every point of the path, control points included
        /// (`CGRect.null` for a path without points).
        public var boundingBox: CGRect {
            var box = BoundsAccumulator()
            for e in elements {
                for p in e.points { box.add(p) }
            }
            return box.rect
        }

        /// The smallest rectangle that holds the path's outline itself: end points and the
        /// extreme points of its curves, not their control points (`CGRect.null` when empty).
        public var boundingBoxOfPath: CGRect {
            boundingBoxMemo.value(forCount: elements.count) { measuredBoundingBox }
        }

        /// `boundingBoxOfPath` worked out from the elements.
        private var measuredBoundingBox: CGRect {
            var box = BoundsAccumulator()
            for sub in segmentedSubpaths() {
                box.add(sub.start)
                for s in sub.segments {
                    box.add(s.d)
                    for t in s.extremaParameters() { box.add(s.point(at: t)) }
                }
            }
            return box.rect
        }

        /// Whether the path is exactly one axis-aligned rectangle (a move and three or four lines,
        /// the last of them optionally back to the start, optionally closed), and which.
        ///
        /// - Parameter rect: receives the rectangle (standardized) when the answer is true.
        public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
            var pts: [CGPoint] = []
            var closed = false
            for (i, e) in elements.enumerated() {
                switch e {
                case .moveTo(let p) where i == 0: pts.append(p)
                case .lineTo(let p) where i > 0 && !closed: pts.append(p)
                case .closeSubpath where i > 0 && !closed: closed = true
                default: return false
                }
            }
            if pts.count == 5 && pts[4] == pts[0] { pts.removeLast() }
            guard pts.count == 4 else { return false }
            // Sides alternate horizontal and vertical, starting either way.
            let horizontalFirst = pts[0].y == pts[1].y
            for i in 0..<4 {
                let p = pts[i], q = pts[(i + 1) % 4]
                let horizontal = (i % 2 == 0) == horizontalFirst
                if horizontal ? (p.y != q.y || p.x == q.x) : (p.x != q.x || p.y == q.y) { return false }
            }
            let r = CGRect(
                x: min(pts[0].x, pts[2].x), y: min(pts[0].y, pts[2].y),
                width: abs(pts[2].x - pts[0].x), height: abs(pts[2].y - pts[0].y))
            rect?.pointee = r
            return true
        }

        /// Whether `point` lies inside the path mapped by `transform`, by `rule`.
        ///
        /// Every subpath counts as closed, as for filling. Curves are flattened to within a
        /// millionth of the path's size, so a point that close to the outline may go either way.
        public func contains(
            _ point: CGPoint, using rule: CGPathFillRule = .winding,
            transform: CGAffineTransform = .identity
        ) -> Bool {
            let box = boundingBox.applying(transform)
            guard !box.isNull, point.x.isFinite, point.y.isFinite,
                point.x >= box.minX, point.x <= box.maxX, point.y >= box.minY, point.y <= box.maxY
            else { return false }
            let size = max(box.width, box.height)
            let tolerance = size.isFinite && size > 0 ? size * 1e-6 : 1e-9
            var winding = 0
            for sub in segmentedSubpaths() {
                let segments = sub.segments.map { $0.applying(transform) }
                var poly = [sub.start.applying(transform)]
                for s in segments {
                    // Only curves that straddle the point's row can change the count.
                    let ys = [s.a.y, s.b.y, s.c.y, s.d.y]
                    if s.kind != .line && (ys.allSatisfy { $0 < point.y } || ys.allSatisfy { $0 > point.y }) {
                        poly.append(s.d)
                    } else {
                        s.flatten(tolerance: tolerance, limit: 1 << 14, into: &poly)
                    }
                }
                winding += windingNumber(of: poly, around: point)
            }
            return rule == .evenOdd ? winding & 1 != 0 : winding != 0
        }
    }
#endif

/// The winding number of the closed polygon `poly` around `p` (positive for polygons that run
/// clockwise on a y-down screen).
func windingNumber(of poly: [CGPoint], around p: CGPoint) -> Int {
    guard poly.count > 1 else { return 0 }
    var w = 0
    var prev = poly[poly.count - 1]
    for q in poly {
        // Upward and downward crossings of the horizontal line through p, to p's right.
        let side = (q.x - prev.x) * (p.y - prev.y) - (p.x - prev.x) * (q.y - prev.y)
        if prev.y <= p.y {
            if q.y > p.y && side > 0 { w += 1 }
        } else if q.y <= p.y && side < 0 {
            w -= 1
        }
        prev = q
    }
    return w
}

/// Grows a rectangle point by point.
struct BoundsAccumulator {
    var minX = CGFloat.infinity, minY = CGFloat.infinity
    var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity

    mutating func add(_ p: CGPoint) {
        minX = min(minX, p.x); minY = min(minY, p.y)
        maxX = max(maxX, p.x); maxY = max(maxY, p.y)
    }

    var rect: CGRect {
        minX <= maxX && minY <= maxY ? CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : .null
    }
}
