import Foundation

#if !canImport(CoreGraphics)
    /// One element of a path as `CGPath.applyWithBlock(_:)` hands it out, as in Core Graphics.
    ///
    /// `points` is valid only during the call; how many points it holds depends on `type`.
    public struct CGPathElement {
        /// What the element does.
        public var type: CGPathElementType
        /// The element's points (0 to 3 of them, see `CGPathElementType`).
        public var points: UnsafeMutablePointer<CGPoint>

        /// An element of the given type with the given points.
        public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
            self.type = type
            self.points = points
        }
    }
#endif
