import Foundation

#if !canImport(CoreGraphics)
    extension CGMutablePath {
        /// A circular arc from `startAngle` to `endAngle` (radians), as cubic Béziers of at most 90°.
        ///
        /// Angles are measured from the +x axis toward +y. `clockwise` has Core Graphics' meaning
        /// in its y-up space: `false` makes the angle grow, `true` makes it shrink. On iOS's y-down
        /// screen (and in Strata) `clockwise: false` therefore *looks* clockwise. The sweep follows
        /// the HTML canvas rule that Core Graphics shares: a sweep of 2π or more in the chosen
        /// direction draws the whole circle; otherwise the end angle is brought within one turn of
        /// the start, so `startAngle == endAngle` draws nothing but the connecting line.
        ///
        /// If the path has a current point, a line joins it to the arc's start; otherwise the arc
        /// starts a new subpath.
        public func addArc(
            center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
            clockwise: Bool, transform: CGAffineTransform = .identity
        ) {
            guard startAngle.isFinite, endAngle.isFinite else { return }
            let turn = 2 * CGFloat.pi
            let delta: CGFloat
            if !clockwise {
                let d = endAngle - startAngle
                delta = d >= turn ? turn : positiveRemainder(d, turn)
            } else {
                let d = startAngle - endAngle
                delta = d >= turn ? -turn : -positiveRemainder(d, turn)
            }
            appendArc(center: center, radius: radius, startAngle: startAngle, delta: delta, transform: transform)
        }

        /// A circular arc that starts at `startAngle` and sweeps `delta` radians (positive: the angle
        /// grows, clockwise on iOS's y-down screen).
        ///
        /// If the path has a current point, a line joins it to the arc's start.
        public func addRelativeArc(
            center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
            transform: CGAffineTransform = .identity
        ) {
            appendArc(center: center, radius: radius, startAngle: startAngle, delta: delta, transform: transform)
        }

        /// A line from the current point toward `tangent1End`, then an arc of `radius` tangent to the
        /// lines current point → `tangent1End` and `tangent1End` → `tangent2End` (PostScript's
        /// `arct`, canvas's `arcTo`).
        ///
        /// The arc ends on the second line; `tangent2End` itself is not reached. When the points are
        /// collinear or `radius` is zero, this adds a line to `tangent1End`. Without a current point
        /// it starts a subpath at `tangent1End`.
        public func addArc(
            tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
            transform: CGAffineTransform = .identity
        ) {
            guard let current = currentPointIfAny else {
                move(to: tangent1End, transform: transform)
                return
            }
            // The geometry is built in the caller's space, where the current point is found by
            // undoing `transform`.
            let p0 = current.applying(transform.inverted())
            let p1 = tangent1End, p2 = tangent2End
            let v1 = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y), v2 = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
            let l1 = hypot(v1.x, v1.y), l2 = hypot(v2.x, v2.y)
            guard radius > 0, radius.isFinite, l1 > 0, l2 > 0 else {
                addLine(to: p1, transform: transform)
                return
            }
            let d1 = CGPoint(x: v1.x / l1, y: v1.y / l1), d2 = CGPoint(x: v2.x / l2, y: v2.y / l2)
            let cross = d1.x * d2.y - d1.y * d2.x
            let dot = d1.x * d2.x + d1.y * d2.y
            guard abs(cross) > 1e-12 else {
                addLine(to: p1, transform: transform)
                return
            }
            let half = acos(max(-1, min(1, dot))) / 2
            let dist = radius / tan(half)
            let ta = CGPoint(x: p1.x + d1.x * dist, y: p1.y + d1.y * dist)
            let tb = CGPoint(x: p1.x + d2.x * dist, y: p1.y + d2.y * dist)
            let bis = CGPoint(x: d1.x + d2.x, y: d1.y + d2.y)
            let bl = hypot(bis.x, bis.y)
            let cd = radius / sin(half)
            let center = CGPoint(x: p1.x + bis.x / bl * cd, y: p1.y + bis.y / bl * cd)
            let va = CGPoint(x: ta.x - center.x, y: ta.y - center.y)
            let vb = CGPoint(x: tb.x - center.x, y: tb.y - center.y)
            let start = atan2(va.y, va.x)
            let sweep = atan2(va.x * vb.y - va.y * vb.x, va.x * vb.x + va.y * vb.y)
            appendArc(center: center, radius: radius, startAngle: start, delta: sweep, transform: transform)
        }

        /// Appends an arc of `delta` radians as cubic Béziers of at most 90° each, joined to the
        /// current point by a line (or starting a subpath without one).
        func appendArc(
            center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
            transform: CGAffineTransform
        ) {
            guard center.x.isFinite, center.y.isFinite, radius.isFinite, startAngle.isFinite,
                delta.isFinite
            else { return }
            let r = max(0, radius)
            let start = CGPoint(x: center.x + r * cos(startAngle), y: center.y + r * sin(startAngle))
            let mapped = start.applying(transform)
            if let current = currentPointIfAny {
                if current != mapped { elements.append(.lineTo(mapped)) }
            } else {
                elements.append(.moveTo(mapped))
            }
            guard delta != 0, r > 0 else { return }
            // Quarter turns at most; a sweep of many turns is capped so absurd input stays bounded.
            let quarters = (abs(delta) / (CGFloat.pi / 2) - 1e-9).rounded(.up)
            let n = Int(min(1024, max(1, quarters)))
            let step = delta / CGFloat(n)
            let k = 4 / 3 * tan(step / 4) * r
            var a = startAngle
            var (ca, sa) = (cos(a), sin(a))
            for i in 0..<n {
                let b = i == n - 1 ? startAngle + delta : a + step
                let (cb, sb) = (cos(b), sin(b))
                let p0 = CGPoint(x: center.x + r * ca, y: center.y + r * sa)
                let p3 = CGPoint(x: center.x + r * cb, y: center.y + r * sb)
                let c1 = CGPoint(x: p0.x - k * sa, y: p0.y + k * ca)
                let c2 = CGPoint(x: p3.x + k * sb, y: p3.y - k * cb)
                addCurve(to: p3, control1: c1, control2: c2, transform: transform)
                (a, ca, sa) = (b, cb, sb)
            }
        }
    }

    /// `x` modulo `m` in `0..<m` (for `m > 0`).
    func positiveRemainder(_ x: CGFloat, _ m: CGFloat) -> CGFloat {
        let r = x.truncatingRemainder(dividingBy: m)
        return r < 0 ? r + m : r
    }
#endif
