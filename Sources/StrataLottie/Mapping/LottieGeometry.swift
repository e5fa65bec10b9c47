import Foundation
import Strata

/// The outlines of Lottie's shapes, drawn from the same start point and in
/// the same direction as rlottie draws them (trim paths and dashes start there).
enum LottieGeometry {
    /// The circle constant for quarter arcs as cubic Béziers.
    static let kappa = 0.5522847498

    static func point(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: y) }

    /// `rc`: centred on `center`; corners rounded by `roundness` (clamped to half the shorter side).
    static func rectangle(
        center: LottieVector, size: LottieVector, roundness: Double, clockwise: Bool,
        alwaysRounded: Bool = false
    ) -> CGPath {
        let w = size.x, h = size.y
        let x = center.x - w / 2, y = center.y - h / 2
        let path = CGMutablePath()
        var r = max(0, roundness)
        r = min(r, abs(w) / 2, abs(h) / 2)
        if r == 0 && !alwaysRounded {
            if w == 0 && h == 0 { return path }
            if clockwise {
                path.move(to: point(x + w, y)); path.addLine(to: point(x + w, y + h))
                path.addLine(to: point(x, y + h)); path.addLine(to: point(x, y))
            } else {
                path.move(to: point(x + w, y)); path.addLine(to: point(x, y))
                path.addLine(to: point(x, y + h)); path.addLine(to: point(x + w, y + h))
            }
            path.closeSubpath()
            return path
        }
        let k = r * (1 - kappa)
        // Each corner: a line along the side, then a quarter arc.
        if clockwise {
            path.move(to: point(x + w, y + r))
            path.addLine(to: point(x + w, y + h - r))
            path.addCurve(
                to: point(x + w - r, y + h), control1: point(x + w, y + h - k), control2: point(x + w - k, y + h))
            path.addLine(to: point(x + r, y + h))
            path.addCurve(to: point(x, y + h - r), control1: point(x + k, y + h), control2: point(x, y + h - k))
            path.addLine(to: point(x, y + r))
            path.addCurve(to: point(x + r, y), control1: point(x, y + k), control2: point(x + k, y))
            path.addLine(to: point(x + w - r, y))
            path.addCurve(to: point(x + w, y + r), control1: point(x + w - k, y), control2: point(x + w, y + k))
        } else {
            path.move(to: point(x + w, y + r))
            path.addCurve(to: point(x + w - r, y), control1: point(x + w, y + k), control2: point(x + w - k, y))
            path.addLine(to: point(x + r, y))
            path.addCurve(to: point(x, y + r), control1: point(x + k, y), control2: point(x, y + k))
            path.addLine(to: point(x, y + h - r))
            path.addCurve(to: point(x + r, y + h), control1: point(x, y + h - k), control2: point(x + k, y + h))
            path.addLine(to: point(x + w - r, y + h))
            path.addCurve(
                to: point(x + w, y + h - r), control1: point(x + w - k, y + h), control2: point(x + w, y + h - k))
            path.addLine(to: point(x + w, y + r))
        }
        path.closeSubpath()
        return path
    }

    /// `el`: from 12 o'clock, clockwise unless `clockwise` is false.
    static func ellipse(center: LottieVector, size: LottieVector, clockwise: Bool) -> CGPath {
        let path = CGMutablePath()
        let w = size.x, h = size.y
        guard w != 0 || h != 0 else { return path }
        let x = center.x - w / 2, y = center.y - h / 2
        let w2 = w / 2, h2 = h / 2, w2k = w2 * kappa, h2k = h2 * kappa
        path.move(to: point(x + w2, y))
        if clockwise {
            path.addCurve(
                to: point(x + w, y + h2), control1: point(x + w2 + w2k, y), control2: point(x + w, y + h2 - h2k))
            path.addCurve(
                to: point(x + w2, y + h), control1: point(x + w, y + h2 + h2k), control2: point(x + w2 + w2k, y + h))
            path.addCurve(to: point(x, y + h2), control1: point(x + w2 - w2k, y + h), control2: point(x, y + h2 + h2k))
            path.addCurve(to: point(x + w2, y), control1: point(x, y + h2 - h2k), control2: point(x + w2 - w2k, y))
        } else {
            path.addCurve(to: point(x, y + h2), control1: point(x + w2 - w2k, y), control2: point(x, y + h2 - h2k))
            path.addCurve(
                to: point(x + w2, y + h), control1: point(x, y + h2 + h2k), control2: point(x + w2 - w2k, y + h))
            path.addCurve(
                to: point(x + w, y + h2), control1: point(x + w2 + w2k, y + h), control2: point(x + w, y + h2 + h2k))
            path.addCurve(to: point(x + w2, y), control1: point(x + w, y + h2 - h2k), control2: point(x + w2 + w2k, y))
        }
        path.closeSubpath()
        return path
    }

    /// `sr`: a star or polygon, first point straight up from the centre turned by `rotation` degrees.
    static func polystar(
        isStar: Bool, center: LottieVector, points rawPoints: Double, rotation: Double,
        outerRadius: Double, outerRoundness: Double, innerRadius: Double, innerRoundness: Double,
        clockwise: Bool
    ) -> CGPath {
        let path = CGMutablePath()
        var points = min(max(rawPoints, 0), Double(LottieLimits.maximumPolystarPoints))
        if !isStar { points = points.rounded(.down) }
        guard points >= 1 || (isStar && points > 0) else { return path }
        let cx = center.x, cy = center.y
        let dir: Double = clockwise ? 1 : -1
        var angle = (rotation - 90) * .pi / 180
        let anglePerPoint = 2 * Double.pi / points
        if !isStar {
            // A polygon: every vertex on the outer radius.
            let roundness = outerRoundness / 100
            var x = outerRadius * cos(angle), y = outerRadius * sin(angle)
            path.move(to: point(x + cx, y + cy))
            angle += anglePerPoint * dir
            for _ in 0..<Int(points) {
                let px = x, py = y
                x = outerRadius * cos(angle)
                y = outerRadius * sin(angle)
                if roundness != 0 {
                    let c1 = atan2(py, px) - .pi / 2 * dir, c2 = atan2(y, x) - .pi / 2 * dir
                    let d = outerRadius * roundness * 0.25
                    path.addCurve(
                        to: point(x + cx, y + cy),
                        control1: point(px - d * cos(c1) + cx, py - d * sin(c1) + cy),
                        control2: point(x + d * cos(c2) + cx, y + d * sin(c2) + cy))
                } else {
                    path.addLine(to: point(x + cx, y + cy))
                }
                angle += anglePerPoint * dir
            }
            path.closeSubpath()
            return path
        }
        let magic = 0.47829 / 0.28
        let half = anglePerPoint / 2
        let partial = points - points.rounded(.down)
        var partialRadius = 0.0
        let count = Int(points.rounded(.up) * 2)
        let inner = innerRoundness / 100, outer = outerRoundness / 100
        if partial != 0 { angle += half * (1 - partial) * dir }
        var x: Double, y: Double
        if partial != 0 {
            partialRadius = innerRadius + partial * (outerRadius - innerRadius)
            x = partialRadius * cos(angle)
            y = partialRadius * sin(angle)
            angle += anglePerPoint * partial / 2 * dir
        } else {
            x = outerRadius * cos(angle)
            y = outerRadius * sin(angle)
            angle += half * dir
        }
        let rounded = inner != 0 || outer != 0
        path.move(to: point(x + cx, y + cy))
        var long = false
        for i in 0..<count {
            var radius = long ? outerRadius : innerRadius
            var dTheta = half
            if partialRadius != 0 && i == count - 2 { dTheta = anglePerPoint * partial / 2 }
            if partialRadius != 0 && i == count - 1 { radius = partialRadius }
            let px = x, py = y
            x = radius * cos(angle)
            y = radius * sin(angle)
            if rounded {
                let t1 = atan2(py, px) - .pi / 2 * dir, t2 = atan2(y, x) - .pi / 2 * dir
                let r1 = long ? inner : outer, r2 = long ? outer : inner
                let rad1 = long ? innerRadius : outerRadius, rad2 = long ? outerRadius : innerRadius
                var c1x = rad1 * r1 * magic * cos(t1) / points, c1y = rad1 * r1 * magic * sin(t1) / points
                var c2x = rad2 * r2 * magic * cos(t2) / points, c2y = rad2 * r2 * magic * sin(t2) / points
                if partial != 0 && (i == 0 || i == count - 1) {
                    c1x *= partial; c1y *= partial; c2x *= partial; c2y *= partial
                }
                path.addCurve(
                    to: point(x + cx, y + cy), control1: point(px - c1x + cx, py - c1y + cy),
                    control2: point(x + c2x + cx, y + c2y + cy))
            } else {
                path.addLine(to: point(x + cx, y + cy))
            }
            angle += dTheta * dir
            long.toggle()
        }
        path.closeSubpath()
        return path
    }

    /// `sh`: vertices joined by cubic Béziers through their tangents. With
    /// `keepCurves` every span is a curve (so animated shapes keep one
    /// structure); otherwise spans without tangents are lines.
    static func bezier(_ shape: LottieBezier, keepCurves: Bool) -> CGPath {
        let path = CGMutablePath()
        let v = shape.vertices
        guard let first = v.first else { return path }
        path.move(to: point(first.x, first.y))
        func span(_ a: Int, _ b: Int) {
            let o = shape.outTangents[a], i = shape.inTangents[b]
            if !keepCurves && o.x == 0 && o.y == 0 && i.x == 0 && i.y == 0 {
                path.addLine(to: point(v[b].x, v[b].y))
            } else {
                path.addCurve(
                    to: point(v[b].x, v[b].y), control1: point(v[a].x + o.x, v[a].y + o.y),
                    control2: point(v[b].x + i.x, v[b].y + i.y))
            }
        }
        for k in 1..<max(1, v.count) { span(k - 1, k) }
        if shape.isClosed {
            if v.count > 1 { span(v.count - 1, 0) }
            path.closeSubpath()
        }
        return path
    }

    /// Corners without tangents rounded by `radius` (the `rd` modifier), as
    /// After Effects rounds them: each sharp vertex is replaced by a curve
    /// between points `radius` along its two sides (at most half of each side).
    static func roundingCorners(of path: CGPath, radius: Double) -> CGPath {
        guard radius > 0 else { return path }
        // Work on polylines of each subpath (only line-only subpaths have sharp corners to round).
        var result: [CGPath.Element] = []
        var subpath: [CGPath.Element] = []
        func flush() {
            defer { subpath = [] }
            guard case .moveTo(let start)? = subpath.first else { result += subpath; return }
            var pts = [start]
            var closed = false
            var onlyLines = true
            for e in subpath.dropFirst() {
                switch e {
                case .lineTo(let p): pts.append(p)
                case .closeSubpath: closed = true
                default: onlyLines = false
                }
            }
            if closed, pts.count > 1, pts.last == pts.first { pts.removeLast() }
            guard onlyLines, pts.count >= 3 else { result += subpath; return }
            let n = pts.count
            func lerp(_ a: CGPoint, _ b: CGPoint, _ t: Double) -> CGPoint {
                CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
            }
            var out: [CGPath.Element] = []
            for k in 0..<n {
                let p = pts[k]
                let hasPrev = closed || k > 0, hasNext = closed || k < n - 1
                guard hasPrev && hasNext else {
                    out.append(out.isEmpty ? .moveTo(p) : .lineTo(p))
                    continue
                }
                let prev = pts[(k - 1 + n) % n], next = pts[(k + 1) % n]
                let dPrev = hypot(Double(p.x - prev.x), Double(p.y - prev.y))
                let dNext = hypot(Double(next.x - p.x), Double(next.y - p.y))
                let a = lerp(p, prev, dPrev > 0 ? min(radius, dPrev / 2) / dPrev : 0)
                let b = lerp(p, next, dNext > 0 ? min(radius, dNext / 2) / dNext : 0)
                let c1 = lerp(a, p, kappa), c2 = lerp(b, p, kappa)
                out.append(out.isEmpty ? .moveTo(a) : .lineTo(a))
                out.append(.curveTo(control1: c1, control2: c2, to: b))
            }
            if closed { out.append(.closeSubpath) }
            result += out
        }
        for e in path.elements {
            if case .moveTo = e { flush() }
            subpath.append(e)
        }
        flush()
        return CGPath(elements: result)
    }

    /// `path` trimmed as rlottie trims: `start`, `end` in 0...1 of the length
    /// (an end before the start wraps round through the path's start).
    static func trim(_ path: CGPath, start: Double, end: Double) -> CGPath {
        if start == 0 && end == 1 { return path }
        if start == end { return CGPath() }
        if start < end { return path.trimmed(from: CGFloat(start), to: CGFloat(end)) }
        let out = CGMutablePath()
        out.addPath(path.trimmed(from: CGFloat(start), to: 1))
        out.addPath(path.trimmed(from: 0, to: CGFloat(end)))
        return out
    }

    /// The length of `path` (its subpaths', closing lines included), as trims measure it.
    static func length(_ path: CGPath) -> Double {
        let box = path.boundingBoxOfPath
        guard !box.isNull, box.width.isFinite, box.height.isFinite else { return 0 }
        let tolerance = max(Double(max(box.width, box.height)) * 1e-5, 1e-9)
        var total = 0.0
        for line in path.flattened(tolerance: CGFloat(tolerance)) {
            for (a, b) in zip(line, line.dropFirst()) { total += Double(hypot(b.x - a.x, b.y - a.y)) }
        }
        return total
    }

    /// rlottie's trim segment for start, end (percent) and offset (degrees): (start, end) in 0...1,
    /// start > end meaning the visible part wraps through the path's start.
    static func trimSegment(start s: Double, end e: Double, offset o: Double) -> (Double, Double) {
        var start = s / 100, end = e / 100
        let offset = fmod(o, 360) / 360
        let diff = abs(start - end)
        if diff < 1e-6 { return (0, 0) }
        if abs(diff - 1) < 1e-6 { return (0, 1) }
        func noloop(_ a: Double, _ b: Double) -> (Double, Double) { (min(a, b), max(a, b)) }
        func loop(_ a: Double, _ b: Double) -> (Double, Double) { (max(a, b), min(a, b)) }
        start += offset
        end += offset
        if offset > 0 {
            if start <= 1 && end <= 1 { return noloop(start, end) }
            if start > 1 && end > 1 { return noloop(start - 1, end - 1) }
            return start > 1 ? loop(start - 1, end) : loop(start, end - 1)
        }
        if start >= 0 && end >= 0 { return noloop(start, end) }
        if start < 0 && end < 0 { return noloop(1 + start, 1 + end) }
        return start < 0 ? loop(1 + start, end) : loop(start, 1 + end)
    }
}
