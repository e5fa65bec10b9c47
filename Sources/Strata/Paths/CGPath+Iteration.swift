import Foundation

#if !canImport(CoreGraphics)
    extension CGPath {
        /// Calls `body` with each element in order (Strata's safe form of `applyWithBlock`).
        public func forEach(_ body: (CGPath.Element) throws -> Void) rethrows {
            for e in elements { try body(e) }
        }

        /// Calls `block` with each element in Core Graphics' form: a type and a pointer to its
        /// points, valid only during the call.
        public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
            let points = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
            defer { points.deallocate() }
            points.initialize(repeating: .zero, count: 3)
            for e in elements {
                let type: CGPathElementType
                switch e {
                case .moveTo(let p): type = .moveToPoint; points[0] = p
                case .lineTo(let p): type = .addLineToPoint; points[0] = p
                case .quadCurveTo(let c, let p): type = .addQuadCurveToPoint; points[0] = c; points[1] = p
                case .curveTo(let c1, let c2, let p):
                    type = .addCurveToPoint; points[0] = c1; points[1] = c2; points[2] = p
                case .closeSubpath: type = .closeSubpath
                }
                var element = CGPathElement(type: type, points: points)
                withUnsafePointer(to: &element) { block($0) }
            }
        }

        /// A copy mapped by `transform` (an unchanged copy when it is nil).
        public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
            guard let t = transform?.pointee, !t.isIdentity else { return copy() }
            return CGPath(elements: elements.map { $0.applying(t) })
        }

        /// A mutable copy mapped by `transform` (an unchanged copy when it is nil).
        public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
            guard let t = transform?.pointee, !t.isIdentity else { return mutableCopy() }
            return CGMutablePath(elements: elements.map { $0.applying(t) })
        }
    }
#endif
