import Foundation

// swift-corelibs-foundation has NSValue(point:), NSValue(size:) and
// NSValue(rect:) but not the iOS names Core Animation code uses, nor boxes for
// CATransform3D and CGAffineTransform (its NSValue cannot encode structs, so
// those are stored as arrays of doubles and recognised by their objCType).
extension NSValue {
    /// The objCType of a boxed `CATransform3D` (16 doubles, m11…m44).
    static let caTransform3DObjCType = "[16d]"
    /// The objCType of a boxed `CGAffineTransform` (6 doubles, a b c d tx ty).
    static let cgAffineTransformObjCType = "[6d]"

    /// A value holding a `CATransform3D`.
    public convenience init(caTransform3D t: CATransform3D) {
        var fields = t.elements.map { Double($0) }
        self.init(bytes: &fields, objCType: NSValue.caTransform3DObjCType)
    }

    /// The `CATransform3D` held (the identity when the value holds something else).
    public var caTransform3DValue: CATransform3D {
        guard String(cString: objCType) == NSValue.caTransform3DObjCType else { return CATransform3DIdentity }
        var fields = [Double](repeating: 0, count: 16)
        fields.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return CATransform3D(elements: fields.map { CGFloat($0) })
    }

    /// A value holding a `CGAffineTransform`.
    public convenience init(cgAffineTransform t: CGAffineTransform) {
        var fields = [Double(t.a), Double(t.b), Double(t.c), Double(t.d), Double(t.tx), Double(t.ty)]
        self.init(bytes: &fields, objCType: NSValue.cgAffineTransformObjCType)
    }

    /// The `CGAffineTransform` held (the identity when the value holds something else).
    public var cgAffineTransformValue: CGAffineTransform {
        guard String(cString: objCType) == NSValue.cgAffineTransformObjCType else { return .identity }
        var f = [Double](repeating: 0, count: 6)
        f.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return CGAffineTransform(a: f[0], b: f[1], c: f[2], d: f[3], tx: f[4], ty: f[5])
    }

    #if !canImport(UIKit)
        /// A value holding a point (UIKit's name for `NSValue(point:)`).
        public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
        /// The point held.
        public var cgPointValue: CGPoint { pointValue }
        /// A value holding a size (UIKit's name for `NSValue(size:)`).
        public convenience init(cgSize size: CGSize) { self.init(size: size) }
        /// The size held.
        public var cgSizeValue: CGSize { sizeValue }
        /// A value holding a rectangle (UIKit's name for `NSValue(rect:)`).
        public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
        /// The rectangle held.
        public var cgRectValue: CGRect { rectValue }
    #endif
}
