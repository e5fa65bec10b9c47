import Foundation

#if !canImport(CoreGraphics)
    extension CGPath.Element {
        /// The element with every point mapped by `t`.
        public func applying(_ t: CGAffineTransform) -> CGPath.Element {
            switch self {
            case .moveTo(let p): .moveTo(p.applying(t))
            case .lineTo(let p): .lineTo(p.applying(t))
            case .quadCurveTo(let c, let p): .quadCurveTo(control: c.applying(t), to: p.applying(t))
            case .curveTo(let c1, let c2, let p):
                .curveTo(control1: c1.applying(t), control2: c2.applying(t), to: p.applying(t))
            case .closeSubpath: .closeSubpath
            }
        }

        /// The element's points in order, control points included (none for `closeSubpath`).
        public var points: [CGPoint] {
            switch self {
            case .moveTo(let p), .lineTo(let p): [p]
            case .quadCurveTo(let c, let p): [c, p]
            case .curveTo(let c1, let c2, let p): [c1, c2, p]
            case .closeSubpath: []
            }
        }

        /// Where the element ends (nil for `closeSubpath`, which returns to the subpath's start).
        public var endPoint: CGPoint? {
            switch self {
            case .moveTo(let p), .lineTo(let p), .quadCurveTo(_, let p), .curveTo(_, _, let p): p
            case .closeSubpath: nil
            }
        }
    }
#endif
