import Foundation

#if !canImport(CoreGraphics)
    /// A 2D affine transform, `[x y 1] × [[a b 0] [c d 0] [tx ty 1]]`, as in Core Graphics.
    ///
    /// swift-corelibs-foundation has no `CGAffineTransform`; this is Core Graphics' type.
    public struct CGAffineTransform: Hashable, Sendable {
        public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

        /// A transform with every field given.
        public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
            self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
        }

        /// The identity transform.
        public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }

        /// The identity transform.
        public static let identity = CGAffineTransform()

        /// A translation.
        public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }

        /// A scale.
        public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }

        /// A rotation by `angle` radians.
        public init(rotationAngle angle: CGFloat) {
            let c = cos(angle), s = sin(angle)
            self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
        }

        /// Whether this is the identity.
        public var isIdentity: Bool { self == .identity }

        /// `self` then `t2`.
        public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
            CGAffineTransform(
                a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
                c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
                tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
        }

        /// A translation applied before `self`.
        public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
            CGAffineTransform(translationX: x, y: y).concatenating(self)
        }

        /// A scale applied before `self`.
        public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
            CGAffineTransform(scaleX: x, y: y).concatenating(self)
        }

        /// A rotation applied before `self`.
        public func rotated(by angle: CGFloat) -> CGAffineTransform {
            CGAffineTransform(rotationAngle: angle).concatenating(self)
        }

        /// The inverse, or `self` when singular (as Core Graphics does).
        public func inverted() -> CGAffineTransform {
            let det = a * d - b * c
            guard det != 0 else { return self }
            return CGAffineTransform(
                a: d / det, b: -b / det, c: -c / det, d: a / det,
                tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
        }
    }

    extension CGPoint {
        /// The point mapped by `t`.
        public func applying(_ t: CGAffineTransform) -> CGPoint {
            CGPoint(x: x * t.a + y * t.c + t.tx, y: x * t.b + y * t.d + t.ty)
        }
    }

    extension CGSize {
        /// The size mapped by `t`'s linear part.
        public func applying(_ t: CGAffineTransform) -> CGSize {
            CGSize(width: width * t.a + height * t.c, height: width * t.b + height * t.d)
        }
    }

    extension CGRect {
        /// The bounding box of the rectangle mapped by `t`.
        public func applying(_ t: CGAffineTransform) -> CGRect {
            let pts = [
                CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY),
                CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY),
            ].map { $0.applying(t) }
            let xs = pts.map(\.x), ys = pts.map(\.y)
            return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        }
    }
#endif
