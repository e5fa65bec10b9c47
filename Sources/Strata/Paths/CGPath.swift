import Foundation

#if !canImport(CoreGraphics)
    /// An immutable graphics path, as in Core Graphics: subpaths of lines and Bézier curves.
    ///
    /// Arcs and ellipses are stored as cubic Béziers, as Core Graphics does. Coordinates are
    /// iOS's: y grows downward, so an angle that grows turns clockwise on screen.
    ///
    /// Extensions hold the rest: shapes (`CGPath+Shapes`), geometry queries (`CGPath+Geometry`),
    /// SVG path data (`CGPath+SVGPathData`), flattening, stroking, dashing and trimming.
    public class CGPath: Hashable, @unchecked Sendable {
        /// One step of a path.
        public enum Element: Hashable, Sendable {
            case moveTo(CGPoint)
            case lineTo(CGPoint)
            case quadCurveTo(control: CGPoint, to: CGPoint)
            case curveTo(control1: CGPoint, control2: CGPoint, to: CGPoint)
            case closeSubpath
        }

        /// The path's elements in order.
        ///
        /// Only `CGMutablePath` changes them, and only by appending; a `CGPath` never changes after
        /// it is made, which is why the class may be `Sendable`.
        public internal(set) var elements: [Element]

        /// `boundingBoxOfPath`, kept while the elements stay as they are. A shape layer's
        /// path is measured several times a frame (its bitmap's layout, its bounds,
        /// whether it is a plain shape), and curves' extremes cost a root-finding each.
        let boundingBoxMemo = ElementCountMemo<CGRect>()

        /// The elements' hash, kept the same way. A shape's path is hashed several
        /// times a frame (whether it is a plain shape, its bitmap's key, where it was
        /// placed), and each time walked every element.
        let hashMemo = ElementCountMemo<Int>()

        /// The path measured for trimming, kept the same way: an animated
        /// strokeStart or strokeEnd cuts the same path at other lengths every frame.
        let trimMeasureMemo = ElementCountMemo<PathMeasure>()

        /// An empty path.
        public init() { elements = [] }

        /// A path with the given elements.
        public init(elements: [Element]) { self.elements = elements }

        /// An immutable copy.
        public func copy() -> CGPath? { CGPath(elements: elements) }

        /// A mutable copy.
        public func mutableCopy() -> CGMutablePath? { CGMutablePath(elements: elements) }

        /// Whether the path has no elements.
        public var isEmpty: Bool { elements.isEmpty }

        // The same path object (a layer's path handed to its presentation copies and
        // snapshot) is equal without comparing every element.
        public static func == (a: CGPath, b: CGPath) -> Bool { a === b || a.elements == b.elements }
        public func hash(into h: inout Hasher) { h.combine(elementsHash) }

        /// `elements`' hash, taken once while they stay as they are.
        private var elementsHash: Int { hashMemo.value(forCount: elements.count) { elements.hashValue } }
    }
#endif
