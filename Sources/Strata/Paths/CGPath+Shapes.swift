import Foundation

#if !canImport(CoreGraphics)
    extension CGPath {
        /// A closed rectangle, mapped by `transform` when it is not nil.
        ///
        /// The transform is a pointer, as in Core Graphics: pass `nil` or `&t`.
        public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
            let m = CGMutablePath()
            m.addRect(rect, transform: transform?.pointee ?? .identity)
            self.init(elements: m.elements)
        }

        /// A closed ellipse inscribed in `rect` (four cubic Béziers, see
        /// `CGMutablePath.addEllipse(in:transform:)`), mapped by `transform` when it is not nil.
        public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
            let m = CGMutablePath()
            m.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
            self.init(elements: m.elements)
        }

        /// A closed rounded rectangle with elliptical corners of the given radii (clamped to half
        /// the width and height), mapped by `transform` when it is not nil.
        public convenience init(
            roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
            transform: UnsafePointer<CGAffineTransform>?
        ) {
            let m = CGMutablePath()
            m.addRoundedRect(
                in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                transform: transform?.pointee ?? .identity)
            self.init(elements: m.elements)
        }
    }
#endif
